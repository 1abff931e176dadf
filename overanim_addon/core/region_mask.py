"""``FOverAnimRegionMaskPolicy``: the falloff curve from a skin weight to a Region mask value.

Contract (spec, "Region Mask · LOD C++ Contracts"):
- the mask is 0 at or below ``zero_weight`` and 1 at or above ``full_weight``;
- between them ``falloff_mode`` shapes the transition: Linear ``t``, SmoothStep ``t²(3-2t)``,
  Power ``t**falloff_exponent``, with ``t`` the weight's position in the transition range;
- only Power reads ``falloff_exponent``; other modes keep the value but ignore it.

Where the spec is silent we chose what an artist painting weights would expect, and every result
stays finite and inside [0, 1]:
- ``full_weight <= zero_weight`` leaves no transition range: the mask becomes a hard step, 0 at or
  below ``zero_weight`` and 1 above it (the "0 at or below ZeroWeight" rule wins the overlap). A
  range narrower than the array's float type can hold (below 1e-45 in float32) is a hard step too.
- ``zero_weight``/``full_weight`` outside 0..1 are clamped into it; NaN ones take their defaults.
- ``falloff_exponent`` below 0.01 is raised to 0.01 (the spec's range); NaN/inf takes the default 1.
- a NaN skin weight counts as "no weight" (mask 0); other weights are clamped to 0..1 first.
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from dataclasses import dataclass
from typing import overload

import numpy as np

from ._numeric import clamp, coerce_enum, finite_or
from .dispatch import unhandled

MIN_FALLOFF_EXPONENT = 0.01

# Whether np.clip(-0.0, 0, 1) gives 0.0 (NumPy 1.x) or keeps -0.0 (2.x), per dtype
_CLIP_ZEROES_NEGATIVE_ZERO = {kind: not np.signbit(np.clip(np.array([-0.0], kind), 0.0, 1.0))[0]
                              for kind in (np.float32, np.float64)}


class RegionFalloffMode(enum.Enum):
    """``EOverAnimRegionFalloffMode``: the curve between 0 and full in the vertex mask."""

    LINEAR = "Linear"
    SMOOTH_STEP = "SmoothStep"
    POWER = "Power"


@dataclass(frozen=True)
class RegionMaskPolicy:
    """``FOverAnimRegionMaskPolicy`` with the spec's defaults."""

    falloff_mode: RegionFalloffMode = RegionFalloffMode.SMOOTH_STEP
    zero_weight: float = 0.0
    full_weight: float = 1.0
    falloff_exponent: float = 1.0

    def __post_init__(self) -> None:
        # Accept "SmoothStep" or "SMOOTH_STEP" as well as the member; store the member.
        object.__setattr__(self, "falloff_mode", coerce_enum(RegionFalloffMode, self.falloff_mode))

    # -- sanitised inputs (the stored values stay as authored, like Unreal's UPROPERTYs) ----------
    @property
    def effective_zero_weight(self) -> float:
        return clamp(finite_or(self.zero_weight, 0.0), 0.0, 1.0)

    @property
    def effective_full_weight(self) -> float:
        return clamp(finite_or(self.full_weight, 1.0), 0.0, 1.0)

    @property
    def effective_falloff_exponent(self) -> float:
        return max(finite_or(self.falloff_exponent, 1.0), MIN_FALLOFF_EXPONENT)

    @property
    def has_transition_range(self) -> bool:
        """The spec's validity rule: FullWeight must be greater than ZeroWeight."""
        return self.effective_full_weight > self.effective_zero_weight

    @overload
    def evaluate(self, weight: float) -> float: ...

    @overload
    def evaluate(self, weight: np.ndarray | Sequence[float]) -> np.ndarray: ...

    def evaluate(self, weight: float | np.ndarray | Sequence[float]) -> float | np.ndarray:
        """Mask value(s) for skin weight(s).

        A Python/NumPy scalar gives a float; an array gives an array of the same shape (float32
        input stays float32, anything else becomes float64), computed without a Python loop.
        """
        scalar = np.ndim(weight) == 0 and not isinstance(weight, np.ndarray)
        w = np.asarray(weight)
        dtype = w.dtype if w.dtype in (np.float32, np.float64) else np.dtype(np.float64)
        w = w.astype(dtype, copy=False)
        result = self.evaluate_into(w, np.empty(w.shape, dtype))
        return float(result) if scalar else result

    def evaluate_into(self, weight: np.ndarray, out: np.ndarray, scratch: np.ndarray | None = None,
                      unit: bool = False) -> np.ndarray:
        """``evaluate`` for an array, written into ``out`` and returned: the same values bit for bit
        (``evaluate`` is this on a fresh array). ``out`` is float32 or float64 with the shape of
        ``weight`` and may be ``weight`` itself; the work is done in its dtype. ``scratch`` (same shape
        and dtype) spares SmoothStep its one temporary. The live preview repaints a million
        vertices per slider step into buffers it keeps: a fresh 4 MB array costs about a
        millisecond of page faults, as much as the arithmetic. ``unit``: ``weight`` is known to be of
        ``out``'s dtype and inside 0..1 without NaN (checked once when it was read): the two passes
        that check it are skipped, and the result is the same."""
        if out.dtype not in (np.float32, np.float64) or out.shape != np.shape(weight):
            raise ValueError(f"out must be float32 or float64 of shape {np.shape(weight)}")
        dtype = out.dtype
        zero, full = self.effective_zero_weight, self.effective_full_weight
        source = weight if unit and weight.dtype == dtype else _weights_in_range(weight, out)
        # the range as the dtype holds its ends: a weight equal to full_weight (in float32) is then
        # t = 1 exactly; the float64 difference rounded to float32 could give 0.99999994
        span = dtype.type(full) - dtype.type(zero)
        if not self.has_transition_range or span == 0.0:
            # the hard step, 1.0 above zero_weight, else 0.0; also for a range too narrow for the
            # dtype (0/0 would make NaN where the weight equals zero_weight)
            return np.greater(source, zero, out=out)
        return self._falloff(_ramp(source, out, zero, span), scratch)

    def _falloff(self, t: np.ndarray, scratch: np.ndarray | None) -> np.ndarray:
        """The falloff curve applied in place to ``t`` (0..1): ``evaluate_into``'s last step."""
        dtype = t.dtype
        mode = self.falloff_mode
        if mode is RegionFalloffMode.LINEAR:
            return t  # already clipped: clipping again would change no bit
        if mode is RegionFalloffMode.SMOOTH_STEP:
            # t²(3-2t) multiplied in this order, so the rounding is that of the written formula
            square = np.empty_like(t) if scratch is None else scratch
            np.multiply(t, t, out=square)
            np.multiply(t, dtype.type(2.0), out=t)
            np.subtract(dtype.type(3.0), t, out=t)
            np.multiply(square, t, out=t)
            if dtype == np.float32:
                # every float32 t in 0..1 was tried: t²(3-2t) rounds to at most 1, never below 0,
                # so the clip below would change no bit and is skipped
                return t
        elif mode is RegionFalloffMode.POWER:
            np.power(t, dtype.type(self.effective_falloff_exponent), out=t)
        else:
            unhandled(mode)
        # Power's curve can round a hair above 1 for tiny exponents; the contract is 0..1.
        return np.clip(t, 0.0, 1.0, out=t)


