import math

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

from overanim_addon.core.errors import InvalidInputError
from overanim_addon.core.foot_ik import (
    UP,
    VALUE_NAMES,
    character_frames,
    facing_axis,
    ground_angles,
    ground_rotations,
    probe_ray,
    solve,
    solve_frame,
)

angle = st.floats(min_value=-math.pi, max_value=math.pi)
tilt = st.floats(min_value=0.0, max_value=math.radians(80.0))
lift = st.floats(min_value=-40.0, max_value=40.0)
batch = st.integers(min_value=1, max_value=8)


def angles(n, low, high):
    return hnp.arrays(np.float64, n, elements=st.floats(min_value=low, max_value=high))


def headings(yaw):
    yaw = np.asarray(yaw, float).reshape(-1)
    return np.stack([np.cos(yaw), np.sin(yaw), np.zeros_like(yaw)], axis=1)


def tilted_normals(azimuth, slope):
    """Unit normals leaning ``slope`` radians from up towards the world directions ``azimuth``."""
    azimuth, slope = np.asarray(azimuth, float).reshape(-1), np.asarray(slope, float).reshape(-1)
    return np.stack([np.sin(slope) * np.cos(azimuth), np.sin(slope) * np.sin(azimuth), np.cos(slope)], axis=1)


def normal_rising(direction, degrees):
    """The normal of a plane that rises by ``degrees`` along the horizontal unit ``direction``."""
    n = UP - math.tan(math.radians(degrees)) * np.asarray(direction, float).reshape(3)
    return n / np.linalg.norm(n)


@given(st.data())
def test_rotations_map_up_onto_the_normals_without_yaw(data):
    count = data.draw(batch)
    yaw = data.draw(angles(count, -math.pi, math.pi))
    forward = headings(yaw)
    n = tilted_normals(data.draw(angles(count, -math.pi, math.pi)), data.draw(angles(count, 0.0, math.radians(80))))
    pitch, roll = ground_angles(n, forward)
    r = ground_rotations(pitch, roll, forward)
    assert np.allclose(r @ r.transpose(0, 2, 1), np.eye(3), atol=1e-9) and np.allclose(np.linalg.det(r), 1.0)
    assert np.allclose(r @ UP, n, atol=1e-9)
    # no yaw: the character's forward axis stays in its own vertical plane
    f, right = character_frames(forward)
    turned = np.einsum("nij,nj->ni", r, f)
    assert np.allclose((turned * right).sum(axis=1), 0.0, atol=1e-9) and np.all((turned * f).sum(axis=1) > 0.0)


@given(yaw=angle, turn=angle, azimuth=angle, slope=tilt)
def test_angles_are_relative_to_the_character_not_the_world(yaw, turn, azimuth, slope):
    """Turning the character and its ground together about world up changes nothing."""
    base = ground_angles(tilted_normals(azimuth, slope), headings(yaw))
    turned = ground_angles(tilted_normals(azimuth + turn, slope), headings(yaw + turn))
    assert np.allclose(turned, base, atol=1e-7)


@given(yaw=angle, degrees=st.floats(min_value=-60.0, max_value=60.0))
def test_a_slope_rising_ahead_is_pitch_and_one_rising_right_is_roll(yaw, degrees):
    f, r = character_frames(headings(yaw))
    assert np.allclose(ground_angles(normal_rising(f[0], degrees), f), ([degrees], [0.0]), atol=1e-7)
    assert np.allclose(ground_angles(normal_rising(r[0], degrees), f), ([0.0], [degrees]), atol=1e-7)


@given(yaw=angle, azimuth=angle, slope=tilt)
def test_mirroring_the_ground_left_right_flips_the_roll_only(yaw, azimuth, slope):
    forward = headings(yaw)
    _, r = character_frames(forward)
    n = tilted_normals(azimuth, slope)
    mirrored = n - 2.0 * (n * r).sum(axis=1, keepdims=True) * r
    pitch, roll = ground_angles(n, forward)
    assert np.allclose(ground_angles(mirrored, forward), (pitch, -roll), atol=1e-7)


@given(yaw=angle, azimuth=angle, slope=tilt)
def test_a_face_wound_downwards_reads_as_the_same_ground(yaw, azimuth, slope):
    n = tilted_normals(azimuth, slope)
    assert np.allclose(ground_angles(-n, headings(yaw)), ground_angles(n, headings(yaw)))


def test_forward_minus_y_has_its_right_at_minus_x():
    f, r = character_frames(np.array([0.0, -1.0, 0.0]))
    assert np.allclose(f, (0, -1, 0)) and np.allclose(r, (-1, 0, 0))
    # Blender's convention: ground rising towards -Y is ahead, towards -X is to the right
    assert np.allclose(ground_angles(normal_rising((0, -1, 0), 10), (0, -1, 0)), ([10], [0]))
    assert np.allclose(ground_angles(normal_rising((-1, 0, 0), 10), (0, -1, 0)), ([0], [10]))


