"""The bpy-free OverAnim core: every contract of the "Region · Calibration Types" page.

Plain Python and NumPy only. Importing this package must work in a Python without ``bpy``.
"""

from . import proportion
from ._numeric import coerce_enum
from .calibration import FIELDS, CalibrationSettings, FieldSpec, validate_calibration
from .errors import InvalidInputError, OverAnimError
from .measurement_scales import MotionMeasurementBasis, MotionMeasurementScales
from .proportion import SpatialCalibrationMode, build_measurement_scales, resolve_spatial_distance
from .region_composition import RegionCompositionPolicy, compose_region_deltas
from .region_lod import LodCoverageVerdict, RegionLodPolicy, lod_coverage_verdict, requires_coverage
from .region_mask import RegionFalloffMode, RegionMaskPolicy
from .resolved_proportions import ResolvedCharacterProportions, ResolvedRegionProportions

__all__ = [
    "FIELDS",
    "CalibrationSettings",
    "FieldSpec",
    "InvalidInputError",
    "LodCoverageVerdict",
    "MotionMeasurementBasis",
    "MotionMeasurementScales",
    "OverAnimError",
    "RegionCompositionPolicy",
    "RegionFalloffMode",
    "RegionLodPolicy",
    "RegionMaskPolicy",
    "ResolvedCharacterProportions",
    "ResolvedRegionProportions",
    "SpatialCalibrationMode",
    "build_measurement_scales",
    "coerce_enum",
    "compose_region_deltas",
    "lod_coverage_verdict",
    "proportion",
    "requires_coverage",
    "resolve_spatial_distance",
    "validate_calibration",
]
