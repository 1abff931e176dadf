"""``check_rig(context, armature, options) -> ChecksResult``: the checks run and kept on the armature for the
Checks panel, with the report they make. Run Checks, the fixes and the batch's ``checks`` step call
this; it never calls an operator."""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass

import bpy

from ...core.log import Level, Log, LogLine
from ...core.messages import Message, plural, to_data
from ..shared.object_data import overanim
from ..shared.overrides import refill
from ..shared.scene import require_usable
from .rig_checks import Finding, run_checks


@dataclass(frozen=True)
class ChecksOptions:
    """Run Checks has no options: every check runs (the contract's third argument all the same)."""


@dataclass(frozen=True)
class ChecksResult:
    findings: tuple[Finding, ...]
    log: Log = ()  # (level, Message), the summary last


def store_checks(armature: bpy.types.Object, findings: Iterable[Finding]) -> None:
    """Keep the findings on the armature for the Checks panel (replacing the previous ones)."""
    findings = list(findings)
    for item, finding in zip(refill(overanim(armature).checks, len(findings), "check_id"), findings, strict=True):
        item.check_id, item.severity, item.message, item.fix = (finding.id, finding.severity, finding.message,
                                                                finding.fix)
        item.region, item.alternative = finding.region, finding.alternative
        item.message_data = json.dumps(to_data(finding.message))
    overanim(armature).checks_run = True


def report_findings(findings: Iterable[Finding]) -> Log:
    findings = list(findings)
    errors = sum(f.severity == Level.ERROR for f in findings)
    warnings = sum(f.severity == Level.WARNING for f in findings)
    # each at the level the panel shows it (the operators report ERROR lines as findings, not failures)
    log: list[LogLine] = [(f.severity, f.message) for f in findings]
    log.append((Level.INFO, Message("Checks: {errors}, {warnings}",
                                    errors=plural(errors, "{n} error", "{n} errors"),
                                    warnings=plural(warnings, "{n} warning", "{n} warnings"))))
    return tuple(log)


def check_rig(context: bpy.types.Context, armature: bpy.types.Object, options: ChecksOptions) -> ChecksResult:
    """Run every check on ``armature`` and store the findings; raises OverAnimError (nothing stored)
    when the rig cannot be checked (no bones, read-only, hidden, in Edit Mode)."""
    findings = tuple(run_checks(context, require_usable(armature)))
    store_checks(armature, findings)
    return ChecksResult(findings, report_findings(findings))
