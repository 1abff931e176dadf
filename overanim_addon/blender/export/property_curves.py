"""The armature's animated ``OverAnim_*`` custom properties (the foot-IK bake's ten values, and any
other one the animation keys or a driver sets) into the exported FBX as animation curves Unreal imports.

Blender's FBX exporter (4.2 to 5.0) writes an object's custom properties with their value at the
current frame only: its animation bake (``fbx_animations_do``) samples transforms, shape keys and
camera lenses. Unreal's FBX importer turns an animated, user-defined number property of a skeleton
node into a float curve of the AnimSequence named after its curve node (legacy importer, option
*Import Custom Attribute*: ``FbxAnimUtils::ExtractAttributeCurves`` on every node of the skeleton;
Interchange: the node's user-defined attributes with an animation payload). So, once the exporter has
written the file, the properties are sampled on every frame of the take and added to it the way the
FBX SDK (and Maya, for animated extra attributes) lays them out:

- on the node (Model): ``P: <name>, ..., "A+U", <value>`` (user-defined, animatable; Blender
  already writes custom properties so);
- an AnimationCurveNode named ``<name>``, ``P: "d|<name>", "Number", "", "A", <value>``, connected
  OO to the take's AnimationLayer and OP to the node's property ``<name>``;
- an AnimationCurve, one key per frame at the exporter's own key times (FBX ticks), KeyValueFloat,
  and the key attributes (linear) of the exporter's own curves, connected OP to ``d|<name>``;
- the Definitions' object counts raised to match.

The node: the one Unreal makes the skeleton's root bone. For a Blender file Unreal's importer climbs
from the bones through Null nodes, so the armature object's node (written as a Null) becomes a root
bone above the rig's own root, except when it is named "Armature" (any case) at the top of the file:
that node Unreal drops (its ``GetRootSkeleton``), and its properties with it. The curves go on the
armature object's node, where the exporter wrote the properties; for a top-level "Armature" with a
single top bone, on that bone, and every ``OverAnim_*`` property the exporter wrote on the armature's
node, animated or not, is declared on the bone too (the same P element, the value written), so the
measurement reaches Unreal whether or not anything is animated. With several top bones the armature's
node stays the root (Interchange keeps it; the legacy importer refuses several roots).
"""

from __future__ import annotations

import importlib
import zlib
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import cast

import bpy
import numpy as np

from ...core.errors import OverAnimError
from ...core.messages import Message
from ..shared.fcurves import animated
from ..shared.finite_keys import unusable
from ..shared.names import PREFIX
from ..shared.typed import scene_of
from . import fbx_file
from .fbx_file import Element, name_class, object_name

CURVE_CHANNEL = b"d|"  # FBX's prefix of an animation curve node's channels ("d|X" for a transform)


@dataclass
class PropertyCurves:
    frames: np.ndarray  # scene frames of the take, one key each
    fps: float
    values: dict[str, np.ndarray]  # property name -> its evaluated value on each frame


def _path(name: str) -> str:
    return f'["{bpy.utils.escape_identifier(name)}"]'


def animated_properties(armature: bpy.types.Object) -> list[str]:
    """The armature object's ``OverAnim_*`` number properties that its action, its unmuted NLA strips
    (the foot-IK bake's among them) or a driver write, in the object's own order."""
    keyed = {path for path, _index in animated(armature)}
    adt = armature.animation_data
    if adt is not None:
        keyed |= {driver.data_path for driver in adt.drivers}
    return [name for name in armature.keys()  # noqa: SIM118 (ID properties)
            if name.startswith(PREFIX) and isinstance(armature[name], int | float) and _path(name) in keyed]


def sample(context: bpy.types.Context, armature: bpy.types.Object, names: Sequence[str],
           frame_start: int, frame_end: int) -> PropertyCurves:
    """The evaluated value of each property on every frame of the range (the frames the exporter
    bakes); the scene's frame is put back afterwards."""
    scene = scene_of(context)
    frames = np.arange(frame_start, frame_end + 1)
    values = np.empty((len(names), len(frames)))
    current = (scene.frame_current, scene.frame_subframe)
    depsgraph = context.evaluated_depsgraph_get()
    try:
        for column, frame in enumerate(frames):
            scene.frame_set(int(frame))
            evaluated = armature.evaluated_get(depsgraph)
            values[:, column] = [float(evaluated[name]) for name in names]
    finally:
        scene.frame_set(current[0], subframe=current[1])
    require_finite_values(values, names, frames)
    return PropertyCurves(frames, scene.render.fps / scene.render.fps_base, dict(zip(names, values, strict=True)))


