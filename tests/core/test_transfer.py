"""core.transfer: the ratio from two measurement snapshots, the horizontal/vertical split, the
scaling of keys and handles, bone-name matching across naming families, data paths."""

import math

import numpy as np
import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from overanim_addon.core import CalibrationSettings, MotionMeasurementScales, ResolvedCharacterProportions
from overanim_addon.core import MotionMeasurementBasis as B
from overanim_addon.core.errors import OverAnimError
from overanim_addon.core.transfer import (
    CharacterScales,
    CharacterSizes,
    along_tangents,
    bone_of_path,
    bone_path,
    clamp_warnings,
    family_key,
    is_axis_aligned,
    match_bones,
    require_finite_factor,
    result_name,
    scale_about,
    sized_ratio,
    split_matrix,
    transfer_ratio,
    transform_values,
)

scale = st.floats(min_value=0.01, max_value=10.0)
factor = st.floats(min_value=-4.0, max_value=4.0)
value = st.floats(min_value=-1e4, max_value=1e4)
angle = st.floats(min_value=-math.pi, max_value=math.pi)


def rotation(ax: float, ay: float, az: float) -> np.ndarray:
    cx, sx, cy, sy, cz, sz = math.cos(ax), math.sin(ax), math.cos(ay), math.sin(ay), math.cos(az), math.sin(az)
    rx = np.array([[1, 0, 0], [0, cx, -sx], [0, sx, cx]])
    ry = np.array([[cy, 0, sy], [0, 1, 0], [-sy, 0, cy]])
    rz = np.array([[cz, -sz, 0], [sz, cz, 0], [0, 0, 1]])
    return rz @ ry @ rx


def character(name, cs_loco=1.0, ws_loco=1.0, **region):
    cs = MotionMeasurementScales(character_height_scale=cs_loco * 1.1, locomotion_height_scale=cs_loco, **region)
    ws = MotionMeasurementScales(character_height_scale=ws_loco * 1.1, locomotion_height_scale=ws_loco, **region)
    return CharacterScales(name, cs, ws)


# -- the ratio ---------------------------------------------------------------------------------------
@given(scale, scale, scale, scale)
def test_the_ratios_are_target_over_source_in_each_space(s_cs, s_ws, t_cs, t_ws):
    ratio = transfer_ratio(character("S", s_cs, s_ws), character("T", t_cs, t_ws), B.LOCOMOTION_HEIGHT)
    assert ratio.ratio == pytest.approx(t_cs / s_cs)
    assert ratio.ratio_ws == pytest.approx(t_ws / s_ws)
    assert (ratio.source_scale, ratio.target_scale) == (s_cs, t_cs)


@given(scale, scale)
def test_absolute_gives_ratio_one_whatever_was_measured(s, t):
    ratio = transfer_ratio(character("S", s, s * 2), character("T", t, t * 3), "ABSOLUTE")
    assert (ratio.ratio, ratio.ratio_ws) == (1.0, 1.0)


def test_each_basis_takes_its_own_scale():
    src, tgt = character("S", 1.0), character("T", 0.5)
    assert transfer_ratio(src, tgt, B.CHARACTER_HEIGHT).ratio == pytest.approx(0.5)  # 0.55 / 1.1
    assert transfer_ratio(src, tgt, B.AUTO).ratio == pytest.approx(0.5)  # actor motion: locomotion height
    region = dict(is_region_motion=True, has_region_measurements=True, region_chain_length_scale=0.0)
    src_r = character("S", 1.0, region_span_scale=2.0, **region)
    tgt_r = character("T", 1.0, region_span_scale=0.5, **region)
    assert transfer_ratio(src_r, tgt_r, B.REGION_SPAN, "Legs").ratio == pytest.approx(0.25)
    assert transfer_ratio(src_r, tgt_r, B.AUTO, "Legs").ratio == pytest.approx(0.25)  # chain is 0: span next


def test_a_region_basis_without_a_region_says_so():
    with pytest.raises(OverAnimError, match="needs a Region measurement"):
        transfer_ratio(character("S"), character("T"), B.REGION_SPAN)


