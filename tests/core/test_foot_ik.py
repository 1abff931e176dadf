import math

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from overanim_addon.core.errors import InvalidInputError
from overanim_addon.core.foot_ik import (
    UP,
    VALUE_NAMES,
    GroundHit,
    character_frame,
    ground_angles,
    ground_rotation,
    probe_ray,
    solve_frame,
)

angle = st.floats(min_value=-math.pi, max_value=math.pi)
tilt = st.floats(min_value=0.0, max_value=math.radians(80.0))
lift = st.floats(min_value=-40.0, max_value=40.0)


def heading(yaw):
    return (math.cos(yaw), math.sin(yaw), 0.0)


def tilted_normal(azimuth, slope):
    """A unit normal leaning ``slope`` radians from up towards the world direction ``azimuth``."""
    return (math.sin(slope) * math.cos(azimuth), math.sin(slope) * math.sin(azimuth), math.cos(slope))


def normal_rising(direction, degrees):
    """The normal of a plane that rises by ``degrees`` along the horizontal unit ``direction``."""
    d = np.asarray(direction, float)
    n = UP - math.tan(math.radians(degrees)) * d
    return tuple(n / np.linalg.norm(n))


@given(yaw=angle, azimuth=angle, slope=tilt)
def test_rotation_maps_up_onto_the_normal_without_yaw(yaw, azimuth, slope):
    forward, n = heading(yaw), tilted_normal(azimuth, slope)
    pitch, roll = ground_angles(n, forward)
    r = ground_rotation(pitch, roll, forward)
    assert np.allclose(r @ r.T, np.eye(3), atol=1e-9) and np.linalg.det(r) == pytest.approx(1.0)
    assert np.allclose(r @ UP, n, atol=1e-9)
    # no yaw: the character's forward axis stays in its own vertical plane
    f, right = character_frame(forward)
    assert abs(float((r @ f) @ right)) < 1e-9 and float((r @ f) @ f) > 0.0


@given(yaw=angle, turn=angle, azimuth=angle, slope=tilt)
def test_angles_are_relative_to_the_character_not_the_world(yaw, turn, azimuth, slope):
    """Turning the character and its ground together about world up changes nothing."""
    base = ground_angles(tilted_normal(azimuth, slope), heading(yaw))
    turned = ground_angles(tilted_normal(azimuth + turn, slope), heading(yaw + turn))
    assert turned == pytest.approx(base, abs=1e-7)


@given(yaw=angle, degrees=st.floats(min_value=-60.0, max_value=60.0))
def test_a_slope_rising_ahead_is_pitch_and_one_rising_right_is_roll(yaw, degrees):
    forward, right = character_frame(heading(yaw))
    assert ground_angles(normal_rising(forward, degrees), forward) == pytest.approx((degrees, 0.0), abs=1e-7)
    assert ground_angles(normal_rising(right, degrees), forward) == pytest.approx((0.0, degrees), abs=1e-7)


@given(yaw=angle, azimuth=angle, slope=tilt)
def test_mirroring_the_ground_left_right_flips_the_roll_only(yaw, azimuth, slope):
    forward = heading(yaw)
    _, r = character_frame(forward)
    n = np.array(tilted_normal(azimuth, slope))
    mirrored = n - 2.0 * (n @ r) * r
    pitch, roll = ground_angles(n, forward)
    assert ground_angles(mirrored, forward) == pytest.approx((pitch, -roll), abs=1e-7)


@given(yaw=angle, azimuth=angle, slope=tilt)
def test_a_face_wound_downwards_reads_as_the_same_ground(yaw, azimuth, slope):
    n = tilted_normal(azimuth, slope)
    assert ground_angles(tuple(-c for c in n), heading(yaw)) == pytest.approx(ground_angles(n, heading(yaw)))


