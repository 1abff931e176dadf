"""The ``OverAnimProportion`` namespace: its type aliases and its two free functions."""

from __future__ import annotations

import enum
import math
import sys

from ._numeric import coerce_enum, is_finite_positive
from .calibration import CalibrationSettings
from .dispatch import unhandled
from .measurement_scales import MotionMeasurementScales
from .resolved_proportions import ResolvedCharacterProportions, ResolvedRegionProportions

# The spec's aliases: the same class objects under their short names.
Calibration = CalibrationSettings
Character = ResolvedCharacterProportions
Region = ResolvedRegionProportions
MotionScales = MotionMeasurementScales

CHARACTER_SCALE_FLOOR = 0.01


class SpatialCalibrationMode(enum.Enum):
    """``EOverAnimSpatialCalibrationMode``: how an authored linear distance follows body size."""

    CHARACTER_RELATIVE = "CharacterRelative"
    REGION_RELATIVE = "RegionRelative"
    ABSOLUTE = "Absolute"


def build_measurement_scales(
    calibration: CalibrationSettings,
    character: ResolvedCharacterProportions,
    region: ResolvedRegionProportions | None,
    world_space: bool,
) -> MotionMeasurementScales:
    """``BuildMeasurementScales``: Character CS or WS scales; with a Region, Region motion and its
    four optional scales (0 = absent), ``has_region_measurements`` when any is positive."""
    space = "ws" if world_space else "cs"
    whole = {
        "character_height_scale": getattr(character, f"character_scale_{space}"),
        "locomotion_height_scale": getattr(character, f"locomotion_scale_{space}"),
        "ground_probe_radius_scale": getattr(character, f"ground_probe_scale_{space}"),
    }
    if region is None:
        return MotionMeasurementScales(**whole)
    optional = calibration.resolve_optional_measurement_scale
    region_scales = {
        "region_span_scale": optional(region.span_length, calibration.reference_region_span_length),
        "region_bounds_radius_scale": optional(region.bounds_radius, calibration.reference_region_bounds_radius),
        "region_chain_length_scale": optional(region.chain_length, calibration.reference_region_chain_length),
        "average_bone_length_scale": optional(region.average_bone_length, calibration.reference_average_bone_length),
    }
    return MotionMeasurementScales(
        **whole,
        **region_scales,
        is_region_motion=True,
        has_region_measurements=any(scale > 0.0 for scale in region_scales.values()),
    )


def resolve_spatial_distance(
    mode: SpatialCalibrationMode | str,
    authored_distance: float,
    region_ratio: float,
    character_scale: float,
    region_reference_size: float,
) -> float:
    """``ResolveSpatialDistance``.

    - authored distance: at least 0 (a NaN/inf distance counts as 0, so the result stays finite);
    - character scale: a finite value is floored at 0.01; a non-finite one falls back to 1;
    - Absolute: the distance unchanged;
    - RegionRelative: ``region_reference_size * region_ratio`` when both are finite and positive;
    - otherwise (CharacterRelative, or RegionRelative without both): ``distance * character scale``.

    A product past the largest float is that largest float: the result stays finite and never
    shrinks as a distance grows (it used to become 0, or fall back to character-relative).
    """
    mode = coerce_enum(SpatialCalibrationMode, mode)
    distance = float(authored_distance)
    distance = max(distance, 0.0) if math.isfinite(distance) else 0.0
    scale = float(character_scale)
    scale = max(scale, CHARACTER_SCALE_FLOOR) if math.isfinite(scale) else 1.0
    if mode is SpatialCalibrationMode.ABSOLUTE:
        return distance
    if mode is SpatialCalibrationMode.REGION_RELATIVE:
        if is_finite_positive(region_reference_size) and is_finite_positive(region_ratio):
            return min(float(region_reference_size) * float(region_ratio), sys.float_info.max)
        return min(distance * scale, sys.float_info.max)  # without both: character-relative
    if mode is SpatialCalibrationMode.CHARACTER_RELATIVE:
        return min(distance * scale, sys.float_info.max)
    unhandled(mode)
