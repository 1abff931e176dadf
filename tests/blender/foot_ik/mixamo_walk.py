"""A Mixamo-shaped character that walks (``imported_characters.build_mixamo``, its legs keyed), for
Blender's glTF exporter (``gltf_writer.py mixamo_walk``): its Hips go forward at 70 cm/s and 6 cm
lower than at rest, so the knees bend; each foot is planted flat for 60 % of a 30-frame cycle and
swings 8 cm high to the next plant, the legs posed by the law of cosines in the walking plane.
Keyed as a human would pose them (each bone's matrix), every frame."""

from __future__ import annotations

import math

import bpy
from mathutils import Matrix, Vector

from ..imported_characters import JOINTS, PREFIX, build_mixamo

CYCLE = 30  # frames
STRIDE = 70.0  # cm a cycle (each foot moves a stride, the hips as far)
STANCE = 0.6  # of the cycle
DROP = 6.0  # cm: the hips below their rest height
CYCLES = 4


def _point(name: str) -> Vector:
    return Vector(JOINTS[name][1])


def _ankle(frame: int, offset: float) -> Vector:
    """The ankle (data cm, Y up, walking +Z) of a foot whose cycle starts ``offset`` cycles late."""
    u = frame / CYCLE + offset
    cycle, phase = math.floor(u), u - math.floor(u)
    plant = STRIDE * (cycle - offset) + STRIDE * STANCE / 2.0
    rest = _point("LeftFoot")
    if phase < STANCE:
        return Vector((0.0, rest.y, rest.z + plant))
    s = (phase - STANCE) / (1.0 - STANCE)
    s = s * s * (3.0 - 2.0 * s)
    return Vector((0.0, rest.y + 8.0 * math.sin(math.pi * s), rest.z + plant + STRIDE * s))


def _knee(hip: Vector, ankle: Vector, upper: float, lower: float) -> Vector:
    """The knee in the walking plane (Y, Z), bent forward (+Z)."""
    d = (ankle - hip).length
    a = (upper * upper - lower * lower + d * d) / (2.0 * d)
    h = math.sqrt(max(upper * upper - a * a, 0.0))
    u = (ankle - hip) / d
    bend = Vector((0.0, -u.z, u.y))
    if bend.z < 0.0:
        bend = -bend
    return hip + u * a + bend * h


def _aim(bone, head: Vector, tail_point: Vector, unit: float) -> Matrix:
    """The bone's armature-space matrix turned (about the data's X axis) from its rest direction to
    point at ``tail_point``, its head at ``head`` (data cm)."""
    rest = bone.bone.matrix_local.copy()
    child = bone.children[0].bone.head_local if bone.children else bone.bone.tail_local
    rest_dir = (child - bone.bone.head_local).normalized()
    turn = rest_dir.rotation_difference((tail_point - head).normalized()).to_matrix().to_4x4()
    m = turn @ rest
    m.translation = head * unit
    return m


def build_walking_mixamo(scale: float = 0.01) -> bpy.types.Object:
    armature = build_mixamo(scale)
    unit = 0.01 / scale
    pose = armature.pose.bones
    hips = pose[PREFIX + "Hips"]
    to_bone = hips.bone.matrix_local.to_3x3().inverted()
    frames = CYCLE * CYCLES
    for frame in range(1, frames + 1):
        forward = STRIDE * frame / CYCLE
        hips.location = to_bone @ (Vector((0.0, -DROP, forward)) * unit)
        hips.rotation_quaternion = (1.0, 0.0, 0.0, 0.0)
        hips.keyframe_insert("location", frame=frame)
        bpy.context.view_layer.update()
        for side, s, offset in (("Left", 1.0, 0.0), ("Right", -1.0, 0.5)):
            hip = _point(f"{side}UpLeg") + Vector((0.0, -DROP, forward))
            ankle = _ankle(frame, offset)
            ankle.x = s * 9.0
            upper = (_point(f"{side}Leg") - _point(f"{side}UpLeg")).length
            lower = (_point(f"{side}Foot") - _point(f"{side}Leg")).length
            knee = _knee(hip, ankle, upper, lower)
            for name, head, tail in ((f"{side}UpLeg", hip, knee), (f"{side}Leg", knee, ankle)):
                bone = pose[PREFIX + name]
                bone.matrix = _aim(bone, head, tail, unit)
                bpy.context.view_layer.update()
                bone.keyframe_insert("rotation_quaternion", frame=frame)
            foot = pose[PREFIX + f"{side}Foot"]
            flat = foot.bone.matrix_local.copy()
            flat.translation = ankle * unit
            foot.matrix = flat  # flat on the ground, as at rest
            bpy.context.view_layer.update()
            foot.keyframe_insert("rotation_quaternion", frame=frame)
    bpy.context.scene.frame_start, bpy.context.scene.frame_end = 1, frames
    return armature
