import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from overanim_addon.core import FIELDS, CalibrationSettings

anything = st.floats(allow_nan=True, allow_infinity=True)


def test_defaults_match_the_details_ui_table():
    s = CalibrationSettings()
    expected = {
        "enable_automatic_calibration": True, "reference_character_height": 180.0, "locomotion_root_bone": "",
        "reference_locomotion_height": 90.0, "reference_ground_probe_radius": 42.0,
        "reference_region_span_length": 60.0, "reference_region_bounds_radius": 20.0,
        "reference_region_chain_length": 60.0, "reference_average_bone_length": 15.0,
        "minimum_character_scale": 0.25, "maximum_character_scale": 4.0,
    }
    assert s.as_dict() == expected
    assert {f.name: f.default for f in FIELDS} == expected


def test_field_table_ranges_and_cpp_names():
    by_name = {f.name: f for f in FIELDS}
    assert (by_name["minimum_character_scale"].minimum, by_name["minimum_character_scale"].maximum) == (0.01, 1.0)
    assert (by_name["maximum_character_scale"].minimum, by_name["maximum_character_scale"].maximum) == (1.0, 10.0)
    for name in ("reference_character_height", "reference_average_bone_length"):
        assert by_name[name].minimum == 1.0 and by_name[name].maximum is None and by_name[name].unit == "cm"
    assert by_name["enable_automatic_calibration"].cpp == "bEnableAutomaticCalibration"
    assert all(f.tooltip and not f.tooltip.endswith(".") for f in FIELDS)  # Blender adds the period


def test_ratio_is_clamped_into_the_scale_range():
    s = CalibrationSettings()
    assert s.resolve_measurement_scale(90, 180) == 0.5
    assert s.resolve_measurement_scale(1, 180) == 0.25
    assert s.resolve_measurement_scale(10_000, 180) == 4.0


@pytest.mark.parametrize("measured, reference", [(0, 180), (-5, 180), (math.nan, 180), (math.inf, 180),
                                                 (90, 0), (90, -1), (90, math.nan), (90, math.inf)])
def test_invalid_measurement_or_reference_gives_1(measured, reference):
    assert CalibrationSettings().resolve_measurement_scale(measured, reference) == 1.0


def test_disabled_calibration_gives_1():
    s = CalibrationSettings(enable_automatic_calibration=False)
    assert s.resolve_measurement_scale(90, 180) == 1.0
    assert s.resolve_character_scale(360) == 1.0
    assert s.resolve_optional_measurement_scale(30, 60) == 1.0  # present measurement, calibration off
    assert s.resolve_optional_measurement_scale(0, 60) == 0.0  # absence still reads 0


def test_minimum_is_floored_at_0_01_and_maximum_never_below_minimum():
    assert CalibrationSettings(minimum_character_scale=0.0).scale_range == (0.01, 4.0)
    assert CalibrationSettings(minimum_character_scale=-3).resolve_measurement_scale(0.0001, 180) == 0.01
    s = CalibrationSettings(minimum_character_scale=0.8, maximum_character_scale=0.5)
    assert s.scale_range == (0.8, 0.8)
    assert s.resolve_measurement_scale(360, 180) == 0.8


def test_non_finite_bounds_take_their_defaults():
    s = CalibrationSettings(minimum_character_scale=math.nan, maximum_character_scale=math.inf)
    assert s.scale_range == (0.25, 4.0)


def test_character_scale_uses_the_reference_height():
    assert CalibrationSettings(reference_character_height=200).resolve_character_scale(100) == 0.5
    assert CalibrationSettings().resolve_character_scale(180) == 1.0


def test_overflowing_ratio_clamps_to_maximum():
    assert CalibrationSettings().resolve_measurement_scale(1e308, 1e-308) == 4.0


@pytest.mark.parametrize("measured", [0.0, -1.0, math.nan, math.inf, -math.inf])
def test_optional_scale_is_0_when_the_measurement_is_absent(measured):
    assert CalibrationSettings().resolve_optional_measurement_scale(measured, 60) == 0.0


def test_optional_scale_with_bad_reference_falls_to_1():
    assert CalibrationSettings().resolve_optional_measurement_scale(30, 0) == 1.0


@given(measured=anything, reference=anything, low=anything, high=anything, enabled=st.booleans())
def test_scale_is_always_finite_and_inside_the_sanitised_range(measured, reference, low, high, enabled):
    s = CalibrationSettings(enable_automatic_calibration=enabled,
                            minimum_character_scale=low, maximum_character_scale=high)
    value = s.resolve_measurement_scale(measured, reference)
    lo, hi = s.scale_range
    assert math.isfinite(value)
    assert value == 1.0 or lo <= value <= hi
    assert lo >= 0.01 and hi >= lo


@given(measured=st.floats(0.001, 1e6), reference=st.floats(1, 1e4))
def test_in_range_ratios_pass_through(measured, reference):
    s = CalibrationSettings()
    ratio = measured / reference
    if 0.25 <= ratio <= 4.0:
        assert s.resolve_measurement_scale(measured, reference) == pytest.approx(ratio)


@given(measured=anything, reference=anything)
def test_optional_is_zero_exactly_when_measurement_absent(measured, reference):
    s = CalibrationSettings()
    value = s.resolve_optional_measurement_scale(measured, reference)
    present = math.isfinite(measured) and measured > 0
    assert (value == 0.0) == (not present)
    if present:
        assert value == s.resolve_measurement_scale(measured, reference)


def test_the_measured_scale_is_the_ratio_unclamped():
    """What Motion's contact thresholds follow (issue 31): a 7.9 cm or a 15.8 m character is not a
    quarter nor four times the reference's size."""
    s = CalibrationSettings()
    assert s.measured_scale(90, 180) == 0.5
    assert s.measured_scale(7.9, 180) == pytest.approx(7.9 / 180)
    assert s.measured_scale(1580, 180) == pytest.approx(1580 / 180)
    assert CalibrationSettings(enable_automatic_calibration=False).measured_scale(90, 180) == 1.0


@given(anything, anything)
def test_the_measured_scale_is_finite_and_positive_whatever_it_is_given(measured, reference):
    scale = CalibrationSettings().measured_scale(measured, reference)
    assert math.isfinite(scale) and scale > 0.0


@pytest.mark.parametrize("value", [math.inf, -math.inf, math.nan, 3.4028234663852886e38])
def test_an_infinite_field_as_blender_stores_it_is_not_a_number(value):
    """Blender keeps a script's inf as float32's largest value: a field must not pass for finite then."""
    from overanim_addon.core import validate_calibration

    assert [str(p) for p in validate_calibration(CalibrationSettings(reference_character_height=value))] == [
        "Reference Character Height is not a number"]
