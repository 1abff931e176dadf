"""The motion features' contracts (overanim_addon/core/motion.py), property-based where a property says
it: distances, speeds and accelerations of sampled positions, calibration, foot contacts, the Distance
curve."""

from __future__ import annotations

import itertools
import math

import numpy as np
import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

from overanim_addon.core import CalibrationSettings, MotionMeasurementBasis, ResolvedCharacterProportions
from overanim_addon.core import motion as m
from overanim_addon.core.errors import InvalidInputError
from overanim_addon.core.measurement_scales import MotionMeasurementScales
from overanim_addon.core.proportion import build_measurement_scales
from overanim_addon.core.resolved_proportions import ResolvedRegionProportions

fps_values = st.sampled_from([24.0, 25.0, 30.0, 30.0 / 1.001, 60.0, 120.0])
coordinate = st.floats(-500.0, 500.0, allow_nan=False, allow_infinity=False)


def tracks(dims=3, min_frames=2, max_frames=40):
    return st.integers(min_frames, max_frames).flatmap(
        lambda n: hnp.arrays(np.float64, (n, dims), elements=coordinate))


@given(start=st.tuples(coordinate, coordinate, coordinate), velocity=st.tuples(coordinate, coordinate, coordinate),
       frames=st.integers(2, 200), fps=fps_values)
def test_a_constant_velocity_has_its_speed_on_every_frame_and_no_acceleration(start, velocity, frames, fps):
    t = np.arange(frames)[:, None] / fps
    p = np.asarray(start) + t * np.asarray(velocity)
    expected = float(np.linalg.norm(velocity))
    curves = m.motion_curves(p, fps)
    assert np.allclose(curves.speed, expected, atol=1e-6 * (1.0 + expected))
    assert np.allclose(curves.acceleration, 0.0, atol=1e-5 * (1.0 + expected * fps))
    assert curves.distance[-1] == pytest.approx(expected * (frames - 1) / fps, rel=1e-9, abs=1e-9)
    summary = curves.summary()
    assert summary["average_speed"] == pytest.approx(expected, rel=1e-9, abs=1e-9)
    assert summary["max_speed"] == pytest.approx(expected, rel=1e-6, abs=1e-6)


@given(tracks(), fps_values)
def test_speed_is_the_central_difference_and_one_sided_at_the_ends(p, fps):
    speed = m.speeds(p, fps)
    n = len(p)
    for i in range(n):
        lo, hi = max(i - 1, 0), min(i + 1, n - 1)
        own = math.dist(p[hi], p[lo]) / ((hi - lo) / fps)
        assert speed[i] == pytest.approx(own, rel=1e-9, abs=1e-9)


@given(tracks(min_frames=3), fps_values)
def test_acceleration_is_the_velocitys_central_difference(p, fps):
    v = m.velocities(p, fps)
    acceleration = m.accelerations(p, fps)
    n = len(p)
    for i in range(n):
        lo, hi = max(i - 1, 0), min(i + 1, n - 1)
        own = float(np.linalg.norm(v[hi] - v[lo])) / ((hi - lo) / fps)
        assert acceleration[i] == pytest.approx(own, rel=1e-9, abs=1e-6)


@given(tracks())
def test_distance_starts_at_0_never_decreases_and_ends_at_the_path_length(p):
    d = m.travelled(p)
    assert d[0] == 0.0
    assert np.all(np.diff(d) >= 0.0)
    assert d[-1] == pytest.approx(sum(math.dist(a, b) for a, b in itertools.pairwise(p)), abs=1e-9)


@given(tracks(), fps_values, st.floats(0.01, 100.0), st.tuples(coordinate, coordinate, coordinate))
def test_scaling_space_scales_every_feature_and_moving_it_changes_none(p, fps, k, shift):
    base, scaled, moved = m.motion_curves(p, fps), m.motion_curves(p * k, fps), m.motion_curves(p + shift, fps)
    for name in ("distance", "speed", "acceleration"):
        assert np.allclose(getattr(scaled, name), k * getattr(base, name), rtol=1e-9, atol=1e-6)
        assert np.allclose(getattr(moved, name), getattr(base, name), rtol=1e-6, atol=1e-6)


