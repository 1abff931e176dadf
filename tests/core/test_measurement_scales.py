import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from overanim_addon.core import MotionMeasurementBasis as B
from overanim_addon.core import MotionMeasurementScales

REGION_BASES = [B.REGION_SPAN, B.REGION_BOUNDS_RADIUS, B.REGION_CHAIN_LENGTH, B.AVERAGE_BONE_LENGTH]
anything = st.floats(allow_nan=True, allow_infinity=True)


def region(**kw):
    base = dict(region_span_scale=0.2, region_bounds_radius_scale=0.3, region_chain_length_scale=0.4,
                average_bone_length_scale=0.5, is_region_motion=True, has_region_measurements=True,
                character_height_scale=1.1, locomotion_height_scale=1.2, ground_probe_radius_scale=1.3)
    base.update(kw)
    return MotionMeasurementScales(**base)


def test_defaults():
    s = MotionMeasurementScales()
    assert (s.character_height_scale, s.locomotion_height_scale, s.ground_probe_radius_scale) == (1, 1, 1)
    assert (s.region_span_scale, s.region_bounds_radius_scale, s.region_chain_length_scale,
            s.average_bone_length_scale) == (0, 0, 0, 0)
    assert not s.is_region_motion and not s.has_region_measurements
    assert s.is_valid()


def test_basis_values_are_the_unreal_spellings():
    assert [b.value for b in B] == ["Auto", "CharacterHeight", "LocomotionHeight", "RegionSpan",
                                    "RegionBoundsRadius", "RegionChainLength", "AverageBoneLength", "Absolute"]


@pytest.mark.parametrize("field", ["character_height_scale", "locomotion_height_scale", "ground_probe_radius_scale"])
@pytest.mark.parametrize("bad", [0.0, -1.0, math.nan, math.inf])
def test_is_valid_needs_three_finite_positive_scales(field, bad):
    assert not MotionMeasurementScales(**{field: bad}).is_valid()


def test_is_valid_ignores_region_presence():
    assert MotionMeasurementScales(is_region_motion=True, has_region_measurements=False).is_valid()


@pytest.mark.parametrize(
    "basis, expected",
    [(B.ABSOLUTE, 1.0), (B.CHARACTER_HEIGHT, 1.1), (B.LOCOMOTION_HEIGHT, 1.2), (B.REGION_SPAN, 0.2),
     (B.REGION_BOUNDS_RADIUS, 0.3), (B.REGION_CHAIN_LENGTH, 0.4), (B.AVERAGE_BONE_LENGTH, 0.5),
     (B.AUTO, 0.4)],
)
def test_each_basis(basis, expected):
    assert region().try_resolve_scale(basis) == (True, pytest.approx(expected))


@pytest.mark.parametrize("basis", REGION_BASES)
def test_region_basis_fails_without_measurements(basis):
    assert region(has_region_measurements=False).try_resolve_scale(basis) == (False, 0.0)
    assert MotionMeasurementScales().try_resolve_scale(basis) == (False, 0.0)


@pytest.mark.parametrize("basis", REGION_BASES)
def test_region_basis_fails_when_its_scale_is_zero(basis):
    zeroed = {
        B.REGION_SPAN: "region_span_scale", B.REGION_BOUNDS_RADIUS: "region_bounds_radius_scale",
        B.REGION_CHAIN_LENGTH: "region_chain_length_scale", B.AVERAGE_BONE_LENGTH: "average_bone_length_scale",
    }[basis]
    assert region(**{zeroed: 0.0}).try_resolve_scale(basis) == (False, 0.0)


def test_auto_region_fallback_order_chain_span_bounds_average():
    s = region(region_chain_length_scale=0.0)
    assert s.try_resolve_scale(B.AUTO) == (True, 0.2)  # span
    s = region(region_chain_length_scale=0.0, region_span_scale=0.0)
    assert s.try_resolve_scale(B.AUTO) == (True, 0.3)  # bounds
    s = region(region_chain_length_scale=0.0, region_span_scale=0.0, region_bounds_radius_scale=0.0)
    assert s.try_resolve_scale(B.AUTO) == (True, 0.5)  # average bone
    s = region(region_chain_length_scale=0.0, region_span_scale=0.0, region_bounds_radius_scale=0.0,
               average_bone_length_scale=0.0)
    assert s.try_resolve_scale(B.AUTO) == (False, 0.0)


def test_auto_region_motion_without_measurements_fails():
    assert region(has_region_measurements=False).try_resolve_scale(B.AUTO) == (False, 0.0)


def test_auto_actor_motion_uses_locomotion_height():
    s = region(is_region_motion=False)
    assert s.try_resolve_scale(B.AUTO) == (True, 1.2)


@pytest.mark.parametrize("bad", [0.0, -2.0, math.nan, math.inf])
def test_non_finite_or_non_positive_final_scale_fails_with_zero(bad):
    assert MotionMeasurementScales(character_height_scale=bad).try_resolve_scale(B.CHARACTER_HEIGHT) == (False, 0.0)
    assert MotionMeasurementScales(locomotion_height_scale=bad).try_resolve_scale(B.AUTO) == (False, 0.0)


def test_basis_by_name_or_unreal_spelling():
    assert region().try_resolve_scale("RegionSpan") == region().try_resolve_scale("REGION_SPAN")


@given(st.sampled_from(list(B)), anything, anything, anything, anything, anything, anything, anything,
       st.booleans(), st.booleans())
def test_result_is_ok_with_finite_positive_scale_or_false_with_zero(basis, c, lo, g, sp, bo, ch, av, rm, hm):
    s = MotionMeasurementScales(c, lo, g, sp, bo, ch, av, rm, hm)
    ok, value = s.try_resolve_scale(basis)
    if ok:
        assert math.isfinite(value) and value > 0
    else:
        assert value == 0.0
