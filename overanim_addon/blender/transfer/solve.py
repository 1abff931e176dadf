"""The retarget's numbers, every frame at once: each target bone's world rotation from the source
bone it follows (``core.retarget``), the pelvis carried by the size ratio (and a ground-level root,
where the target has one, along the pelvis's path on the ground: root motion from the hips), the
target's local channels, and the feet planted (``feet``)."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ...core.bone_map import BoneMap
from ...core.retarget import Follow, carried_points, followed_rotations, orthonormal, pose_matrices
from ...core.rotations import matrices_to_quaternions
from .feet import Leg, Planted, legs, plant, source_contacts
from .rigs import Rig

GROUND_LEVEL = 0.03  # of the rig's height: a root this near the lowest joint stands on the ground


@dataclass(frozen=True)
class Solved:
    local: np.ndarray  # (F, B, 4, 4) the target's channels (rotation, location in its rest frame)
    pose: np.ndarray  # (F, B, 4, 4) the target's pose matrices (armature space)
    rotated: tuple[int, ...]  # target bones whose rotation is keyed
    moved: tuple[int, ...]  # target bones whose location is keyed (the pelvis)
    source_heads: np.ndarray  # (F, Bs, 3) world cm
    carry: np.ndarray  # (3, 3) source facing -> target facing
    legs: tuple[Leg, ...] = ()  # the legs planted
    planted: Planted | None = None  # the source's contacts they were planted on


def world_heads(rig: Rig, worlds: np.ndarray, poses: np.ndarray) -> np.ndarray:
    """(F, B, 3) world cm of every bone's head from (F, 4, 4) worlds and (F, B, 4, 4) poses."""
    heads = np.einsum("fij,fbj->fbi", worlds[:, :3, :3], poses[:, :, :3, 3]) + worlds[:, None, :3, 3]
    return heads * rig.cm


def target_ends(rig: Rig, pose: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(heads, ends), each (F, B, 3) world cm, of the target's bones posed: ends joint to joint."""
    rest = rig.hierarchy.rest
    ends_world = np.array([rig.skeleton.end(n).point for n in rig.hierarchy.names])  # world cm, rest
    inv_world = np.linalg.inv(rig.world)
    ends_arm = (ends_world / rig.cm) @ inv_world[:3, :3].T + inv_world[:3, 3]
    in_bone = np.einsum("bij,bj->bi", np.linalg.inv(rest)[:, :3, :3], ends_arm - rest[:, :3, 3])
    ends = np.einsum("fbij,bj->fbi", pose[:, :, :3, :3], in_bone) + pose[:, :, :3, 3]
    to_world = rig.world[:3, :3]
    return ((pose[:, :, :3, 3] @ to_world.T + rig.world[:3, 3]) * rig.cm,
            (ends @ to_world.T + rig.world[:3, 3]) * rig.cm)


def solve(source: Rig, target: Rig, bone_map: BoneMap, worlds: np.ndarray, poses: np.ndarray,
          ratio: float, fps: float, plant_feet: bool = True) -> Solved:
    """The target's channels at every sampled frame (see ``core.retarget``), the feet planted on the
    source's contacts (``feet``) unless ``plant_feet`` is off."""
    assert source.body is not None and target.body is not None
    frames = len(worlds)
    carry = target.frame @ source.frame.T
    world_rot = orthonormal(worlds[:, :3, :3])
    to_armature = orthonormal(target.world[:3, :3]).T
    rotations: dict[int, np.ndarray] = {}
    for row in bone_map.rows:
        if not row.source or row.source not in source.index or row.target not in target.index:
            continue
        s, t = source.index[row.source], target.index[row.target]
        follow = Follow(source.rest_world[s], target.rest_world[t], source.direction(row.source),
                        target.direction(row.target), aligned=row.role != "pelvis")
        rotations[t] = to_armature @ followed_rotations(orthonormal(world_rot @ poses[:, s, :3, :3]), follow, carry)
    heads = world_heads(source, worlds, poses)
    moved: dict[int, np.ndarray] = {}
    pelvis_s, pelvis_t = source.body.role_bone("pelvis", "spine"), target.body.role_bone("pelvis", "spine")
    if pelvis_s is not None and pelvis_t is not None:
        path = carried_points(heads[:, source.index[pelvis_s]], source.head(pelvis_s), target.head(pelvis_t),
                              carry, ratio)
        inv = np.linalg.inv(target.world)
        moved[target.index[pelvis_t]] = (path / target.cm) @ inv[:3, :3].T + inv[:3, 3]
        root = ground_root(target, pelvis_t)
        if root is not None:  # root motion: the pelvis's path projected on the ground, as Motion measures it
            ground = path.copy()
            ground[:, 2] = target.head(root)[2]
            moved[target.index[root]] = (ground / target.cm) @ inv[:3, :3].T + inv[:3, 3]
    local, pose = pose_matrices(target.hierarchy, rotations, moved, frames)
    found = legs(source, target) if plant_feet and frames > 1 else []
    if not found:
        return Solved(local, pose, tuple(sorted(rotations)), tuple(moved), heads, carry)
    planted = source_contacts(source, found, heads, fps)
    rotations, drop = plant(target, found, planted, rotations, pose, target_ends(target, pose)[0], fps)
    if pelvis_t is not None and target.index[pelvis_t] in moved:
        # the pelvis sinks where a held foot needs it (world up, in the rig's units); a root stays on the ground
        sunk = target.index[pelvis_t]
        moved[sunk] = moved[sunk] - (drop[:, None] / target.cm) * np.linalg.inv(target.world)[:3, 2]
    local, pose = pose_matrices(target.hierarchy, rotations, moved, frames)
    return Solved(local, pose, tuple(sorted(rotations)), tuple(moved), heads, carry, tuple(found), planted)


def ground_root(rig: Rig, pelvis: str) -> str | None:
    """The pelvis's parent when it is a root at ground level (Unreal's ``root``): the bone root motion
    goes on. None where the pelvis is the root (Mixamo's Hips, a BVH's) or hangs under a higher bone."""
    parent = rig.skeleton.by_name[pelvis].parent
    if parent is None or rig.skeleton.by_name[parent].parent is not None:
        return None
    points = rig.skeleton.joint_points()
    floor, height = float(points[:, 2].min()), float(np.ptp(points[:, 2]))
    return parent if rig.head(parent)[2] - floor <= GROUND_LEVEL * height else None


def continuous_quaternions(matrices: np.ndarray) -> np.ndarray:
    """(F, 4) quaternions of (F, 3, 3) rotations, each on the side of the previous one (no flips
    between frames, so the keys interpolate the short way)."""
    q = matrices_to_quaternions(matrices)
    flips = np.concatenate([[1.0], np.sign(np.sum(q[1:] * q[:-1], axis=1))])
    flips[flips == 0] = 1.0
    return q * np.cumprod(flips)[:, None]
