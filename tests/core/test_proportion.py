import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

import overanim_addon.core as core
from overanim_addon.core import (
    CalibrationSettings,
    ResolvedCharacterProportions,
    ResolvedRegionProportions,
    SpatialCalibrationMode,
    build_measurement_scales,
    proportion,
    resolve_spatial_distance,
)

anything = st.floats(allow_nan=True, allow_infinity=True)
M = SpatialCalibrationMode


def test_namespace_aliases_are_the_same_classes():
    assert proportion.Calibration is core.CalibrationSettings
    assert proportion.Character is core.ResolvedCharacterProportions
    assert proportion.Region is core.ResolvedRegionProportions
    assert proportion.MotionScales is core.MotionMeasurementScales
    assert proportion.build_measurement_scales is build_measurement_scales
    assert proportion.resolve_spatial_distance is resolve_spatial_distance


def test_mode_values():
    assert [m.value for m in M] == ["CharacterRelative", "RegionRelative", "Absolute"]


# -- resolved Region helpers ----------------------------------------------------------------------
@pytest.mark.parametrize(
    "region, expected",
    [((10, 7, 30, 5), 30), ((10, 7, 0, 5), 10), ((0, 7, 0, 5), 14), ((0, 0, 0, 5), 5), ((0, 0, 0, -5), 0),
     ((0, 0, 0, 0), 0)],
)
def test_offset_reference_length_order(region, expected):
    span, bounds, chain, average = region
    r = ResolvedRegionProportions(span_length=span, bounds_radius=bounds, chain_length=chain,
                                  average_bone_length=average)
    assert r.offset_reference_length() == expected


@pytest.mark.parametrize(
    "region, expected",
    [((10, 7, 30, 5), 7), ((10, 0, 30, 5), 5), ((0, 0, 30, 4), 4), ((0, -1, 30, -4), 0)],
)
def test_focal_reference_radius_order(region, expected):
    span, bounds, chain, average = region
    r = ResolvedRegionProportions(span, bounds, chain, average)
    assert r.focal_reference_radius() == expected


def test_region_helpers_skip_nan_and_inf():
    r = ResolvedRegionProportions(span_length=math.nan, bounds_radius=math.inf, chain_length=math.nan,
                                  average_bone_length=3)
    assert r.offset_reference_length() == 3 and r.focal_reference_radius() == 3
    assert ResolvedRegionProportions(average_bone_length=math.nan).offset_reference_length() == 0.0


@given(anything, anything, anything, anything)
def test_region_helpers_are_finite_and_non_negative(span, bounds, chain, average):
    r = ResolvedRegionProportions(span, bounds, chain, average)
    for value in (r.offset_reference_length(), r.focal_reference_radius()):
        assert math.isfinite(value) and value >= 0


# -- build_measurement_scales ----------------------------------------------------------------------
CHARACTER = ResolvedCharacterProportions(character_scale_cs=1.5, character_scale_ws=3.0, locomotion_scale_cs=1.4,
                                         locomotion_scale_ws=2.8, ground_probe_scale_cs=1.3,
                                         ground_probe_scale_ws=2.6)


@pytest.mark.parametrize("ws, expected", [(False, (1.5, 1.4, 1.3)), (True, (3.0, 2.8, 2.6))])
def test_build_copies_cs_or_ws(ws, expected):
    s = build_measurement_scales(CalibrationSettings(), CHARACTER, None, ws)
    assert (s.character_height_scale, s.locomotion_height_scale, s.ground_probe_radius_scale) == expected
    assert not s.is_region_motion and not s.has_region_measurements
    assert (s.region_span_scale, s.region_bounds_radius_scale, s.region_chain_length_scale,
            s.average_bone_length_scale) == (0, 0, 0, 0)


def test_build_with_region_resolves_the_four_optional_scales():
    region = ResolvedRegionProportions(span_length=30, bounds_radius=40, chain_length=0, average_bone_length=15)
    s = build_measurement_scales(CalibrationSettings(), CHARACTER, region, False)
    assert s.is_region_motion and s.has_region_measurements
    assert (s.region_span_scale, s.region_bounds_radius_scale, s.region_chain_length_scale,
            s.average_bone_length_scale) == (0.5, 2.0, 0.0, 1.0)


def test_build_with_empty_region_is_region_motion_without_measurements():
    s = build_measurement_scales(CalibrationSettings(), CHARACTER, ResolvedRegionProportions(), True)
    assert s.is_region_motion and not s.has_region_measurements


# -- resolve_spatial_distance ----------------------------------------------------------------------
def test_absolute_keeps_the_distance():
    assert resolve_spatial_distance(M.ABSOLUTE, 12.0, 0.5, 3.0, 40.0) == 12.0


def test_character_relative_multiplies_by_scale():
    assert resolve_spatial_distance(M.CHARACTER_RELATIVE, 12.0, 0.5, 2.0, 40.0) == 24.0


def test_region_relative_uses_size_times_ratio():
    assert resolve_spatial_distance(M.REGION_RELATIVE, 12.0, 0.5, 2.0, 40.0) == 20.0


@pytest.mark.parametrize("ratio, size", [(0, 40), (0.5, 0), (-1, 40), (0.5, math.nan), (math.inf, 40)])
def test_region_relative_falls_back_to_character_relative(ratio, size):
    assert resolve_spatial_distance(M.REGION_RELATIVE, 12.0, ratio, 2.0, size) == 24.0


def test_distance_floor_and_character_scale_floor_and_fallback():
    assert resolve_spatial_distance(M.ABSOLUTE, -5.0, 0, 1, 0) == 0.0
    assert resolve_spatial_distance(M.CHARACTER_RELATIVE, 10.0, 0, 0.0, 0) == pytest.approx(0.1)
    assert resolve_spatial_distance(M.CHARACTER_RELATIVE, 10.0, 0, -3.0, 0) == pytest.approx(0.1)
    assert resolve_spatial_distance(M.CHARACTER_RELATIVE, 10.0, 0, math.nan, 0) == 10.0
    assert resolve_spatial_distance(M.CHARACTER_RELATIVE, 10.0, 0, math.inf, 0) == 10.0


def test_mode_by_name():
    by_name = resolve_spatial_distance("REGION_RELATIVE", 1, 2, 1, 3)
    assert by_name == resolve_spatial_distance("RegionRelative", 1, 2, 1, 3) == 6


@given(st.sampled_from(list(M)), anything, anything, anything, anything)
def test_spatial_distance_is_finite_and_non_negative(mode, distance, ratio, scale, size):
    value = resolve_spatial_distance(mode, distance, ratio, scale, size)
    assert math.isfinite(value) and value >= 0
