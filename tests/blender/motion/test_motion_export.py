"""Export for Unreal carries the motion curves (the armature's animated OverAnim_Motion_* properties) into
the FBX next to the Foot IK curves, read back with Blender's own parse_fbx; an all-zero curve, which
Unreal's importer drops by default, is named in the report."""

from __future__ import annotations

import bpy
import numpy as np
import pytest

from overanim_addon.blender.export.engine import ExportOptions, report_lines
from overanim_addon.blender.export.fbx import export_for_unreal
from overanim_addon.blender.foot_ik import values
from overanim_addon.blender.motion.names import CURVES, curve_name
from overanim_addon.blender.shared.fcurves import fcurves
from overanim_addon.core.foot_ik import VALUE_NAMES

from ..fbx_curves import FRAMES, armature_node, check_curves, evaluated, export
from ..fbx_helpers import read
from ..foot_ik_scenes import bake
from ..motion_scenes import analyze, curves, remove_curves

MOTION = [curve_name(suffix) for suffix in CURVES]
FOOT_IK = [values.property_name(name) for name in VALUE_NAMES]


@pytest.fixture
def baked(walker):
    bake(walker)
    return walker


def test_the_motion_curves_reach_the_fbx_next_to_the_foot_ik_curves(baked, tmp_path, capfd):
    analyze(baked)
    assert set(curves(baked)) == set(CURVES)
    path = tmp_path / "walk.fbx"
    export(baked, path, foot_ik="CURVES")  # the clip for a runtime foot IK carries the offset curves
    expected = evaluated(baked, [*MOTION, *FOOT_IK])
    keyed = curves(baked)
    for suffix in CURVES:  # what the file holds is what the analysis keyed, frame for frame
        np.testing.assert_allclose(expected[curve_name(suffix)], keyed[suffix][:FRAMES, 1], atol=1e-4)
    assert expected[curve_name("Speed")].max() > 50.0 and expected[curve_name("LeftFootContact")].any()
    fbx = read(path)
    armature = armature_node(fbx)
    check_curves(fbx, armature, expected, armature)
    assert f"{len(MOTION) + len(FOOT_IK)} animated custom properties as animation curves" in capfd.readouterr().out


def test_motion_curves_alone_reach_the_fbx(walker, tmp_path):
    analyze(walker)
    path = tmp_path / "walk.fbx"
    export(walker, path)
    fbx = read(path)
    armature = armature_node(fbx)
    check_curves(fbx, armature, evaluated(walker, MOTION), armature)


def test_an_all_zero_curve_is_named_in_the_export_report(walker, tmp_path):
    """An in-place clip: its Distance and Speed curves are 0 on every frame, which Unreal's importer
    drops unless 'Do not import curves with only 0 values' is off."""
    action = walker.animation_data.action
    remove_curves(action, [c for c in fcurves(action) if c.data_path == 'pose.bones["root"].location'])
    found = analyze(walker)
    assert found["InPlace"] == 1
    result = export_for_unreal(bpy.context, walker, ExportOptions(tmp_path / "walk.fbx"))
    zero = {curve_name(s) for s in ("Distance", "DistanceCalibrated", "Speed", "SpeedCalibrated")}
    assert set(result.zero_curves) == zero
    said = [message for _level, message in report_lines(walker, result) if "stay 0 on every frame" in message]
    assert len(said) == 1 and all(name in said[0] for name in zero)
    assert "Do not import curves with only 0 values" in said[0]
    fbx = read(tmp_path / "walk.fbx")  # they are in the file all the same
    check_curves(fbx, armature_node(fbx), evaluated(walker, sorted(zero)), armature_node(fbx))
