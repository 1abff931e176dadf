import math

import bpy
import pytest

from overanim_addon.blender.checks.rig_checks import run_checks

from ..helpers import custom_props, printed_reports


def findings(armature):
    return {(f.id, f.severity) for f in run_checks(bpy.context, armature)}


def fix(name):
    assert bpy.ops.overanim.fix_check(fix=name) == {"FINISHED"}


def test_clean_sample_passes(sample):
    assert findings(sample) == set()
    assert bpy.ops.overanim.run_checks() == {"FINISHED"}
    assert sample.overanim.checks_run and len(sample.overanim.checks) == 0


@pytest.mark.parametrize("scale", [(2, 2, 2), (1, 1.5, 1)])
def test_unapplied_or_non_uniform_scale_and_its_fix(sample, scale):
    sample.scale = scale
    assert ("armature_scale", "WARNING") in findings(sample)
    bpy.ops.overanim.run_checks()
    assert [c.fix for c in sample.overanim.checks] == ["apply_armature_scale"]
    fix("apply_armature_scale")
    assert tuple(sample.scale) == (1, 1, 1)
    assert ("armature_scale", "WARNING") not in findings(sample)
    # the meshes went along: the head is still the highest point, scaled
    bpy.ops.overanim.measure_proportions()
    assert sample["OverAnim_CharacterHeightCS"] == pytest.approx(180 * scale[2], rel=1e-4)


def test_locomotion_root_at_ground_level(sample):
    sample.overanim.calibration.locomotion_root_bone = "root"
    assert ("locomotion_root", "ERROR") in findings(sample)
    with pytest.raises(RuntimeError, match="ground level"):
        bpy.ops.overanim.measure_proportions()
    assert custom_props(sample) == {}


def test_posed_rig_and_the_rest_position_fix(sample):
    sample.pose.bones["upperarm_l"].rotation_quaternion = (0.9, 0.3, 0.0, 0.0)
    assert ("posed", "WARNING") in findings(sample)
    fix("rest_position")
    assert sample.data.pose_position == "REST"
    assert ("posed", "WARNING") not in findings(sample)


def test_posed_rig_is_still_measured_at_rest(sample):
    sample.pose.bones["spine_01"].rotation_quaternion = (0.7, 0.7, 0.0, 0.0)
    bpy.context.view_layer.update()
    bpy.ops.overanim.measure_proportions()
    assert sample["OverAnim_CharacterHeightCS"] == pytest.approx(180.0, abs=0.01)


def test_unit_scale_mismatch_and_its_fix(sample):
    bpy.context.scene.unit_settings.scale_length = 100.0  # the 1.8-unit rig now reads as 180 m
    assert ("unit_scale", "WARNING") in findings(sample)
    fix("unit_scale")
    assert bpy.context.scene.unit_settings.scale_length == pytest.approx(1.0)
    assert ("unit_scale", "WARNING") not in findings(sample)


@pytest.mark.parametrize("scale_length", [1e-6, 1e4])
def test_an_odd_unit_scale_is_reported_as_that_not_as_a_root_on_the_ground(sample, scale_length):
    bpy.context.scene.unit_settings.scale_length = scale_length
    found = findings(sample)
    assert ("unit_scale", "WARNING") in found and ("locomotion_root", "ERROR") not in found
    fix("unit_scale")
    assert bpy.context.scene.unit_settings.scale_length == pytest.approx(1.0)


def test_region_with_missing_or_empty_collection(sample):
    sample.overanim.regions[0].bone_collection = "NoSuchCollection"
    sample.data.collections.new("Empty")
    sample.overanim.regions[1].bone_collection = "Empty"
    messages = [f.message for f in run_checks(bpy.context, sample) if f.id == "region_collection"]
    assert any("was not found" in m for m in messages) and any("is empty" in m for m in messages)
    with pytest.raises(RuntimeError, match="Not measured"):
        bpy.ops.overanim.measure_proportions()
    assert custom_props(sample) == {}


