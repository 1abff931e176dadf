"""``EOverAnimRegionLodPolicy`` and ``OverAnimRegionLod::RequiresCoverage``."""

from __future__ import annotations

import enum

from ._numeric import coerce_enum
from .dispatch import unhandled


class RegionLodPolicy(enum.Enum):
    """Whether a LOD may leave a Region without coverage: allow, warn, or require."""

    ALLOW_INACTIVE = "AllowInactive"
    WARN_IF_INACTIVE = "WarnIfInactive"
    REQUIRE_COVERAGE = "RequireCoverage"


class LodCoverageVerdict(enum.Enum):
    """What an inactive (uncovered) Region at one LOD amounts to. Covered Regions are always OK."""

    OK = "Ok"
    WARNING = "Warning"
    ERROR = "Error"


def requires_coverage(policy: RegionLodPolicy | str, is_attachment_dependency: bool) -> bool:
    """True when the Region must be covered at the LOD.

    Always true for an attachment dependency, whatever the policy; otherwise only RequireCoverage.
    """
    if is_attachment_dependency:
        return True
    policy = coerce_enum(RegionLodPolicy, policy)
    if policy is RegionLodPolicy.REQUIRE_COVERAGE:
        return True
    if policy is RegionLodPolicy.ALLOW_INACTIVE or policy is RegionLodPolicy.WARN_IF_INACTIVE:
        return False
    unhandled(policy)


def lod_coverage_verdict(
    policy: RegionLodPolicy | str, is_attachment_dependency: bool, covered: bool
) -> LodCoverageVerdict:
    """Turn one (Region, LOD) coverage fact into OK / warning / error.

    Covered is always OK. An inactive Region is an error when coverage is required
    (``requires_coverage``), a warning under WarnIfInactive, and OK under AllowInactive.
    """
    if covered:
        return LodCoverageVerdict.OK
    if requires_coverage(policy, is_attachment_dependency):
        return LodCoverageVerdict.ERROR
    policy = coerce_enum(RegionLodPolicy, policy)
    if policy is RegionLodPolicy.WARN_IF_INACTIVE:
        return LodCoverageVerdict.WARNING
    if policy is RegionLodPolicy.ALLOW_INACTIVE:
        return LodCoverageVerdict.OK
    if policy is RegionLodPolicy.REQUIRE_COVERAGE:  # answered by requires_coverage above
        return LodCoverageVerdict.ERROR
    unhandled(policy)
