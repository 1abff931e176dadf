import numpy as np
import pytest
from hypothesis import assume, given
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

from overanim_addon.core.errors import InvalidInputError
from overanim_addon.core.two_bone_ik import aim_rotations, frame_rotations, solve_two_bone

coordinate = st.floats(min_value=-100.0, max_value=100.0, allow_nan=False)


def points(count):
    return hnp.arrays(np.float64, (count, 3), elements=coordinate)


def bones(data, count):
    """``count`` bone vectors of 1 to 100 units in any direction, drawn directly (a filter for the
    length threw away most draws: Hypothesis's health check failed on older versions)."""
    size = hnp.arrays(np.float64, count, elements=st.floats(min_value=1.0, max_value=100.0))
    height = hnp.arrays(np.float64, count, elements=st.floats(min_value=-1.0, max_value=1.0))
    turn = hnp.arrays(np.float64, count, elements=st.floats(min_value=0.0, max_value=2.0 * np.pi))
    length, z, angle = data.draw(size), data.draw(height), data.draw(turn)
    ring = np.sqrt(1.0 - z * z)
    return np.stack([ring * np.cos(angle), ring * np.sin(angle), z], axis=1) * length[:, None]


def chains(data, count):
    """A random chain (root, mid, end) with bones of at least 1 unit, a target and a pole."""
    root = data.draw(points(count))
    thigh, calf = bones(data, count), bones(data, count)
    target = data.draw(points(count))
    pole = data.draw(points(count))
    return root, root + thigh, root + thigh + calf, target, pole


def lengths(root, mid, end):
    return np.linalg.norm(mid - root, axis=1), np.linalg.norm(end - mid, axis=1)


@given(st.data(), st.integers(min_value=1, max_value=6))
def test_bone_lengths_are_kept(data, count):
    root, mid, end, target, pole = chains(data, count)
    solved = solve_two_bone(root, mid, end, target, pole)
    before, after = lengths(root, mid, end), lengths(root, solved.mid, solved.end)
    assert np.allclose(before[0], after[0], rtol=1e-7, atol=1e-7)
    assert np.allclose(before[1], after[1], rtol=1e-7, atol=1e-7)


@given(st.data(), st.integers(min_value=1, max_value=6))
def test_end_reaches_a_reachable_target_else_lies_on_the_line_at_full_reach(data, count):
    root, mid, end, target, pole = chains(data, count)
    upper, lower = lengths(root, mid, end)
    distance = np.linalg.norm(target - root, axis=1)
    solved = solve_two_bone(root, mid, end, target, pole)
    inside = (distance < upper + lower - 1e-6) & (distance > np.abs(upper - lower) + 1e-6)
    outside = distance > upper + lower + 1e-6
    assert np.all(solved.reached[inside]) and not np.any(solved.reached[outside])
    assert np.allclose(solved.end[inside], target[inside], atol=1e-6)
    far = outside & (distance > 1e-3)
    direction = (target - root)[far] / distance[far, None]
    expected = root[far] + direction * (upper + lower)[far, None]
    assert np.allclose(solved.end[far], expected, atol=1e-6)
    assert np.allclose(solved.extension_ratio, distance / (upper + lower))


@given(st.data(), st.integers(min_value=1, max_value=6))
def test_mid_stays_in_the_plane_of_root_target_and_pole_on_the_poles_side(data, count):
    root, mid, end, target, pole = chains(data, count)
    line = target - root
    normal = np.cross(line, pole - root)
    size = np.linalg.norm(normal, axis=1)
    # only a plane well defined by the three points is checked
    assume(np.all(size > 1e-2 * (1.0 + np.linalg.norm(line, axis=1) * np.linalg.norm(pole - root, axis=1))))
    assume(np.all(np.linalg.norm(line, axis=1) > 1e-2))
    solved = solve_two_bone(root, mid, end, target, pole)
    unit_normal = normal / size[:, None]
    assert np.allclose(np.sum((solved.mid - root) * unit_normal, axis=1), 0.0, atol=1e-6)
    # on the pole's side of the root-target line
    line_unit = line / np.linalg.norm(line, axis=1)[:, None]

    def off_line(p):
        v = p - root
        return v - np.sum(v * line_unit, axis=1)[:, None] * line_unit

    assert np.all(np.sum(off_line(solved.mid) * off_line(pole), axis=1) >= -1e-6)


