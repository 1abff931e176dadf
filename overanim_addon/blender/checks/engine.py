"""``check_rig(context, armature) -> ChecksResult``: the checks run and kept on the armature for the
Checks panel, with the report they make. Run Checks, the fixes and the batch's ``checks`` step call
this; it never calls an operator."""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass, field

import bpy

from ...core.messages import Message, plural, to_data
from ..shared.overrides import refill
from ..shared.scene import require_usable
from ..shared.typed import overanim
from .checks import ERROR, WARNING, CheckResult, run_checks


@dataclass(frozen=True)
class ChecksResult:
    findings: list[CheckResult]
    log: list[tuple[str, str]] = field(default_factory=list)  # (level, Message), the summary last


def store_checks(armature: bpy.types.Object, findings: Iterable[CheckResult]) -> None:
    """Keep the findings on the armature for the Checks panel (replacing the previous ones)."""
    findings = list(findings)
    for item, finding in zip(refill(overanim(armature).checks, len(findings), "check_id"), findings, strict=True):
        item.check_id, item.severity, item.message, item.fix = (finding.id, finding.severity, finding.message,
                                                                finding.fix)
        item.region = finding.region
        item.message_data = json.dumps(to_data(finding.message))
    overanim(armature).checks_run = True


def report_findings(findings: list[CheckResult]) -> list[tuple[str, str]]:
    log = [(f.severity, f.message) for f in findings]
    errors = sum(f.severity == ERROR for f in findings)
    warnings = sum(f.severity == WARNING for f in findings)
    # each at the level the panel shows it (the operators report ERROR lines as findings, not failures)
    log.append(("INFO", Message("Checks: {errors}, {warnings}",
                                errors=plural(errors, "{n} error", "{n} errors"),
                                warnings=plural(warnings, "{n} warning", "{n} warnings"))))
    return log


def check_rig(context: bpy.types.Context, armature: bpy.types.Object) -> ChecksResult:
    """Run every check on ``armature`` and store the findings; raises OverAnimError (nothing stored)
    when the rig cannot be checked (no bones, read-only, hidden, in Edit Mode)."""
    findings = run_checks(context, require_usable(armature))
    store_checks(armature, findings)
    return ChecksResult(findings, report_findings(findings))
