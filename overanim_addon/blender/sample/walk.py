"""The sample character's walk and the uneven ground it walks over, for the demo, the benchmarks and
the tests: Unreal-style IK foot bones (``ik_foot_root`` > ``ik_foot_l``/``ik_foot_r``, legs
solved by IK constraints, feet turned with them), a walk cycle made on flat ground (``gait.py``:
planted feet rolling heel to toe, a bobbing and swaying pelvis, swinging arms, the root carrying
the travel), and a terrain of steps and slopes along its path. Lengths in cm, converted by the
Unit Scale."""

from __future__ import annotations

import math
from typing import Literal, cast

import bpy
import numpy as np
from mathutils import Matrix, Quaternion, Vector

from ..compat import assign_action, name_slot
from ..shared.fcurves import NewChannels
from ..shared.scene import cm_per_unit
from ..shared.typed import armature_data, pose_of, scene_of
from . import gait
from .build import SAMPLE_EXTENT
from .skeleton import FOOT_IK_BONES, add_foot_ik_edit_bones


def frame_rate(scene: bpy.types.Scene) -> float:
    return scene.render.fps / scene.render.fps_base

# the terrain's height profile along the path (distance ahead in cm, height in cm), repeated:
# flat, a 10 cm step up, flat, a 10° slope up, flat, a 10° slope back down to 0
SLOPE = math.tan(math.radians(10.0))
PROFILE_CM = [(0.0, 0.0), (100.0, 0.0), (100.0, 10.0), (180.0, 10.0), (240.0, 10.0 + 60.0 * SLOPE),
              (300.0, 10.0 + 60.0 * SLOPE), (300.0 + (10.0 + 60.0 * SLOPE) / SLOPE, 0.0)]
TERRAIN_HALF_WIDTH_CM = 100.0
KNEE_MIN, KNEE_MAX = 0.0, 150.0  # degrees the IK may bend the knee from its rest pose
TERRAIN_START_CM = -60.0  # the terrain starts this far ahead of the character: 60 cm behind it


def add_foot_ik_bones(armature: bpy.types.Object) -> None:
    """``ik_foot_root`` under ``root`` and ``ik_foot_l``/``_r`` (shaped like the feet) under it, made in
    Edit Mode; IK constraints on the calves and the feet's rotation copied from their IK bone."""
    add_foot_ik_edit_bones(armature)
    constrain_feet(armature)


def constrain_feet(armature: bpy.types.Object) -> None:
    """The legs solved by IK to the IK foot bones, the feet turned with them."""
    pose = pose_of(armature).bones
    for side in ("l", "r"):
        solver = cast(bpy.types.KinematicConstraint, pose[f"calf_{side}"].constraints.new("IK"))
        solver.target, solver.subtarget, solver.chain_count = armature, f"ik_foot_{side}", 2
        knee = pose[f"calf_{side}"]  # a hinge bending forward only: the solver never flips the knee
        knee.lock_ik_y = knee.lock_ik_z = True
        knee.use_ik_limit_x, knee.ik_min_x, knee.ik_max_x = True, math.radians(KNEE_MIN), math.radians(KNEE_MAX)
        turn = cast(bpy.types.CopyRotationConstraint, pose[f"foot_{side}"].constraints.new("COPY_ROTATION"))
        turn.target, turn.subtarget = armature, f"ik_foot_{side}"


def _turn(pose_bone: bpy.types.PoseBone, turn: Matrix) -> tuple[float, ...]:
    """The rotation channel value turning the bone by ``turn`` (a rotation about the armature's
    axes, about the bone's head), against its parent as the parent stands."""
    rest = pose_bone.bone.matrix_local.to_3x3()
    q: Quaternion = (rest.inverted() @ turn @ rest).to_quaternion()
    return (q.w, q.x, q.y, q.z)


def _local(pose_bone: bpy.types.PoseBone, offset_cm: tuple[float, float, float], cm: float) -> tuple[float, ...]:
    """A location channel value moving the bone by ``offset_cm`` along the armature's axes."""
    v: Vector = pose_bone.bone.matrix_local.to_3x3().inverted() @ (Vector(offset_cm) / cm)
    return (v.x, v.y, v.z)


def _rotation(axis: Literal["X", "Y", "Z"], degrees: float) -> Matrix:
    return Matrix.Rotation(math.radians(degrees), 3, axis)


