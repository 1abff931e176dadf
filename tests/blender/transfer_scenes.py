"""Scenes for the action-transfer tests: the sample character walking with root motion (its IK feet
planted by constraints, as the demo's walk), copies of it with every bone scaled in Edit Mode, and
what the tests compare (world bone heads per frame, an action's every byte that matters)."""

from __future__ import annotations

import math

import bpy
import numpy as np
from mathutils import Matrix

from overanim_addon.blender.sample.build import build_sample_character
from overanim_addon.blender.sample.walk import add_sample_walk
from overanim_addon.blender.shared.fcurves import fcurves
from overanim_addon.blender.shared.scene import cm_per_unit

FRAMES = 48
KEY_INTS = ("interpolation", "handle_left_type", "handle_right_type", "easing", "type")
KEY_FLOATS = ("co", "handle_left", "handle_right", "back", "amplitude", "period")


def scale_bones(armature: bpy.types.Object, factor: float) -> None:
    """Every bone ``factor`` times as long and as far from the origin, in Edit Mode (heads and tails
    computed first: a connected child's head is its parent's tail)."""
    context = bpy.context
    with context.temp_override(active_object=armature, object=armature):
        context.view_layer.objects.active = armature
        bpy.ops.object.mode_set(mode="EDIT")
        bones = armature.data.edit_bones
        ends = {b.name: (b.head * factor, b.tail * factor) for b in bones}
        for bone in bones:
            bone.head, bone.tail = ends[bone.name]
        bpy.ops.object.mode_set(mode="OBJECT")


def add_rotations(armature: bpy.types.Object) -> None:
    """Channels that must come through untouched: quaternion, Euler and axis-angle rotations with
    Bézier keys, a scale channel and a pose bone's custom property."""
    pose = armature.pose.bones
    pose["spine_01"].rotation_mode = "XYZ"
    pose["head"].rotation_mode = "AXIS_ANGLE"
    pose["root"]["Speed"] = 0.0
    for frame in range(1, FRAMES + 1, 6):
        phase = 2.0 * math.pi * frame / 24.0
        half_turn = 0.05 * math.sin(phase)
        pose["pelvis"].rotation_quaternion = (math.cos(half_turn), 0.0, 0.0, math.sin(half_turn))
        pose["pelvis"].keyframe_insert("rotation_quaternion", frame=frame)
        pose["spine_01"].rotation_euler = (0.05 * math.sin(phase), 0.0, 0.1 * math.cos(phase))
        pose["spine_01"].keyframe_insert("rotation_euler", frame=frame)
        pose["head"].rotation_axis_angle = (0.1 * math.sin(phase), 0.0, 0.0, 1.0)
        pose["head"].keyframe_insert("rotation_axis_angle", frame=frame)
        pose["spine_02"].scale = (1.0, 1.0 + 0.02 * math.sin(phase), 1.0)
        pose["spine_02"].keyframe_insert("scale", frame=frame)
        pose["root"]["Speed"] = 0.7 + 0.1 * math.sin(phase)
        pose["root"].keyframe_insert('["Speed"]', frame=frame)


def walking_source(unit_scale: float = 1.0, frames: int = FRAMES) -> bpy.types.Object:
    """The sample (180 cm) walking ahead with root motion at ``unit_scale``, at the origin."""
    context = bpy.context
    context.scene.unit_settings.scale_length = unit_scale
    source = build_sample_character(context, "Source")
    factor = 1.0 / unit_scale  # the sample is built in metres: one unit is unit_scale metres
    if factor != 1.0:
        scale_bones(source, factor)
        for mesh in source.children:
            mesh.data.transform(Matrix.Scale(factor, 4))
    source.location = (0.0, 0.0, 0.0)
    add_sample_walk(context, source, frames)
    add_rotations(source)
    return source


