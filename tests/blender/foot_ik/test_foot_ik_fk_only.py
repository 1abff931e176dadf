"""A motion-capture leg whose every bone the bake keys (a BVH whose ankles end the chain: nothing is
left only to read) bakes like any other: the ground under the toe is probed too. It failed with a
TypeError in the batch's studio library, where no test of its own looked."""

from __future__ import annotations

import bpy
import numpy as np

from overanim_addon.blender.foot_ik.engine import FootIKOptions, bake_foot_ik

from ..foot_ik_scenes import action_snapshot, plane
from ..real_characters import bvh_text


def world_heads_z(armature, bone, frames):
    scene, out = bpy.context.scene, []
    for frame in frames:
        scene.frame_set(frame)
        out.append((armature.matrix_world @ armature.pose.bones[bone].head).z)
    return np.array(out)


def test_a_bvh_leg_ending_at_its_ankle_bakes_and_lands_on_a_raised_floor(addon, empty_scene, tmp_path):
    path = tmp_path / "walk.bvh"
    path.write_text(bvh_text(1.0, 40))
    assert bpy.ops.import_anim.bvh(filepath=str(path), update_scene_duration=True) == {"FINISHED"}
    armature = bpy.context.view_layer.objects.active
    source = action_snapshot(armature.animation_data.action)
    frames = list(range(bpy.context.scene.frame_start, bpy.context.scene.frame_end + 1))
    before = world_heads_z(armature, "LeftAnkle", frames)
    hips = world_heads_z(armature, "Hips", frames[:1])[0]
    step = 0.1 * (hips - before.min())  # a floor a tenth of the leg above the ankle's lowest point
    cm = bpy.context.scene.unit_settings.scale_length * 100.0
    plane(z=(before.min() + step) * cm, half=1e5)
    with bpy.context.temp_override(active_object=armature, object=armature):
        result = bake_foot_ik(bpy.context, armature, FootIKOptions())
    assert not [text for level, text in result.log if level == "ERROR"], result.log
    after = world_heads_z(armature, "LeftAnkle", frames)
    assert after.min() > before.min() + 0.5 * step  # the legs now stand on the raised floor
    assert action_snapshot(bpy.data.actions[armature.overanim.foot_ik.pushed_action.name]) == source
