"""measure_proportions, Measure's engine, called as the pipeline and other features call it (nothing selected)."""

from __future__ import annotations

import bpy
import pytest

from overanim_addon.blender.measure.engine import MeasureOptions, measure_proportions
from overanim_addon.blender.shared.names import PREFIX

from ..engine_calls import templates


def test_measure_proportions_writes_what_it_returns(unselected):
    outcome = measure_proportions(bpy.context, unselected, MeasureOptions())
    assert outcome.results is not None
    written = outcome.results.properties()
    for name, (value, _unit, _text) in written.items():
        assert unselected[name] == (pytest.approx(value) if isinstance(value, float) else value), name
    assert templates(outcome.log)[-1][1].startswith("'{name}': height {height:.1f} cm")
    assert unselected.overanim.show_results  # a measurement of its own opens the Results


def test_a_measurement_on_the_side_leaves_the_panel_as_it_was(unselected):
    outcome = measure_proportions(bpy.context, unselected, MeasureOptions(side=True))
    assert outcome.results is not None and "OverAnim_CharacterHeightCS" in unselected
    assert not unselected.overanim.show_results and not unselected.overanim.checks_run


def test_a_check_error_refuses_the_measurement_in_the_log_and_writes_nothing(unselected):
    unselected.overanim.calibration.locomotion_root_bone = "root"  # on the ground: a check error
    outcome = measure_proportions(bpy.context, unselected, MeasureOptions())
    assert outcome.results is None and [level for level, _ in outcome.log] == ["ERROR"]
    assert outcome.log[0][1].template == "Not measured: {reason}{more}"
    assert not any(key.startswith(PREFIX) for key in unselected.keys())  # noqa: SIM118
