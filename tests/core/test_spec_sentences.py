"""The "Region · Calibration Types" page, one sentence at a time.

Each test quotes the sentence it states and checks it against a formula written from the sentence,
not from the implementation, over float32 and float64 inputs, NaN, ±inf, -0.0, subnormals and huge
values. Where the spec is silent the add-on's documented choice (docs/api-map.md) is stated instead.
"""

from __future__ import annotations

import math
import sys

import numpy as np
import pytest
from hypothesis import assume, example, given
from hypothesis import strategies as st

from overanim_addon.core import (
    FIELDS,
    CalibrationSettings,
    MotionMeasurementBasis,
    MotionMeasurementScales,
    RegionCompositionPolicy,
    RegionFalloffMode,
    RegionLodPolicy,
    RegionMaskPolicy,
    ResolvedCharacterProportions,
    ResolvedRegionProportions,
    SpatialCalibrationMode,
    build_measurement_scales,
    compose_region_deltas,
    requires_coverage,
    resolve_spatial_distance,
    validate_calibration,
)

B = MotionMeasurementBasis
M = SpatialCalibrationMode
SPECIAL = [0.0, -0.0, 5e-324, -5e-324, 1e-310, 1.0, -1.0, 1e308, -1e308, math.inf, -math.inf, math.nan,
           float(np.finfo(np.float32).max), float(np.finfo(np.float32).tiny)]
# any float64 or float32 value (as Python floats and as NumPy scalars), the special values above included
anything = st.one_of(
    st.floats(allow_nan=True, allow_infinity=True),
    st.floats(width=32, allow_nan=True, allow_infinity=True).map(np.float32),
    st.sampled_from(SPECIAL),
)
finite = st.one_of(st.floats(allow_nan=False, allow_infinity=False),
                   st.floats(width=32, allow_nan=False, allow_infinity=False).map(np.float32))
positive_finite = finite.filter(lambda x: x > 0)
dtypes = st.sampled_from([np.float32, np.float64])


def finite_positive(x) -> bool:
    return math.isfinite(float(x)) and float(x) > 0


# -- Region Mask · LOD C++ Contracts ---------------------------------------------------------------
unit = st.floats(0, 1)
policies = st.builds(RegionMaskPolicy, st.sampled_from(list(RegionFalloffMode)), unit, unit,
                     st.floats(0.01, 100))


@given(policy=policies, dtype=dtypes, w=st.floats(0, 1) | st.sampled_from([-0.0, 5e-324, -math.inf, -1e308]))
def test_the_mask_is_0_at_or_below_zero_weight(policy, dtype, w):
    """"The Region mask is 0 at or below this skin weight." (ZeroWeight)"""
    assume(policy.full_weight > policy.zero_weight)
    with np.errstate(over="ignore"):
        w = float(dtype(w))  # the weight as the array holds it (1e308 is inf in float32)
    if w <= policy.zero_weight:
        assert policy.evaluate(np.array([w], dtype))[0] == 0.0


@given(policy=policies, dtype=dtypes, w=st.floats(0, 1) | st.sampled_from([1.0, math.inf, 1e308]))
@example(RegionMaskPolicy(RegionFalloffMode.LINEAR, 0.5511726455200953, 1.0), np.float32, 1.0)  # was 0.99999994
def test_the_mask_is_1_at_or_above_full_weight(policy, dtype, w):
    """"The Region mask is 1 at or above this skin weight." (FullWeight, greater than ZeroWeight)"""
    assume(policy.full_weight > policy.zero_weight)
    with np.errstate(over="ignore"):
        w = float(dtype(w))
    if w >= policy.full_weight:
        assert policy.evaluate(np.array([w], dtype))[0] == 1.0


@given(mode=st.sampled_from([RegionFalloffMode.LINEAR, RegionFalloffMode.SMOOTH_STEP]), zero=unit, full=unit,
       a=anything, b=anything, dtype=dtypes, w=st.lists(st.floats(-1, 2) | st.sampled_from(SPECIAL), max_size=8))