def scaled_copy(source: bpy.types.Object, factor: float, name: str, object_scale: float = 1.0) -> bpy.types.Object:
    """The same rig with every bone ``factor`` times as long (Edit Mode), no animation, at the origin,
    its constraints on itself."""
    obj = source.copy()
    obj.data = source.data.copy()
    obj.name = name
    bpy.context.scene.collection.objects.link(obj)
    obj.animation_data_clear()
    for pose_bone in obj.pose.bones:
        for constraint in pose_bone.constraints:
            if getattr(constraint, "target", None) == source:
                constraint.target = obj
    for pose_bone in obj.pose.bones:  # the copy's pose is the source's at the current frame: clear it
        pose_bone.location = (0.0, 0.0, 0.0)
    obj.location = (0.0, 0.0, 0.0)
    obj.scale = (object_scale,) * 3
    if factor != 1.0:
        scale_bones(obj, factor)
    return obj


def world_heads(obj: bpy.types.Object, bones: list[str], frames: range) -> np.ndarray:
    """(frame, bone, xyz) world head positions in cm."""
    scene = bpy.context.scene
    cm = cm_per_unit(scene)
    out = np.empty((len(frames), len(bones), 3))
    for i, frame in enumerate(frames):
        scene.frame_set(frame)
        evaluated = obj.evaluated_get(bpy.context.evaluated_depsgraph_get())
        world = evaluated.matrix_world
        for j, name in enumerate(bones):
            out[i, j] = np.array(world @ evaluated.pose.bones[name].head) * cm
    return out


def curve_fingerprint(curve: bpy.types.FCurve) -> tuple:
    points = curve.keyframe_points
    n = len(points)
    arrays = []
    for name in KEY_FLOATS:
        values = np.empty(n * (2 if name in ("co", "handle_left", "handle_right") else 1), np.float32)
        points.foreach_get(name, values)
        arrays.append(values.tobytes())
    for name in KEY_INTS:
        values = np.empty(n, np.int32)
        points.foreach_get(name, values)
        arrays.append(values.tobytes())
    return (curve.data_path, curve.array_index, curve.group.name if curve.group else "", curve.extrapolation,
            curve.mute, len(curve.modifiers), *arrays)


def action_fingerprint(action: bpy.types.Action) -> tuple:
    """Everything a transfer could change in an action: every channel's keys and their settings, its
    custom properties, frame range and slots."""
    slots = tuple((s.identifier, s.target_id_type) for s in getattr(action, "slots", []))
    props = tuple(sorted((k, repr(action[k])) for k in action.keys()))  # noqa: SIM118
    return (action.name, tuple(action.frame_range), action.use_frame_range, action.use_fake_user, slots, props,
            tuple(curve_fingerprint(c) for c in fcurves(action)))


def location_curves(action: bpy.types.Action) -> dict[tuple[str, int], bpy.types.FCurve]:
    return {(c.data_path, c.array_index): c for c in fcurves(action) if c.data_path.endswith("location")}


def key_arrays(curve: bpy.types.FCurve) -> np.ndarray:
    """(3, N, 2): co, handle_left, handle_right."""
    points = curve.keyframe_points
    out = np.empty((3, len(points) * 2), np.float32)
    for row, name in zip(out, ("co", "handle_left", "handle_right"), strict=True):
        points.foreach_get(name, row)
    return out.reshape(3, -1, 2)


def clips_and_characters(folder, clip_frames: int):
    """(characters, clips, out) folders under ``folder`` for a transfer in bulk: the sample ("Hero")
    and a Mixamo-shaped rig at object scale 0.01 without animation, each saved alone, and the first
    ``clip_frames`` frames of CMU 01_01 as the one clip; ``out`` not made yet. Leaves an empty file open."""
    from .imported_characters import build_mixamo
    from .mocap_scenes import bvh_excerpt

    library, clips, out = folder / "characters", folder / "clips", folder / "out"
    library.mkdir()
    clips.mkdir()
    bpy.ops.wm.read_homefile(use_empty=True)
    build_sample_character(bpy.context, "Hero")
    bpy.ops.wm.save_as_mainfile(filepath=str(library / "hero.blend"))
    bpy.ops.wm.read_homefile(use_empty=True)
    build_mixamo(0.01).animation_data_clear()
    bpy.ops.wm.save_as_mainfile(filepath=str(library / "mixamo.blend"))
    bpy.ops.wm.read_homefile(use_empty=True)
    bvh_excerpt(clips, clip_frames)
    return library, clips, out