@given(st.data())
def test_body_offset_is_the_signed_minimum_and_one_foot_offset_is_zero(data):
    count = data.draw(batch)
    lifts = data.draw(hnp.arrays(np.float64, (count, 2), elements=lift))
    missed = data.draw(hnp.arrays(np.bool_, (count, 2)))
    ray = probe_ray(data.draw(st.floats(min_value=1.0, max_value=500.0)),
                    data.draw(st.floats(min_value=0.0, max_value=200.0)))
    distances = np.where(missed, np.nan, ray.start_height - lifts)
    up = np.tile(UP, (count, 1))
    s = solve(ray, distances[:, 0], up, distances[:, 1], up, np.array([[0.0, -1.0, 0.0]]))
    effective = np.where(missed, 0.0, lifts)  # a miss lifts nothing
    assert np.allclose(s.body_offset, effective.min(axis=1), atol=1e-9)
    assert np.allclose(s.body_offset + s.left_offset, effective[:, 0], atol=1e-9)
    assert np.allclose(s.body_offset + s.right_offset, effective[:, 1], atol=1e-9)
    assert np.allclose(np.minimum(s.left_offset, s.right_offset), 0.0, atol=1e-9)
    assert np.all(s.left_offset >= 0.0) and np.all(s.right_offset >= 0.0)
    assert np.array_equal(s.left_hit, ~missed[:, 0]) and np.array_equal(s.right_hit, ~missed[:, 1])
    assert np.allclose(s.values()["TraceDistance"], ray.trace_distance)
    assert list(s.values()) == list(VALUE_NAMES)


def hit_at(ray, lift_cm, normal=(0.0, 0.0, 1.0)):
    return ray.start_height - lift_cm, normal


def test_the_issue_cases():
    ray = probe_ray(90.0, 50.0)  # a 180 cm character: the ray starts 45 cm above the reference
    assert (ray.start_height, ray.length) == (45.0, 95.0)
    ahead = (0.0, -1.0, 0.0)
    flat = solve_frame(ray, hit_at(ray, 0), hit_at(ray, 0), ahead)
    assert flat == {**dict.fromkeys(VALUE_NAMES, 0.0), "LeftHit": 1.0, "RightHit": 1.0, "TraceDistance": 50.0}
    box = solve_frame(ray, hit_at(ray, 10), hit_at(ray, 0), ahead)
    assert (box["BodyOffset"], box["LeftOffset"], box["RightOffset"]) == pytest.approx((0, 10, 0))
    dip = solve_frame(ray, hit_at(ray, -5), hit_at(ray, 0), ahead)
    assert (dip["BodyOffset"], dip["LeftOffset"], dip["RightOffset"]) == pytest.approx((-5, 0, 5))
    missing = solve_frame(ray, None, hit_at(ray, 3), ahead)
    assert (missing["LeftHit"], missing["BodyOffset"], missing["LeftOffset"], missing["RightOffset"]) == (0, 0, 0, 3)
    slope = solve_frame(ray, hit_at(ray, 0, normal_rising(ahead, 10)), None, ahead)
    assert (slope["LeftPitch"], slope["LeftRoll"], slope["RightPitch"]) == pytest.approx((10, 0, 0))


def test_a_miss_turns_nothing():
    ray = probe_ray(90.0, 50.0)
    s = solve(ray, np.array([np.nan]), np.array([[0.0, 0.3, 0.9]]), np.array([45.0]),
              np.array([normal_rising((0, -1, 0), 10)]), np.array([0.0, -1.0, 0.0]))
    assert np.array_equal(s.left_rotation[0], np.eye(3)) and not np.allclose(s.right_rotation[0], np.eye(3))


@pytest.mark.parametrize(("half", "trace"), [(0.0, 50.0), (-3.0, 50.0), (math.nan, 50.0), (90.0, -1.0),
                                             (90.0, math.nan), (90.0, math.inf)])
def test_unusable_probe_inputs_are_refused(half, trace):
    with pytest.raises(InvalidInputError):
        probe_ray(half, trace)


@pytest.mark.parametrize("forward", [(0, 0, 1), (0, 0, -1), (math.nan, 0, 0)])
def test_a_vertical_or_unknown_forward_axis_is_refused(forward):
    with pytest.raises(InvalidInputError, match="Forward Axis"):
        character_frames(np.array(forward, float))
    with pytest.raises(InvalidInputError, match="Forward Axis"):  # even when both feet miss
        solve(probe_ray(90, 50), np.array([np.nan]), np.zeros((1, 3)), np.array([np.nan]), np.zeros((1, 3)),
              np.array([forward], float))


def test_a_zero_normal_is_refused():
    with pytest.raises(InvalidInputError):
        ground_angles(np.zeros((1, 3)), (0, -1, 0))


AXES = {"-Y": (0, -1, 0), "+Y": (0, 1, 0), "+X": (1, 0, 0), "-X": (-1, 0, 0), "+Z": (0, 0, 1), "-Z": (0, 0, -1)}


@pytest.mark.parametrize(("linear", "toes", "expected"), [
    (np.eye(3), [(0, -15, -6), (0, -15, -6)], "-Y"),  # Blender's convention: toes towards -Y
    (np.eye(3), [(14, 0, -6), (14, 1, -6)], "+X"),  # a figure facing +X
    # Y-up data under an object turned +90 degrees about X (glTF, FBX): the toes along +Z of the data
    (np.array([[1, 0, 0], [0, 0, -1], [0, 1, 0]]) * 0.01, [(0, -7, 12), (0, -7, 12)], "+Z"),
    (np.eye(3), [(0, 0, -10), (0, 0, -10)], None),  # straight down: no facing
    (np.eye(3), [(10, 0, 0), (-10, 0, 0)], None),  # apart
    (np.eye(3), [(10, -12, -3), (10, -12, -3)], "-Y"),  # splayed out: the nearest axis
])
def test_the_facing_axis_is_where_the_toes_point(linear, toes, expected):
    assert facing_axis(linear, [np.array(t, float) for t in toes], AXES) == expected