def test_forward_minus_y_has_its_right_at_minus_x():
    f, r = character_frame((0.0, -1.0, 0.0))
    assert np.allclose(f, (0, -1, 0)) and np.allclose(r, (-1, 0, 0))
    # Blender's convention: ground rising towards -Y is ahead, towards -X is to the right
    assert ground_angles(normal_rising((0, -1, 0), 10), (0, -1, 0)) == pytest.approx((10, 0))
    assert ground_angles(normal_rising((-1, 0, 0), 10), (0, -1, 0)) == pytest.approx((0, 10))


def hit_at(ray, lift_cm, normal=(0.0, 0.0, 1.0)):
    return GroundHit(distance=ray.start_height - lift_cm, normal=normal)


@given(left=st.one_of(st.none(), lift), right=st.one_of(st.none(), lift),
       half=st.floats(min_value=1.0, max_value=500.0), trace=st.floats(min_value=0.0, max_value=200.0))
def test_body_offset_is_the_signed_minimum_and_one_foot_offset_is_zero(left, right, half, trace):
    ray = probe_ray(half, trace)
    frame = solve_frame(ray, None if left is None else hit_at(ray, left), None if right is None else hit_at(ray, right),
                        (0, -1, 0))
    lifts = (left or 0.0, right or 0.0)  # a miss lifts nothing
    assert frame.body_offset == pytest.approx(min(lifts), abs=1e-9)
    assert frame.body_offset + frame.left_offset == pytest.approx(lifts[0], abs=1e-9)
    assert frame.body_offset + frame.right_offset == pytest.approx(lifts[1], abs=1e-9)
    assert min(frame.left_offset, frame.right_offset) == pytest.approx(0.0, abs=1e-9)
    assert frame.left_offset >= 0.0 and frame.right_offset >= 0.0
    assert (frame.left.hit, frame.right.hit) == (left is not None, right is not None)
    assert frame.trace_distance == pytest.approx(trace)
    assert list(frame.values()) == list(VALUE_NAMES)


def test_the_issue_cases():
    ray = probe_ray(90.0, 50.0)  # a 180 cm character: the ray starts 45 cm above the reference
    assert (ray.start_height, ray.length) == (45.0, 95.0)
    flat = solve_frame(ray, hit_at(ray, 0), hit_at(ray, 0), (0, -1, 0)).values()
    assert flat == {**dict.fromkeys(VALUE_NAMES, 0.0), "LeftHit": 1.0, "RightHit": 1.0, "TraceDistance": 50.0}
    box = solve_frame(ray, hit_at(ray, 10), hit_at(ray, 0), (0, -1, 0))
    assert (box.body_offset, box.left_offset, box.right_offset) == pytest.approx((0, 10, 0))
    dip = solve_frame(ray, hit_at(ray, -5), hit_at(ray, 0), (0, -1, 0))
    assert (dip.body_offset, dip.left_offset, dip.right_offset) == pytest.approx((-5, 0, 5))
    missing = solve_frame(ray, None, hit_at(ray, 3), (0, -1, 0))
    assert (missing.left.hit, missing.left.lift, missing.body_offset, missing.right_offset) == (False, 0.0, 0.0, 3.0)
    assert np.array_equal(missing.left.rotation, np.eye(3))


@pytest.mark.parametrize(("half", "trace"), [(0.0, 50.0), (-3.0, 50.0), (math.nan, 50.0), (90.0, -1.0),
                                             (90.0, math.nan), (90.0, math.inf)])
def test_unusable_probe_inputs_are_refused(half, trace):
    with pytest.raises(InvalidInputError):
        probe_ray(half, trace)


@pytest.mark.parametrize("forward", [(0, 0, 1), (0, 0, -1), (math.nan, 0, 0)])
def test_a_vertical_or_unknown_forward_axis_is_refused(forward):
    with pytest.raises(InvalidInputError, match="Forward Axis"):
        character_frame(forward)


def test_a_zero_normal_is_refused():
    with pytest.raises(InvalidInputError):
        ground_angles((0, 0, 0), (0, -1, 0))
