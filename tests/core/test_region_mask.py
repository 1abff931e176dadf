import math

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from overanim_addon.core import RegionFalloffMode, RegionMaskPolicy

weights = st.floats(min_value=-2, max_value=3) | st.sampled_from([float("nan"), float("inf"), -float("inf")])
unit = st.floats(min_value=0, max_value=1)
modes = st.sampled_from(list(RegionFalloffMode))
exponents = st.floats(min_value=0.01, max_value=50)


def test_defaults_match_the_spec():
    p = RegionMaskPolicy()
    assert p.falloff_mode is RegionFalloffMode.SMOOTH_STEP
    assert (p.zero_weight, p.full_weight, p.falloff_exponent) == (0.0, 1.0, 1.0)


def test_enum_values_are_the_unreal_spellings():
    assert [m.value for m in RegionFalloffMode] == ["Linear", "SmoothStep", "Power"]


@pytest.mark.parametrize("mode", ["SmoothStep", "SMOOTH_STEP", RegionFalloffMode.SMOOTH_STEP])
def test_mode_accepts_unreal_and_python_spellings(mode):
    assert RegionMaskPolicy(falloff_mode=mode).falloff_mode is RegionFalloffMode.SMOOTH_STEP


def test_unknown_mode_is_rejected():
    with pytest.raises(ValueError, match="RegionFalloffMode"):
        RegionMaskPolicy(falloff_mode="Cubic")


@pytest.mark.parametrize(
    "mode, w, expected",
    [
        ("Linear", 0.25, 0.25),
        ("SmoothStep", 0.25, 0.25 * 0.25 * (3 - 0.5)),
        ("SmoothStep", 0.5, 0.5),
        ("Power", 0.5, 0.125),  # exponent 3 below
    ],
)
def test_curves(mode, w, expected):
    p = RegionMaskPolicy(falloff_mode=mode, falloff_exponent=3.0)
    assert p.evaluate(w) == pytest.approx(expected)


def test_transition_range_is_remapped():
    p = RegionMaskPolicy(RegionFalloffMode.LINEAR, zero_weight=0.2, full_weight=0.6)
    assert p.evaluate(0.4) == pytest.approx(0.5)
    assert p.evaluate(0.2) == 0.0 and p.evaluate(0.1) == 0.0
    assert p.evaluate(0.6) == 1.0 and p.evaluate(0.9) == 1.0


@pytest.mark.parametrize("mode", ["Linear", "SmoothStep"])
def test_only_power_reads_the_exponent(mode):
    a = RegionMaskPolicy(mode, falloff_exponent=1.0)
    b = RegionMaskPolicy(mode, falloff_exponent=7.0)
    w = np.linspace(0, 1, 101)
    np.testing.assert_array_equal(a.evaluate(w), b.evaluate(w))
    assert b.falloff_exponent == 7.0  # retained, just not used


def test_power_reads_the_exponent():
    w = np.linspace(0, 1, 11)
    assert not np.allclose(RegionMaskPolicy("Power", falloff_exponent=1).evaluate(w),
                           RegionMaskPolicy("Power", falloff_exponent=2).evaluate(w))


def test_scalar_in_scalar_out_and_array_shape_kept():
    p = RegionMaskPolicy()
    assert isinstance(p.evaluate(0.3), float)
    assert isinstance(p.evaluate(np.float32(0.3)), float)
    out = p.evaluate(np.zeros((4, 5), np.float32))
    assert out.shape == (4, 5) and out.dtype == np.float32
    assert p.evaluate([0.0, 1.0]).dtype == np.float64


def test_array_matches_scalar_evaluation():
    p = RegionMaskPolicy("Power", 0.1, 0.8, 2.5)
    w = np.linspace(-0.5, 1.5, 257)
    np.testing.assert_allclose(p.evaluate(w), [p.evaluate(float(x)) for x in w])


