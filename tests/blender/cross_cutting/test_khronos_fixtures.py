"""Khronos's glTF sample characters (tests/fixtures/khronos, CC-BY 4.0) as an artist gets them, through
Blender's glTF importer: each arrives as an armature with its clips, Measure Proportions reads it as
its mesh stands, and Analyze Motion reads each clip's travel as the evaluated bones make it.

Every clip there is a cycle in place. CesiumMan and RiggedFigure have no ground-level root bone (their
hips have no parent); the Fox's hips hang under ``b_Root_00`` at the origin. A travelling walk is made
as an artist makes one from a cycle: the rig object keyed along."""

import bpy
import numpy as np
import pytest

from overanim_addon.blender.measure.engine import MeasureOptions, measure_proportions
from overanim_addon.blender.motion.engine import MotionOptions, analyze_motion

from ..helpers import custom_props
from ..khronos_models import (
    clip_action,
    clip_seconds,
    glb_document,
    heads_cm,
    horizontal_path_cm,
    import_khronos,
    play,
    rest_head_cm,
    rest_vertices_cm,
)

MODELS = ("CesiumMan", "Fox", "RiggedFigure")
LEFT_THIGH = {"CesiumMan": "leg_joint_L_1", "Fox": "b_LeftLeg01_015", "RiggedFigure": "leg_joint_L_1"}


def hips(armature, model):
    """The bone the legs hang from, as the skeleton says."""
    return armature.data.bones[LEFT_THIGH[model]].parent.name


def armature_actions(armature):
    data = armature.animation_data
    return {data.action} | {strip.action for track in data.nla_tracks for strip in track.strips}


def run_engine(engine, options, armature):
    with bpy.context.temp_override(active_object=armature, object=armature):
        result = engine(bpy.context, armature, options)
    lines = [(level, str(text)) for level, text in result.log]
    assert not [text for level, text in lines if level == "ERROR"], lines
    return lines


@pytest.mark.parametrize("model", MODELS)
def test_each_imports_as_an_armature_with_its_clips(addon, tmp_path, model):
    document = glb_document(model)
    armature = import_khronos(model, tmp_path)
    joints = {document["nodes"][i]["name"] for i in document["skins"][0]["joints"]}
    assert {bone.name for bone in armature.data.bones} == joints
    clips = clip_seconds(document)
    actions = armature_actions(armature)
    assert len(actions) == len(clips)
    fps = bpy.context.scene.render.fps / bpy.context.scene.render.fps_base
    for name, (first, last) in clips.items():
        action = clip_action(name) if name else next(iter(actions))
        assert action in actions
        assert tuple(action.frame_range) == pytest.approx((first * fps, last * fps), abs=1e-3)
    if model == "Fox":
        assert set(clips) == {"Survey", "Walk", "Run"}


@pytest.mark.parametrize("model", MODELS)
def test_measure_reads_each_as_its_mesh_stands(addon, tmp_path, model):
    """Height: the top of the skinned mesh in its rest position above the ground (the object's
    origin); the locomotion root: the hips, at their rest height. The Fox, 79 m tall as its file has
    it (a unit a Blender scene does not share), is measured and warned about."""
    armature = import_khronos(model, tmp_path)
    vertices = rest_vertices_cm(armature)
    log = run_engine(measure_proportions, MeasureOptions(), armature)
    p = custom_props(armature)
    assert p["OverAnim_CharacterHeightWS"] == pytest.approx(vertices[:, 2].max(), rel=1e-3)
    assert abs(vertices[:, 2].min()) < 0.002 * p["OverAnim_CharacterHeightWS"]  # standing on the ground
    assert p["OverAnim_LocomotionRootBone"] == hips(armature, model)
    assert p["OverAnim_LocomotionHeightWS"] == pytest.approx(rest_head_cm(armature, hips(armature, model))[2],
                                                             rel=1e-3)
    size_warnings = [text for level, text in log if level == "WARNING" and "outside a human's" in text]
    if model == "Fox":
        assert 7800 < p["OverAnim_CharacterHeightWS"] < 8000 and size_warnings
    else:
        assert 140 < p["OverAnim_CharacterHeightWS"] < 160 and not size_warnings


def motion_summary(action):
    p = custom_props(action)
    return {key: p[f"OverAnim_Motion_{key}"] for key in ("FrameStart", "FrameEnd", "Duration", "Distance",
                                                           "AverageSpeed", "InPlace")}