def _pose_at(pose: bpy.types.bpy_prop_collection, t: float, cm: float) -> dict[tuple[str, str], tuple[float, ...]]:
    """Every keyed channel's value at ``t`` seconds: (bone, property) -> value. The character faces
    -Y: ahead is -Y, its left +X; a pitch about +X by a negative angle lifts the toes."""
    b = gait.body(t)
    turns = {"pelvis": _rotation("Z", b.yaw) @ _rotation("Y", b.tilt),
             "spine_01": _rotation("Y", -b.tilt),  # the torso stays upright over the tilting pelvis
             "spine_02": _rotation("Z", -b.yaw), "spine_03": _rotation("Z", -b.yaw),  # shoulders against the hips
             "neck_01": _rotation("Z", b.yaw)}  # the eyes ahead
    values = {("root", "location"): _local(pose["root"], (0.0, -b.travel, 0.0), cm),
              ("pelvis", "location"): _local(pose["pelvis"], (b.pelvis[0], 0.0, b.pelvis[1]), cm)}
    for side in ("l", "r"):
        f = gait.foot(side, t)
        ik = pose[f"ik_foot_{side}"]
        rest = ik.bone.head_local * cm  # the ankle in the rest pose, cm; the root carries the foot ahead
        values[(ik.name, "location")] = _local(ik, (0.0, b.travel - f.ankle[0] - rest.y, f.ankle[1] - rest.z), cm)
        turns.update({ik.name: _rotation("X", -f.pitch), f"ball_{side}": _rotation("X", -f.toes),
                      f"upperarm_{side}": _rotation("X", -b.arm[side]),
                      f"lowerarm_{side}": _rotation("X", -b.elbow[side])})
    values.update({(bone, "rotation_quaternion"): _turn(pose[bone], turn) for bone, turn in turns.items()})
    return values


def add_walk(armature: bpy.types.Object, frames: int = 96, name: str = "SK_OverAnimSample_Walk") -> bpy.types.Action:
    """Key a walk straight ahead (-Y) on flat ground on frames 1 to ``frames``, one linear key per
    frame (the cycle of ``gait.py`` at the scene's frame rate): ``root`` carries the travel, the IK
    feet step heel to toe and stand still while planted, the pelvis bobs, sways and turns, the spine
    turns the shoulders against it, the arms swing against the legs."""
    scene = scene_of(bpy.context)
    cm, fps = cm_per_unit(scene), frame_rate(scene)
    pose = pose_of(armature).bones
    frame_numbers = np.arange(1, frames + 1, dtype=np.float64)
    poses = [_pose_at(pose, (frame - 1) / fps, cm) for frame in frame_numbers]
    new = NewChannels(name, armature.name)
    for (bone, prop), first in poses[0].items():
        for index in range(len(first)):
            series = [values[(bone, prop)][index] for values in poses]
            new.add(f'pose.bones["{bone}"].{prop}', index, bone, frame_numbers, series)
    name_slot(new.slot, armature.name)
    assign_action(armature, new.action, new.slot)
    return new.action


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


def _terrain_length_cm(scene: bpy.types.Scene, frames: int) -> float:
    return gait.SPEED_CM_S * frames / frame_rate(scene) + 100.0  # a metre past where the walk ends


def walk_extent(scene: bpy.types.Scene, frames: int = 96) -> tuple[tuple[float, float, float],
                                                                    tuple[float, float, float]]:
    """The room (Blender units, around the character's origin) the sample takes with its walk and
    the terrain under it, for ``build.clear_location``."""
    cm = cm_per_unit(scene)
    low, high = SAMPLE_EXTENT
    ahead = _profile(_terrain_length_cm(scene, frames))[-1][0]  # the terrain's far end
    half = TERRAIN_HALF_WIDTH_CM / cm
    return ((min(low[0], -half), -ahead / cm, low[2]), (max(high[0], half), max(high[1], -TERRAIN_START_CM / cm),
                                                          high[2]))


def add_sample_walk(context: bpy.types.Context, armature: bpy.types.Object, frames: int = 96) -> bpy.types.Object:
    """The whole set-up: IK foot bones, the walk over ``frames`` (also the scene's range) and the
    terrain along it. Returns the terrain."""
    if all(name in armature_data(armature).bones for name in FOOT_IK_BONES):  # built with them (+ Sample)
        constrain_feet(armature)
    else:
        add_foot_ik_bones(armature)
    add_walk(armature, frames)
    scene_of(context).frame_start, scene_of(context).frame_end = 1, frames
    # under the character, which the sample builder may have put beside other things
    return add_terrain(context, length_cm=_terrain_length_cm(scene_of(context), frames),
                       origin=armature.matrix_world.translation)
