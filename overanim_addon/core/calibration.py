"""``FOverAnimProportionCalibrationSettings`` and its resolvers.

Defaults and ranges are the Details UI's; ``FIELDS`` carries them (with the Details UI names and
tooltips) so the Blender properties and the docs are generated from one table, not retyped.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, fields
from typing import NamedTuple

from ._numeric import clamp, finite_or, is_finite_positive
from .messages import Message

SCALE_FLOOR = 0.01  # ResolveMeasurementScale never lets the minimum scale below this


class FieldSpec(NamedTuple):
    """One row of the spec's Details UI table."""

    name: str  # snake_case Python/Blender name
    cpp: str  # the C++ UPROPERTY name
    label: str  # the Details UI name
    default: object
    minimum: float | None
    maximum: float | None
    unit: str  # "cm", "" (a ratio) or "bone"
    tooltip: str  # the spec's sentence


FIELDS: tuple[FieldSpec, ...] = (
    FieldSpec("enable_automatic_calibration", "bEnableAutomaticCalibration", "Enable Automatic Calibration",
              True, None, None, "",
              "Calibrates linear distance, speed, and acceleration using measured proportions. "
              "Does not change angular or time values"),
    FieldSpec("reference_character_height", "ReferenceCharacterHeight", "Reference Character Height",
              180.0, 1.0, None, "cm", "Reference height at which character scale equals 1"),
    FieldSpec("locomotion_root_bone", "LocomotionRootBone", "Locomotion Root Bone", "", None, None, "bone",
              "Reference-pose bone from which locomotion height is measured to the ground. "
              "None automatically selects the body root"),
    FieldSpec("reference_locomotion_height", "ReferenceLocomotionHeight", "Reference Locomotion Height",
              90.0, 1.0, None, "cm", "Authored reference height for actor speed/acceleration"),
    FieldSpec("reference_ground_probe_radius", "ReferenceGroundProbeRadius", "Reference Ground Probe Radius",
              42.0, 1.0, None, "cm", "Scale reference for ground-probe distance"),
    FieldSpec("reference_region_span_length", "ReferenceRegionSpanLength", "Reference Region Span Length",
              60.0, 1.0, None, "cm", "Scale reference for Region endpoint span"),
    FieldSpec("reference_region_bounds_radius", "ReferenceRegionBoundsRadius", "Reference Region Bounds Radius",
              20.0, 1.0, None, "cm", "Scale reference for Region bounds radius"),
    FieldSpec("reference_region_chain_length", "ReferenceRegionChainLength", "Reference Region Chain Length",
              60.0, 1.0, None, "cm", "Scale reference for Region chain length"),
    FieldSpec("reference_average_bone_length", "ReferenceAverageBoneLength", "Reference Average Bone Length",
              15.0, 1.0, None, "cm", "Scale reference for Region average bone length"),
    FieldSpec("minimum_character_scale", "MinimumCharacterScale", "Minimum Character Scale",
              0.25, 0.01, 1.0, "", "Lower bound for automatically calculated scale"),
    FieldSpec("maximum_character_scale", "MaximumCharacterScale", "Maximum Character Scale",
              4.0, 1.0, 10.0, "",
              "Upper bound for automatically calculated scale. "
              "Internal resolution sanitizes it to no less than the minimum"),
)
FIELDS_BY_NAME = {spec.name: spec for spec in FIELDS}


