"""bake_foot_ik, Foot IK's engine, called as the pipeline calls it (nothing selected)."""

from __future__ import annotations

import bpy
import pytest

from overanim_addon.blender.foot_ik.bake import baked_values
from overanim_addon.blender.foot_ik.engine import FootIKOptions, bake_foot_ik
from overanim_addon.core.errors import OverAnimError

from ..engine_calls import templates
from ..foot_ik_scenes import box_under, plane


def test_bake_foot_ik_bakes_the_range_it_is_given(rig):
    bpy.context.view_layer.objects.active = None
    plane()
    box_under(rig, "foot_l", 10.0)
    outcome = bake_foot_ik(bpy.context, rig, FootIKOptions(frame_start=3, frame_end=7))
    assert list(outcome.result.frames) == [3, 4, 5, 6, 7]
    assert outcome.bones.left_ik_target == "ik_foot_l" == rig.overanim.foot_ik.left_ik_target
    keyed = baked_values(rig)["LeftOffset"]
    assert list(keyed[:, 0]) == [3, 4, 5, 6, 7] and keyed[:, 1] == pytest.approx(outcome.result.values["LeftOffset"])
    assert templates(outcome.log)[-1][1].startswith("Baked {n} frames")


def test_bake_foot_ik_refuses_a_reversed_range_and_writes_nothing(rig):
    plane()
    with pytest.raises(OverAnimError):
        bake_foot_ik(bpy.context, rig, FootIKOptions(frame_start=9, frame_end=2))
    assert baked_values(rig) == {}