@pytest.mark.parametrize("mode", list(RegionFalloffMode))
@pytest.mark.parametrize("dtype", [np.float32, np.float64])
def test_evaluation_never_writes_into_the_callers_weights(mode, dtype):
    # the array path works in place for speed: on its own copy, never on the weights it was given
    w = np.array([np.nan, -1.0, 0.0, 0.3, 0.7, 1.0, 2.0], dtype)
    before = w.copy()
    RegionMaskPolicy(mode, 0.2, 0.8, 2.0).evaluate(w)
    np.testing.assert_array_equal(w, before)


# -- where the spec is silent: documented choices ---------------------------------------------------
def test_full_not_above_zero_is_a_hard_step_at_zero_weight():
    for full in (0.5, 0.3):
        p = RegionMaskPolicy("Linear", zero_weight=0.5, full_weight=full)
        assert not p.has_transition_range
        np.testing.assert_array_equal(p.evaluate(np.array([0.0, 0.5, 0.5001, 1.0])), [0, 0, 1, 1])


def test_nan_weight_is_no_weight_and_infinities_clamp():
    p = RegionMaskPolicy("Linear")
    np.testing.assert_array_equal(p.evaluate(np.array([np.nan, np.inf, -np.inf])), [0.0, 1.0, 0.0])


def test_exponent_below_range_is_raised_to_0_01_and_nan_takes_default():
    w = np.linspace(0, 1, 11)
    np.testing.assert_allclose(RegionMaskPolicy("Power", falloff_exponent=-3).evaluate(w),
                               RegionMaskPolicy("Power", falloff_exponent=0.01).evaluate(w))
    np.testing.assert_allclose(RegionMaskPolicy("Power", falloff_exponent=math.nan).evaluate(w), w)


def test_out_of_range_and_nan_thresholds_are_sanitised():
    p = RegionMaskPolicy("Linear", zero_weight=-1.0, full_weight=math.nan)
    assert (p.effective_zero_weight, p.effective_full_weight) == (0.0, 1.0)
    assert p.evaluate(0.25) == pytest.approx(0.25)


@given(mode=modes, zero=unit, full=unit, exponent=exponents, w=weights)
def test_mask_is_always_finite_and_in_unit_range(mode, zero, full, exponent, w):
    m = RegionMaskPolicy(mode, zero, full, exponent).evaluate(w)
    assert math.isfinite(m) and 0.0 <= m <= 1.0


@given(mode=modes, zero=unit, full=unit, exponent=exponents, w=unit)
def test_zero_at_or_below_zero_weight_full_at_or_above_full_weight(mode, zero, full, exponent, w):
    p = RegionMaskPolicy(mode, zero, full, exponent)
    if w <= zero:
        assert p.evaluate(w) == 0.0
    elif w >= full and full > zero:
        assert p.evaluate(w) == 1.0


@given(mode=modes, zero=unit, full=unit, exponent=exponents,
       a=st.floats(0, 1), b=st.floats(0, 1))
def test_mask_is_monotonic_in_the_weight(mode, zero, full, exponent, a, b):
    p = RegionMaskPolicy(mode, zero, full, exponent)
    lo, hi = sorted((a, b))
    assert p.evaluate(lo) <= p.evaluate(hi) + 1e-12


