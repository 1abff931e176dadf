"""check_rig, the Checks' engine, called as the pipeline and other features call it (nothing selected)."""

from __future__ import annotations

import bpy

from overanim_addon.blender.checks.engine import ChecksOptions, check_rig

from ..engine_calls import operator_reports, said, templates


def test_check_rig_stores_the_findings_and_returns_them_with_the_operators_report(unselected, capfd):
    outcome = check_rig(bpy.context, unselected, ChecksOptions())
    stored = [(c.check_id, c.severity, c.message) for c in unselected.overanim.checks if c.check_id]
    assert stored == [(f.id, f.severity, str(f.message)) for f in outcome.findings] and unselected.overanim.checks_run
    assert templates(outcome.log)[-1] == ("INFO", "Checks: {errors}, {warnings}")
    assert operator_reports(unselected, bpy.ops.overanim.run_checks, capfd) == said(outcome.log)