@given(tracks(), st.floats(0.25, 4.0))
def test_a_faster_clock_scales_speed_once_and_acceleration_twice(p, k):
    slow, fast = m.motion_curves(p, 30.0), m.motion_curves(p, 30.0 * k)
    assert np.allclose(fast.distance, slow.distance)
    assert np.allclose(fast.speed, k * slow.speed, rtol=1e-9, atol=1e-6)
    assert np.allclose(fast.acceleration, k * k * slow.acceleration, rtol=1e-9, atol=1e-6)


@given(tracks(), fps_values, st.floats(0.01, 10.0))
def test_calibrated_is_raw_divided_by_the_scale_and_keeps_the_time(p, fps, scale):
    raw = m.motion_curves(p, fps)
    calibrated = raw.calibrated(scale)
    assert np.allclose(calibrated.speed * scale, raw.speed)
    assert np.allclose(calibrated.acceleration * scale, raw.acceleration)
    assert np.allclose(calibrated.distance * scale, raw.distance)
    assert calibrated.fps == raw.fps
    s, c = raw.summary(), calibrated.summary()
    assert c["max_speed"] * scale == pytest.approx(s["max_speed"])
    assert c["average_speed"] * scale == pytest.approx(s["average_speed"])


@pytest.mark.parametrize("bad", [0.0, -1.0, math.nan, math.inf])
def test_a_calibration_scale_must_be_finite_and_positive(bad):
    with pytest.raises(InvalidInputError):
        m.motion_curves([[0.0], [1.0]], 30.0).calibrated(bad)


@pytest.mark.parametrize(("positions", "fps"), [([[0.0, 0.0]], 30.0), ([], 30.0), ([[0.0], [math.nan]], 30.0),
                                               ([[0.0], [1.0]], 0.0), ([[0.0], [1.0]], math.nan)])
def test_bad_samples_are_refused(positions, fps):
    with pytest.raises(InvalidInputError):
        m.motion_curves(positions, fps)


# -- calibration scales --------------------------------------------------------------------------------
scale_values = st.floats(0.01, 10.0)


@given(scale_values, scale_values, scale_values, st.sampled_from(list(MotionMeasurementBasis)))
def test_actor_scale_is_try_resolve_scale_and_1_when_calibration_is_off(character, locomotion, probe, basis):
    scales = MotionMeasurementScales(character, locomotion, probe)
    assert m.resolve_motion_scale(scales, basis) == scales.try_resolve_scale(basis)
    assert m.resolve_motion_scale(scales, basis, calibration_enabled=False) == (True, 1.0)
    if basis in (MotionMeasurementBasis.AUTO, MotionMeasurementBasis.LOCOMOTION_HEIGHT):
        assert m.resolve_motion_scale(scales, basis) == (True, locomotion)


@given(st.floats(0.0, 200.0), st.floats(0.0, 200.0), st.floats(0.0, 50.0), st.floats(0.0, 40.0),
       st.sampled_from(list(MotionMeasurementBasis)))
def test_region_scale_falls_back_or_fails_as_the_spec_says(chain, span, bounds, average, basis):
    region = ResolvedRegionProportions(span, bounds, chain, average)
    scales = build_measurement_scales(CalibrationSettings(), ResolvedCharacterProportions(), region, True)
    ok, scale = m.resolve_motion_scale(scales, basis)
    assert (ok, scale) == scales.try_resolve_scale(basis)
    if basis is MotionMeasurementBasis.AUTO:
        present = [s for s in (scales.region_chain_length_scale, scales.region_span_scale,
                               scales.region_bounds_radius_scale, scales.average_bone_length_scale) if s > 0.0]
        assert (ok, scale) == ((True, present[0]) if present else (False, 0.0))
    if basis is MotionMeasurementBasis.REGION_CHAIN_LENGTH and chain == 0.0:
        assert (ok, scale) == (False, 0.0)
    assert m.resolve_motion_scale(scales, basis, calibration_enabled=False) == (True, 1.0)


