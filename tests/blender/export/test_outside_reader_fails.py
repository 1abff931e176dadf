"""The outside reader's checks fail on a wrong file: one export (packed channels, a Foot IK bake) passes
them all, then a copy with one value changed (a property, one key of a curve, one colour byte, the
unit) fails the check that looks at it. The copies are edited with Blender's own FBX reader and writer
(fbx_file), which write an unchanged file back byte for byte."""

from __future__ import annotations

import shutil

import bpy
import numpy as np
import pytest

from overanim_addon.blender.export import fbx_file

from ..foot_ik_scenes import bake
from ..outside_checks import check_colours, check_curves, check_properties, check_units, export
from ..outside_fbx import read_assimp, read_ufbx, require_readers, skeleton_root


@pytest.fixture(autouse=True)
def readers():
    require_readers()


@pytest.fixture
def exported(walker, tmp_path):
    regions = walker.overanim.regions
    regions["LeftArm"].mask_channel, regions["Head"].mask_channel = "R", "B"
    assert bpy.ops.overanim.paint_region_masks() == {"FINISHED"}
    bake(walker)
    path = tmp_path / "walk.fbx"
    export(walker, path)
    return walker, path


def p70(elem, name: bytes):
    return next(p for p in elem.child(b"Properties70").children if p.props[0] == name)


def objects(root, id_: bytes):
    return root.child(b"Objects").all(id_)


def named(root, id_: bytes, name: bytes):
    return next(o for o in objects(root, id_) if fbx_file.object_name(o) == name)


def more_height(root):
    p70(named(root, b"Model", b"SK_OverAnimSample"), b"OverAnim_CharacterHeightCS").props[4] += 0.01


def one_key_off(root):
    curve_node = named(root, b"AnimationCurveNode", b"OverAnim_FootIK_LeftOffset")
    links = root.child(b"Connections").children
    curve_id = next(c.props[1] for c in links
                    if c.props[2] == curve_node.props[0] and c.props[3] == b"d|OverAnim_FootIK_LeftOffset")
    curve = next(o for o in objects(root, b"AnimationCurve") if o.props[0] == curve_id)
    values = np.array(curve.child(b"KeyValueFloat").props[0], dtype=np.float32)
    values[7] += 0.001
    curve.child(b"KeyValueFloat").props[0] = values


def one_colour_byte_off(root):
    body = named(root, b"Geometry", b"SK_OverAnimSample_Body")
    colours = body.child(b"LayerElementColor").child(b"Colors")
    values = np.array(colours.props[0], dtype=np.float64)
    values[np.argmax(values > 0)] -= 1 / 255  # one corner's channel one byte lower
    colours.props[0] = values


def unit_in_centimetres(root):
    p70(root.child(b"GlobalSettings"), b"UnitScaleFactor").props[4] = 1.0


def properties(armature, path, _tmp, _reports):
    read = read_ufbx(path)
    check_properties(armature, read, skeleton_root(read))


def curves(armature, path, _tmp, reports):
    read = read_ufbx(path)
    check_curves(armature, read, skeleton_root(read), reports)


def colours(_armature, path, tmp, _reports):
    body = bpy.data.objects["SK_OverAnimSample_Body"]
    check_colours(body, read_assimp(path, tmp)[body.name])


def units(_armature, path, _tmp, _reports):
    check_units(read_ufbx(path), [bpy.data.objects["SK_OverAnimSample_Body"]])


CASES = {"property": (more_height, properties), "curve": (one_key_off, curves),
         "colour byte": (one_colour_byte_off, colours), "unit": (unit_in_centimetres, units)}


@pytest.mark.parametrize("case", CASES)
def test_a_wrong_value_fails_the_check_that_reads_it(exported, tmp_path, reports, case):
    armature, path = exported
    corrupt, check = CASES[case]
    check(armature, path, tmp_path, reports)  # the export as written passes
    copy = tmp_path / "copy.fbx"
    shutil.copyfile(path, copy)
    root, version = fbx_file.read(copy)
    fbx_file.write(copy, root, version)
    check(armature, copy, tmp_path, reports)  # read and written again unchanged: still passes
    corrupt(root)
    fbx_file.write(copy, root, version)
    with pytest.raises(AssertionError):
        check(armature, copy, tmp_path, reports)