def test_a_missing_region_measurement_names_the_character_region_and_measurement():
    region = dict(is_region_motion=True, has_region_measurements=True, region_span_scale=1.0)
    with pytest.raises(OverAnimError) as error:
        transfer_ratio(character("S", **region), character("T", **region), B.REGION_CHAIN_LENGTH, "Legs")
    assert str(error.value) == ("Basis RegionChainLength cannot resolve on 'S': Region 'Legs' has no chain length "
                                "measurement")
    empty = dict(is_region_motion=True, has_region_measurements=False)
    with pytest.raises(OverAnimError, match="on 'T': Region 'Legs' has no Region measurement"):
        transfer_ratio(character("S", **region), character("T", **empty), B.AUTO, "Legs")


@given(st.sampled_from([math.nan, math.inf, -math.inf]))
def test_a_non_finite_factor_is_refused(bad):
    with pytest.raises(OverAnimError, match="not a finite number"):
        require_finite_factor(bad)


@given(st.floats(allow_nan=False, allow_infinity=False))
def test_a_finite_factor_passes(number):
    assert require_finite_factor(number) == number


# -- the split ---------------------------------------------------------------------------------------
@given(angle, angle, angle, st.floats(min_value=0.1, max_value=10), factor, factor,
       st.lists(value, min_size=3, max_size=3))
def test_the_split_scales_world_horizontal_and_vertical_apart(ax, ay, az, size, h, v, d):
    to_world = size * rotation(ax, ay, az)
    m = split_matrix(to_world, h, v)
    d = np.array(d)
    before, after = to_world @ d, to_world @ (m @ d)
    assert after[:2] == pytest.approx(h * before[:2], abs=1e-6 * (1 + np.abs(before).max()) * size)
    assert after[2] == pytest.approx(v * before[2], abs=1e-6 * (1 + np.abs(before).max()) * size)


@given(angle, angle, angle, factor)
def test_equal_scales_never_mix_channels(ax, ay, az, s):
    m = split_matrix(rotation(ax, ay, az), s, s)
    assert np.array_equal(m, s * np.eye(3))
    assert is_axis_aligned(m)


@given(st.sampled_from([np.eye(3), np.diag([1.0, -1.0, 1.0]), np.array([[1.0, 0, 0], [0, 0, -1], [0, 1, 0]])]),
       factor, factor)
def test_a_bone_whose_axes_follow_the_world_axes_scales_each_channel_alone(frame, h, v):
    """The usual pelvis: its local Y is world up, so location[1] is the vertical channel."""
    m = split_matrix(frame, h, v)
    assert is_axis_aligned(m)
    vertical_axis = int(np.argmax(np.abs(frame[2])))
    assert m[vertical_axis, vertical_axis] == pytest.approx(v)


def test_a_tilted_bone_mixes_its_channels():
    assert not is_axis_aligned(split_matrix(rotation(0.3, 0.0, 0.0), 1.0, 0.0))


def test_a_degenerate_space_is_refused():
    with pytest.raises(OverAnimError):
        split_matrix(np.zeros((3, 3)), 1.0, 0.5)


# -- keys and handles --------------------------------------------------------------------------------
@given(st.lists(value, min_size=1, max_size=20), factor, value)
def test_scaling_about_a_pivot_keeps_the_pivot_and_scales_the_rest(values, f, pivot):
    out = scale_about(np.array(values), f, pivot)
    assert out == pytest.approx([pivot + f * (x - pivot) for x in values], abs=1e-6)
    assert scale_about(np.array([pivot]), f, pivot)[0] == pytest.approx(pivot)


@given(angle, angle, angle, factor, factor, st.lists(st.lists(value, min_size=3, max_size=3), min_size=1,
                                                    max_size=8), st.lists(value, min_size=3, max_size=3))
def test_transformed_values_are_linear_about_the_pivot(ax, ay, az, h, v, columns, pivot):
    m = split_matrix(rotation(ax, ay, az), h, v)
    values = np.array(columns).T
    out = transform_values(values, m, pivot)
    for i in range(values.shape[1]):
        expected = np.array(pivot) + m @ (values[:, i] - np.array(pivot))
        assert out[:, i] == pytest.approx(expected, abs=1e-6)


