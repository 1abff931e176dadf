"""Batched rotation helpers (N rotations at once, NumPy): matrices from axis and angle, quaternions
from matrices, the Hamilton product. Quaternions are (w, x, y, z), as in Blender."""

from __future__ import annotations

import numpy as np


def axis_angle_matrices(axes: np.ndarray, angles: np.ndarray) -> np.ndarray:
    """Right-handed rotations by ``angles`` (radians, N) about the unit ``axes`` (N x 3): N x 3 x 3
    (Rodrigues: I + sin a K + (1 - cos a) K^2, K the cross-product matrix of the axis)."""
    a = np.asarray(axes, dtype=np.float64).reshape(-1, 3)
    t = np.asarray(angles, dtype=np.float64).reshape(-1)
    k = np.zeros((len(a), 3, 3))
    k[:, 0, 1], k[:, 0, 2], k[:, 1, 2] = -a[:, 2], a[:, 1], -a[:, 0]
    k[:, 1, 0], k[:, 2, 0], k[:, 2, 1] = a[:, 2], -a[:, 1], a[:, 0]
    return np.eye(3) + np.sin(t)[:, None, None] * k + (1.0 - np.cos(t))[:, None, None] * (k @ k)


def matrices_to_quaternions(matrices: np.ndarray) -> np.ndarray:
    """Unit quaternions (N x 4, w >= 0) of rotation matrices (N x 3 x 3), by the largest of the four
    candidate components (Shepperd), so no division by a small number."""
    m = np.asarray(matrices, dtype=np.float64).reshape(-1, 3, 3)
    trace = m[:, 0, 0] + m[:, 1, 1] + m[:, 2, 2]
    candidates = np.stack([trace, m[:, 0, 0], m[:, 1, 1], m[:, 2, 2]], axis=1)
    pick = np.argmax(candidates, axis=1)
    q = np.empty((len(m), 4))
    for case in range(4):
        rows = pick == case
        r = m[rows]
        if case == 0:
            s = np.sqrt(1.0 + trace[rows]) * 2.0
            q[rows] = np.stack([0.25 * s, (r[:, 2, 1] - r[:, 1, 2]) / s, (r[:, 0, 2] - r[:, 2, 0]) / s,
                                (r[:, 1, 0] - r[:, 0, 1]) / s], axis=1)
            continue
        i, j, k = case - 1, case % 3, (case + 1) % 3
        s = np.sqrt(1.0 + r[:, i, i] - r[:, j, j] - r[:, k, k]) * 2.0
        part = np.empty((len(r), 4))
        part[:, 0] = (r[:, k, j] - r[:, j, k]) / s
        part[:, 1 + i] = 0.25 * s
        part[:, 1 + j] = (r[:, j, i] + r[:, i, j]) / s
        part[:, 1 + k] = (r[:, k, i] + r[:, i, k]) / s
        q[rows] = part
    q /= np.linalg.norm(q, axis=1, keepdims=True)
    return np.where(q[:, :1] < 0.0, -q, q)


def quaternion_multiply(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """The Hamilton product a b of N x 4 quaternions (rotating by b, then by a)."""
    a = np.asarray(a, dtype=np.float64).reshape(-1, 4)
    b = np.asarray(b, dtype=np.float64).reshape(-1, 4)
    aw, ax, ay, az = a.T
    bw, bx, by, bz = b.T
    return np.stack([aw * bw - ax * bx - ay * by - az * bz, aw * bx + ax * bw + ay * bz - az * by,
                     aw * by - ax * bz + ay * bw + az * bx, aw * bz + ax * by - ay * bx + az * bw], axis=1)


def quaternion_conjugate(q: np.ndarray) -> np.ndarray:
    return np.asarray(q, dtype=np.float64).reshape(-1, 4) * np.array([1.0, -1.0, -1.0, -1.0])
