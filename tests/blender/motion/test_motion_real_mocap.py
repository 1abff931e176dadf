"""Analyze Motion on real motion capture and on imported rigs, as an artist gets them: CMU's ``01_01.bvh``
(a subject stands, then walks; 120 fps) through Blender's BVH importer and the Checks' Match Unit Scale
fix, and the Mixamo-shaped rig through Blender's glTF exporter and importer. Neither has a ground-level
root bone (their ``Hips`` have no parent): the travel is the Hips projected on the ground.

Every expected value comes from the evaluated scene in the test: pose bone heads per frame through
``matrix_world``, in world cm, projected horizontally."""

from __future__ import annotations

import math

import bpy
import numpy as np
import pytest
from mathutils import Quaternion

from overanim_addon.core.units import CMU_UNIT

from ...layout_recorder import draw_panel
from ..foot_ik_scenes import cm
from ..imported_characters import PREFIX as MIXAMO
from ..mocap_scenes import agreement, bvh_excerpt, fps, horizontal_path, import_bvh, world_heads_cm
from ..motion_scenes import analyze, curves
from ..real_characters import mixamo_gltf

WALK_FRAMES = 720  # 6 s of 01_01 at 120 fps: about 1 s standing, then the walk
STANDING_FRAMES = 120  # 01_01's first second: the subject stands, the hips sway a few cm


def panel_texts():
    return " ".join(draw_panel(bpy.types.OVERANIM_PT_motion, bpy.context, region_width=300).texts())


# -- CMU 01_01: a walk ------------------------------------------------------------------------------------

@pytest.fixture
def cmu_walk(addon, tmp_path):
    armature = import_bvh(bvh_excerpt(tmp_path, WALK_FRAMES))
    assert bpy.context.scene.unit_settings.scale_length == pytest.approx(CMU_UNIT)  # CMU's 1/0.45 inch
    assert fps() == pytest.approx(120.0, rel=1e-5)  # the file's Frame Time .0083333
    assert armature.data.bones["Hips"].parent is None
    return armature


def test_a_real_cmu_walk_travels_its_hips_path_not_in_place(cmu_walk, capfd):
    found = analyze(cmu_walk)
    frames = range(found["FrameStart"], found["FrameEnd"] + 1)
    assert (found["FrameStart"], found["FrameEnd"]) == (1, WALK_FRAMES)
    length, average, fastest = horizontal_path(world_heads_cm(cmu_walk, ["Hips"], frames)[:, 0], fps())
    assert length > 200.0  # the subject walks about 2.8 m in these 6 s
    assert found["InPlace"] == 0
    assert found["Distance"] == pytest.approx(length, rel=0.05)
    assert found["AverageSpeed"] == pytest.approx(average, rel=0.05)
    assert found["MaxSpeed"] == pytest.approx(fastest, rel=0.05)
    assert found["Duration"] == pytest.approx((WALK_FRAMES - 1) / fps())
    # which reference was used: in the report, the panel and the stored result
    assert "Ground reference: 'Hips' projected on the ground" in capfd.readouterr().out
    assert "Ground reference: 'Hips' projected on the ground" in panel_texts()
    motion = cmu_walk.overanim.motion
    assert (motion.reference_rule, motion.reference_bone) == ("projected", "Hips")


def test_a_real_cmu_walk_plants_its_feet_as_its_joints_say(cmu_walk):
    found = analyze(cmu_walk)
    frames = range(found["FrameStart"], found["FrameEnd"] + 1)
    for side in ("Left", "Right"):
        share, planted = agreement(cmu_walk, side, f"{side}Foot", f"{side}ToeBase", frames)
        assert 0.2 * WALK_FRAMES < planted < 0.9 * WALK_FRAMES, side  # a walk: each foot planted part of the time
        assert share >= 0.9, (side, share)
        assert found[f"{side}ContactFrames"] > 0


@pytest.mark.parametrize(("name", "frames", "rate", "walked"), [
    ("01_03.bvh", 600, 120.0, 250.0), ("Boxing_Toes.bvh", 600, 100.0, 120.0)])
def test_other_real_cmu_clips_travel_their_hips_path(addon, tmp_path, name, frames, rate, walked):
    """01_03 (a walk that turns) and Boxing_Toes (a boxer stepping about, its own skeleton, 100 fps):
    each travels its Hips' projected path, measured in the test."""
    armature = import_bvh(bvh_excerpt(tmp_path, frames, name=name))
    assert fps() == pytest.approx(rate, rel=1e-5)
    found = analyze(armature)
    length, average, fastest = horizontal_path(world_heads_cm(armature, ["Hips"], range(1, frames + 1))[:, 0],
                                               fps())
    assert length > walked and found["InPlace"] == 0
    assert found["Distance"] == pytest.approx(length, rel=0.05)
    assert found["AverageSpeed"] == pytest.approx(average, rel=0.05)
    assert found["MaxSpeed"] == pytest.approx(fastest, rel=0.05)