@given(st.floats(0.0, 500.0), st.floats(0.0, 100.0), st.floats(0.01, 10.0))
def test_contact_thresholds_follow_the_locomotion_scale(speed, height, scale):
    assert m.contact_thresholds(speed, height, scale) == pytest.approx((speed * scale, height * scale))


def test_contact_thresholds_default_to_unreals_foot_placement():
    assert m.contact_thresholds(m.CONTACT_SPEED, m.CONTACT_HEIGHT, 1.0) == (60.0, 10.0)
    assert m.contact_thresholds(m.CONTACT_SPEED, m.CONTACT_HEIGHT, 2.0) == (120.0, 20.0)


# -- in place ------------------------------------------------------------------------------------------
# jitter within +-0.0035 cm on each axis: no two frames farther apart than 0.0099 cm, under IN_PLACE_CM
@given(fps_values, st.tuples(coordinate, coordinate),
       hnp.arrays(np.float64, st.tuples(st.integers(2, 50), st.just(2)), elements=st.floats(-0.0035, 0.0035)))
def test_an_in_place_track_has_no_actor_motion(fps, where, jitter):
    p = np.asarray(where) + jitter
    curves, in_place = m.actor_curves(p, fps)
    assert in_place
    assert not curves.distance.any() and not curves.speed.any() and not curves.acceleration.any()


def test_a_moving_track_is_not_in_place():
    curves, in_place = m.actor_curves([[0.0, 0.0], [0.0, 1.0]], 30.0)
    assert not in_place and curves.speed[0] == pytest.approx(30.0)
    assert not m.actor_curves([[0.0, 0.0], [0.0, 0.011]], 30.0)[1]  # just past IN_PLACE_CM


# -- foot contacts -------------------------------------------------------------------------------------
@given(st.integers(2, 30).flatmap(lambda n: st.tuples(
    hnp.arrays(np.float64, (n, 3), elements=st.floats(-50.0, 50.0)),
    hnp.arrays(np.float64, (n, 3), elements=st.floats(-50.0, 50.0)),
    hnp.arrays(np.float64, (n,), elements=st.floats(-5.0, 5.0)))),
    fps_values, st.floats(1.0, 500.0), st.floats(0.5, 30.0))
@settings(max_examples=60)
def test_a_contact_is_exactly_the_lower_points_speed_and_height_under_both_thresholds(data, fps, speed, height):
    heads, tails, reference = data
    found = m.foot_contacts(heads, tails, reference, fps, speed, height)
    n = len(heads)
    for i in range(n):
        series = tails if tails[i, 2] < heads[i, 2] else heads
        lo, hi = max(i - 1, 0), min(i + 1, n - 1)
        own_speed = math.dist(series[hi], series[lo]) * fps / (hi - lo)
        own_height = min(heads[i, 2], tails[i, 2]) - reference[i]
        assert found.speed[i] == pytest.approx(own_speed, rel=1e-9, abs=1e-9)
        assert found.height[i] == pytest.approx(own_height)
        assert bool(found.contact[i]) == (own_speed < speed and own_height < height)
    assert found.frames(7) == [7 + i for i in range(n) if found.contact[i]]


def test_a_foot_held_above_the_height_threshold_never_contacts():
    n = 20
    heads = np.tile([0.0, 0.0, 29.0], (n, 1))
    tails = np.tile([0.0, -12.0, 23.0], (n, 1))  # still, 20 cm above a sole at 3 cm
    assert not m.foot_contacts(heads, tails, np.zeros(n), 30.0, 60.0, 10.0).contact.any()
    assert m.foot_contacts(heads - [0, 0, 20], tails - [0, 0, 20], np.zeros(n), 30.0, 60.0, 10.0).contact.all()


