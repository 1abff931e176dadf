"""Foot IK on rigs and animation as they arrive from artists and other tools: cycles, blended
actions, FBX-imported axes, driven and oddly parented controls, ground that is not a plain mesh."""

import bpy
import pytest
from mathutils import Vector

from overanim_addon.blender.foot_ik import nla
from overanim_addon.blender.foot_ik.channels import fcurves

from .foot_ik_scenes import bake, box_under, cm, plane, with_bake_muted, world_head_z


def key_lift(armature, bone, frames_and_lifts, action_name="Walk_Cycle"):
    """A new active action keying ``bone``'s location so its head rises by the given cm at the given frames."""
    pose = armature.pose.bones[bone]
    # world up in the bone's location axes (a bone under unposed parents)
    up = pose.bone.matrix_local.to_3x3().inverted() @ armature.matrix_world.to_3x3().inverted() @ Vector((0, 0, 1))
    for frame, lift in frames_and_lifts:
        pose.location = up * (lift / cm())
        pose.keyframe_insert("location", frame=frame)
    pose.location = (0.0, 0.0, 0.0)
    action = armature.animation_data.action
    action.name = action_name
    return action


def remove_bake(armature):
    with bpy.context.temp_override(active_object=armature, object=armature):
        assert bpy.ops.overanim.remove_foot_ik_bake() == {"FINISHED"}


def played(armature, bone, frames):
    return [world_head_z(armature, bone, f) for f in frames]


def test_a_cycled_action_plays_on_over_the_whole_bake_after_the_push_down(rig):
    """A walk cycle is one cycle of keys and a Cycles modifier; pushed down into a strip that ended
    at its last key, it would stand still after one cycle while the bake was probed on it playing."""
    action = key_lift(rig, "ik_foot_l", [(1, 0.0), (5, 6.0), (9, 0.0)])
    for curve in fcurves(action):
        curve.modifiers.new("CYCLES")
    bpy.context.scene.frame_start, bpy.context.scene.frame_end = 1, 30
    plane()
    box_under(rig, "foot_l", 10.0)
    frames = (5, 13, 21, 29)
    before = played(rig, "ik_foot_l", frames)
    assert before[1:] == pytest.approx(before[:1] * 3)  # it cycles
    bake(rig)
    assert with_bake_muted(rig, lambda: played(rig, "ik_foot_l", frames)) == pytest.approx(before, abs=1e-4)
    assert played(rig, "ik_foot_l", frames) == pytest.approx([z + 10.0 for z in before], abs=0.01)
    remove_bake(rig)
    assert played(rig, "ik_foot_l", frames) == pytest.approx(before, abs=1e-4)


@pytest.mark.parametrize("under", [False, True], ids=["alone", "over-a-track"])
def test_an_action_blended_at_half_influence_plays_the_same_pushed_down_and_comes_back_as_it_was(rig, under):
    """Blender blends the active action by its influence and blend type only over NLA strips; alone
    it plays whole. Pushed down, it must play as it did, and Remove must give back its settings."""
    if under:
        key_lift(rig, "pelvis", [(1, 0.0), (5, -2.0)], action_name="Base")
        base = rig.animation_data.action
        rig.animation_data.action = None
        rig.animation_data.nla_tracks.new().strips.new("Base", 1, base)
    key_lift(rig, "ik_foot_l", [(1, 0.0), (5, 8.0)])
    adt = rig.animation_data
    adt.action_blend_type, adt.action_influence = "ADD", 0.5
    bpy.context.scene.frame_start, bpy.context.scene.frame_end = 1, 5
    plane()
    frames = (1, 3, 5)
    before = played(rig, "ik_foot_l", frames)
    assert before[2] - before[0] == pytest.approx(4.0 if under else 8.0, abs=1e-3)
    bake(rig)
    assert with_bake_muted(rig, lambda: played(rig, "ik_foot_l", frames)) == pytest.approx(before, abs=1e-4)
    assert played(rig, "ik_foot_l", frames) == pytest.approx(before, abs=0.01)  # flat ground: no offset
    remove_bake(rig)
    assert (adt.action_blend_type, adt.action_influence) == ("ADD", pytest.approx(0.5))
    assert played(rig, "ik_foot_l", frames) == pytest.approx(before, abs=1e-4)
    assert [t.name for t in adt.nla_tracks] == (["NlaTrack"] if under else [])
