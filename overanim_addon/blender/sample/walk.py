"""The sample character's walk and the uneven ground it walks over, for the demo, the benchmarks and
the tests: Unreal-style IK foot bones (``ik_foot_root`` > ``ik_foot_l``/``ik_foot_r``, legs
solved by IK constraints, feet turned with them), a walk made on flat ground (a few keys per step),
and a terrain of steps and slopes along its path. Lengths in cm, converted by the Unit Scale."""

from __future__ import annotations

import math
from typing import cast

import bpy
from mathutils import Vector

from ..shared.fcurves import fcurves
from ..shared.scene import cm_per_unit
from ..shared.typed import animation_data_of, armature_data, pose_of, scene_of, temp_override, view_layer_of
from .build import SAMPLE_EXTENT

STEP_FRAMES = 12  # one step (half a cycle); a foot swings for one step and stands for the next
WALK_SPEED_CM = 35.0 / STEP_FRAMES  # cm per frame: 35 cm steps, 0.7 m/s at 24 fps
SWING_LIFT_CM = 12.0
PELVIS_DIP_CM = 4.0  # lower while both feet are down, so the sample's nearly straight legs reach
# the terrain's height profile along the path (distance ahead in cm, height in cm), repeated:
# flat, a 10 cm step up, flat, a 10° slope up, flat, a 10° slope back down to 0
SLOPE = math.tan(math.radians(10.0))
PROFILE_CM = [(0.0, 0.0), (100.0, 0.0), (100.0, 10.0), (180.0, 10.0), (240.0, 10.0 + 60.0 * SLOPE),
              (300.0, 10.0 + 60.0 * SLOPE), (300.0 + (10.0 + 60.0 * SLOPE) / SLOPE, 0.0)]
TERRAIN_HALF_WIDTH_CM = 100.0
TERRAIN_START_CM = -60.0  # the terrain starts this far ahead of the character: 60 cm behind it


def add_foot_ik_bones(armature: bpy.types.Object) -> None:
    """``ik_foot_root`` under ``root`` and ``ik_foot_l``/``_r`` (shaped like the feet) under it; IK
    constraints on the calves and the feet's rotation copied from their IK bone."""
    data = armature_data(armature)
    view_layer = view_layer_of(bpy.context)
    previous = view_layer.objects.active
    view_layer.objects.active = armature
    with temp_override(bpy.context, active_object=armature, object=armature):
        bpy.ops.object.mode_set(mode="EDIT")
        bones = data.edit_bones
        ik_root = bones.new("ik_foot_root")
        ik_root.head, ik_root.tail, ik_root.parent = (0, 0, 0), (0, 0.1, 0), bones["root"]
        for side in ("l", "r"):
            foot = bones[f"foot_{side}"]
            ik = bones.new(f"ik_foot_{side}")
            ik.head, ik.tail, ik.roll, ik.parent = foot.head, foot.tail, foot.roll, ik_root
        for name in ("ik_foot_root", "ik_foot_l", "ik_foot_r"):
            bones[name].use_deform = False
        bpy.ops.object.mode_set(mode="OBJECT")
    view_layer.objects.active = previous
    pose = pose_of(armature).bones
    for side in ("l", "r"):
        solver = cast(bpy.types.KinematicConstraint, pose[f"calf_{side}"].constraints.new("IK"))
        solver.target, solver.subtarget, solver.chain_count = armature, f"ik_foot_{side}", 2
        turn = cast(bpy.types.CopyRotationConstraint, pose[f"foot_{side}"].constraints.new("COPY_ROTATION"))
        turn.target, turn.subtarget = armature, f"ik_foot_{side}"


def _foot_ahead(side: str, frame: float) -> tuple[float, float]:
    """(distance ahead in cm, lift in cm) of a foot on flat ground at ``frame`` (from frame 0): the
    left foot stands at 0, 70, 140... cm, the right one at 35, 105...; each swings two steps ahead."""
    step = WALK_SPEED_CM * STEP_FRAMES
    offset = 1.0 if side == "r" else 0.0
    k, t = divmod(frame / STEP_FRAMES + offset, 2.0)
    stand = (2.0 * k - offset) * step
    if t < 1.0:
        return stand, 0.0
    swing = t - 1.0
    return stand + 2.0 * swing * step, SWING_LIFT_CM * math.sin(math.pi * swing)


def _local(pose_bone: bpy.types.PoseBone, offset_cm: tuple[float, float, float], cm: float) -> Vector:
    """A location channel value moving the bone by ``offset_cm`` along the armature's axes."""
    return pose_bone.bone.matrix_local.to_3x3().inverted() @ (Vector(offset_cm) / cm)


