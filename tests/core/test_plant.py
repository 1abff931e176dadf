"""Feet planted on the source's contacts (core.plant): contacts per point, holds, the ankle's target
and the pelvis's sink."""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from overanim_addon.core.plant import ankle_targets, held, pelvis_drop, point_contacts, runs


@given(st.lists(st.booleans(), max_size=40))
def test_runs_cover_exactly_the_true_frames(mask):
    covered = np.zeros(len(mask), dtype=bool)
    for first, last in runs(np.array(mask, dtype=bool)):
        assert first < last and not covered[first:last].any()
        covered[first:last] = True
    assert covered.tolist() == mask


def test_a_point_is_planted_while_slow_and_low_on_thresholds_that_follow_the_hip_height():
    fps = 30.0
    x = np.concatenate([np.zeros(10), np.linspace(0, 50, 10), np.full(10, 50.0)])  # still, 150 cm/s, still
    z = np.concatenate([np.zeros(10), np.full(10, 5.0), np.zeros(10)])
    points = np.stack([x, np.zeros(30), z], axis=1)
    planted = point_contacts(points, fps, 95.0)
    assert planted[:9].all() and not planted[11:19].any() and planted[21:].all()
    small = point_contacts(points * 0.01, fps, 0.95)  # the same motion on a rig 100 times smaller
    np.testing.assert_array_equal(small, planted)


@settings(max_examples=50, deadline=None)
@given(st.integers(0, 10_000), st.integers(0, 6))
def test_a_hold_is_still_on_its_run_and_fades_out_around_it(seed, blend):
    rng = np.random.default_rng(seed)
    points = rng.normal(size=(40, 3))
    contact = np.zeros(40, dtype=bool)
    contact[10:20] = True
    places, weights = held(points, contact, blend)
    np.testing.assert_allclose(places[10:20], np.broadcast_to(points[10:20].mean(axis=0), (10, 3)))
    assert (weights[10:20] == 1.0).all() and (np.diff(weights[20:]) <= 0).all() and (np.diff(weights[:11]) >= 0).all()
    assert weights[20 + blend:].max(initial=0.0) == 0.0


def test_ankle_targets_keep_the_ball_and_the_ankle_still_through_a_step():
    """A foot rolling through a step: heel strike (ankle planted), flat, heel off (ball planted), the
    source's foot sliding a little all along. Its targets hold the ankle while it is planted and put
    it where the held ball needs it once the heel is up, the ball's distance kept."""
    frames = 30
    slide = np.linspace(0.0, 3.0, frames)[:, None] * np.array([1.0, 0.0, 0.0])
    lift = np.clip(np.linspace(-1.0, 1.0, frames), 0.0, None)  # the heel rises over the second half
    ankle = np.stack([np.zeros(frames), np.zeros(frames), 8.0 + 10.0 * lift], axis=1) + slide
    ball = ankle + np.stack([np.full(frames, 15.0), np.zeros(frames), -8.0 - 10.0 * lift], axis=1)
    ball = ankle + (ball - ankle) * (np.linalg.norm([15.0, 0, -8.0]) / np.linalg.norm(ball - ankle, axis=1))[:, None]
    ankle_contact = lift == 0.0
    ball_contact = np.arange(frames) >= 8
    found = ankle_targets(ankle, ball, ankle_contact, ball_contact, blend=0)
    still = found.ankle[ankle_contact]
    np.testing.assert_allclose(still, np.broadcast_to(still[0], still.shape), atol=1e-9)
    heel_up = ball_contact & ~ankle_contact
    ball_then = found.ankle[heel_up] + (ball - ankle)[heel_up]
    np.testing.assert_allclose(ball_then, np.broadcast_to(ball_then[0], ball_then.shape), atol=1e-9)
    flat = ankle_contact & ball_contact
    assert (found.flat[flat] == 1.0).all() and (found.flat[~flat] == 0.0).all()
    foot = np.linalg.norm(ball - ankle, axis=1)[0]
    ball_place = found.ankle[flat][0] + found.ball_direction[flat][0] / np.linalg.norm(
        found.ball_direction[flat][0]) * foot
    np.testing.assert_allclose(ball_place, ball_then[0], atol=1e-9)  # the flat foot's ball is the held one


def test_the_pelvis_sinks_only_as_far_as_a_held_foot_needs():
    fps, frames = 30.0, 60
    hips = np.tile([0.0, 0.0, 90.0], (1, frames, 1))
    goals = np.tile([0.0, 0.0, 0.0], (1, frames, 1))
    goals[0, 20:40, 0] = 40.0  # the held foot falls behind: the leg (90 long) cannot reach it standing
    drop = pelvis_drop(hips, goals, np.full((1, frames), 90.0), fps)
    reach = 0.995 * 90.0
    needed = 90.0 - np.sqrt(reach**2 - 40.0**2)
    assert drop[25:35].min() >= needed - 1e-9
    assert drop[:5].max() < 1.0 and drop[-5:].max() < 1.0
    assert np.abs(np.diff(drop)).max() < needed  # spread over frames, no jolt
