"""Retargeting across skeletons in world space, bpy-free, every frame at once (NumPy).

Each character has a *facing frame* ``C`` (columns forward, left, up; world rotation) from its
rest pose; ``M = C_t C_s^T`` carries a direction relative to the source character into the
target's. A target bone ``t`` that follows a source bone ``s`` takes the world rotation

    G_t(f) = M R_s(f) R_s0^T M^T A R_t0

(``R_s(f)`` the source bone's world rotation at frame f, ``R_s0`` and ``R_t0`` the rest ones, ``A``
the shortest arc turning the target's rest direction onto the source's rest direction seen from the
target's frame), so its joint-to-joint direction is the source's at every frame, relative to the
character, whatever the two rest poses (a T-pose onto an A-pose), and its twist follows the
source's. The pelvis takes ``A = I``: the body's turn and tilt as the source's.

Positions (the pelvis, the feet) go through ``x_t = O_t + r M (x_s - O_s)``: ``O`` each rest pelvis
head, ``r`` the measured size ratio (pelvis heights above the ground, Unreal's IK Retargeter's).

Then ``pose_matrices`` turns world rotations into the target's local channels top-down over its
hierarchy (``P_b = P_parent Rest_parent^-1 Rest_b L_b``, Blender's composition with the bone's own
location in its rest frame): a bone with no world rotation keeps its rest (``L = I``), following its
parent.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

import numpy as np

from .two_bone_ik import aim_rotations

UP = np.array([0.0, 0.0, 1.0])


def orthonormal(matrices: np.ndarray) -> np.ndarray:
    """The rotation part of (..., 3, 3) matrices with scale: columns normalised, which is exact for a
    rotation times a scale per axis (what bones and objects hold); the few others (a shear, a mirror)
    go through the SVD's nearest rotation."""
    m = np.asarray(matrices, dtype=np.float64)
    flat = m.reshape(-1, 3, 3)
    r = flat / np.maximum(np.linalg.norm(flat, axis=1, keepdims=True), 1e-300)
    off = np.abs(np.swapaxes(r, 1, 2) @ r - np.eye(3)).max(axis=(1, 2))
    bad = (off > 1e-4) | (np.linalg.det(r) < 0)  # float32 poses are orthogonal to 1e-6 or so
    if np.any(bad):
        u, _s, vt = np.linalg.svd(flat[bad])
        flip = np.linalg.det(u @ vt) < 0  # a mirrored rest (negative scale): keep a rotation
        u[flip, :, -1] *= -1
        r[bad] = u @ vt
    return r.reshape(m.shape)


def facing_frame(forward: Sequence[float] | np.ndarray, up: Sequence[float] | np.ndarray = UP) -> np.ndarray:
    """(3, 3) world rotation, columns forward, left, up, from a (nearly horizontal) forward."""
    u = np.asarray(up, dtype=np.float64) / np.linalg.norm(up)
    f = np.asarray(forward, dtype=np.float64)
    f = f - np.dot(f, u) * u
    f /= np.linalg.norm(f)
    return np.stack([f, np.cross(u, f), u], axis=1)


@dataclass(frozen=True)
class Follow:
    """One target bone following one source bone: their rest world rotations and joint directions."""

    source_rest: np.ndarray  # (3, 3)
    target_rest: np.ndarray  # (3, 3)
    source_direction: np.ndarray  # (3,) rest joint-to-joint, world
    target_direction: np.ndarray  # (3,)
    aligned: bool = True  # False: A = I (the pelvis)


def followed_rotations(source_world: np.ndarray, follow: Follow, carry: np.ndarray) -> np.ndarray:
    """``G_t(f)`` (F, 3, 3) of one target bone from its source bone's world rotations (F, 3, 3);
    ``carry`` = ``M``."""
    align = np.eye(3)
    if follow.aligned and np.linalg.norm(follow.source_direction) > 0 and np.linalg.norm(
            follow.target_direction) > 0:
        align = aim_rotations(follow.target_direction, carry @ follow.source_direction)[0]
    return carry @ source_world @ follow.source_rest.T @ carry.T @ align @ follow.target_rest


def carried_points(source_points: np.ndarray, source_origin: np.ndarray, target_origin: np.ndarray,
                   carry: np.ndarray, ratio: float) -> np.ndarray:
    """``O_t + r M (x_s - O_s)`` for (..., 3) points."""
    return np.asarray(target_origin) + float(ratio) * (np.asarray(source_points) - np.asarray(source_origin)) @ carry.T


@dataclass(frozen=True)
class Hierarchy:
    """The target's bones in Blender's order (parents first): rest matrices in the armature's space
    (4 x 4, ``Bone.matrix_local``) and each parent's index (-1 for a root)."""

    names: tuple[str, ...]
    rest: np.ndarray  # (B, 4, 4)
    parents: tuple[int, ...]

    def relative(self) -> np.ndarray:
        """(B, 4, 4) ``Rest_parent^-1 Rest_b`` (the rest itself for a root)."""
        out = self.rest.copy()
        for b, p in enumerate(self.parents):
            if p >= 0:
                out[b] = np.linalg.inv(self.rest[p]) @ self.rest[b]
        return out


def pose_matrices(hierarchy: Hierarchy, rotations: Mapping[int, np.ndarray], heads: Mapping[int, np.ndarray],
                  frames: int) -> tuple[np.ndarray, np.ndarray]:
    """(local, pose), each (F, B, 4, 4), from world-in-armature rotations per driven bone (F, 3, 3)
    and armature-space head positions for bones that move (F, 3). ``local`` holds each bone's
    channels (rotation and location in its rest frame)."""
    count = len(hierarchy.names)
    relative = hierarchy.relative()
    local = np.broadcast_to(np.eye(4), (frames, count, 4, 4)).copy()
    pose = np.empty((frames, count, 4, 4))
    for b, p in enumerate(hierarchy.parents):
        base = relative[b] if p < 0 else pose[:, p] @ relative[b]  # (F, 4, 4) or (4, 4)
        base = np.broadcast_to(base, (frames, 4, 4))
        frame_rot = orthonormal(base[:, :3, :3])
        if b in rotations:
            local[:, b, :3, :3] = np.swapaxes(frame_rot, 1, 2) @ rotations[b]
        if b in heads:
            local[:, b, :3, 3] = np.linalg.solve(base[:, :3, :3], (heads[b] - base[:, :3, 3])[..., None])[..., 0]
        pose[:, b] = base @ local[:, b]
    return local, pose


def direction_errors(source: np.ndarray, target: np.ndarray) -> np.ndarray:
    """Angles (degrees) between two (..., 3) direction arrays."""
    a, b = np.asarray(source, dtype=np.float64), np.asarray(target, dtype=np.float64)
    return np.degrees(np.arctan2(np.linalg.norm(np.cross(a, b), axis=-1), np.sum(a * b, axis=-1)))