@pytest.mark.parametrize("clip", ["standing", "hips held"])
def test_a_real_cmu_clip_that_goes_nowhere_reads_in_place(addon, tmp_path, clip):
    """01_01's first second (the subject stands; the hips sway about 6 cm) and the walk with the Hips'
    horizontal channels held (the body walks, the hips bob on the spot): no actor motion."""
    frames = STANDING_FRAMES if clip == "standing" else WALK_FRAMES
    armature = import_bvh(bvh_excerpt(tmp_path, frames, hold_travel=clip == "hips held"))
    found = analyze(armature)
    heads = world_heads_cm(armature, ["Hips"], range(1, frames + 1))[:, 0]
    sway = float(np.linalg.norm(heads[:, :2] - heads[0, :2], axis=1).max())
    assert sway < 0.1 * armature["OverAnim_LocomotionHeightWS"]  # the test's own in-place rule
    assert np.ptp(heads[:, 2]) > (0.3 if clip == "standing" else 2.0)  # the hips do move: up and down
    assert found["InPlace"] == 1
    for name in ("Distance", "AverageSpeed", "MaxSpeed"):
        assert found[name] == 0.0
    assert "In place" in panel_texts()


# -- the Mixamo-shaped rig through glTF -------------------------------------------------------------------

@pytest.fixture
def mixamo(addon, tmp_path):
    return mixamo_gltf(tmp_path)


def test_mixamo_through_gltf_travels_its_hips_and_plants_at_its_joints(mixamo):
    """The glTF importer invents the foot bones' tails (a leaf's metres away); the feet are followed at
    their joints: the foot's head and the toe's head."""
    found = analyze(mixamo)
    frames = range(found["FrameStart"], found["FrameEnd"] + 1)
    length, average, _fastest = horizontal_path(world_heads_cm(mixamo, [MIXAMO + "Hips"], frames)[:, 0], fps())
    assert length > 20.0 and found["InPlace"] == 0
    assert found["Distance"] == pytest.approx(length, rel=0.05)
    assert found["AverageSpeed"] == pytest.approx(average, rel=0.05)
    for side in ("Left", "Right"):
        share, _planted = agreement(mixamo, side, f"{MIXAMO}{side}Foot", f"{MIXAMO}{side}ToeBase", frames)
        assert share >= 0.9, (side, share)


def test_mixamo_contacts_follow_the_joints_not_the_invented_tail(mixamo):
    """The left leg held up to the front: its foot is off the floor at its joints, while the tail the glTF
    importer gave the foot bone lies metres below the floor (a foot point there would read planted)."""
    thigh = mixamo.pose.bones[MIXAMO + "LeftUpLeg"]
    scene = bpy.context.scene
    for frame in range(scene.frame_start, scene.frame_end + 1):  # over the importer's key on every frame
        thigh.rotation_quaternion = Quaternion((1.0, 0.0, 0.0), math.radians(-50.0))
        thigh.keyframe_insert("rotation_quaternion", frame=frame)
    found = analyze(mixamo)
    frames = range(found["FrameStart"], found["FrameEnd"] + 1)
    foot = mixamo.pose.bones[MIXAMO + "LeftFoot"]
    lowest_joint, tails = [], []
    for frame in frames:
        scene.frame_set(frame)
        world = mixamo.matrix_world
        lowest_joint.append(min((world @ foot.head).z, (world @ mixamo.pose.bones[MIXAMO + "LeftToeBase"].head).z))
        tails.append((world @ foot.tail).z)
    assert min(lowest_joint) * cm() > 20.0 and max(tails) * cm() < -100.0
    share, planted = agreement(mixamo, "Left", MIXAMO + "LeftFoot", MIXAMO + "LeftToeBase", frames)
    assert planted == 0 and share == 1.0 and found["LeftContactFrames"] == 0
    assert found["RightContactFrames"] > 0


def test_the_batch_step_reports_the_projected_hips_of_a_real_walk(cmu_walk):
    from overanim_addon.blender.pipeline import process_armature

    step = process_armature(cmu_walk, ["motion"])["steps"]["motion"]
    assert step["ok"] and (step["ground_reference"], step["ground_reference_rule"]) == ("Hips", "projected")
    length, average, _fastest = horizontal_path(world_heads_cm(cmu_walk, ["Hips"], range(1, WALK_FRAMES + 1))[:, 0],
                                                fps())
    assert not step["in_place"] and step["raw"]["distance"] == pytest.approx(length, rel=0.05)
    assert step["raw"]["average_speed"] == pytest.approx(average, rel=0.05)


# -- Rest Position shown, and bad settings ----------------------------------------------------------------

def test_rest_position_shown_measures_the_pose_and_comes_back(cmu_walk):
    posed = analyze(cmu_walk)
    posed_curves = curves(cmu_walk)
    cmu_walk.data.pose_position = "REST"
    rest = analyze(cmu_walk)
    assert cmu_walk.data.pose_position == "REST"  # the artist's setting, restored
    assert rest == posed
    for name, series in curves(cmu_walk).items():
        assert np.array_equal(series, posed_curves[name]), name