def require_finite_values(values: np.ndarray, names: Sequence[str], frames: np.ndarray) -> None:
    """A driver's NaN or infinity (or what Blender keeps of one) would become keys Unreal imports:
    refuse, naming the property and the frame (issue 31)."""
    bad = np.argwhere(unusable(values))
    if len(bad):
        row, column = (int(i) for i in bad[0])
        raise OverAnimError(Message("'{name}' is not a finite number (NaN or infinite) on frame {frame}: nothing was "
                                    "written", name=names[row], frame=int(frames[column])))


# Unreal's importer skips a curve whose every key is nearly zero (FbxAnimationImport ShouldImportCurve
# with bDoNotImportCurveWithZero, on by default: FMath::IsNearlyZero, tolerance UE_SMALL_NUMBER)
UNREAL_ZERO = 1e-8


def all_zero(curves: PropertyCurves) -> list[str]:
    """The curves Unreal's importer drops by default: 0 on every frame, as stored (float32)."""
    return [name for name, series in curves.values.items()
            if not np.any(np.abs(series.astype(np.float32)) > UNREAL_ZERO)]


def key_times(frames: np.ndarray, fps: float) -> np.ndarray:
    """FBX ticks of each frame, computed as the exporter computes its own (frame / fps * FBX_KTIME)."""
    ktime = importlib.import_module("io_scene_fbx.fbx_utils").FBX_KTIME
    return (frames.astype(np.float64) / fps * ktime).astype(np.int64)


class _Malformed(OverAnimError):
    def __init__(self, missing: str) -> None:
        super().__init__(Message("The FBX file Blender wrote lacks {missing}: the animation curves were not added",
                                 missing=missing))


def _required(parent: Element, id_: bytes) -> Element:
    found = parent.child(id_)
    if found is None:
        raise _Malformed(f"an element {id_.decode()}")
    return found


def _skeleton_root(armature: Element, models: list[Element], parent_of: dict[int, int]) -> Element:
    """The node Unreal's importer makes the skeleton's root bone (see the module docstring)."""
    if object_name(armature).lower() != b"armature" or parent_of.get(armature.props[0], 0) != 0:
        return armature
    top = [m for m in models if m.props[2] == b"LimbNode" and parent_of.get(m.props[0]) == armature.props[0]]
    return top[0] if len(top) == 1 else armature


def _declared(node: Element) -> dict[bytes, Element]:
    """A node's properties (P elements of its Properties70) by name."""
    found = node.child(b"Properties70")
    return {} if found is None else {bytes(p.props[0]): p for p in found.all(b"P")}


class _Ids:
    """New object ids: stable for the same file and names (a hash), never one the file uses."""

    def __init__(self, objects: Element) -> None:
        self.used = {e.props[0] for e in objects.children if e.types[:1] == b"L"} | {0}

    def new(self, key: str) -> int:
        value = zlib.crc32(key.encode()) & 0x7FFFFFFF
        while value in self.used:
            value = (value + 1) & 0x7FFFFFFF
        self.used.add(value)
        return value


@dataclass
class _Place:
    """Where in a parsed file the curves go, all found and checked before anything is added."""

    objects: Element
    connections: Element
    counts: list[tuple[Element, int]]  # (a Definitions Count element, added objects per curve)
    layer: Element | None  # the take's AnimationLayer (None: no curves to add)
    key_conventions: list[Element]  # KeyVer, KeyAttrFlags, KeyAttrDataFloat of a curve the exporter wrote
    armature: Element  # the armature object's node: where the exporter declared the properties
    node: Element  # the node the curves animate (the armature's, or its root bone's)
    declared: dict[bytes, Element]  # the armature node's P elements by name


def _place(root: Element, armature_name: str, names: Sequence[str], curves: bool) -> _Place:
    objects, connections = _required(root, b"Objects"), _required(root, b"Connections")
    definitions = _required(root, b"Definitions")
    models = objects.all(b"Model")
    armature = next((m for m in models if object_name(m) == armature_name.encode() and m.props[2] != b"LimbNode"),
                    None)
    if armature is None:
        raise _Malformed(f"a node for '{armature_name}'")
    layers, exported = objects.all(b"AnimationLayer"), objects.all(b"AnimationCurve")
    if curves and (len(layers) != 1 or not exported):
        raise _Malformed("one animation take with curves")
    types = {d.props[0]: d.child(b"Count") for d in definitions.all(b"ObjectType")}
    counts = [(definitions.child(b"Count"), 2), (types.get(b"AnimationCurveNode"), 1),
              (types.get(b"AnimationCurve"), 1)]
    if curves and any(count is None for count, _n in counts):
        raise _Malformed("the object counts of its animation")
    nodes = {m.props[0] for m in models} | {0}  # 0: the scene's root
    # a node's parent in the hierarchy (a bone is also linked to its skin cluster: not a parent)
    parent_of = {c.props[1]: c.props[2] for c in connections.all(b"C") if c.props[0] == b"OO" and c.props[2] in nodes}
    node = _skeleton_root(armature, models, parent_of)
    declared = _declared(armature)
    for name in names:
        written = declared.get(name.encode())
        if written is None or written.types[4:5] not in (b"D", b"I"):
            raise _Malformed(f"the number property '{name}' on '{armature_name}'")
    conventions = [exported[0].child(id_) for id_ in (b"KeyVer", b"KeyAttrFlags", b"KeyAttrDataFloat")] \
        if curves else []
    if any(e is None for e in conventions):
        raise _Malformed("the key attributes of its curves")
    # both lists were checked for a missing element above (when there are curves to add)
    return _Place(objects, connections, cast(list[tuple[Element, int]], counts), layers[0] if curves else None,
                  cast(list[Element], conventions), armature, node, declared)