# -- the in-place form used by paint and the live preview -------------------------------------------
def _evaluate_before_in_place(policy, w):
    """The array path as it was before evaluate_into existed (a fresh copy, then in place), kept as
    the reference for bit-for-bit equality; with two fixes: a transition range too narrow for the
    dtype is a hard step (it divided 0 by 0 into NaN where the weight equals zero_weight), and the
    range is the difference of its ends as the dtype holds them (float32 weights at full_weight
    gave 0.99999994 when the ends were not float32 numbers)."""
    dtype = w.dtype
    zero, full = policy.effective_zero_weight, policy.effective_full_weight
    w = np.array(w, dtype=dtype)
    np.clip(w, 0.0, 1.0, out=w)
    if np.isnan(np.add.reduce(w, axis=None)):
        np.copyto(w, dtype.type(0.0), where=np.isnan(w))
    if not policy.has_transition_range or dtype.type(full) - dtype.type(zero) == 0:
        return (w > zero).astype(dtype)
    with np.errstate(over="ignore"):
        np.subtract(w, dtype.type(zero), out=w)
        np.divide(w, dtype.type(full) - dtype.type(zero), out=w)
    np.clip(w, 0.0, 1.0, out=w)
    if policy.falloff_mode is RegionFalloffMode.LINEAR:
        mask = w
    elif policy.falloff_mode is RegionFalloffMode.SMOOTH_STEP:
        mask = np.multiply(w, w, out=np.empty_like(w))
        np.multiply(w, dtype.type(2.0), out=w)
        np.subtract(dtype.type(3.0), w, out=w)
        mask *= w
    else:
        mask = np.power(w, dtype.type(policy.effective_falloff_exponent), out=w)
    return np.clip(mask, 0.0, 1.0, out=mask)


def _bits(a):
    return np.asarray(a).view(np.uint32 if np.asarray(a).dtype == np.float32 else np.uint64)


special = st.sampled_from([0.0, -0.0, 1.0, float("nan"), float("inf"), -float("inf"), 1e-45, 1 - 1e-7, 0.5])
raw_weights = st.one_of(st.floats(-0.5, 1.5, width=32), special)
thresholds = st.one_of(unit, st.sampled_from([0.0, 1.0, 0.5, float("nan"), -1.0, 2.0, 1e-7]))


@given(mode=modes, zero=thresholds, full=thresholds, exponent=st.one_of(exponents, st.just(0.01)),
       dtype=st.sampled_from([np.float32, np.float64]),
       w=st.lists(raw_weights, min_size=1, max_size=64))
def test_evaluate_into_is_bit_identical_to_the_array_path_before_it(mode, zero, full, exponent, dtype, w):
    policy = RegionMaskPolicy(mode, zero, full, exponent)
    weights = np.array(w, dtype)
    reference = _evaluate_before_in_place(policy, weights)
    before = weights.copy()
    fresh = policy.evaluate(weights)
    out, scratch = np.full_like(weights, 7.0), np.full_like(weights, -3.0)
    assert policy.evaluate_into(weights, out, scratch) is out
    in_place = weights.copy()
    policy.evaluate_into(in_place, in_place)
    for result in (fresh, out, in_place):
        assert result.dtype == dtype
        np.testing.assert_array_equal(_bits(result), _bits(reference))
    np.testing.assert_array_equal(_bits(weights), _bits(before))  # only out was written


@given(mode=modes, zero=thresholds, full=thresholds, exponent=st.one_of(exponents, st.just(0.01)),
       dtype=st.sampled_from([np.float32, np.float64]), w=st.lists(raw_weights, min_size=0, max_size=64))
def test_weights_known_in_range_skip_the_check_and_give_the_same_bits(mode, zero, full, exponent, dtype, w):
    """Live Preview checks a Region's sums once per read and says so (``unit``) on every slider step."""
    from overanim_addon.core.region_mask import in_unit_range

    policy = RegionMaskPolicy(mode, zero, full, exponent)
    weights = np.array(w, dtype)
    inside = bool(np.all((weights >= 0.0) & (weights <= 1.0)))  # False for NaN
    assert in_unit_range(weights) == inside
    if inside:
        checked, known = np.empty_like(weights), np.empty_like(weights)
        policy.evaluate_into(weights, checked)
        policy.evaluate_into(weights, known, unit=True)
        np.testing.assert_array_equal(_bits(known), _bits(checked))


