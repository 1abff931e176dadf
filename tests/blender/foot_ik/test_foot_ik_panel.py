"""The Foot IK panel says what to do first and what the last bake's numbers are (issue 31, items 1
and 12: "left foot on ground 96" said nothing of what 96 counts; on X Bot with a CMU clip the panel
said what it found but not what to do first), and shows the bake's settings as Unreal names them."""

from __future__ import annotations

import re

import bpy

from ...layout_recorder import draw_panel
from ..foot_ik_scenes import plane
from ..helpers import printed_reports
from ..imported_characters import set_foot_ik_bones
from ..real_characters import mixamo_gltf


def panel_text(armature):
    bpy.context.view_layer.objects.active = armature
    return " ".join(draw_panel(bpy.types.OVERANIM_PT_foot_ik, bpy.context, region_width=291).texts())


def drawn_properties(armature):
    bpy.context.view_layer.objects.active = armature
    drawn = draw_panel(bpy.types.OVERANIM_PT_foot_ik, bpy.context, region_width=291)
    return [c.args[1] for c in drawn.calls if c.method == "prop"]


def test_a_mixamo_rig_is_told_what_to_do_first_then_what_the_bake_did(addon, tmp_path, capfd):
    armature = mixamo_gltf(tmp_path)
    set_foot_ik_bones(armature)
    armature.overanim.foot_ik.body_bone = ""  # as found by name: feet only
    assert "First: put ground under the character" in panel_text(armature)
    plane(half=300.0)
    text = panel_text(armature)
    assert "First:" not in text and "Next: Bake Foot IK. Without IK targets it solves the legs as Two Bone IK" in text
    with bpy.context.temp_override(active_object=armature, object=armature):
        lines = printed_reports(capfd, lambda: bpy.ops.overanim.bake_foot_ik())
    frames = bpy.context.scene.frame_end - bpy.context.scene.frame_start + 1
    (summary,) = [line for line in lines if "Baked" in line]
    assert f"Ground found under the left foot on {frames} of them, under the right on {frames}" in summary
    assert "where none is, that foot plays as animated" in summary
    text = panel_text(armature)
    assert "Next:" not in text and "Last bake" in text and "Toe slide" in text and "Below ground" in text


def test_the_bakes_settings_are_in_the_panel_under_unreals_names(addon, tmp_path):
    armature = mixamo_gltf(tmp_path)
    drawn = drawn_properties(armature)
    for field in ("max_offset", "linear_stiffness", "linear_damping", "heel_lift_ratio", "speed_threshold",
                  "distance_to_ground", "max_extension_ratio"):
        assert field in drawn
    rna = armature.overanim.foot_ik.bl_rna.properties
    assert [rna[f].name for f in ("max_offset", "linear_stiffness", "linear_damping", "heel_lift_ratio",
                                  "max_extension_ratio")] == [
        "Max Offset", "Linear Stiffness", "Linear Damping", "Heel Lift Ratio", "Max Extension Ratio"]


def test_the_bakes_settings_show_their_units_as_the_trace_field_does(addon, tmp_path):
    """The real window (5.2, 4.3) showed "Max Offset 50.0", "Speed Threshold 60.0": units only in tooltips."""
    armature = mixamo_gltf(tmp_path)
    bpy.context.view_layer.objects.active = armature
    drawn = draw_panel(bpy.types.OVERANIM_PT_foot_ik, bpy.context, region_width=291)
    texts = {c.args[1]: c.kwargs.get("text") for c in drawn.calls if c.method == "prop"}
    assert texts["trace_distance"] == "Trace (cm)"
    assert texts["max_offset"] == "Max Offset (cm)"
    assert texts["linear_stiffness"] == "Linear Stiffness (1/s²)"
    assert texts["speed_threshold"] == "Speed Threshold (cm/s)"
    assert texts["distance_to_ground"] == "Distance To Ground (cm)"
    assert texts["linear_damping"] == "Linear Damping" and texts["max_extension_ratio"] == "Max Extension Ratio"
    assert texts["heel_lift_ratio"] == "Heel Lift Ratio"


def test_last_bake_names_the_pelvis_acceleration_and_its_value_before(addon, tmp_path, capfd):
    """The real window showed "Pelvis 33 → 44 cm/s, 576 cm/s²": the acceleration unnamed, its
    animation's value missing. Each gets its row, before → after, as the report gives them."""
    armature = mixamo_gltf(tmp_path)
    set_foot_ik_bones(armature)
    plane(half=300.0)
    with bpy.context.temp_override(active_object=armature, object=armature):
        lines = printed_reports(capfd, lambda: bpy.ops.overanim.bake_foot_ik())
    (line,) = [line for line in lines if "Pelvis vertical speed" in line]
    speeds = re.search(r"at most (\d+) cm/s in the animation, (\d+) cm/s baked; acceleration (\d+) and (\d+)", line)
    assert speeds is not None, line
    text = panel_text(armature)
    assert f"Pelvis speed {speeds[1]} → {speeds[2]} cm/s" in text
    assert f"Pelvis accel. {speeds[3]} → {speeds[4]} cm/s²" in text