def add_walk(armature: bpy.types.Object, frames: int = 96, name: str = "SK_OverAnimSample_Walk") -> bpy.types.Action:
    """Key a walk straight ahead (-Y) on flat ground from frame 1 to ``frames``: ``root`` moves on,
    each ``ik_foot_*`` stands while the other swings, ``pelvis`` bobs. Keys are inserted as an
    animator would (``keyframe_insert``) and made linear."""
    cm = cm_per_unit(scene_of(bpy.context))
    pose = pose_of(armature).bones
    root, pelvis = pose["root"], pose["pelvis"]
    for frame in range(0, frames + STEP_FRAMES // 2, STEP_FRAMES // 2):
        f = frame + 1
        ahead = WALK_SPEED_CM * frame
        root.location = _local(root, (0.0, -ahead, 0.0), cm)
        root.keyframe_insert("location", frame=f)
        pelvis.location = _local(pelvis, (0.0, 0.0, -PELVIS_DIP_CM if frame % STEP_FRAMES == 0 else 0.0), cm)
        pelvis.keyframe_insert("location", frame=f)
        for side in ("l", "r"):
            foot_ahead, lift = _foot_ahead(side, frame)
            ik = pose[f"ik_foot_{side}"]
            ik.location = _local(ik, (0.0, -(foot_ahead - ahead), lift), cm)  # the root carries it ahead
            ik.keyframe_insert("location", frame=f)
    action = cast(bpy.types.Action, animation_data_of(armature).action)  # the keys just inserted made it
    action.name = name
    for curve in fcurves(action):
        for key in curve.keyframe_points:
            key.interpolation = "LINEAR"
    return action


def _profile(length_cm: float) -> list[tuple[float, float]]:
    """``PROFILE_CM`` repeated until ``length_cm`` ahead."""
    period = PROFILE_CM[-1][0]
    points: list[tuple[float, float]] = []
    start = 0.0
    while start < length_cm:
        points += [(start + d, z) for d, z in PROFILE_CM if not (points and d == 0.0)]
        start += period
    return points


def add_terrain(context: bpy.types.Context, length_cm: float = 450.0, start_cm: float = TERRAIN_START_CM,
                name: str = "OverAnimSample_Terrain", origin: Vector | None = None) -> bpy.types.Object:
    """Steps and slopes ahead (-Y) of a character standing at ``origin`` (world; default the world's
    origin), ``TERRAIN_HALF_WIDTH_CM`` to each side."""
    cm = cm_per_unit(scene_of(context))
    profile = [(start_cm, 0.0), *((d, z) for d, z in _profile(length_cm))]
    half = TERRAIN_HALF_WIDTH_CM / cm
    verts, faces = [], []
    for i, (ahead, z) in enumerate(profile):
        verts += [(-half, -ahead / cm, z / cm), (half, -ahead / cm, z / cm)]
        if i:
            a = 2 * (i - 1)
            faces.append((a, a + 1, a + 3, a + 2))
    mesh = bpy.data.meshes.new(name)
    mesh.from_pydata(verts, [], faces)
    mesh.update()
    obj = bpy.data.objects.new(name, mesh)
    if origin is not None:
        obj.location = origin
    (context.collection or scene_of(context).collection).objects.link(obj)
    return obj


def _terrain_length_cm(frames: int) -> float:
    return WALK_SPEED_CM * frames + 100.0  # a metre past where the walk ends


def walk_extent(scene: bpy.types.Scene, frames: int = 96) -> tuple[tuple[float, float, float],
                                                                    tuple[float, float, float]]:
    """The room (Blender units, around the character's origin) the sample takes with its walk and
    the terrain under it, for ``build.clear_location``."""
    cm = cm_per_unit(scene)
    low, high = SAMPLE_EXTENT
    ahead = _profile(_terrain_length_cm(frames))[-1][0]  # the terrain's far end
    half = TERRAIN_HALF_WIDTH_CM / cm
    return ((min(low[0], -half), -ahead / cm, low[2]), (max(high[0], half), max(high[1], -TERRAIN_START_CM / cm),
                                                          high[2]))


def add_sample_walk(context: bpy.types.Context, armature: bpy.types.Object, frames: int = 96) -> bpy.types.Object:
    """The whole set-up: IK foot bones, the walk over ``frames`` (also the scene's range) and the
    terrain along it. Returns the terrain."""
    add_foot_ik_bones(armature)
    add_walk(armature, frames)
    scene_of(context).frame_start, scene_of(context).frame_end = 1, frames
    # under the character, which the sample builder may have put beside other things
    return add_terrain(context, length_cm=_terrain_length_cm(frames), origin=armature.matrix_world.translation)
