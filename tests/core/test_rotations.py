import math

import numpy as np
from hypothesis import given
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

from overanim_addon.core.rotations import (
    axis_angle_matrices,
    matrices_to_quaternions,
    quaternion_conjugate,
    quaternion_multiply,
)

unit = st.floats(min_value=-1.0, max_value=1.0)


def quaternion_matrices(q):
    """Rotation matrices of unit quaternions (w, x, y, z), the textbook formula."""
    w, x, y, z = q.T
    return np.stack([
        np.stack([1 - 2 * (y * y + z * z), 2 * (x * y - w * z), 2 * (x * z + w * y)], axis=1),
        np.stack([2 * (x * y + w * z), 1 - 2 * (x * x + z * z), 2 * (y * z - w * x)], axis=1),
        np.stack([2 * (x * z - w * y), 2 * (y * z + w * x), 1 - 2 * (x * x + y * y)], axis=1),
    ], axis=1)


quaternions = hnp.arrays(np.float64, (6, 4), elements=unit).filter(
    lambda q: np.all(np.linalg.norm(q, axis=1) > 0.1)).map(lambda q: q / np.linalg.norm(q, axis=1, keepdims=True))


@given(quaternions)
def test_quaternions_of_matrices_give_the_matrices_back(q):
    found = matrices_to_quaternions(quaternion_matrices(q))
    assert np.allclose(quaternion_matrices(found), quaternion_matrices(q), atol=1e-9)
    assert np.all(found[:, 0] >= 0.0) and np.allclose(np.abs((found * q).sum(axis=1)), 1.0)


@given(quaternions, quaternions)
def test_the_product_is_the_rotation_of_b_then_a(a, b):
    assert np.allclose(quaternion_matrices(quaternion_multiply(a, b)), quaternion_matrices(a) @ quaternion_matrices(b))
    assert np.allclose(quaternion_multiply(quaternion_conjugate(a), a), [1, 0, 0, 0], atol=1e-12)


@given(hnp.arrays(np.float64, (5, 3), elements=unit).filter(lambda v: np.all(np.linalg.norm(v, axis=1) > 0.1)),
       hnp.arrays(np.float64, 5, elements=st.floats(min_value=-math.pi, max_value=math.pi)))
def test_axis_angle_turns_right_handed_about_the_axis(axes, turns):
    axes = axes / np.linalg.norm(axes, axis=1, keepdims=True)
    m = axis_angle_matrices(axes, turns)
    assert np.allclose(np.einsum("nij,nj->ni", m, axes), axes)  # the axis stays
    half = turns / 2
    q = np.concatenate([np.cos(half)[:, None], np.sin(half)[:, None] * axes], axis=1)
    assert np.allclose(m, quaternion_matrices(q))
    assert np.allclose(axis_angle_matrices(np.array([[0, 0, 1.0]]), np.array([math.pi / 2]))[0] @ [1, 0, 0],
                       [0, 1, 0])
