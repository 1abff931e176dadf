"""Clips for the motion tests, keyed as an animator keys them (``keyframe_insert``), in centimetres
whatever the Unit Scale; and what the tests read back."""

from __future__ import annotations

import bpy
import numpy as np
from mathutils import Vector

from overanim_addon.blender.motion.names import PREFIX
from overanim_addon.blender.shared.fcurves import fcurves, keys

from .foot_ik_scenes import cm


def set_rate(fps: int, fps_base: float = 1.0) -> float:
    render = bpy.context.scene.render
    render.fps, render.fps_base = fps, fps_base
    return fps / fps_base


def key_root(armature, positions_cm, first: int = 1, frames=None, bone: str = "root"):
    """Key the bone's location so that it moves by ``positions_cm`` (along the armature's own axes, cm)
    at ``frames`` (default: one a frame from ``first``); every key linear. Returns the action."""
    pose = armature.pose.bones[bone]
    to_local = pose.bone.matrix_local.to_3x3().inverted()
    frames = list(range(first, first + len(positions_cm))) if frames is None else list(frames)
    for frame, position in zip(frames, positions_cm, strict=True):
        pose.location = to_local @ (Vector(position) / cm())
        pose.keyframe_insert("location", frame=frame)
    action = armature.animation_data.action
    for curve in fcurves(action):
        for key in curve.keyframe_points:
            key.interpolation = "LINEAR"
    pose.location = (0.0, 0.0, 0.0)
    scene = bpy.context.scene
    scene.frame_start, scene.frame_end = frames[0], frames[-1]
    return action


def constant_clip(armature, speed_cm_s: float = 150.0, seconds: float = 2.0, fps: float = 30.0):
    """The root moving at ``speed_cm_s`` along +Y for ``seconds`` (two keys, linear)."""
    last = 1 + round(seconds * fps)
    return key_root(armature, [(0.0, 0.0, 0.0), (0.0, speed_cm_s * (last - 1) / fps, 0.0)], frames=[1, last])


def start_stop_positions(fps: float = 30.0, rest: int = 40, frames: int = 60) -> np.ndarray:
    """Accelerate from rest, move at 150 cm/s, decelerate to rest at frame ``rest`` (from 1), stay: the
    root's +Y position (cm) on frames 1..``frames``."""
    t = np.arange(frames) / fps
    end = (rest - 1) / fps
    speed = np.minimum(np.minimum(t / 0.3, 1.0), np.clip((end - t) / 0.3, 0.0, 1.0)) * 150.0
    return np.concatenate([[0.0], np.cumsum((speed[1:] + speed[:-1]) * 0.5 / fps)])


def to_centimetre_units(armature):
    """The same character modelled in centimetres at Unit Scale 0.01 (its scale applied)."""
    objects = [armature, *armature.children]
    armature.scale = (100.0,) * 3
    with bpy.context.temp_override(selected_editable_objects=objects, selected_objects=objects, active_object=armature):
        bpy.ops.object.transform_apply(location=False, rotation=False, scale=True)
    bpy.context.scene.unit_settings.scale_length = 0.01


def analyze(armature, **options):
    with bpy.context.temp_override(active_object=armature, object=armature):
        assert bpy.ops.overanim.analyze_motion(**options) == {"FINISHED"}
    return summary(armature)


def remove(armature):
    with bpy.context.temp_override(active_object=armature, object=armature):
        assert bpy.ops.overanim.remove_motion_curves() == {"FINISHED"}


def summary(armature) -> dict:
    """The OverAnim_Motion_* properties of the analysed action, without the prefix."""
    action = armature.overanim.motion.analyzed_action
    return {k.removeprefix(PREFIX): action[k] for k in action.keys() if k.startswith(PREFIX)}  # noqa: SIM118


def curves(armature) -> dict[str, np.ndarray]:
    """The keyed motion curves (suffix -> frame, value N x 2) of the OverAnim_Motion action."""
    action = armature.overanim.motion.curves_action
    found = {}
    for curve in fcurves(action):
        name = curve.data_path[2:-2]
        found[name.removeprefix(PREFIX)] = keys(curve).astype(np.float64)
    return found


def world_cm(armature, point) -> Vector:
    return (armature.matrix_world @ point) * cm()


def remove_curves(action, curves_to_remove):
    """Remove these F-curves of ``action``, layered (4.4 and later) or legacy."""
    from overanim_addon.blender.compat import is_layered

    for curve in curves_to_remove:
        if is_layered(action):
            for layer in action.layers:
                for strip in layer.strips:
                    for bag in strip.channelbags:
                        if curve in list(bag.fcurves):
                            bag.fcurves.remove(curve)
        else:
            action.fcurves.remove(curve)


def rest_heights_cm(armature, locomotion_root: str = "pelvis") -> tuple[float, float]:
    """(character height, locomotion height) in world cm, read from the scene, not from the add-on: the
    highest vertex of the meshes the armature deforms, and the rest-pose head of the locomotion root,
    both above the ground under the ground-level root bone (the object origin's height)."""
    ground = armature.matrix_world.translation.z
    top = max((obj.matrix_world @ vertex.co).z for obj in bpy.context.scene.objects
              if obj.type == "MESH" and obj.find_armature() == armature for vertex in obj.data.vertices)
    hips = (armature.matrix_world @ armature.data.bones[locomotion_root].head_local).z
    return (top - ground) * cm(), (hips - ground) * cm()


def spec_scale(measured: float, reference: float, minimum: float = 0.25, maximum: float = 4.0) -> float:
    """The spec's ResolveMeasurementScale: measured / reference, clamped to Minimum/Maximum Character
    Scale (the defaults 0.25 and 4)."""
    return min(max(measured / reference, minimum), maximum)