def _ours_on_root(place: _Place) -> list[Element]:
    """The armature node's ``OverAnim_*`` properties as the exporter wrote them, to be declared on
    the skeleton's root bone when Unreal drops the armature's node; refused when the bone (a pose
    bone's custom property) already has one of those names."""
    if place.node is place.armature:
        return []
    ours = [p for name, p in place.declared.items() if name.startswith(PREFIX.encode())]
    own = _declared(place.node)
    clash = next((p for p in ours if bytes(p.props[0]) in own), None)
    if clash is not None:
        raise OverAnimError(Message("Bone '{bone}' has a custom property '{name}' of its own: not exported over it",
                                    bone=object_name(place.node).decode(), name=bytes(clash.props[0]).decode()))
    return [Element(p.id, list(p.props), bytearray(p.types)) for p in ours]


def _declare(node: Element, properties: list[Element]) -> None:
    found = node.child(b"Properties70")
    if found is None:
        found = Element(b"Properties70")
        node.children.append(found)
    found.children.extend(properties)


def _add_curve(place: _Place, ids: _Ids, name: str, times: np.ndarray, values: np.ndarray) -> None:
    key, channel = name.encode(), CURVE_CHANNEL + name.encode()
    written = place.declared[key]
    default = float(written.props[4])  # the value the exporter wrote (the current frame's)
    version, flags, data = (Element(e.id, list(e.props), bytearray(e.types)) for e in place.key_conventions)
    curve_node, curve = ids.new(f"OverAnim|AnimCurveNode|{name}"), ids.new(f"OverAnim|AnimCurve|{name}")
    place.objects.children += [
        Element.of(b"AnimationCurveNode", b"LSS", curve_node, name_class(key, b"AnimCurveNode"), b"", children=[
            Element.of(b"Properties70", b"", children=[
                Element.of(b"P", b"SSSSD", channel, b"Number", b"", b"A", default)])]),
        Element.of(b"AnimationCurve", b"LSS", curve, name_class(b"", b"AnimCurve"), b"", children=[
            Element.of(b"Default", b"D", default), version,
            Element.of(b"KeyTime", b"l", times),
            Element.of(b"KeyValueFloat", b"f", values.astype(np.float32)), flags, data,
            Element.of(b"KeyAttrRefCount", b"i", np.array([len(times)], np.int32))])]
    place.connections.children += [
        Element.of(b"C", b"SLL", b"OO", curve_node, cast(Element, place.layer).props[0]),
        Element.of(b"C", b"SLLS", b"OP", curve_node, place.node.props[0], key),
        Element.of(b"C", b"SLLS", b"OP", curve, curve_node, channel)]


def add_curves(root: Element, armature_name: str, curves: PropertyCurves | None) -> str:
    """Declare the ``OverAnim_*`` properties on the skeleton's root and add ``curves`` (if any) to the
    parsed file ``root`` (see the module docstring); everything is checked before anything is added.
    Returns the name of the node that holds them."""
    names = list(curves.values) if curves is not None else []
    place = _place(root, armature_name, names, curves is not None)
    _declare(place.node, _ours_on_root(place))
    if curves is None:
        return object_name(place.node).decode()
    times = key_times(curves.frames, curves.fps)
    ids = _Ids(place.objects)
    for name, values in curves.values.items():
        _add_curve(place, ids, name, times, values)
    for count, per_curve in place.counts:
        count.props[0] += per_curve * len(curves.values)
    return object_name(place.node).decode()


def may_drop(armature_name: str) -> bool:
    """An armature object Unreal's importer may drop (its node named "Armature", any case): the
    file is read to see whether its properties must be declared on the root bone."""
    return armature_name.lower() == "armature"


def add_to_file(source: Path, target: Path, armature_name: str, curves: PropertyCurves | None) -> str:
    """Read ``source`` (as the exporter wrote it), declare the properties on the skeleton's root and
    add the curves, write ``target``. Returns the node's name."""
    root, version = fbx_file.read(source)
    node = add_curves(root, armature_name, curves)
    fbx_file.write(target, root, version)
    return node
