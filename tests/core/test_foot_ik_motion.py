import itertools
import math

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

from overanim_addon.core.errors import InvalidInputError
from overanim_addon.core.foot_ik import ground_rotations
from overanim_addon.core.foot_ik_motion import (
    SmoothingSettings,
    body_offsets,
    cleared,
    held_through_plants,
    lift_along,
    rigid_moves,
    runs,
)
from overanim_addon.core.foot_ik_quality import BakeQuality, largest_slide, penetration, vertical_extremes

heights = st.floats(min_value=-30.0, max_value=30.0)


def series(count, elements=heights):
    return hnp.arrays(np.float64, count, elements=elements)


@given(st.data(), st.integers(min_value=4, max_value=80))
def test_a_plant_holds_the_median_of_its_frames_and_the_swing_eases_between(data, count):
    values = data.draw(series(count))
    planted = data.draw(hnp.arrays(bool, count))
    held = held_through_plants(values, planted, np.ones(count, bool))
    plants = runs(planted)
    for a, b in plants:
        assert np.allclose(held[a:b + 1], np.median(values[a:b + 1]))
    for (_, end), (start, _) in itertools.pairwise(plants):
        low, high = sorted((held[end], held[start]))
        gap = held[end:start + 1]
        assert np.all(gap >= low - 1e-9) and np.all(gap <= high + 1e-9)
        assert np.all(np.diff(gap) * np.sign(held[start] - held[end]) >= -1e-9)  # one way, no jump back
    if not plants:
        assert np.array_equal(held, values)


def test_without_hold_a_plant_rides_its_frames():
    values = np.array([0.0, 1.0, 2.0, 3.0, 4.0, 9.0, 9.0])
    planted = np.array([True, True, True, True, True, False, False])
    held = held_through_plants(values, planted, np.ones(7, bool), hold=False)
    assert np.allclose(held[:5], values[:5]) and held[5] == pytest.approx(4.0 + (9.0 - 4.0) * 0.5)


@given(st.floats(min_value=1.0, max_value=30.0), st.sampled_from([24.0, 30.0, 60.0, 120.0]),
       st.floats(min_value=20.0, max_value=400.0))