# -- the Distance curve --------------------------------------------------------------------------------
def start_stop(fps=30.0, rest=40, frames=60):
    """Accelerate from rest, move at 150 cm/s, decelerate to rest at frame ``rest`` (from 1), stay."""
    t = np.arange(frames) / fps
    end = (rest - 1) / fps
    speed = np.minimum.reduce([np.minimum(t / 0.3, 1.0), np.clip((end - t) / 0.3, 0.0, 1.0)]) * 150.0
    y = np.concatenate([[0.0], np.cumsum((speed[1:] + speed[:-1]) * 0.5 / fps)])
    return np.stack([np.zeros(frames), y], axis=1)


def test_the_distance_curve_of_a_start_stop_clip():
    p = start_stop()
    curve = m.distance_curve(p, 30.0)
    rest = 39  # frame 40 from 1
    assert np.all(curve.values[:rest - 1] < 0.0)
    assert np.all(curve.values[rest:] == 0.0)
    assert np.allclose(np.abs(curve.values), np.linalg.norm(p - p[curve.stop_index], axis=1))
    assert curve.stop_index >= rest - 1


@given(tracks(dims=2), fps_values, st.floats(0.0, 400.0))
def test_the_stop_point_is_the_slowest_frame_under_the_threshold_else_the_first(p, fps, threshold):
    speed = m.speeds(p, fps)
    curve = m.distance_curve(p, fps, threshold)
    slow = [i for i in range(len(p)) if speed[i] < threshold]
    if slow:
        assert curve.stop_index in slow
        assert speed[curve.stop_index] == min(speed[i] for i in slow)
        assert curve.stop_index == min(i for i in slow if speed[i] == speed[curve.stop_index])
    else:
        assert curve.stop_index == 0
    to_stop = np.linalg.norm(p - p[curve.stop_index], axis=1)
    assert np.allclose(np.abs(curve.values), to_stop)
    assert np.all(curve.values[:curve.stop_index] <= 0.0) and np.all(curve.values[curve.stop_index:] >= 0.0)


def test_a_clip_that_never_slows_down_is_positive_from_the_first_frame():
    p = np.stack([np.zeros(61), np.arange(61) * 5.0], axis=1)  # 150 cm/s at 30 fps
    curve = m.distance_curve(p, 30.0)
    assert curve.stop_index == 0 and curve.values[0] == 0.0 and np.all(curve.values[1:] > 0.0)
    assert curve.values[-1] == pytest.approx(300.0)


def test_the_stop_threshold_compares_speeds_not_squares():
    """A clip at 200 cm/s that ends slower, at ``slow`` cm/s. Unreal's code compares the squared step
    over the sample time with the squared threshold: at 30 fps, 20 cm/s gives 0.44 / (1/30) = 13.3 < 25,
    a "stop". Here 20 cm/s is 20 cm/s: not under 5."""
    for slow, stops in ((4.0, True), (4.9, True), (5.1, False), (20.0, False)):
        steps = np.array([200.0] * 10 + [slow] * 10) / 30.0
        p = np.stack([np.zeros(21), np.concatenate([[0.0], np.cumsum(steps)])], axis=1)
        curve = m.distance_curve(p, 30.0)
        assert (curve.stop_index > 10) == stops, slow
        assert curve.stop_index == (11 if stops else 0)  # the first frame whose neighbours both move slowly


def test_frame_runs():
    assert m.frame_runs([]) == []
    assert m.frame_runs([3, 1, 2, 7, 9, 8, 12]) == [(1, 3), (7, 9), (12, 12)]


@given(st.lists(st.integers(-50, 50), unique=True))
def test_frame_runs_cover_exactly_the_frames(frames):
    runs = m.frame_runs(frames)
    assert sorted(f for a, b in runs for f in range(a, b + 1)) == sorted(frames)
    assume(len(runs) > 1)
    assert all(b1 + 1 < a2 for (_, b1), (a2, _) in itertools.pairwise(runs))