def cesium_man_walking(tmp_path):
    armature = import_khronos("CesiumMan", tmp_path)
    frames = play(armature, next(iter(armature_actions(armature))).name)
    return armature, armature.animation_data.action, frames


def test_cesium_mans_walk_cycle_reads_in_place(addon, tmp_path):
    """No ground-level root: the actor's travel is the hips' track on the ground plane (issue 25).
    CesiumMan's walk is a cycle on the spot: its hips sway about a centimetre, far less than a step."""
    armature, action, frames = cesium_man_walking(tmp_path)
    path = heads_cm(armature, hips(armature, "CesiumMan"), frames)
    assert np.linalg.norm(path[:, :2] - path[0, :2], axis=1).max() < 2.0  # the test's own ground truth
    run_engine(analyze_motion, MotionOptions(), armature)
    summary = motion_summary(action)
    assert summary["InPlace"] == 1 and summary["Distance"] == 0.0 and summary["AverageSpeed"] == 0.0


def test_cesium_man_walking_along_reads_his_hips_path(addon, tmp_path):
    """The cycle made to travel as an artist does, by keying the rig object 1.5 m ahead over the clip:
    Distance and Average Speed are the hips' horizontal path in the world (the object's motion and
    the sway together) as the evaluated bones make it, within 5 %."""
    armature, action, frames = cesium_man_walking(tmp_path)
    armature.keyframe_insert("location", frame=frames[0])
    armature.location.x += 1.5
    armature.keyframe_insert("location", frame=frames[-1])
    path = heads_cm(armature, hips(armature, "CesiumMan"), frames)
    truth = horizontal_path_cm(path)
    assert 140.0 < truth < 170.0
    run_engine(analyze_motion, MotionOptions(), armature)
    summary = motion_summary(action)
    duration = (frames[-1] - frames[0]) / bpy.context.scene.render.fps
    assert (summary["FrameStart"], summary["FrameEnd"]) == (frames[0], frames[-1])
    assert summary["Duration"] == pytest.approx(duration, rel=1e-6)
    assert summary["InPlace"] == 0
    assert summary["Distance"] == pytest.approx(truth, rel=0.05)
    assert summary["AverageSpeed"] == pytest.approx(truth / duration, rel=0.05)


@pytest.mark.parametrize("clip", ["Walk", "Run"])
def test_the_foxs_cycles_read_in_place_by_its_ground_level_root(addon, tmp_path, clip):
    """The Fox has a root bone at ground level (``b_Root_00``, at the origin, the hips under it), the
    convention root motion follows: its cycles keep that root still, so they read in place, while
    the hips swing about it (in the run 12 m fore and aft, 23 % of its locomotion height) and come
    back: no warning that the travel is in the hips."""
    armature = import_khronos("Fox", tmp_path)
    frames = play(armature, clip)
    root = armature.data.bones[hips(armature, "Fox")].parent.name
    assert np.allclose(rest_head_cm(armature, root), 0.0, atol=1e-3)
    assert horizontal_path_cm(heads_cm(armature, root, frames)) < 0.01
    assert horizontal_path_cm(heads_cm(armature, hips(armature, "Fox"), frames)) > 100.0
    lines = run_engine(analyze_motion, MotionOptions(), armature)
    assert not [text for level, text in lines if "stays put" in text], lines
    summary = motion_summary(clip_action(clip))
    assert (summary["FrameStart"], summary["FrameEnd"]) == (frames[0], frames[-1])
    assert summary["InPlace"] == 1
    assert summary["Distance"] == 0.0 and summary["AverageSpeed"] == 0.0


def test_rigged_figures_clip_stays_put_and_reads_in_place(addon, tmp_path):
    """RiggedFigure's clip moves arms and legs with its hips keyed still: in place, without a
    ground-level root either."""
    armature = import_khronos("RiggedFigure", tmp_path)
    frames = play(armature, next(iter(armature_actions(armature))).name)
    action = armature.animation_data.action
    assert horizontal_path_cm(heads_cm(armature, hips(armature, "RiggedFigure"), frames)) < 1e-3
    run_engine(analyze_motion, MotionOptions(), armature)
    summary = motion_summary(action)
    assert summary["InPlace"] == 1 and summary["Distance"] == 0.0
