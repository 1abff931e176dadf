"""Legs without IK controls (Mixamo, CMU BVH, glTF rigs, any FK leg): the bake solves each one as
Two Bone IK (``core.two_bone_ik``: thigh, calf, foot, the knee kept in the plane the animation bends
it in) for its ankle to land where the ground wants it, and keys the FK rotations that pose it.

All frames at once. In world space (the armature's world matrix is a uniform scale and a turn,
checked by ``rig.resolve``), the hip rises with the body, the ankle's target is the source ankle
moved as the bake moves the foot (``over_time.Plan``: turned about its toe, raised there), the pole
the source knee (risen with the body). The thigh turns about the hip by D_t (its bend plane carried
along), the calf about the knee by D_c, and the foot ends turned by the ground's R from its source
orientation. With P the bones' pose rotations, B their basis rotations and A = W^-1 D W each turn
in armature space, the new basis rotations are

    thigh  B P^-1 A_t P
    calf   B P^-1 A_t^-1 A_c A_t P
    foot   B P^-1 (A_c A_t)^-1 A_R P

(a bone's pose is its parent's times a constant times its basis: what turns the parent turns it).
The bones must inherit their parent's rotation, as imported and generated rigs do.
"""

from __future__ import annotations

from dataclasses import dataclass

import bpy
import numpy as np

from ...core.bone_names import FootIKBones
from ...core.foot_ik_quality import REACH_TOLERANCE
from ...core.log import Level, LogLine
from ...core.messages import Message
from ...core.two_bone_ik import aim_rotations, frame_rotations, solve_two_bone
from ..shared.typed import armature_data
from .probe import Sampler


@dataclass(frozen=True)
class Leg:
    side: str  # "left" or "right"
    thigh: str
    calf: str
    foot: str
    toe: str  # the foot's first child ("" when it has none: its tail is the toe)


def fk_legs(armature: bpy.types.Object, bones: FootIKBones) -> tuple[list[Leg], list[LogLine]]:
    """The legs of the sides without an IK target, as (thigh, calf, foot) chains up the foot's
    parents; a foot with fewer than two parents is left as it is, with a warning."""
    data = armature_data(armature).bones
    legs, log = [], []
    for side, foot, target in (("left", bones.left_foot, bones.left_ik_target),
                               ("right", bones.right_foot, bones.right_ik_target)):
        if target:
            continue
        calf = data[foot].parent
        thigh = calf.parent if calf is not None else None
        if calf is None or thigh is None:
            log.append((Level.WARNING, Message("'{foot}' has no thigh and calf above it: that leg is not solved; set "
                                               "its IK target in the Foot IK panel", foot=foot)))
            continue
        toe = data[foot].children[0].name if len(data[foot].children) else ""
        legs.append(Leg(side, thigh.name, calf.name, foot, toe))
    return legs, log


def _rotations(matrices: np.ndarray) -> np.ndarray:
    """The rotation parts (N x 3 x 3) of N matrices, their columns' scale taken out."""
    linear = matrices[:, :3, :3]
    return linear / np.linalg.norm(linear, axis=1, keepdims=True)


def _world_points(world: np.ndarray, pose: np.ndarray, local: np.ndarray | None = None) -> np.ndarray:
    """World positions (N x 3) of a point of a bone (its head, or ``local`` in its own axes)."""
    p = pose[:, :, 3] if local is None else np.einsum("nij,j->ni", pose, np.append(local, 1.0))
    return np.einsum("nij,nj->ni", world, p)[:, :3]


@dataclass(frozen=True)
class SolvedLeg:
    leg: Leg
    bases: dict[str, np.ndarray]  # bone name -> wanted basis rotation parts (N x 3 x 3)
    ankle: np.ndarray  # N x 3, world, Blender units: where the ankle ends
    missed: np.ndarray  # N bools: the ankle is more than REACH_TOLERANCE from its target


def toe_points(sampler: Sampler, leg_foot: str, toe: str) -> np.ndarray:
    """The toe (world, N x 3): the toe bone's head, or the foot's tail."""
    world = sampler.world_matrices()
    if toe:
        return _world_points(world, sampler.pose_matrices(sampler.column(toe)))
    length = armature_data(sampler.rig.armature).bones[leg_foot].length
    return _world_points(world, sampler.pose_matrices(sampler.column(leg_foot)), np.array([0.0, length, 0.0]))


def ankle_points(sampler: Sampler, foot: str) -> np.ndarray:
    return _world_points(sampler.world_matrices(), sampler.pose_matrices(sampler.column(foot)))


def solve_leg(sampler: Sampler, leg: Leg, body_rise: np.ndarray, ankle_moves: np.ndarray, turn: np.ndarray,
              max_extension_ratio: float, forward: np.ndarray) -> SolvedLeg:
    """Solve one leg over the sampled frames: ``body_rise`` (N, Blender units) how far its hip rises
    with the body, ``ankle_moves`` (N x 3, units) how far its ankle's target is from the source ankle, ``turn``
    (N x 3 x 3, world) the ground's rotation for its foot. Max Extension Ratio as in Unreal's Foot
    Placement: of the length left between the source pose and the straight leg (1: all of it). A leg
    the animation holds straight has no bend plane: its knee bends towards ``forward`` (N x 3, world)."""
    world = sampler.world_matrices()
    up = np.array([0.0, 0.0, 1.0])
    poses = {name: sampler.pose_matrices(sampler.column(name)) for name in (leg.thigh, leg.calf, leg.foot)}
    risen = body_rise[:, None] * up
    hip, knee, ankle = (_world_points(world, poses[name]) + risen for name in (leg.thigh, leg.calf, leg.foot))
    target = ankle - risen + ankle_moves
    upper, lower = np.linalg.norm(knee - hip, axis=1), np.linalg.norm(ankle - knee, axis=1)
    source = np.linalg.norm(ankle - hip, axis=1) / (upper + lower)
    ratio = np.minimum(1.0, source + float(max_extension_ratio) * (1.0 - source))
    line = (ankle - hip) / np.linalg.norm(ankle - hip, axis=1, keepdims=True)
    bend = (knee - hip) - np.sum((knee - hip) * line, axis=1, keepdims=True) * line
    straight = np.linalg.norm(bend, axis=1) < 1e-3 * upper
    pole = np.where(straight[:, None], knee + forward * upper[:, None], knee)
    solved = solve_two_bone(hip, knee, ankle, target, pole, max_extension_ratio=ratio)
    d_thigh = frame_rotations(knee - hip, ankle - hip, solved.mid - hip, solved.end - hip)
    d_calf = aim_rotations(np.einsum("nij,nj->ni", d_thigh, ankle - knee), solved.end - solved.mid)
    w = _rotations(world)
    wt = w.transpose(0, 2, 1)
    a_thigh, a_calf, a_turn = (wt @ d @ w for d in (d_thigh, d_calf, turn))
    bases = {}
    for name, change in ((leg.thigh, a_thigh), (leg.calf, a_thigh.transpose(0, 2, 1) @ a_calf @ a_thigh),
                         (leg.foot, (a_calf @ a_thigh).transpose(0, 2, 1) @ a_turn)):
        pose = _rotations(poses[name])
        basis = _rotations(sampler.basis_matrices(sampler.column(name)))
        linear = basis @ pose.transpose(0, 2, 1) @ change @ pose
        bases[name] = linear / np.linalg.norm(linear, axis=1, keepdims=True)
    missed = np.linalg.norm(solved.end - target, axis=1) * sampler.rig.cm > REACH_TOLERANCE
    return SolvedLeg(leg, bases, solved.end, missed)
