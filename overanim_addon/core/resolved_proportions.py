"""``FOverAnimResolvedCharacterProportions`` and ``FOverAnimResolvedRegionProportions``: measured
values (not settings). Lengths are centimetres; CS = component space, WS = world space."""

from __future__ import annotations

import math
from dataclasses import dataclass


def _first_positive(*candidates: float) -> float:
    """The first finite positive candidate, else 0. NaN/inf candidates are skipped as absent,
    so the helpers below always return a finite length >= 0 (the spec is silent on them)."""
    for value in candidates:
        number = float(value)
        if math.isfinite(number) and number > 0.0:
            return number
    return 0.0


@dataclass(frozen=True)
class ResolvedCharacterProportions:
    """Alias ``OverAnimProportion::FCharacter``. Heights default to 0 (unmeasured), scales to 1."""

    character_height_cs: float = 0.0
    character_height_ws: float = 0.0
    character_scale_cs: float = 1.0
    character_scale_ws: float = 1.0
    locomotion_height_cs: float = 0.0
    locomotion_height_ws: float = 0.0
    locomotion_scale_cs: float = 1.0
    locomotion_scale_ws: float = 1.0
    ground_probe_radius_cs: float = 0.0
    ground_probe_radius_ws: float = 0.0
    ground_probe_scale_cs: float = 1.0
    ground_probe_scale_ws: float = 1.0


@dataclass(frozen=True)
class ResolvedRegionProportions:
    """Alias ``OverAnimProportion::FRegion``: the measured lengths of one Region (cm, 0 = absent)."""

    span_length: float = 0.0
    bounds_radius: float = 0.0
    chain_length: float = 0.0
    average_bone_length: float = 0.0

    def offset_reference_length(self) -> float:
        """``GetOffsetReferenceLength``: chain -> span -> bounds diameter -> max(average bone, 0)."""
        return _first_positive(
            self.chain_length, self.span_length, float(self.bounds_radius) * 2.0, self.average_bone_length
        )

    def focal_reference_radius(self) -> float:
        """``GetFocalReferenceRadius``: bounds radius -> half span -> max(average bone, 0)."""
        return _first_positive(self.bounds_radius, float(self.span_length) * 0.5, self.average_bone_length)