@given(st.lists(st.tuples(value, value, value), min_size=2, max_size=6), factor)
def test_combining_bezier_control_points_combines_the_curves(points, f):
    """The reason handles go through the same map as keys: a Bézier segment is linear in its control
    points, so the combination of two channels' segments is the segment of their combined points."""
    p = np.array(points)  # four control values of one segment, on two channels (shared control times)
    assume(len(p) >= 2)
    controls_a = np.array([p[0, 0], p[0, 1], p[1, 0], p[1, 1]])
    controls_b = np.array([p[0, 2], p[1, 2], p[0, 0], p[1, 0]])
    t = np.linspace(0, 1, 7)
    basis = np.stack([(1 - t) ** 3, 3 * t * (1 - t) ** 2, 3 * t ** 2 * (1 - t), t ** 3])
    combined = basis.T @ (controls_a + f * controls_b)
    assert combined == pytest.approx(basis.T @ controls_a + f * (basis.T @ controls_b), abs=1e-6)


@given(st.lists(value, min_size=1, max_size=8), value, value)
def test_along_tangents_is_exact_for_a_straight_channel(xs, slope, offset):
    x = np.array(sorted(xs))
    line = offset + slope * x
    keys, left, right = along_tangents(line, np.full_like(x, slope), np.full_like(x, slope), x, x - 1.5, x + 2.0)
    assert keys == pytest.approx(line)
    assert left == pytest.approx(offset + slope * (x - 1.5), abs=1e-6 * (1 + abs(slope) * 1e4 + abs(offset)))
    assert right == pytest.approx(offset + slope * (x + 2.0), abs=1e-6 * (1 + abs(slope) * 1e4 + abs(offset)))


# -- bone names --------------------------------------------------------------------------------------
@pytest.mark.parametrize("names", [
    ["foot_l", "foot.L", "Foot_L", "LeftFoot", "mixamorig:LeftFoot", "foot-l", "l_foot", "Foot.Left"],
    ["spine_01", "Spine01", "spine.01", "mixamorig:Spine01"],
    ["pelvis", "Pelvis", "mixamorig:Pelvis"],
])
def test_family_key_is_shared_by_every_family_spelling(names):
    assert len({family_key(n) for n in names}) == 1


@pytest.mark.parametrize(("a", "b"), [("foot_l", "foot_r"), ("foot_l", "DEF-foot.L"), ("foot_l", "foot_ik.L"),
                                      ("thigh_l", "calf_l"), ("spine_01", "spine_02")])
def test_family_key_keeps_what_is_not_a_spelling_difference(a, b):
    assert family_key(a) != family_key(b)


def test_bones_match_by_name_then_by_family():
    match = match_bones(["root", "pelvis", "foot_l", "foot_r", "ball_l", "tail"],
                        ["root", "pelvis", "foot.L", "foot.R", "ball_l"])
    assert match.mapping == {"root": "root", "pelvis": "pelvis", "foot_l": "foot.L", "foot_r": "foot.R",
                             "ball_l": "ball_l"}
    assert match.renamed == {"foot_l": "foot.L", "foot_r": "foot.R"}
    assert match.unmatched == ("tail",)


def test_an_ambiguous_family_match_is_not_guessed():
    match = match_bones(["foot_l"], ["foot.L", "Foot_L"])
    assert match.mapping == {} and match.unmatched == ("foot_l",)
    match = match_bones(["foot_l", "Foot_L"], ["foot.L"])
    assert match.mapping == {} and match.unmatched == ("foot_l", "Foot_L")


def test_an_exact_name_wins_over_a_family_one():
    match = match_bones(["foot_l", "foot.L"], ["foot.L"])
    assert match.mapping == {"foot.L": "foot.L"} and match.unmatched == ("foot_l",)


names_strategy = st.lists(st.text(alphabet="abcdfhlrLR_.-:0123456789", min_size=1, max_size=8), max_size=12)


@given(names_strategy, names_strategy)
def test_matching_is_one_to_one_and_complete(source, target):
    match = match_bones(source, target)
    assert len(set(match.mapping.values())) == len(match.mapping)
    assert set(match.mapping.values()) <= set(target)
    assert set(match.mapping) | set(match.unmatched) == set(source)
    assert not set(match.mapping) & set(match.unmatched)
    for s, t in match.mapping.items():
        assert s == t or family_key(s) == family_key(t)