def test_only_power_reads_the_falloff_exponent(mode, zero, full, a, b, dtype, w):
    """"Only Power reads FalloffExponent." / "Other modes retain the value but do not use it.\""""
    with np.errstate(over="ignore"):
        weights = np.array(w, dtype)
    first = RegionMaskPolicy(mode, zero, full, a)
    assert first.falloff_exponent is a  # retained as authored
    np.testing.assert_array_equal(first.evaluate(weights), RegionMaskPolicy(mode, zero, full, b).evaluate(weights))


def test_mask_policy_defaults():
    """FalloffMode SmoothStep, ZeroWeight 0, FullWeight 1, FalloffExponent 1."""
    assert RegionMaskPolicy() == RegionMaskPolicy(RegionFalloffMode.SMOOTH_STEP, 0.0, 1.0, 1.0)


@given(policy=st.sampled_from(list(RegionLodPolicy)), attachment=st.booleans())
def test_requires_coverage(policy, attachment):
    """"Always true when bIsAttachmentDependency is true, regardless of policy. Otherwise true only
    for RequireCoverage.\""""
    assert requires_coverage(policy, attachment) == (attachment or policy is RegionLodPolicy.REQUIRE_COVERAGE)


@given(policy=st.sampled_from(list(RegionCompositionPolicy)),
       d=st.lists(st.floats(width=32, allow_nan=True, allow_infinity=True), min_size=6, max_size=6),
       dtype=dtypes)
@example(RegionCompositionPolicy.ADDITIVE_CLAMPED, [3e38, 3e38, 0.0, 3e38, -3e38, 0.0], np.float32)  # was inf
def test_composed_deltas_are_finite_in_the_callers_dtype(policy, d, dtype):
    """Documented: "The result is always finite", for float32 deltas as well (near float32's
    largest value, a sum of two deltas does not fit in float32)."""
    deltas = np.array(d, dtype).reshape(2, 1, 3)
    out = compose_region_deltas(policy, deltas)
    assert out.dtype == dtype and np.all(np.isfinite(out))


# -- FOverAnimProportionCalibrationSettings ----------------------------------------------------------
def sanitised_range(low: float, high: float) -> tuple[float, float]:
    """"clamps ... from max(MinimumCharacterScale, 0.01) through max(MaximumCharacterScale, minimum)\""""
    lo = max(low, 0.01)
    return lo, max(high, lo)


def spec_scale(s: CalibrationSettings, measured: float, reference: float) -> float:
    """ResolveMeasurementScale as the spec's sentence says it, written out here."""
    if not s.enable_automatic_calibration or not finite_positive(measured) or not finite_positive(reference):
        return 1.0
    lo, hi = sanitised_range(float(s.minimum_character_scale), float(s.maximum_character_scale))
    with np.errstate(over="ignore"):
        ratio = float(np.float64(measured) / np.float64(reference))  # inf when it overflows: above any maximum
    return min(max(ratio, lo), hi)


def spec_optional_scale(s: CalibrationSettings, measured: float, reference: float) -> float:
    """ResolveOptionalMeasurementScale: 0 for a measurement that is not a finite positive length."""
    return spec_scale(s, measured, reference) if finite_positive(measured) else 0.0


@given(measured=anything, reference=anything, low=finite, high=finite, enabled=st.booleans())
def test_resolve_measurement_scale(measured, reference, low, high, enabled):
    """"Returns 1 if automatic calibration is disabled or the measurement/reference is non-finite or
    not positive. Otherwise clamps MeasuredValue / ReferenceValue from max(MinimumCharacterScale,
    0.01) through max(MaximumCharacterScale, minimum).\""""
    s = CalibrationSettings(enable_automatic_calibration=enabled, minimum_character_scale=low,
                            maximum_character_scale=high)
    value = s.resolve_measurement_scale(measured, reference)
    if not enabled or not finite_positive(measured) or not finite_positive(reference):
        assert value == 1.0
        return
    assert value == spec_scale(s, measured, reference)