def test_the_body_follows_a_step_smoothly_and_never_above_the_lower_foot(step, fps, stiffness):
    count = int(10 * fps)
    lower = np.where(np.arange(count) >= count // 2, step, 0.0)
    body = body_offsets(lower, SmoothingSettings(linear_stiffness=stiffness), fps)
    assert np.all(body <= lower + 0.03 * step)  # within the spring's tail past its envelope
    omega = math.sqrt(stiffness)
    speed = np.abs(np.gradient(body, 1.0 / fps)).max()
    assert speed <= 0.5 * omega * step  # no jump: a spring's own pace (a jump is step * fps)
    assert body[-1] == pytest.approx(step, abs=0.02 * step) and body[0] == pytest.approx(0.0, abs=0.02 * step)


def test_the_body_stays_within_max_offset_and_settings_are_checked():
    lower = np.full(50, 80.0)
    assert np.allclose(body_offsets(lower, SmoothingSettings(max_offset=20.0), 30.0), 20.0)
    with pytest.raises(InvalidInputError):
        body_offsets(lower, SmoothingSettings(linear_damping=0.0), 30.0)
    with pytest.raises(InvalidInputError):
        body_offsets(lower, SmoothingSettings(), 0.0)


@given(st.data(), st.integers(min_value=3, max_value=60), st.integers(min_value=0, max_value=6))
def test_a_swinging_foot_is_raised_to_what_it_needs_never_lowered(data, count, half):
    values = data.draw(series(count))
    needed = data.draw(series(count))
    needed[data.draw(hnp.arrays(bool, count))] = -np.inf
    raised = cleared(values, needed, half)
    assert np.all(raised >= values - 1e-9)
    finite = np.isfinite(needed)
    assert np.all(raised[finite] >= needed[finite] - 1e-9)


@given(hnp.arrays(np.float64, (6, 2), elements=st.floats(min_value=-40.0, max_value=40.0)),
       st.floats(min_value=-30.0, max_value=30.0), st.floats(min_value=-30.0, max_value=30.0))
def test_the_ray_plane_carried_to_a_point_is_the_plane_there(offsets, pitch, roll):
    forward = np.tile([0.0, -1.0, 0.0], (6, 1))
    normal = ground_rotations(np.full(6, pitch), np.full(6, roll), forward) @ np.array([0.0, 0.0, 1.0])
    points = np.column_stack([offsets, np.zeros(6)])
    lift = lift_along(np.full(6, 3.0), normal, points)
    assert np.allclose(np.sum((points + np.column_stack([np.zeros((6, 2)), lift - 3.0])) * normal, axis=1), 0.0,
                       atol=1e-9)  # on the plane through the ray's hit


@given(hnp.arrays(np.float64, (5, 3), elements=st.floats(min_value=-30.0, max_value=30.0)),
       st.floats(min_value=-20.0, max_value=20.0), st.floats(min_value=-20.0, max_value=20.0))
def test_a_foot_turns_about_its_toe(points, pitch, roll):
    toes = points[::-1].copy()
    turns = ground_rotations(np.full(5, pitch), np.full(5, roll), np.tile([1.0, 0.0, 0.0], (5, 1)))
    moves = rigid_moves(np.full(5, 4.0), turns, toes, toes)
    assert np.allclose(moves, [[0.0, 0.0, 4.0]] * 5)  # the toe only rises
    moved = points + rigid_moves(np.full(5, 4.0), turns, points, toes)
    risen = toes + np.array([0.0, 0.0, 4.0])
    assert np.allclose(np.linalg.norm(moved - risen, axis=1), np.linalg.norm(points - toes, axis=1))  # rigid


def test_the_quality_numbers_and_their_bounds():
    z = np.array([0.0, 0.0, 10.0, 10.0])
    speed, accel = vertical_extremes(z, 10.0)
    assert speed == pytest.approx(50.0) and accel == pytest.approx(500.0)
    toe = np.array([[0.0, 0, 0], [1.0, 0, 5], [3.0, 0, 0], [9.0, 0, 0]])
    assert largest_slide(toe, np.array([True, True, True, False])) == pytest.approx(3.0)  # over the ground
    assert penetration(np.array([1.0, -2.0]), np.zeros(2), np.array([True, False])) == 0.0
    good = BakeQuality(30.0, (30.0, 80.0), (500.0, 900.0), (1.0, 1.4), 0.2)
    assert good.out_of_bounds() == []
    bad = BakeQuality(30.0, (30.0, 95.0), (500.0, 2500.0), (1.0, 1.6), 0.6, {"left": [(3, 5)]})
    assert bad.out_of_bounds() == ["pelvis_speed", "pelvis_acceleration", "slide", "penetration", "unreachable"]
    assert bad.unreachable_frames == 3


def test_runs():
    assert runs(np.array([False, True, True, False, True])) == [(1, 2), (4, 4)]



# -- Heel Lift Ratio ---------------------------------------------------------------------------------------------

ankles_from_toe = st.tuples(st.floats(min_value=2.0, max_value=30.0), st.floats(min_value=-2.0, max_value=15.0),
                            st.floats(min_value=-5.0, max_value=5.0))


@given(ankles_from_toe, st.floats(min_value=0.0, max_value=1.0), st.floats(min_value=0.0, max_value=2 * math.pi))
def test_a_heel_peel_about_the_toe_raises_the_ankle_by_what_was_asked_within_its_room(ankle, share, facing):
    from overanim_addon.core.foot_ik_motion import MAX_HEEL_PEEL, heel_peels, heel_room
    behind, up, side = ankle
    forward = np.array([[math.cos(facing), math.sin(facing), 0.0]])
    right = np.array([[forward[0, 1], -forward[0, 0], 0.0]])
    v = -behind * forward + up * np.array([[0.0, 0.0, 1.0]]) + side * right  # the ankle, from the toe
    room = heel_room(v, forward)
    assert room[0] >= 0.0
    rise = share * room
    pitch = heel_peels(v, forward, rise)
    assert -MAX_HEEL_PEEL - 1e-9 <= pitch[0] <= 0.0
    turned = np.einsum("nij,nj->ni", ground_rotations(pitch, np.zeros(1), forward), v)  # about the toe
    assert turned[0, 2] - v[0, 2] == pytest.approx(rise[0], abs=1e-6)
    assert np.linalg.norm(turned) == pytest.approx(np.linalg.norm(v))  # a turn: the foot keeps its length


@given(st.data(), st.integers(min_value=1, max_value=40), st.floats(min_value=0.0, max_value=1.0))
def test_heels_offer_their_share_and_lift_only_what_the_body_still_needs(data, count, ratio):
    from overanim_addon.core.foot_ik_motion import heel_lifts, heels_needed
    rises = data.draw(hnp.arrays(np.float64, (count, 2), elements=heights))
    rooms = data.draw(hnp.arrays(np.float64, (count, 2), elements=st.floats(min_value=0.0, max_value=10.0)))
    planted = data.draw(hnp.arrays(bool, (count, 2)))
    offered = heel_lifts(rises, rooms, planted, ratio)
    assert np.all(offered >= 0.0) and np.all(offered[planted] <= rooms[planted] + 1e-12)
    assert np.all(offered <= ratio * np.maximum(-rises, 0.0) + 1e-12)  # never more than its share of a drop
    assert np.all(offered[rises >= 0.0] == 0.0)  # ground not lower: nothing to spare the body
    body = data.draw(hnp.arrays(np.float64, count, elements=heights))
    heels = heels_needed(body, rises, offered)
    assert np.all(heels >= 0.0) and np.all(heels <= offered + 1e-12)
    reach = rises + heels  # where each foot's ankle ends: never below the body where its offer allows
    assert np.all((reach >= body[:, None] - 1e-9) | (heels == offered))
    if ratio == 0.0:
        assert np.all(heels == 0.0)
