import itertools

import pytest

from overanim_addon.core import LodCoverageVerdict, RegionLodPolicy, lod_coverage_verdict, requires_coverage


def test_enum_values():
    assert [p.value for p in RegionLodPolicy] == ["AllowInactive", "WarnIfInactive", "RequireCoverage"]


@pytest.mark.parametrize("policy", list(RegionLodPolicy))
def test_attachment_dependency_always_requires_coverage(policy):
    assert requires_coverage(policy, True) is True


@pytest.mark.parametrize(
    "policy, expected",
    [(RegionLodPolicy.ALLOW_INACTIVE, False), (RegionLodPolicy.WARN_IF_INACTIVE, False),
     (RegionLodPolicy.REQUIRE_COVERAGE, True)],
)
def test_otherwise_only_require_coverage(policy, expected):
    assert requires_coverage(policy, False) is expected
    assert requires_coverage(policy.value, False) is expected
    assert requires_coverage(policy.name, False) is expected


@pytest.mark.parametrize("policy, attached", list(itertools.product(RegionLodPolicy, [False, True])))
def test_covered_is_always_ok(policy, attached):
    assert lod_coverage_verdict(policy, attached, covered=True) is LodCoverageVerdict.OK


@pytest.mark.parametrize(
    "policy, attached, expected",
    [
        ("AllowInactive", False, LodCoverageVerdict.OK),
        ("WarnIfInactive", False, LodCoverageVerdict.WARNING),
        ("RequireCoverage", False, LodCoverageVerdict.ERROR),
        ("AllowInactive", True, LodCoverageVerdict.ERROR),
        ("WarnIfInactive", True, LodCoverageVerdict.ERROR),
        ("RequireCoverage", True, LodCoverageVerdict.ERROR),
    ],
)
def test_inactive_verdicts(policy, attached, expected):
    assert lod_coverage_verdict(policy, attached, covered=False) is expected
