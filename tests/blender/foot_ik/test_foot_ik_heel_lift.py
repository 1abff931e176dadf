"""Heel Lift Ratio (issue 35, Unreal's Foot Placement Pelvis Settings): a character standing on
ground 10 cm below the ground it was animated on. At 0 the body drops for the feet to reach it; at
1 each planted foot peels its heel about its toe first, and the body drops only by what the heels
cannot take. Measured from the evaluated bones (``animation_checks``): the pelvis's drop, each
planted toe's and ankle's clearance above the ground under it against the source's, and each leg's
hip-to-ankle reach. (On a walk that goes on over the lower ground the body drops as at 0: a foot at
toe-off has no heel left to peel, and the ground there is simply lower.)"""

from __future__ import annotations

import bpy
import numpy as np
import pytest

from ..foot_ik_scenes import mesh_object
from ..mocap_scenes import CMU_FEET, bvh_excerpt, import_bvh
from .animation_checks import GroundUnder, all_keys, cm, planted, sample

DOWN = 10.0  # cm
STANDING = 100  # CMU 01_01's first frames: the subject stands before walking
SAMPLE = ("pelvis", (("foot_l", "ball_l"), ("foot_r", "ball_r")), ("thigh_l", "thigh_r"))
CMU = ("Hips", CMU_FEET, ("LeftUpLeg", "RightUpLeg"))


def lower_ground(floor):
    """A floor DOWN cm below ``floor`` (cm), 20 m across, under the character."""
    z, w = floor - DOWN, 1000.0
    return mesh_object("Lower", [(-w, -w, z), (w, -w, z), (w, w, z), (-w, w, z)], [(0, 1, 2, 3)])


def baked(armature, bones, ratio):
    """(before, after, hips before, hips after): every frame's joints before and after a bake with
    ``ratio``; the bake removed after, every key back as it was."""
    pelvis, feet, thighs = bones
    scene = bpy.context.scene
    frames = range(scene.frame_start, scene.frame_end + 1)
    hips_feet = tuple(zip(thighs, (f[0] for f in feet), strict=True))
    armature.overanim.foot_ik.heel_lift_ratio = ratio
    keys = all_keys()
    before, hips_before = sample(armature, pelvis, feet, frames), sample(armature, pelvis, hips_feet, frames)
    with bpy.context.temp_override(active_object=armature, object=armature):
        assert bpy.ops.overanim.bake_foot_ik() == {"FINISHED"}
    after, hips_after = sample(armature, pelvis, feet, frames), sample(armature, pelvis, hips_feet, frames)
    with bpy.context.temp_override(active_object=armature, object=armature):
        assert bpy.ops.overanim.remove_foot_ik_bake() == {"FINISHED"}
    assert all_keys() == keys
    return before, after, hips_before, hips_after


def judge(armature, bones, floor):
    """The two bakes' numbers: pelvis drop (cm) at 0 and 1, and at 1 over the planted frames on the
    lower ground: toe clearance change, ankle clearance change, reach change (cm)."""
    scene = bpy.context.scene
    ground = GroundUnder([lower_ground(floor)])
    drops, at_one = {}, None
    for ratio in (0.0, 1.0):
        before, after, hb, ha = baked(armature, bones, ratio)
        drops[ratio] = float(np.max(before.pelvis[:, 2] - after.pelvis[:, 2]))
        if ratio == 1.0:
            at_one = (before, after, hb, ha)
    before, after, hb, ha = at_one
    rate = scene.render.fps / scene.render.fps_base
    toe_change, ankle_change, reach_change = [], [], []
    for i in range(2):
        under_toe, _ = ground.at(after.toes[i])
        under_ankle, _ = ground.at(after.ankles[i])
        low = planted(before.ankles[i], before.toes[i], floor, rate)
        toe_change.append(((after.toes[i][:, 2] - under_toe) - (before.toes[i][:, 2] - floor))[low])
        ankle_change.append(((after.ankles[i][:, 2] - under_ankle) - (before.ankles[i][:, 2] - floor))[low])
        reach = [np.linalg.norm(s.ankles[i] - s.toes[i], axis=1) for s in (hb, ha)]  # thigh head to ankle
        reach_change.append((reach[1] - reach[0])[low])
    return drops, np.concatenate(toe_change), np.concatenate(ankle_change), np.concatenate(reach_change)


def check(drops, toe, ankle, reach):
    print(f"pelvis drop {drops[0.0]:.2f} -> {drops[1.0]:.2f} cm; planted on the lower ground: {len(toe)} frames, "
          f"toe clearance change max {np.abs(toe).max():.2f} cm, ankle (heel) rise p50 {np.median(ankle):.2f} "
          f"max {ankle.max():.2f} cm, reach change max {reach.max():.2f} cm")
    assert len(toe) >= 2  # the feet stand on the lower ground
    assert drops[0.0] >= 8.0  # at 0 the body takes the step down
    assert drops[1.0] <= drops[0.0] - 4.0  # at 1 the heels take a share of it
    assert np.abs(toe).max() <= 1.0  # the toe stays on its ground: the heel peels about it
    assert np.max(ankle) >= (drops[0.0] - drops[1.0]) - 1.5  # the heel rose by what the body did not drop
    # no leg reaches much further than in the animation (a peel about the toe also carries the ankle
    # a little forward or back)
    assert reach.max() <= 1.0


def test_the_sample_posed_on_lower_ground_peels_its_heels_before_its_body_drops(addon, empty_scene):
    assert bpy.ops.overanim.build_sample_character() == {"FINISHED"}
    armature = bpy.context.active_object
    for obj in [o for o in bpy.context.scene.objects if o.type == "MESH" and o.parent is None]:
        bpy.data.objects.remove(obj)  # its own terrain: the lower floor is the only ground
    scene = bpy.context.scene
    scene.frame_start, scene.frame_end = 6, 8  # a still: the left foot flat, the right in the air
    check(*judge(armature, SAMPLE, armature.matrix_world.translation.z * cm()))


def test_a_standing_cmu_subject_peels_its_heels_on_its_fk_legs(addon, tmp_path):
    armature = import_bvh(bvh_excerpt(tmp_path, STANDING))
    with bpy.context.temp_override(active_object=armature, object=armature):
        assert bpy.ops.overanim.detect_foot_bones() == {"FINISHED"}
        assert bpy.ops.overanim.detect_forward_axis() == {"FINISHED"}
    check(*judge(armature, CMU, armature.matrix_world.translation.z * cm()))


def test_a_heel_lift_ratio_that_is_not_a_number_is_refused_with_nothing_written(addon, empty_scene):
    assert bpy.ops.overanim.build_sample_character() == {"FINISHED"}
    armature = bpy.context.active_object
    armature.overanim.foot_ik.heel_lift_ratio = float("nan")  # Blender stores a NaN as given
    keys, tracks = all_keys(), len(armature.animation_data.nla_tracks)
    with (bpy.context.temp_override(active_object=armature, object=armature),
          pytest.raises(RuntimeError, match="Heel Lift Ratio must be from 0 to 1")):
        bpy.ops.overanim.bake_foot_ik()
    assert all_keys() == keys and len(armature.animation_data.nla_tracks) == tracks
