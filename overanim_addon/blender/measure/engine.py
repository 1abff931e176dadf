"""``measure_proportions(context, armature, options) -> MeasureResult``: the checks, then the rig
measured in its rest pose and the results written as ``OverAnim_`` custom properties, with the
report. Measure Proportions, Export, the features that read a measurement (foot IK, motion,
transfer) and the batch's ``measure`` step call this module; it never calls an operator."""

from __future__ import annotations

from dataclasses import dataclass

import bpy

from ...core.errors import OverAnimError
from ...core.log import Level, Log, LogLine
from ...core.messages import Message, plural
from ..checks.engine import store_checks
from ..checks.rig_checks import EXPORT_ONLY, Finding, run_checks
from ..regions.properties import renamed_keys_report
from ..shared.names import CHARACTER_HEIGHT_WS
from ..shared.overrides import lost_on_save_warning
from ..shared.scene import require_usable
from ..shared.typed import has_property, overanim
from . import results as results_module
from .results import MeasurementResults
from .rig_measurement import measure


@dataclass(frozen=True)
class MeasureOptions:
    for_export: bool = False  # the measurement Export makes: a refusal says "Not exported"
    # a measurement another step makes first (Export, Probe Ground, Bake Foot IK). It opens nothing
    # in the panel, which must not move under the artist's cursor: the Results stay as they were,
    # and its checks replace only findings already shown, or show the errors that refuse it
    side: bool = False


@dataclass(frozen=True)
class MeasureResult:
    results: MeasurementResults | None  # None: a check error refused the measurement (the log says which)
    log: Log = ()  # (level, Message), the summary last


def _refusal(findings: list[Finding], for_export: bool = False) -> Message | None:
    """What a check error refuses (the measurement, or the export that needed it), or None."""
    errors = [f for f in findings if f.severity == Level.ERROR]
    if not errors:
        return None
    more = Message(" (+{count} more in Checks)", count=len(errors) - 1) if len(errors) > 1 else ""
    if for_export:
        return Message("Not exported: {reason}{more}", reason=errors[0].message, more=more)
    return Message("Not measured: {reason}{more}", reason=errors[0].message, more=more)


def measure_checked(context: bpy.types.Context, armature: bpy.types.Object) -> MeasurementResults:
    """What Measure Proportions would write, for features that need the values (Transfer): the
    checks, then the measurement, nothing written. A check error raises Measure's refusal."""
    refusal = _refusal(run_checks(context, armature))
    if refusal is not None:
        raise OverAnimError(refusal)
    return measure(context, armature)


def measure_proportions(context: bpy.types.Context, armature: bpy.types.Object,
                        options: MeasureOptions) -> MeasureResult:
    """Run the checks, then measure and write the results unless a check found an error. The log
    ends with its summary; an ERROR entry (and ``results`` None) means nothing was measured and says
    what was refused: the measurement, or the export that needed it. Raises OverAnimError when the
    rig cannot be checked (no bones, read-only, hidden, in Edit Mode)."""
    return _measure_and_store(context, require_usable(armature), options)


def _measure_and_store(context: bpy.types.Context, armature: bpy.types.Object,
                       options: MeasureOptions) -> MeasureResult:
    findings = run_checks(context, armature)
    refusal = _refusal(findings, options.for_export)
    if refusal is not None or not options.side or overanim(armature).checks_run:
        store_checks(armature, findings)
    if refusal is not None:
        return MeasureResult(None, ((Level.ERROR, refusal),))
    results = measure(context, armature)
    count = results_module.write(armature, results)
    kept = [] if options.for_export else lost_on_save_warning(armature, results.properties(), "Measure Proportions")
    if not options.side:
        overanim(armature).show_results = True  # the Results panel opens on what was just measured
    c = results.character
    # warnings, and information such as an animation's pose; not what only the export needs to say
    log: list[LogLine] = [(f.severity, f.message) for f in findings if f.id not in EXPORT_ONLY]
    log += [(Level.WARNING, warning) for region in results.regions for warning in region.warnings()]
    log += [(Level.WARNING, clamped) for clamped in results.clamp_report()]
    log += [(Level.INFO, note) for region in results.regions for note in region.notes()]
    log.extend(renamed_keys_report(armature))
    log.extend(kept)
    log.append((Level.INFO, Message(
        "'{name}': height {height:.1f} cm (scale {scale:.3f}), locomotion {locomotion:.1f} cm from '{root}', "
        "{regions}; {properties} written", name=armature.name, height=c.character_height_cs,
        scale=c.character_scale_cs, locomotion=c.locomotion_height_cs, root=results.locomotion_root_bone,
        regions=plural(len(results.regions), "{n} Region", "{n} Regions"),
        properties=plural(count, "{n} property", "{n} properties"))))
    return MeasureResult(results, tuple(log))


def ensure_measured(context: bpy.types.Context, armature: bpy.types.Object) -> list[LogLine]:
    """Measure the rig (its checks included) when it has no measurement yet, on the side (nothing
    opens in the panel), for the features that read it (foot IK, motion); returns what the report
    says of it (nothing when it was measured). Raises OverAnimError when a check refuses it."""
    if has_property(armature, CHARACTER_HEIGHT_WS):
        return []
    log = _measure_and_store(context, armature, MeasureOptions(side=True)).log
    if log and log[-1][0] == Level.ERROR:  # a check that failed
        raise OverAnimError(Message("Measure Proportions (run first, the rig had no measurement): {reason}",
                                    reason=log[-1][1]))
    return [*log[:-1], (Level.INFO, Message("Measured first: {summary}", summary=log[-1][1]))]
