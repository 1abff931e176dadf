"""The bones a bake keys, and how: each IK target (moved up by its lift, less the part of the body
offset it follows the body bone by, and turned by the ground), the body bone (moved up by the body
offset), and the thigh, calf and foot of a leg without an IK target (turned: ``legs.py``)."""

from __future__ import annotations

from dataclasses import dataclass

import bpy
import numpy as np
from mathutils import Vector

from ...core.errors import OverAnimError
from ...core.log import Level, LogLine
from ...core.messages import Message
from ..shared.scene import cm_per_unit
from ..shared.typed import pose_of, scene_of, view_layer_of
from .legs import fk_legs
from .over_time import Plan
from .rig import FootIKRig


@dataclass
class KeyedBone:
    name: str
    side: str  # "left", "right", or "" for the body bone
    follows: float  # how much of the body bone's move it follows (1: a child of it; see _following)
    rotation: str  # "" (the body bone: location only), "rotation_quaternion" or "rotation_euler"
    order: str  # the bone's rotation mode
    turned_only: bool = False  # a bone of an FK leg: its rotation is keyed, its location is not

    def path(self, channel: str) -> str:
        return f'pose.bones["{bpy.utils.escape_identifier(self.name)}"].{channel}'

    def channels(self) -> list[tuple[str, int]]:
        out = [] if self.turned_only else [(self.path("location"), i) for i in range(3)]
        if self.rotation:
            out += [(self.path(self.rotation), i) for i in range(4 if self.rotation == "rotation_quaternion" else 3)]
        return out


def _following(armature: bpy.types.Object, body: str, targets: list[str]) -> list[float]:
    """How much of a move of the body bone each target follows: 1 for a child of it, 0 for a bone
    beside it, in between for a blend. Without constraints on the way, the hierarchy says it; a
    bone can also follow another through constraints (Rigify's IK Parent switch is an Armature
    constraint on the control's parent), so then it is measured: the body bone is moved a
    centimetre and put back as it was."""
    pose = pose_of(armature).bones
    follows = [0.0] * len(targets)
    measured = []
    for i, name in enumerate(targets):
        chain = [pose[name], *pose[name].parent_recursive]
        if any(bone.constraints for bone in chain):
            measured.append(i)
        elif body and any(bone.name == body for bone in chain):
            follows[i] = 1.0
    if not (body and measured):
        return follows
    names = [body, *(targets[i] for i in measured)]
    heads = [pose[name].head.copy() for name in names]
    moved, view_layer = pose[body], view_layer_of(bpy.context)
    kept = moved.location.copy()
    try:
        moved.location += Vector((0.0, 0.01 / cm_per_unit(scene_of(bpy.context)), 0.0))
        view_layer.update()
        shifts = [pose[name].head - head for name, head in zip(names, heads, strict=True)]
    finally:
        moved.location = kept
        view_layer.update()
    step = shifts[0].length_squared
    for i, shift in zip(measured, shifts[1:], strict=True):
        follows[i] = shift.dot(shifts[0]) / step if step > 0.0 else 0.0
    return follows


def keyed_bones(rig: FootIKRig) -> list[KeyedBone]:
    b = rig.bones
    sides = [(name, side) for name, side in ((b.left_ik_target, "left"), (b.right_ik_target, "right")) if name]
    follows = _following(rig.armature, b.body_bone, [name for name, _ in sides])
    out = []
    for (name, side), follow in zip([*sides, (b.body_bone, "")], [*follows, 0.0], strict=True):
        if not name:
            continue
        mode = pose_of(rig.armature).bones[name].rotation_mode
        rotation = "" if not side else "rotation_quaternion" if mode == "QUATERNION" else "rotation_euler"
        out.append(KeyedBone(name, side, follow, rotation, mode))
    legs, _ = fk_legs(rig.armature, rig.bones)
    for leg in legs:
        for name in (leg.thigh, leg.calf, leg.foot):
            mode = pose_of(rig.armature).bones[name].rotation_mode
            if mode == "AXIS_ANGLE":
                raise OverAnimError(Message("Leg bone '{bone}' uses Axis Angle rotation: set it to Quaternion or an "
                                            "Euler order", bone=name))
            rotation = "rotation_quaternion" if mode == "QUATERNION" else "rotation_euler"
            out.append(KeyedBone(name, leg.side, 0.0, rotation, mode, turned_only=True))
    return out


def world_move(planned: Plan, bone: KeyedBone, heads: np.ndarray) -> np.ndarray:
    """How far (N x 3, world cm) the bone's keys move it: the body up by the body offset; an IK
    target as the bake moves its foot (``over_time.Plan.moves`` at its head, ``heads`` N x 3 cm),
    less the part of the body offset it follows the body by."""
    body = planned.solution.body_offset[:, None] * np.array([0.0, 0.0, 1.0])
    if not bone.side:
        return body
    return planned.moves(0 if bone.side == "left" else 1, heads) - bone.follows * body


def refuse_driven(armature: bpy.types.Object, bones: list[KeyedBone]) -> None:
    """A driver is evaluated after the animation: it would override the bake's keys on its channel."""
    adt = armature.animation_data
    driven = {(d.data_path, d.array_index) for d in adt.drivers} if adt is not None else set()
    for bone in bones:
        for path, index in bone.channels():
            if (path, index) in driven:
                channel = path.rsplit(".", 1)[1]
                raise OverAnimError(Message("'{bone}' {channel}[{index}] is driven: the driver would override the "
                                            "bake's keys; remove the driver or pick another bone", bone=bone.name,
                                            channel=channel, index=index))


def fk_leg_lines(rig: FootIKRig) -> list[LogLine]:
    """How the legs without an IK target are baked (solved as Two Bone IK, keyed as FK rotations),
    and those that cannot be (a foot without two parents: only the curves give its offset)."""
    legs, log = fk_legs(rig.armature, rig.bones)
    if legs:
        names = ", ".join(f"'{leg.thigh}' > '{leg.calf}' > '{leg.foot}'" for leg in legs)
        log.insert(0, (Level.INFO, Message(
            "Without an IK target, {legs} solved as Two Bone IK and keyed as FK rotations on the bake's track",
            legs=names)))
    return log
