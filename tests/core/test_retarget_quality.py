"""A retarget's quality in numbers (core.retarget_quality): a clip where no foot plants twice has no
stride; its stride ratio (0) is said as such, never warned of as feet reaching too far."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from overanim_addon.core.retarget_quality import STRIDE_TOLERANCE, RetargetQuality

LEGS = st.floats(min_value=1e-3, max_value=1e3, allow_nan=False, allow_infinity=False)


def quality(stride: float, legs: float) -> RetargetQuality:
    return RetargetQuality({"leg_L": 1.0}, {"leg_L": 1.0}, {"L": 0.0}, {"L": 1.0}, stride, legs)


def stride_warnings(q: RetargetQuality) -> list[str]:
    return [m.template for m in q.warnings() if m.template.startswith("Strides scale")]


@given(LEGS)
def test_no_stride_is_no_warning_and_says_so(legs):
    q = quality(0.0, legs)
    assert stride_warnings(q) == []
    assert any("no stride in the clip" in m.template for m in q.lines())


@given(LEGS, st.floats(min_value=1.0 + 2 * STRIDE_TOLERANCE, max_value=10.0))
def test_a_stride_past_the_legs_is_still_warned_of(legs, factor):
    q = quality(legs * factor, legs)
    assert len(stride_warnings(q)) == 1
    assert any(m.template.startswith("Stride ratio {stride") for m in q.lines())