@given(height=anything, reference=finite)
def test_resolve_character_scale(height, reference):
    """"Result of ResolveMeasurementScale(CharacterHeight, ReferenceCharacterHeight).\""""
    s = CalibrationSettings(reference_character_height=reference)
    assert s.resolve_character_scale(height) == spec_scale(s, height, reference)


@given(measured=anything, reference=anything, enabled=st.booleans())
def test_resolve_optional_measurement_scale(measured, reference, enabled):
    """"Returns 0 if the measurement is non-finite or not positive. Otherwise returns
    ResolveMeasurementScale. 0 denotes absence of a Region measurement, not character-scale fallback.\""""
    s = CalibrationSettings(enable_automatic_calibration=enabled)
    value = s.resolve_optional_measurement_scale(measured, reference)
    assert value == spec_optional_scale(s, measured, reference)


@pytest.mark.parametrize("spec", [f for f in FIELDS if isinstance(f.default, float)], ids=lambda f: f.name)
def test_each_limit_of_the_details_ui_is_valid_as_blender_stores_it(spec):
    """Defaults and ranges ("0.25, 0.01..1", "180 cm, 1+"...): a field at its limit is valid. Blender
    keeps the value in a float32 (0.01 is 0.00999999977648): that is the limit too."""
    for limit, outside in ((spec.minimum, -1.0), (spec.maximum, 1.0)):
        if limit is not None:
            stored = float(np.float32(limit))
            assert validate_calibration(CalibrationSettings(**{spec.name: stored})) == [], (spec.name, stored)
            past = limit * (1.0 + outside * 1e-6)  # past the limit by more than float32 rounding
            assert validate_calibration(CalibrationSettings(**{spec.name: past})) != [], (spec.name, past)


# -- FOverAnimMotionMeasurementScales -----------------------------------------------------------------
scales = st.builds(MotionMeasurementScales, anything, anything, anything, anything, anything, anything, anything,
                   st.booleans(), st.booleans())


@given(s=scales)
def test_is_valid(s):
    """"CharacterHeightScale, LocomotionHeightScale, and GroundProbeRadiusScale must all be finite and
    positive. Region-scale presence is not included in this check.\""""
    assert s.is_valid() == all(map(finite_positive, (s.character_height_scale, s.locomotion_height_scale,
                                                      s.ground_probe_radius_scale)))


def expected_try_resolve(s: MotionMeasurementScales, basis: MotionMeasurementBasis) -> tuple[bool, float]:
    """TryResolveScale written from its sentences: "Sets OutScale to 0 at call start. Absolute uses 1;
    character/locomotion use their respective scales. Region* uses its scale only when
    bHasRegionMeasurements is true. Auto Region fallback order is chain → span → bounds → average
    bone. Returns true only when the final scale is finite and positive." and "for actor motion, it
    uses locomotion height". The fallback passes over a scale that is absent or 0 (not above 0)."""
    out = 0.0
    region = {B.REGION_CHAIN_LENGTH: s.region_chain_length_scale, B.REGION_SPAN: s.region_span_scale,
              B.REGION_BOUNDS_RADIUS: s.region_bounds_radius_scale, B.AVERAGE_BONE_LENGTH: s.average_bone_length_scale}
    if basis is B.ABSOLUTE:
        out = 1.0
    elif basis is B.CHARACTER_HEIGHT:
        out = s.character_height_scale
    elif basis is B.LOCOMOTION_HEIGHT or (basis is B.AUTO and not s.is_region_motion):
        out = s.locomotion_height_scale
    elif basis is B.AUTO:
        if s.has_region_measurements:
            out = next((v for v in region.values() if float(v) > 0), 0.0)  # chain, span, bounds, average
    elif s.has_region_measurements:
        out = region[basis]
    return (True, float(out)) if finite_positive(out) else (False, 0.0)


