"""The animated custom properties of an exported FBX, read back with Blender's own parse_fbx
(fbx_helpers.py) and checked as Unreal's importer reads them, against the values the scene plays."""

from __future__ import annotations

import importlib

import bpy
import numpy as np

from .fbx_helpers import child, name_of, properties
from .helpers import WALK_FRAMES

FRAMES = WALK_FRAMES
KEYS = [b"Default", b"KeyVer", b"KeyTime", b"KeyValueFloat", b"KeyAttrFlags", b"KeyAttrDataFloat", b"KeyAttrRefCount"]


def export(armature, path, **options):
    with bpy.context.temp_override(active_object=armature, object=armature):
        assert bpy.ops.overanim.export_fbx(filepath=str(path), **options) == {"FINISHED"}


def evaluated(armature, names):
    """Each property's value on every frame of the scene range, as the scene plays it."""
    scene = bpy.context.scene
    frames = range(scene.frame_start, scene.frame_end + 1)
    found = {name: [] for name in names}
    for frame in frames:
        scene.frame_set(frame)
        for name in names:
            found[name].append(armature[name])
    scene.frame_set(scene.frame_start)
    return {name: np.array(series) for name, series in found.items()}


def animating(fbx, node, name):
    """(curve node, curve) animating the property ``name`` of ``node``, following the links one by one."""
    key = name.encode()
    curve_nodes = fbx.sources(node.props[0], key)
    assert [c.id for c in curve_nodes] == [b"AnimationCurveNode"], name
    curves = fbx.sources(curve_nodes[0].props[0], b"d|" + key)
    assert [c.id for c in curves] == [b"AnimationCurve"], name
    return curve_nodes[0], {c.id: c.props[0] for c in curves[0].elems}


def exporters_own_curve(fbx, bone="root"):
    """The keys of a curve Blender's exporter wrote itself (the bone's X translation)."""
    (translation,) = fbx.sources(fbx.models(bone)[0].props[0], b"Lcl Translation")
    (curve,) = fbx.sources(translation.props[0], b"d|X")
    return {c.id: c.props[0] for c in curve.elems}


def armature_node(fbx, name="SK_OverAnimSample"):
    (node,) = [m for m in fbx.models(name) if m.props[2] == b"Null"]
    return node


def check_curves(fbx, node, expected, declared_on):
    """The property curves of ``node`` hold ``expected`` (name -> values per frame), laid out as an
    animated user property: the P on the node, its curve node on the take's layer, its curve keyed
    with the exporter's own key times and conventions."""
    (layer,) = fbx.of(b"AnimationLayer")
    own = exporters_own_curve(fbx)
    fps = bpy.context.scene.render.fps / bpy.context.scene.render.fps_base
    ktime = importlib.import_module("io_scene_fbx.fbx_utils").FBX_KTIME
    np.testing.assert_array_equal(own[b"KeyTime"], (np.arange(1, FRAMES + 1) / fps * ktime).astype(np.int64))
    declared, on_node = properties(declared_on), properties(node)
    for name, series in expected.items():
        prop = on_node[name.encode()]
        assert prop.props[1:4] == [b"double", b"Number", b"A+U"], name  # user-defined, animatable
        assert prop.props[4] == declared[name.encode()].props[4]  # the value the exporter wrote
        curve_node, keys = animating(fbx, node, name)
        assert name_of(curve_node) == name  # Unreal names the curve after its curve node
        channel = properties(curve_node)
        assert list(channel) == [b"d|" + name.encode()]
        assert channel[b"d|" + name.encode()].props[1:] == [b"Number", b"", b"A", prop.props[4]]
        assert fbx.parents(curve_node.props[0]) == [layer.props[0]]
        assert list(keys) == KEYS
        assert keys[b"Default"] == prop.props[4]
        np.testing.assert_array_equal(keys[b"KeyTime"], own[b"KeyTime"])
        np.testing.assert_allclose(np.array(keys[b"KeyValueFloat"]), series, rtol=1e-6, atol=1e-6)
        for attribute in (b"KeyVer", b"KeyAttrFlags", b"KeyAttrDataFloat"):
            assert keys[attribute] == own[attribute], attribute
        assert list(keys[b"KeyAttrRefCount"]) == [FRAMES]
    definitions = child(fbx.root, b"Definitions")
    counts = {d.props[0]: child(d, b"Count").props[0] for d in definitions.elems if d.id == b"ObjectType"}
    for kind in (b"Model", b"AnimationCurveNode", b"AnimationCurve"):
        assert counts[kind] == len(fbx.of(kind)), kind
    assert child(definitions, b"Count").props[0] == sum(counts.values())
