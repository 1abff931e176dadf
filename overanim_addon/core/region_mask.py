"""``FOverAnimRegionMaskPolicy``: the falloff curve from a skin weight to a Region mask value.

Contract (spec, "Region Mask · LOD C++ Contracts"):
- the mask is 0 at or below ``zero_weight`` and 1 at or above ``full_weight``;
- between them ``falloff_mode`` shapes the transition: Linear ``t``, SmoothStep ``t²(3-2t)``,
  Power ``t**falloff_exponent``, with ``t`` the weight's position in the transition range;
- only Power reads ``falloff_exponent``; other modes keep the value but ignore it.

Where the spec is silent we chose what an artist painting weights would expect, and every result
stays finite and inside [0, 1]:
- ``full_weight <= zero_weight`` leaves no transition range: the mask becomes a hard step, 0 at or
  below ``zero_weight`` and 1 above it (the "0 at or below ZeroWeight" rule wins the overlap).
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

MIN_FALLOFF_EXPONENT = 0.01


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
        result = self._evaluate_array(w, dtype)
        return float(result) if scalar else result

    def _evaluate_array(self, w: np.ndarray, dtype: np.dtype) -> np.ndarray:
        zero, full = self.effective_zero_weight, self.effective_full_weight
        # NaN weights are "no weight"; clip keeps +/-inf inside 0..1 as well. This runs on millions
        # of vertices, so every later step works in place on this one copy, and the NaN test is a
        # sum (NaN propagates through it; clipped values cannot overflow) instead of a mask array.
        w = np.array(w, dtype=dtype)  # our own copy (also for 0-d input, so out= works)
        np.clip(w, 0.0, 1.0, out=w)
        if np.isnan(np.add.reduce(w, axis=None)):
            np.copyto(w, dtype.type(0.0), where=np.isnan(w))
        if not self.has_transition_range:
            return (w > zero).astype(dtype)
        t = w
        with np.errstate(over="ignore"):  # a range of 1e-45 in float32 overflows to inf: clip handles it
            np.subtract(t, dtype.type(zero), out=t)
            np.divide(t, dtype.type(full - zero), out=t)
        np.clip(t, 0.0, 1.0, out=t)
        mode = self.falloff_mode
        if mode is RegionFalloffMode.LINEAR:
            mask = t
        elif mode is RegionFalloffMode.SMOOTH_STEP:
            # t²(3-2t) multiplied in this order, so the rounding is that of the written formula
            mask = np.multiply(t, t, out=np.empty_like(t))
            np.multiply(t, dtype.type(2.0), out=t)
            np.subtract(dtype.type(3.0), t, out=t)
            mask *= t
        else:
            mask = np.power(t, dtype.type(self.effective_falloff_exponent), out=t)
        # Power's curve can round a hair above 1 for tiny exponents; the contract is 0..1.
        return np.clip(mask, 0.0, 1.0, out=mask)