def in_unit_range(weight: np.ndarray) -> bool:
    """Whether every weight lies inside 0..1 (False for NaN, which min and max propagate)."""
    low = np.minimum.reduce(weight, axis=None, initial=0.0)  # the initials make empty input pass
    high = np.maximum.reduce(weight, axis=None, initial=1.0)
    return bool(low >= 0.0 and high <= 1.0)


def _weights_in_range(weight: np.ndarray, out: np.ndarray) -> np.ndarray:
    """The weights inside 0..1, NaN as 0: ``weight`` itself when it already is (and of ``out``'s
    dtype), else written into ``out``.

    NaN weights are "no weight"; clip keeps +/-inf inside 0..1 as well. Every later step works in
    place on ``out``, and the NaN test is a sum (NaN propagates through it; clipped values cannot
    overflow) instead of a mask array. Weights already inside 0..1 (a Region sum read from Blender
    always is; min and max propagate NaN, so the test fails for it) are used as they are: two
    read-only passes instead of a clip and a sum (a clip is a full pass of its own), and the first
    step after reads them straight into ``out`` (of their dtype: another would round differently).
    Only -0.0 could differ, and the clip after the remap treats it alike."""
    if in_unit_range(weight):
        if weight.dtype == out.dtype:
            return weight
        if out is not weight:
            np.copyto(out, weight, casting="same_kind")
        return out
    np.clip(weight, 0.0, 1.0, out=out)
    if np.isnan(np.add.reduce(out, axis=None)):
        np.copyto(out, out.dtype.type(0.0), where=np.isnan(out))
    return out


def _ramp(source: np.ndarray, t: np.ndarray, zero: float, span: np.floating) -> np.ndarray:
    """(w - zero) / span clipped to 0..1, written into ``t``."""
    dtype = t.dtype
    if zero == 0.0 and span == 1.0:
        # the remap (w - 0) / 1 is w, bit for bit, and on weights inside 0..1 the clip changes
        # nothing but -0.0, into 0.0 as adding 0.0 does (NumPy 1.x) or not at all (2.x): one
        # pass instead of four
        if _CLIP_ZEROES_NEGATIVE_ZERO[dtype.type]:
            np.add(source, dtype.type(0.0), out=t)
        elif source is not t:
            np.copyto(t, source)
        return t
    with np.errstate(over="ignore"):  # a range of 1e-45 in float32 overflows to inf: clip handles it
        np.subtract(source, dtype.type(zero), out=t)
        np.divide(t, span, out=t)
    return np.clip(t, 0.0, 1.0, out=t)