# -- data paths --------------------------------------------------------------------------------------
@given(st.text(max_size=20), st.sampled_from([".location", ".rotation_quaternion", '["prop"]', ""]))
def test_bone_paths_round_trip_any_name(name, rest):
    assert bone_of_path(bone_path(name, rest)) == (name, rest)


def test_bone_path_matches_blenders_escaping():
    assert bone_path('a"b\\c', ".location") == 'pose.bones["a\\"b\\\\c"].location'
    assert bone_of_path("location") is None
    constraint = '.constraints["IK"].influence'
    assert bone_of_path(f'pose.bones["foot_l"]{constraint}') == ("foot_l", constraint)


@given(st.text(min_size=1, max_size=80), st.text(min_size=1, max_size=80), st.sampled_from([63, 255]))
def test_the_result_name_fits_blenders_limit(action, target, limit):
    name = result_name(action, target, limit)
    assert len(name.encode("utf-8")) <= limit
    assert f"{action}_{target}".startswith(name)


# -- from measured sizes: unclamped, calibrated on request -----------------------------------------------
def sized(name, loco_cs, loco_ws, **calibration):
    whole = ResolvedCharacterProportions(character_height_cs=2 * loco_cs, character_height_ws=2 * loco_ws,
                                         locomotion_height_cs=loco_cs, locomotion_height_ws=loco_ws)
    return CharacterSizes(name, whole, calibration=CalibrationSettings(**calibration))


@given(st.floats(min_value=1.0, max_value=300.0), st.floats(min_value=0.1, max_value=3.0),
       st.sampled_from([0.01, 1.0, 100.0]), st.sampled_from([0.01, 1.0, 100.0]))
def test_the_size_ratio_ignores_any_object_scale_and_any_clamp(hips_cm, factor, source_scale, target_scale):
    """A rig's own-space size is its world size over its object scale: the bones' ratio (CS) carries
    the object scales, so the motion lands at ``factor`` in the world whatever they are."""
    source = sized("S", hips_cm / source_scale, hips_cm)
    target = sized("T", factor * hips_cm / target_scale, factor * hips_cm)
    ratio = sized_ratio(source, target, B.LOCOMOTION_HEIGHT)
    assert ratio.ratio * target_scale / source_scale == pytest.approx(factor, rel=1e-9)  # in the world
    assert ratio.ratio_ws == pytest.approx(factor, rel=1e-9)
    assert not ratio.calibrated and not ratio.clamps


def test_calibration_clamps_are_listed_with_the_ratio_they_moved():
    source, target = sized("Big", 9000.0, 90.0), sized("Small", 5400.0, 54.0)  # 100x in CS: both clamp at 4
    ratio = sized_ratio(source, target, B.LOCOMOTION_HEIGHT, use_calibration=True)
    assert (ratio.source_scale, ratio.target_scale, ratio.ratio) == (4.0, 4.0, 1.0)
    assert ratio.ratio_ws == pytest.approx(0.6)  # WS 1 and 0.6: inside the range, not clamped
    assert [(c.character, c.space, c.measured, c.unclamped_ratio) for c in ratio.clamps] == [
        ("Big", "CS", pytest.approx(100.0), pytest.approx(0.6)), ("Small", "CS", pytest.approx(60.0),
                                                                 pytest.approx(0.6))]
    lines = [str(m) for m in clamp_warnings(ratio)]
    assert lines[0] == ("Calibration clamps 'Big': its CS scale 100 is held at 4 by Minimum/Maximum Character "
                        "Scale, so the bones' ratio is 1 instead of 0.6")
    off = sized_ratio(source, sized("Small", 5400.0, 54.0, enable_automatic_calibration=False), B.LOCOMOTION_HEIGHT,
                      use_calibration=True)
    assert off.target_scale == 1.0 and [c.character for c in off.clamps] == ["Big"]  # off is not a clamp
    inside = sized_ratio(sized("A", 95.0, 95.0), sized("B", 57.0, 57.0), B.LOCOMOTION_HEIGHT, use_calibration=True)
    assert inside.ratio == pytest.approx(0.6) and not inside.clamps and inside.calibrated


def test_a_missing_size_says_which_measurement():
    with pytest.raises(OverAnimError, match="locomotion height measurement is not a positive number"):
        sized_ratio(sized("S", 0.0, 0.0), sized("T", 50.0, 50.0), B.LOCOMOTION_HEIGHT)
