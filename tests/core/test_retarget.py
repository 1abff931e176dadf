"""World-space retargeting (core.retarget): a target bone points where its source bone points,
relative to each character, whatever the two rests; the local channels rebuild the world rotations."""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from overanim_addon.core.retarget import (
    Follow,
    Hierarchy,
    carried_points,
    direction_errors,
    facing_frame,
    followed_rotations,
    orthonormal,
    pose_matrices,
)
from overanim_addon.core.rotations import axis_angle_matrices


def rotations(count: int, seed: int) -> np.ndarray:
    rng = np.random.default_rng(seed)
    axes = rng.normal(size=(count, 3))
    axes /= np.linalg.norm(axes, axis=1, keepdims=True)
    return axis_angle_matrices(axes, rng.uniform(-np.pi, np.pi, count))


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 10_000), st.floats(-np.pi, np.pi), st.floats(-np.pi, np.pi))
def test_a_followed_bone_points_where_its_source_points_relative_to_the_character(seed, source_turn, target_turn):
    """Other rests (a T-pose arm onto an A-pose one, other bone rolls) and other facings: at every
    frame the target's joint direction, seen from its character, is the source's from its."""
    rests = rotations(2, seed)
    source_dir, target_dir = rests[0] @ [0, 1.0, 0.3], rests[1] @ [0.2, 1.0, 0]  # joints off the bones' axes
    frames = rotations(20, seed + 1)  # the source bone's world rotation per frame
    c_s = facing_frame((np.cos(source_turn), np.sin(source_turn), 0.0))
    c_t = facing_frame((np.cos(target_turn), np.sin(target_turn), 0.0))
    carry = c_t @ c_s.T
    g = followed_rotations(frames, Follow(rests[0], rests[1], source_dir, target_dir), carry)
    source_now = frames @ rests[0].T @ source_dir  # the source's joint direction at each frame
    target_now = g @ rests[1].T @ target_dir
    errors = direction_errors(np.einsum("ij,fj->fi", c_s.T, source_now), np.einsum("ij,fj->fi", c_t.T, target_now))
    assert errors.max() < 1e-6


def test_the_same_rest_carries_the_rotation_unchanged():
    rest = rotations(1, 3)[0]
    frames = rotations(5, 4)
    g = followed_rotations(frames, Follow(rest, rest, rest @ [0, 1, 0], rest @ [0, 1, 0]), np.eye(3))
    np.testing.assert_allclose(g, frames, atol=1e-12)


def test_positions_are_carried_about_each_rest_origin_by_the_ratio():
    carry = facing_frame((1.0, 0.0, 0.0)) @ facing_frame((0.0, -1.0, 0.0)).T  # -Y facing onto +X facing
    moved = carried_points(np.array([[0.0, -10.0, 95.0]]), np.array([0, 0, 95.0]), np.array([5, 5, 50.0]), carry, 0.5)
    np.testing.assert_allclose(moved, [[10.0, 5.0, 50.0]])


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 10_000))
def test_local_channels_rebuild_the_world_rotations_and_the_moved_head(seed):
    rng = np.random.default_rng(seed)
    count, frames = 5, 4
    rest = np.broadcast_to(np.eye(4), (count, 4, 4)).copy()
    rest[:, :3, :3] = rotations(count, seed)
    rest[:, :3, 3] = rng.normal(size=(count, 3))
    hierarchy = Hierarchy(tuple(f"b{i}" for i in range(count)), rest, (-1, 0, 1, 1, 3))
    wanted = {i: rotations(frames, seed + 10 + i) for i in (0, 2, 4)}  # bones 1 and 3 follow their parents
    head = rng.normal(size=(frames, 3))
    local, pose = pose_matrices(hierarchy, wanted, {0: head}, frames)
    for i, g in wanted.items():
        np.testing.assert_allclose(pose[:, i, :3, :3], g, atol=1e-9)
    np.testing.assert_allclose(pose[:, 0, :3, 3], head, atol=1e-9)
    np.testing.assert_allclose(local[:, 1, :3, :3], np.broadcast_to(np.eye(3), (frames, 3, 3)), atol=1e-12)
    np.testing.assert_allclose(orthonormal(local[:, 2, :3, :3]), local[:, 2, :3, :3], atol=1e-9)