def test_region_bones_that_deform_nothing(sample):
    body = [o for o in bpy.context.scene.objects if o.type == "MESH"]
    for mesh_obj in body:
        mesh_obj.vertex_groups.remove(mesh_obj.vertex_groups["hand_l"])
    messages = [f.message for f in run_checks(bpy.context, sample) if f.id == "region_deform"]
    assert messages == ["Region 'LeftArm': bones that deform no vertex: hand_l"]


def test_region_bone_without_deform_flag(sample):
    sample.data.bones["hand_l"].use_deform = False
    messages = [f.message for f in run_checks(bpy.context, sample) if f.id == "region_deform"]
    assert any("without Deform: hand_l" in m for m in messages)


def test_nan_calibration_is_reported_and_nothing_written(sample):
    sample.overanim.calibration.reference_character_height = math.nan
    assert ("calibration", "ERROR") in findings(sample)
    with pytest.raises(RuntimeError, match="Reference Character Height is not a number"):
        bpy.ops.overanim.measure_proportions()
    assert custom_props(sample) == {}


def test_calibration_fields_at_their_limits_measure(sample):
    """Blender stores Minimum Character Scale 0.01 as 0.00999999977648: still the spec's limit."""
    calibration = sample.overanim.calibration
    calibration.minimum_character_scale, calibration.maximum_character_scale = 0.01, 10.0
    calibration.reference_character_height = 1.0
    assert findings(sample) == set()
    bpy.ops.overanim.measure_proportions()
    assert sample["OverAnim_CharacterScaleCS"] == pytest.approx(10.0)


def test_meshes_without_vertices_are_judged_by_the_bones_as_measure_does(sample):
    """Measure takes the bones when the deformed meshes have no vertices; the checks did not (a
    height of 0: no unit-scale finding, '0 cm tall' in the scale finding)."""
    for obj in [o for o in bpy.context.scene.objects if o.type == "MESH"]:
        obj.data.clear_geometry()
    bpy.context.scene.unit_settings.scale_length = 100.0
    assert ("unit_scale", "WARNING") in findings(sample)
    bpy.context.scene.unit_settings.scale_length = 1.0
    sample.scale = (0.01, 0.01, 0.01)
    bpy.context.view_layer.update()
    message = next(f.message for f in run_checks(bpy.context, sample) if f.id == "armature_scale")
    assert "(1.8 cm tall)" in message


def test_a_rig_fresh_from_an_fbx_in_centimetres_is_not_reported_as_posed(sample, tmp_path):
    """Blender's FBX importer leaves pose offsets of float noise (up to 4.5e-5 units on a 180-unit
    rig) on a rig exported in its rest pose: not a pose an artist should be told about."""
    from mathutils import Matrix

    for obj in bpy.context.scene.objects:
        obj.data.transform(Matrix.Scale(100.0, 4))  # the rig in centimetres, as Unreal and Maya write it
    bpy.context.scene.unit_settings.scale_length = 0.01
    path = tmp_path / "centimetres.fbx"
    bpy.ops.export_scene.fbx(filepath=str(path), add_leaf_bones=False, axis_forward="-Z", axis_up="Y")
    bpy.ops.wm.read_homefile(use_empty=True)
    bpy.ops.import_scene.fbx(filepath=str(path))
    imported = next(o for o in bpy.data.objects if o.type == "ARMATURE")
    offsets = [max(abs(v) for v in pb.location) for pb in imported.pose.bones]
    assert max(offsets) > 1e-5  # the importer's noise is there (what the check must see through)
    assert ("posed", "WARNING") not in findings(imported)
    imported.pose.bones["hand_l"].location.x = 0.1  # a millimetre on a rig in centimetres is a pose
    assert ("posed", "WARNING") in findings(imported)


def walking(armature, frame=10):
    """The sample with its walk (sample/walk.py), at a frame where it is mid-step."""
    from overanim_addon.blender.sample.walk import add_sample_walk

    add_sample_walk(bpy.context, armature)
    bpy.context.scene.frame_set(frame)
    return armature


