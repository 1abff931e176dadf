from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import bpy
from bpy_extras.io_utils import ExportHelper

from ...core.errors import OverAnimError
from ...core.messages import Message, plural
from ..calibration.properties import settings_from_properties
from ..checks.checks import ERROR, EXPORT_ONLY, CheckResult, run_checks
from ..checks.operators import store_checks
from ..overrides import lost_on_save_warning
from ..regions.properties import renamed_keys_report
from ..shared.names import CHARACTER_HEIGHT_CS, CHARACTER_HEIGHT_WS
from ..shared.operators import ArmatureOperatorMixin, OverAnimOperatorMixin, poll_armature, refuse_poll
from ..shared.scene import require_armature
from . import results as results_module
from .measure import measure
from .results import MeasurementResults


def _refusal(findings: list[CheckResult], for_export: bool = False) -> Message | None:
    """What a check error refuses (the measurement, or the export that needed it), or None."""
    errors = [f for f in findings if f.severity == ERROR]
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


def measure_and_store(context: bpy.types.Context, armature: bpy.types.Object, for_export: bool = False,
                      side: bool = False) -> list[tuple[str, str]]:
    """Run the checks, then measure and write the results unless a check found an error. Returns the
    log, its summary last; an ERROR entry means nothing was measured and says what was refused: the
    measurement, or the export that needed it.

    ``side``: a measurement another step makes first (Export, Probe Ground, Bake Foot IK). It opens
    nothing in the panel, which must not move under the artist's cursor: the Results stay as they
    were, and its checks replace only findings already shown, or show the errors that refuse it."""
    findings = run_checks(context, armature)
    refusal = _refusal(findings, for_export)
    if refusal is not None or not side or armature.overanim.checks_run:
        store_checks(armature, findings)
    if refusal is not None:
        return [("ERROR", refusal)]
    results = measure(context, armature)
    count = results_module.write(armature, results)
    kept = [] if for_export else lost_on_save_warning(armature, results.properties(), "Measure Proportions")
    if not side:
        armature.overanim.show_results = True  # the Results panel opens on what was just measured
    c = results.character
    # warnings, and information such as an animation's pose; not what only the export needs to say
    log = [(f.severity, f.message) for f in findings if f.id not in EXPORT_ONLY]
    log += [("WARNING", warning) for region in results.regions for warning in region.warnings()]
    log += [("WARNING", clamped) for clamped in results.clamp_report()]
    log += [("INFO", note) for region in results.regions for note in region.notes()]
    log.extend(renamed_keys_report(armature))
    log.extend(kept)
    log.append(("INFO", Message(
        "'{name}': height {height:.1f} cm (scale {scale:.3f}), locomotion {locomotion:.1f} cm from '{root}', "
        "{regions}; {properties} written", name=armature.name, height=c.character_height_cs,
        scale=c.character_scale_cs, locomotion=c.locomotion_height_cs, root=results.locomotion_root_bone,
        regions=plural(len(results.regions), "{n} Region", "{n} Regions"),
        properties=plural(count, "{n} property", "{n} properties"))))
    return log


def ensure_measured(context: bpy.types.Context, armature: bpy.types.Object) -> list[tuple[str, str]]:
    """Measure the rig (its checks included) when it has no measurement yet, on the side (nothing
    opens in the panel), for the features that read it (foot IK, motion); returns what the report
    says of it (nothing when it was measured). Raises OverAnimError when a check refuses it."""
    if CHARACTER_HEIGHT_WS in armature:
        return []
    log = measure_and_store(context, armature, side=True)
    if log and log[-1][0] == "ERROR":  # a check that failed
        raise OverAnimError(Message("Measure Proportions (run first, the rig had no measurement): {reason}",
                                    reason=log[-1][1]))
    return [*log[:-1], ("INFO", Message("Measured first: {summary}", summary=log[-1][1]))]


class OVERANIM_OT_measure_proportions(ArmatureOperatorMixin, bpy.types.Operator):
    """Measure the rig in its rest pose (cm) and write the results as OverAnim_ custom properties"""

    bl_idname = "overanim.measure_proportions"
    bl_label = "Measure Proportions"

    def run(self, context):
        return measure_and_store(context, require_armature(context))


class OVERANIM_OT_export_results_json(OverAnimOperatorMixin, bpy.types.Operator, ExportHelper):
    """Save the measured results of the armature (lengths in cm) as a JSON file"""

    bl_idname = "overanim.export_results_json"
    bl_label = "Export Results (JSON)"
    bl_options = {"REGISTER"}
    filename_ext = ".json"
    filter_glob: bpy.props.StringProperty(default="*.json", options={"HIDDEN"})  # type: ignore[valid-type]

    @classmethod
    def poll(cls, context: bpy.types.Context) -> bool:
        armature = poll_armature(cls, context)
        if armature is None:
            return False
        if CHARACTER_HEIGHT_CS not in armature:
            return refuse_poll(cls, Message("'{name}' has no results yet: Measure Proportions first",
                                            name=armature.name))
        return True

    def run(self, context):
        armature = require_armature(context, writable=False)
        # exactly what Unreal receives through FBX: the custom properties, plus the settings used
        payload: dict[str, Any] = {
            "armature": armature.name,
            "units": "cm",
            "calibration": settings_from_properties(armature.overanim.calibration).as_dict(),
            "custom_properties": dict(results_module.read(armature)),
        }
        path = Path(bpy.path.abspath(self.filepath))
        try:
            path.write_text(json.dumps(payload, indent=2, default=str))
        except OSError as error:
            return [("ERROR", Message("Could not write {path}: {reason}", path=str(path), reason=error.strerror))]
        return [("INFO", Message("Saved {name}", name=path.name))]


classes = (OVERANIM_OT_measure_proportions, OVERANIM_OT_export_results_json)
register, unregister = bpy.utils.register_classes_factory(classes)