def test_evaluate_into_fills_buffers_kept_between_calls():
    # the live preview's pattern: one out and one scratch row reused for every policy in turn
    weights = np.linspace(-0.2, 1.2, 4097, dtype=np.float32)
    out, scratch = np.empty_like(weights), np.empty_like(weights)
    for mode in RegionFalloffMode:
        for zero, full in ((0.0, 1.0), (0.2, 0.7), (0.6, 0.6)):
            policy = RegionMaskPolicy(mode, zero, full, 2.5)
            policy.evaluate_into(weights, out, scratch)
            np.testing.assert_array_equal(_bits(out), _bits(_evaluate_before_in_place(policy, weights)))


@pytest.mark.parametrize("mode", list(RegionFalloffMode))
def test_a_transition_range_too_narrow_for_float32_is_a_hard_step(mode):
    policy = RegionMaskPolicy(mode, 0.0, 1e-46, 2.0)
    assert policy.has_transition_range  # in Python's float, not in float32
    mask = policy.evaluate(np.array([0.0, 0.5, 1.0], np.float32))
    np.testing.assert_array_equal(mask, [0.0, 1.0, 1.0])


def test_negative_zero_weights_give_the_bits_of_positive_zero_ones():
    # weights inside 0..1 skip the first clip, which is what turned -0.0 into 0.0 in NumPy 1.26
    for mode in RegionFalloffMode:
        policy = RegionMaskPolicy(mode, 0.0, 1.0, 2.0)
        for dtype in (np.float32, np.float64):
            negative = policy.evaluate(np.array([-0.0, 0.25, 1.0], dtype))
            reference = _evaluate_before_in_place(policy, np.array([-0.0, 0.25, 1.0], dtype))
            np.testing.assert_array_equal(_bits(negative), _bits(reference))


def test_empty_weights_give_an_empty_mask():
    for mode in RegionFalloffMode:
        assert RegionMaskPolicy(mode).evaluate(np.zeros(0, np.float32)).shape == (0,)


def test_evaluate_into_rejects_a_wrong_buffer():
    policy = RegionMaskPolicy()
    with pytest.raises(ValueError):
        policy.evaluate_into(np.zeros(3, np.float32), np.zeros(4, np.float32))
    with pytest.raises(ValueError):
        policy.evaluate_into(np.zeros(3, np.float32), np.zeros(3, np.int32))


def test_smoothstep_in_float32_never_rounds_above_one():
    # evaluate_into skips the final clip for float32 SmoothStep on this ground. The whole range was
    # checked once (all 1,065,353,217 values, 5 s); here every 127th bit pattern and the last 2**20
    # below 1, where a rounding above 1 would happen.
    top = 0x3F800000
    bits = np.concatenate([np.arange(0, top, 127, dtype=np.uint32), np.arange(top - 2**20, top + 1, dtype=np.uint32)])
    t = bits.view(np.float32)
    policy = RegionMaskPolicy(falloff_mode=RegionFalloffMode.SMOOTH_STEP, zero_weight=0.0, full_weight=1.0)
    value = policy.evaluate_into(t, np.empty_like(t))  # the code under test: float32 with its clip skipped
    assert value.dtype == np.float32
    assert value.max() <= 1.0 and value.min() >= 0.0
    # and it is the written formula, rounded in its order (what the skipped clip relies on)
    np.testing.assert_array_equal(value, (t * t) * (np.float32(3.0) - t * np.float32(2.0)))


@given(mode=modes, zero=thresholds, full=thresholds, w=st.lists(raw_weights, min_size=1, max_size=64))
def test_float64_weights_into_a_float32_mask_round_once_into_float32_first(mode, zero, full, w):
    # the first step reads the weights straight into out only when their dtype is out's: a float64
    # weight is rounded to float32 first, as the copy before it did
    policy = RegionMaskPolicy(mode, zero, full, 1.7)
    weights = np.array(w, np.float64)
    out = np.full(len(w), 7.0, np.float32)
    policy.evaluate_into(weights, out)
    np.testing.assert_array_equal(_bits(out), _bits(_evaluate_before_in_place(policy, weights.astype(np.float32))))