@dataclass(frozen=True)
class CalibrationSettings:
    """``FOverAnimProportionCalibrationSettings`` (alias ``OverAnimProportion::FCalibration``).

    ``locomotion_root_bone`` is a bone name; "" is the spec's None (select the body root).
    """

    enable_automatic_calibration: bool = True
    reference_character_height: float = 180.0
    locomotion_root_bone: str = ""
    reference_locomotion_height: float = 90.0
    reference_ground_probe_radius: float = 42.0
    reference_region_span_length: float = 60.0
    reference_region_bounds_radius: float = 20.0
    reference_region_chain_length: float = 60.0
    reference_average_bone_length: float = 15.0
    minimum_character_scale: float = 0.25
    maximum_character_scale: float = 4.0

    # -- the sanitised scale range -----------------------------------------------------------------
    @property
    def scale_range(self) -> tuple[float, float]:
        """``(max(Minimum, 0.01), max(Maximum, that minimum))``.

        The spec is silent on NaN/inf bounds; a non-finite bound is treated as unset and takes its
        spec default (0.25 / 4) before that sanitising, so the result is always finite.
        """
        low = max(finite_or(self.minimum_character_scale, 0.25), SCALE_FLOOR)
        high = max(finite_or(self.maximum_character_scale, 4.0), low)
        return low, high

    # -- resolvers --------------------------------------------------------------------------------
    def resolve_measurement_scale(self, measured: float, reference: float) -> float:
        """1 when calibration is off or either value is non-finite or not positive; otherwise
        ``measured / reference`` clamped to ``scale_range``."""
        if not self.enable_automatic_calibration:
            return 1.0
        if not (is_finite_positive(measured) and is_finite_positive(reference)):
            return 1.0
        low, high = self.scale_range
        ratio = float(measured) / float(reference)
        if not math.isfinite(ratio):  # 1e308 / 1e-308 overflows: the ratio is "above any maximum"
            ratio = high
        return clamp(ratio, low, high)

    def measured_scale(self, measured: float, reference: float) -> float:
        """``measured / reference`` unclamped (1 when calibration is off or either value is not finite
        and positive): what a length of the reference character is on this one, for geometry such as
        Motion's contact thresholds, which a clamp would make wrong (issue 31)."""
        if not (self.enable_automatic_calibration and is_finite_positive(measured) and is_finite_positive(reference)):
            return 1.0
        ratio = float(measured) / float(reference)
        return ratio if math.isfinite(ratio) and ratio > 0.0 else 1.0  # an overflow or underflow: no size

    def resolve_character_scale(self, character_height: float) -> float:
        return self.resolve_measurement_scale(character_height, self.reference_character_height)

    def resolve_optional_measurement_scale(self, measured: float, reference: float) -> float:
        """0 (absence of a Region measurement, not a fallback) for a non-finite or non-positive
        measurement; otherwise ``resolve_measurement_scale``."""
        if not is_finite_positive(measured):
            return 0.0
        return self.resolve_measurement_scale(measured, reference)

    def as_dict(self) -> dict[str, object]:
        return {f.name: getattr(self, f.name) for f in fields(self)}


# Blender keeps a FloatProperty in a float32: Minimum Character Scale set to its limit 0.01 reads
# back as 0.00999999977648. A value within float32 rounding (2**-24 relative) of a limit is at it.
FLOAT32_ROUNDING = 2.0**-24
FLOAT32_MAX = 3.4028234663852886e38  # the largest float32: what a Blender field keeps of an infinity


def _outside(value: float, limit: float | None, sign: float) -> bool:
    """``value`` is past ``limit`` (below it for sign -1, above it for sign 1) by more than float32
    rounding."""
    return limit is not None and sign * (value - limit) > abs(limit) * FLOAT32_ROUNDING


def validate_calibration(settings: CalibrationSettings) -> list[str]:
    """Problems an artist must fix before measuring: NaN, infinite or out-of-range fields (the Details
    UI's ranges). An empty list means the settings are usable as they are."""
    problems: list[str] = []
    for spec in FIELDS:
        if spec.unit == "bone" or isinstance(spec.default, bool):
            continue
        value = getattr(settings, spec.name)
        if not math.isfinite(value) or abs(value) >= FLOAT32_MAX:  # Blender stores an infinity as float32's max
            problems.append(Message("{field} is not a number", field=spec.label))
        elif _outside(value, spec.minimum, -1.0):
            problems.append(Message("{field} must be at least {limit:g}", field=spec.label, limit=spec.minimum))
        elif _outside(value, spec.maximum, 1.0):
            problems.append(Message("{field} must be at most {limit:g}", field=spec.label, limit=spec.maximum))
    return problems
