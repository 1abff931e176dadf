"""``check_lod_coverage(context, armature, options) -> LodCoverageResult``: each Region's presence at each LOD
judged by its LOD Policy (``lod.coverage``), kept on the armature for the panel, with the report.
Check LOD Coverage and the batch's ``lod`` step call this; it never calls an operator."""

from __future__ import annotations

from dataclasses import dataclass

import bpy

from ...core import LodCoverageVerdict
from ...core.dispatch import unhandled
from ...core.log import Level, Log, LogLine
from ...core.messages import Message, plural
from ..shared.object_data import overanim
from ..shared.overrides import refill
from ..shared.scene import require_usable
from .coverage import LodRow, coverage


@dataclass(frozen=True)
class LodCoverageOptions:
    """Check LOD Coverage has no options: each Region's LOD Policy says what it needs."""


@dataclass(frozen=True)
class LodCoverageResult:
    rows: tuple[LodRow, ...]
    log: Log = ()  # an ERROR per required Region left uncovered


def _findings(rows: tuple[LodRow, ...]) -> Log:
    log: list[LogLine] = []
    for row in rows:
        verdict = row.verdict
        if verdict is LodCoverageVerdict.ERROR:
            log.append((Level.ERROR, Message("Region '{region}' is inactive at LOD{lod} (an attachment dependency)",
                                             region=row.region, lod=row.lod) if row.attachment_dependency else
                        Message("Region '{region}' is inactive at LOD{lod} (RequireCoverage)",
                                region=row.region, lod=row.lod)))
        elif verdict is LodCoverageVerdict.WARNING:
            log.append((Level.WARNING, Message("Region '{region}' is inactive at LOD{lod}", region=row.region,
                                               lod=row.lod)))
        elif verdict is not LodCoverageVerdict.OK:
            unhandled(verdict)
    if not log:
        log.append((Level.INFO, plural(len(rows), "The {n} Region/LOD pair is fine",
                                       "All {n} Region/LOD pairs are fine")))
    return tuple(log)


def check_lod_coverage(context: bpy.types.Context, armature: bpy.types.Object,
                       options: LodCoverageOptions) -> LodCoverageResult:
    """The coverage rows, stored on the armature (replacing the previous ones). An uncovered Region
    its policy requires is an ERROR line of the log, not an exception: the rows are the result."""
    rows = tuple(coverage(context, require_usable(armature)))
    for item, row in zip(refill(overanim(armature).lod_rows, len(rows), "region"), rows, strict=True):
        item.region, item.lod, item.covered = row.region, row.lod, row.covered
        item.attachment_dependency, item.verdict = row.attachment_dependency, row.verdict.name
    return LodCoverageResult(rows, _findings(rows))