@given(s=scales, basis=st.sampled_from(list(B)))
@example(MotionMeasurementScales(region_chain_length_scale=math.inf, region_span_scale=0.5, is_region_motion=True,
                                 has_region_measurements=True), B.AUTO)
def test_try_resolve_scale(s, basis):
    assert s.try_resolve_scale(basis) == expected_try_resolve(s, basis)


@pytest.mark.parametrize("basis", [B.REGION_SPAN, B.REGION_BOUNDS_RADIUS, B.REGION_CHAIN_LENGTH,
                                   B.AVERAGE_BONE_LENGTH])
@pytest.mark.parametrize("absent", [0.0, -0.0, math.nan])
def test_a_region_basis_without_its_measurement_fails(basis, absent):
    """"TryResolveScale(Basis, OutScale) returns false when a Region* basis is selected but its Region
    measurement is absent or 0.\""""
    s = MotionMeasurementScales(1, 1, 1, absent, absent, absent, absent, True, True)
    assert s.try_resolve_scale(basis) == (False, 0.0)


def test_auto_takes_the_first_region_scale_present_even_when_it_is_not_finite():
    """chain → span → ...: an infinite chain scale is present (above 0), so Auto takes it, and then
    fails: "Returns true only when the final scale is finite and positive.\""""
    s = MotionMeasurementScales(region_chain_length_scale=math.inf, region_span_scale=0.5, is_region_motion=True,
                                has_region_measurements=True)
    assert s.try_resolve_scale(B.AUTO) == (False, 0.0)
    assert s.try_resolve_scale(B.REGION_SPAN) == (True, 0.5)


# -- Resolved Proportion · Namespace Helper Contracts ----------------------------------------------------
def first_positive(*values: float) -> float:
    """"Returns the first positive value in this order", the last being max(AverageBoneLength, 0)."""
    return next((float(v) for v in values[:-1] if float(v) > 0), max(float(values[-1]), 0.0))


lengths = st.one_of(finite, st.sampled_from([0.0, -0.0, 5e-324, -1.0, 1e308]))


@given(span=lengths, bounds=lengths, chain=lengths, average=lengths)
def test_offset_reference_length(span, bounds, chain, average):
    """"ChainLength → SpanLength → BoundsRadius × 2 → max(AverageBoneLength, 0)" (finite lengths; a
    diameter that overflows is no length: documented)."""
    r = ResolvedRegionProportions(span, bounds, chain, average)
    diameter = float(bounds) * 2.0
    assert r.offset_reference_length() == first_positive(chain, span, diameter if math.isfinite(diameter) else 0.0,
                                                         average)


@given(span=lengths, bounds=lengths, average=lengths)
def test_focal_reference_radius(span, bounds, average):
    """"BoundsRadius → SpanLength × 0.5 → max(AverageBoneLength, 0)\""""
    r = ResolvedRegionProportions(span, bounds, 7.0, average)
    assert r.focal_reference_radius() == first_positive(bounds, float(span) * 0.5, average)


@given(span=anything, bounds=anything, chain=anything, average=anything)
def test_reference_helpers_skip_what_is_not_a_length(span, bounds, chain, average):
    """Documented choice: NaN/inf lengths are skipped as absent, so the helpers give a finite length >= 0."""
    r = ResolvedRegionProportions(span, bounds, chain, average)
    for value in (r.offset_reference_length(), r.focal_reference_radius()):
        assert math.isfinite(value) and value >= 0.0


# -- BuildMeasurementScales -----------------------------------------------------------------------------
characters = st.builds(ResolvedCharacterProportions, *([anything] * 12))
regions = st.builds(ResolvedRegionProportions, anything, anything, anything, anything)


def same(a, b) -> bool:
    return a is b or (math.isnan(float(a)) and math.isnan(float(b))) or float(a) == float(b)


