"""Every enum dispatch of the core is exhaustive (issue 32.2): a member added to an enum without its
branch fails loudly where it is dispatched, never takes another member's branch (a new Falloff Mode
used to be painted as Power). Each test adds a member to the enum the module dispatches on, the way a
developer would, and runs the dispatch with it; the old members still work."""

from __future__ import annotations

import enum

import numpy as np
import pytest

from overanim_addon.core import (
    measurement_scales,
    proportion,
    region_composition,
    region_lod,
    region_mask,
    region_preview,
)
from overanim_addon.core.dispatch import UnhandledMemberError, every_member, unhandled


def with_a_new_member(monkeypatch, module, name: str) -> type[enum.Enum]:
    """``module.<name>`` replaced by the same enum with one more member, ``NEW``; returns it."""
    old = getattr(module, name)
    grown = enum.Enum(name, [(m.name, m.value) for m in old] + [("NEW", "New")])
    monkeypatch.setattr(module, name, grown)
    return grown


def test_a_new_falloff_mode_is_refused_not_painted_as_power(monkeypatch):
    modes = with_a_new_member(monkeypatch, region_mask, "RegionFalloffMode")
    weights = np.linspace(0.0, 1.0, 11)
    power = region_mask.RegionMaskPolicy(modes.POWER, falloff_exponent=2.0).evaluate(weights)
    np.testing.assert_allclose(power, weights**2)  # the old members still dispatch
    with pytest.raises(UnhandledMemberError, match="NEW"):
        region_mask.RegionMaskPolicy(modes.NEW, falloff_exponent=2.0).evaluate(weights)


def test_a_new_lod_policy_is_refused_in_both_its_dispatches(monkeypatch):
    policies = with_a_new_member(monkeypatch, region_lod, "RegionLodPolicy")
    assert region_lod.lod_coverage_verdict(policies.WARN_IF_INACTIVE, False, False).name == "WARNING"
    assert region_lod.lod_coverage_verdict(policies.NEW, False, True).name == "OK"  # covered needs no policy
    with pytest.raises(UnhandledMemberError):
        region_lod.requires_coverage(policies.NEW, False)
    with pytest.raises(UnhandledMemberError):
        region_lod.lod_coverage_verdict(policies.NEW, False, False)


def test_a_new_spatial_calibration_mode_is_refused_not_taken_as_character_relative(monkeypatch):
    modes = with_a_new_member(monkeypatch, proportion, "SpatialCalibrationMode")
    assert proportion.resolve_spatial_distance(modes.CHARACTER_RELATIVE, 10.0, 0.5, 2.0, 30.0) == 20.0
    with pytest.raises(UnhandledMemberError):
        proportion.resolve_spatial_distance(modes.NEW, 10.0, 0.5, 2.0, 30.0)


def test_a_new_motion_basis_is_refused_not_resolved_as_a_region_basis(monkeypatch):
    bases = with_a_new_member(monkeypatch, measurement_scales, "MotionMeasurementBasis")
    scales = measurement_scales.MotionMeasurementScales(locomotion_height_scale=0.5, has_region_measurements=True)
    assert scales.try_resolve_scale(bases.LOCOMOTION_HEIGHT) == (True, 0.5)
    with pytest.raises(UnhandledMemberError):
        scales.try_resolve_scale(bases.NEW)


def test_a_new_composition_policy_is_refused_not_summed(monkeypatch):
    deltas = np.array([[[1.0, 0.0, 0.0]], [[0.0, 2.0, 0.0]]])  # two Regions, one vertex
    policies = with_a_new_member(monkeypatch, region_composition, "RegionCompositionPolicy")
    np.testing.assert_allclose(region_composition.compose_region_deltas(policies.STRONGEST_DELTA, deltas),
                               [[0.0, 2.0, 0.0]])
    with pytest.raises(UnhandledMemberError):
        region_composition.compose_region_deltas(policies.NEW, deltas)


def test_a_new_composition_policy_is_refused_where_regions_mix_policies(monkeypatch):
    deltas = np.array([[[1.0, 0.0, 0.0]], [[0.0, 2.0, 0.0]]])
    mixed = with_a_new_member(monkeypatch, region_preview, "RegionCompositionPolicy")
    monkeypatch.setattr(region_composition, "RegionCompositionPolicy", mixed)  # the one enum, grown
    np.testing.assert_allclose(region_preview.compose_mixed_policies([mixed.STRONGEST_DELTA, mixed.ADDITIVE_CLAMPED],
                                                                     deltas, np.ones((2, 1))), [[0.0, 2.0, 0.0]])
    with pytest.raises(UnhandledMemberError):
        region_preview.compose_mixed_policies([mixed.NEW, mixed.ADDITIVE_CLAMPED], deltas, np.ones((2, 1)))


def test_a_table_needs_a_row_for_every_member_and_cannot_be_changed():
    class Colour(enum.Enum):
        RED = 1
        GREEN = 2

    table = every_member(Colour, {Colour.GREEN: "g", Colour.RED: "r"})
    assert list(table) == [Colour.RED, Colour.GREEN]  # in the enum's order
    with pytest.raises(TypeError):
        table[Colour.RED] = "x"  # type: ignore[index]
    with pytest.raises(UnhandledMemberError, match="RED"):
        every_member(Colour, {Colour.GREEN: "g"})
    with pytest.raises(UnhandledMemberError, match="'RED'"):
        every_member(Colour, {Colour.GREEN: "g", Colour.RED: "r", "RED": "r"})  # type: ignore[dict-item]


def test_unhandled_names_the_member_and_its_enum():
    class Mode(enum.Enum):
        ODD = "Odd"

    with pytest.raises(UnhandledMemberError, match=r"Mode member <Mode.ODD: 'Odd'> is not handled"):
        unhandled(Mode.ODD)  # type: ignore[arg-type]