@given(st.data(), st.floats(min_value=1.0, max_value=1.5))
def test_stretch_up_to_the_max_extension_ratio(data, ratio):
    root, mid, end, target, pole = chains(data, 1)
    upper, lower = lengths(root, mid, end)
    chain = upper + lower
    direction = np.array([[0.0, 0.0, -1.0]])
    want = data.draw(st.floats(min_value=0.5, max_value=2.0))
    target = root + direction * (chain * want)[:, None]
    solved = solve_two_bone(root, mid, end, target, pole, max_extension_ratio=ratio)
    reach = np.linalg.norm(solved.end - root, axis=1)
    assert np.allclose(reach, chain * np.clip(want, np.abs(upper - lower) / chain, ratio), rtol=1e-9)
    shortest = np.abs(upper - lower)[0] / chain[0]
    assume(min(abs(want - ratio), abs(want - shortest)) > 1e-9)  # on a bound, rounding decides either way
    assert bool(solved.reached[0]) == bool(shortest <= want <= ratio)
    # both bones stretch alike: their ratio is kept
    new_upper, new_lower = lengths(root, solved.mid, solved.end)
    assert np.allclose(new_upper * lower, new_lower * upper, rtol=1e-7)


def test_a_ratio_below_one_keeps_the_knee_bent():
    root, mid, end = np.array([[0.0, 0, 100]]), np.array([[0.0, 5, 50]]), np.array([[0.0, 0, 0]])
    target = np.array([[0.0, 0, -20]])
    solved = solve_two_bone(root, mid, end, target, mid, max_extension_ratio=0.95)
    assert not solved.reached[0]
    assert np.isclose(np.linalg.norm(solved.end - root), 0.95 * (2 * np.hypot(50, 5)))
    assert solved.mid[0, 1] > 1.0  # bent forward, as before


def test_the_knee_bends_where_the_pole_says():
    # a leg straight down, the target 10 up: the knee goes forward (+Y), towards the pole
    root, mid, end = np.array([[0.0, 0, 90]]), np.array([[0.0, 0, 45]]), np.array([[0.0, 0, 0]])
    solved = solve_two_bone(root, mid, end, np.array([[0.0, 0, 10]]), np.array([[0.0, 50, 45]]))
    assert solved.reached[0] and solved.mid[0, 1] > 10 and abs(solved.mid[0, 0]) < 1e-9
    assert np.allclose(solved.end, [[0.0, 0, 10]])


def test_refuses_what_is_not_a_finite_chain():
    ok = np.zeros((2, 3))
    with pytest.raises(InvalidInputError):
        solve_two_bone(ok, ok, ok, np.full((2, 3), np.nan), ok)
    with pytest.raises(InvalidInputError):
        solve_two_bone(ok, ok, ok, np.zeros((3, 3)), ok)
    with pytest.raises(InvalidInputError):
        solve_two_bone(ok, ok, ok, ok, ok, max_extension_ratio=0.0)


@given(st.data())
def test_aim_rotations_turn_one_direction_onto_the_other(data):
    a, b = bones(data, 5), bones(data, 5)  # any directions, drawn without a filter
    r = aim_rotations(a, b)
    assert np.allclose(r @ r.transpose(0, 2, 1), np.eye(3), atol=1e-9) and np.allclose(np.linalg.det(r), 1.0)
    ua, ub = (v / np.linalg.norm(v, axis=1)[:, None] for v in (a, b))
    assert np.allclose(np.einsum("nij,nj->ni", r, ua), ub, atol=1e-9)
    # opposite directions too
    r = aim_rotations(a, -a)
    assert np.allclose(np.einsum("nij,nj->ni", r, ua), -ua, atol=1e-9)


@given(st.data())
def test_frame_rotations_carry_the_plane_with_the_direction(data):
    p, s, q = (bones(data, 4) for _ in range(3))  # any directions, drawn without a filter
    turn = aim_rotations(data.draw(hnp.arrays(np.float64, (4, 3), elements=coordinate)) + 0.5, np.ones((4, 3)))
    size = np.linalg.norm(p, axis=1) * np.linalg.norm(s, axis=1)
    assume(np.all(np.linalg.norm(np.cross(p, s), axis=1) > 1e-2 * (1 + size)))
    assume(np.all(np.linalg.norm(q, axis=1) > 1e-3))
    # a rigid turn of both vectors is found again exactly
    tp, ts = np.einsum("nij,nj->ni", turn, p), np.einsum("nij,nj->ni", turn, s)
    assert np.allclose(frame_rotations(p, s, tp, ts), turn, atol=1e-8)
    r = frame_rotations(p, s, q, s)
    assert np.allclose(np.linalg.det(r), 1.0)
    uq = q / np.linalg.norm(q, axis=1)[:, None]
    assert np.allclose(np.einsum("nij,nj->ni", r, p / np.linalg.norm(p, axis=1)[:, None]), uq, atol=1e-8)