OPERATORS_THAT_MEASURE = {
    "run_checks": lambda tmp_path: bpy.ops.overanim.run_checks(),
    "measure": lambda tmp_path: bpy.ops.overanim.measure_proportions(),
    "export": lambda tmp_path: bpy.ops.overanim.export_fbx(filepath=str(tmp_path / "walk.fbx")),
    "first_bake": lambda tmp_path: bpy.ops.overanim.bake_foot_ik(),  # measures first
}


@pytest.mark.parametrize("operator", list(OPERATORS_THAT_MEASURE))
def test_a_pose_that_comes_from_the_animation_is_info_not_a_warning(sample, capfd, tmp_path, operator):
    """Every animated rig is posed at most frames: no warning (a popup in Export's file browser), but
    information in the report that the rest pose is what is measured."""
    walking(sample)
    assert ("posed", "INFO") in findings(sample)
    lines = printed_reports(capfd, lambda: OPERATORS_THAT_MEASURE[operator](tmp_path))
    assert not [line for line in lines if line.startswith("Warning:")], lines
    assert any(line.startswith("Info:") and "animation" in line for line in lines), lines
    for finding in sample.overanim.checks:  # kept for the panel as what it is: information, nothing to fix
        assert (finding.check_id, finding.severity, finding.fix) == ("posed", "INFO", "")


def test_a_bone_posed_by_hand_on_an_animated_rig_is_still_a_warning(sample):
    walking(sample)
    sample.pose.bones["hand_l"].rotation_quaternion = (0.9, 0.3, 0.0, 0.0)  # not keyed by the walk
    (posed,) = [f for f in run_checks(bpy.context, sample) if f.id == "posed"]
    assert posed.severity == "WARNING" and "'hand_l'" in posed.message and posed.fix == "rest_position"



def test_a_new_armatures_findings_are_reported_at_the_level_the_panel_shows(addon, empty_scene, reports,
                                                                           monkeypatch):
    """The Info editor and the panel say one level: clicked, an error finding is reported as an
    ERROR (red in both), yet Run Checks finishes (its findings are stored and the step is undoable);
    from a script, where bpy.ops raises on an ERROR report, it is a WARNING."""
    from overanim_addon.blender.checks.operators import OVERANIM_OT_run_checks

    bpy.ops.object.armature_add()
    armature = bpy.context.object
    assert bpy.ops.overanim.run_checks() == {"FINISHED"}  # a script's call
    assert {level for level, _ in reports} <= {"INFO", "WARNING"}
    reports.clear()
    # a click: what invoke() sets (the bpy module has no window, so Blender never invokes here)
    monkeypatch.setattr(OVERANIM_OT_run_checks, "_clicked", True)
    with pytest.raises(RuntimeError, match="No body root found"):  # bpy.ops raises on any ERROR report
        bpy.ops.overanim.run_checks()
    stored = [(c.check_id, c.severity, c.message) for c in armature.overanim.checks]
    assert ("locomotion_root", "ERROR") in {(check, severity) for check, severity, _ in stored}
    reported = {str(message): level for level, message in reports}
    for _check, severity, message in stored:
        assert reported[message] == severity
    summary = next(str(message) for level, message in reports if str(message).startswith("Checks:"))
    assert summary.startswith(f"Checks: {sum(severity == 'ERROR' for _, severity, _ in stored)} error")


@pytest.mark.real_blender
def test_a_click_on_run_checks_reports_an_error_finding_as_an_error(tmp_path, real_binary):
    from ...real_blender import run_in_window

    out = run_in_window(real_binary, "checks_level.py", "overanim_checks_level.json", tmp_path, seconds=1)
    assert ["locomotion_root", "ERROR"] in out["stored"]
    assert out["INVOKE_DEFAULT_raised"].startswith("Error: No body root found")  # red in the Info editor
    assert out["EXEC_DEFAULT"] == ["FINISHED"] and out["EXEC_DEFAULT_raised"] == ""  # a script: a warning
