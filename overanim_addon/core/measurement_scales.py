"""``FOverAnimMotionMeasurementScales`` and ``EOverAnimMotionMeasurementBasis``."""

from __future__ import annotations

import enum
import math
from dataclasses import dataclass

from ._numeric import coerce_enum, is_finite_positive
from .dispatch import unhandled


class MotionMeasurementBasis(enum.Enum):
    """Which measured scale a motion feature is calibrated by."""

    AUTO = "Auto"
    CHARACTER_HEIGHT = "CharacterHeight"
    LOCOMOTION_HEIGHT = "LocomotionHeight"
    REGION_SPAN = "RegionSpan"
    REGION_BOUNDS_RADIUS = "RegionBoundsRadius"
    REGION_CHAIN_LENGTH = "RegionChainLength"
    AVERAGE_BONE_LENGTH = "AverageBoneLength"
    ABSOLUTE = "Absolute"


# The Region fallback order of Auto: chain -> span -> bounds -> average bone.
AUTO_REGION_ORDER = (
    MotionMeasurementBasis.REGION_CHAIN_LENGTH,
    MotionMeasurementBasis.REGION_SPAN,
    MotionMeasurementBasis.REGION_BOUNDS_RADIUS,
    MotionMeasurementBasis.AVERAGE_BONE_LENGTH,
)


@dataclass(frozen=True)
class MotionMeasurementScales:
    """A read-only snapshot of calibrated scales (alias ``OverAnimProportion::FMotionScales``)."""

    character_height_scale: float = 1.0
    locomotion_height_scale: float = 1.0
    ground_probe_radius_scale: float = 1.0
    region_span_scale: float = 0.0
    region_bounds_radius_scale: float = 0.0
    region_chain_length_scale: float = 0.0
    average_bone_length_scale: float = 0.0
    is_region_motion: bool = False
    has_region_measurements: bool = False

    def is_valid(self) -> bool:
        """The three whole-character scales are finite and positive; Region scales do not count."""
        return all(
            is_finite_positive(v)
            for v in (self.character_height_scale, self.locomotion_height_scale, self.ground_probe_radius_scale)
        )

    def _region_scale(self, basis: MotionMeasurementBasis) -> float:
        return {
            MotionMeasurementBasis.REGION_SPAN: self.region_span_scale,
            MotionMeasurementBasis.REGION_BOUNDS_RADIUS: self.region_bounds_radius_scale,
            MotionMeasurementBasis.REGION_CHAIN_LENGTH: self.region_chain_length_scale,
            MotionMeasurementBasis.AVERAGE_BONE_LENGTH: self.average_bone_length_scale,
        }[basis]

    def try_resolve_scale(self, basis: MotionMeasurementBasis | str) -> tuple[bool, float]:
        """``TryResolveScale``: ``(True, scale)`` when a finite positive scale is found, else
        ``(False, 0.0)`` (the C++ out-parameter is set to 0 at call start and stays 0 on failure).

        Auto on Region motion walks chain -> span -> bounds -> average bone and takes the first
        scale above 0 (passing over one that is absent or 0); when none is (or
        ``has_region_measurements`` is false) it fails, and so does an infinite one: the spec's
        "final scale" must be finite. Auto on actor motion uses the locomotion-height scale.
        """
        basis = coerce_enum(MotionMeasurementBasis, basis)
        scale = 0.0
        match basis:
            case MotionMeasurementBasis.ABSOLUTE:
                scale = 1.0
            case MotionMeasurementBasis.CHARACTER_HEIGHT:
                scale = self.character_height_scale
            case MotionMeasurementBasis.LOCOMOTION_HEIGHT:
                scale = self.locomotion_height_scale
            case MotionMeasurementBasis.AUTO:
                if not self.is_region_motion:
                    scale = self.locomotion_height_scale
                elif self.has_region_measurements:
                    scale = next((s for s in map(self._region_scale, AUTO_REGION_ORDER) if float(s) > 0.0), 0.0)
            case (MotionMeasurementBasis.REGION_SPAN | MotionMeasurementBasis.REGION_BOUNDS_RADIUS
                  | MotionMeasurementBasis.REGION_CHAIN_LENGTH | MotionMeasurementBasis.AVERAGE_BONE_LENGTH):
                if self.has_region_measurements:
                    scale = self._region_scale(basis)
            case _:
                unhandled(basis)
        scale = float(scale)
        if math.isfinite(scale) and scale > 0.0:
            return True, scale
        return False, 0.0