@given(character=characters, region=st.none() | regions, world=st.booleans(), low=finite, high=finite,
       enabled=st.booleans())
def test_build_measurement_scales(character, region, world, low, high, enabled):
    """"Copies Character CS or WS scales according to bWorldSpace. If Region exists, marks Region motion,
    calculates the four optional Region scales, and sets bHasRegionMeasurements true when at least one
    is positive. With Region == nullptr, Region values remain at their default 0/false.\""""
    calibration = CalibrationSettings(enable_automatic_calibration=enabled, minimum_character_scale=low,
                                      maximum_character_scale=high)
    s = build_measurement_scales(calibration, character, region, world)
    space = "ws" if world else "cs"
    assert same(s.character_height_scale, getattr(character, f"character_scale_{space}"))
    assert same(s.locomotion_height_scale, getattr(character, f"locomotion_scale_{space}"))
    assert same(s.ground_probe_radius_scale, getattr(character, f"ground_probe_scale_{space}"))
    four = (s.region_span_scale, s.region_bounds_radius_scale, s.region_chain_length_scale,
            s.average_bone_length_scale)
    if region is None:
        assert four == (0, 0, 0, 0) and not s.is_region_motion and not s.has_region_measurements
        return
    assert four == (spec_optional_scale(calibration, region.span_length, calibration.reference_region_span_length),
                    spec_optional_scale(calibration, region.bounds_radius, calibration.reference_region_bounds_radius),
                    spec_optional_scale(calibration, region.chain_length, calibration.reference_region_chain_length),
                    spec_optional_scale(calibration, region.average_bone_length,
                                        calibration.reference_average_bone_length))
    assert s.is_region_motion and s.has_region_measurements == any(v > 0 for v in four)


# -- ResolveSpatialDistance -----------------------------------------------------------------------------
BIGGEST = sys.float_info.max


def character_relative(distance: float, scale: float) -> float:
    """"Authored distance has a minimum of 0; character scale uses a finite minimum of 0.01 or
    fallback 1" ... "returns distance × character scale". Documented: a NaN/inf distance counts as 0,
    and a product past the largest float is that largest float (the result stays finite and grows
    with the distance)."""
    d = max(float(distance), 0.0) if math.isfinite(float(distance)) else 0.0
    c = max(float(scale), 0.01) if math.isfinite(float(scale)) else 1.0
    return min(d * c, BIGGEST)


@given(distance=anything, ratio=anything, scale=anything, size=anything)
@example(1e308, 0.0, 4.0, 0.0)  # the product overflows: it was 0
@example(5.0, 1e308, 1.0, 1e308)  # it fell back to 5 cm
def test_resolve_spatial_distance(distance, ratio, scale, size):
    """"Absolute uses the distance unchanged. RegionRelative uses the product of positive region size
    and ratio when both exist. Otherwise, including CharacterRelative, returns distance × character scale.\""""
    d = max(float(distance), 0.0) if math.isfinite(float(distance)) else 0.0
    assert resolve_spatial_distance(M.ABSOLUTE, distance, ratio, scale, size) == d
    assert resolve_spatial_distance(M.CHARACTER_RELATIVE, distance, ratio, scale, size) == character_relative(
        distance, scale)
    region = resolve_spatial_distance(M.REGION_RELATIVE, distance, ratio, scale, size)
    if finite_positive(size) and finite_positive(ratio):
        assert region == min(float(size) * float(ratio), BIGGEST)
    else:
        assert region == character_relative(distance, scale)


@given(mode=st.sampled_from(list(M)), a=finite, b=finite, ratio=anything, scale=anything, size=anything)
def test_a_longer_authored_distance_never_resolves_shorter(mode, a, b, ratio, scale, size):
    lo, hi = sorted((float(a), float(b)))
    assert (resolve_spatial_distance(mode, lo, ratio, scale, size)
            <= resolve_spatial_distance(mode, hi, ratio, scale, size))
