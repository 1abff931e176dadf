from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import bpy
from bpy_extras.io_utils import ExportHelper

from ...core.messages import Message, plural
from ..calibration.properties import settings_from_properties
from ..checks.checks import ERROR, run_checks
from ..checks.operators import store_checks
from ..common import ArmatureOperatorMixin, OverAnimOperatorMixin, find_armature, require_armature
from ..regions.properties import renamed_keys_report
from . import results as results_module
from .measure import measure


def measure_and_store(context: bpy.types.Context, armature: bpy.types.Object,
                      for_export: bool = False) -> list[tuple[str, str]]:
    """Run the checks, then measure and write the results unless a check found an error. Returns the
    log; an ERROR entry means nothing was measured (the checks are stored either way) and says what
    was refused: the measurement, or the export that needed it."""
    findings = run_checks(context, armature)
    store_checks(armature, findings)
    errors = [f for f in findings if f.severity == ERROR]
    if errors:
        more = Message(" (+{count} more in Checks)", count=len(errors) - 1) if len(errors) > 1 else ""
        refusal = (Message("Not exported: {reason}{more}", reason=errors[0].message, more=more) if for_export
                   else Message("Not measured: {reason}{more}", reason=errors[0].message, more=more))
        return [("ERROR", refusal)]
    results = measure(context, armature)
    count = results_module.write(armature, results)
    armature.overanim.show_results = True  # the Results panel opens on what was just measured
    c = results.character
    log = [(f.severity, f.message) for f in findings if f.severity == "WARNING"]
    log += [("WARNING", warning) for region in results.regions for warning in region.warnings()]
    log += [("WARNING", clamped) for clamped in results.clamp_report()]
    log += [("INFO", note) for region in results.regions for note in region.notes()]
    log.append(("INFO", Message(
        "'{name}': height {height:.1f} cm (scale {scale:.3f}), locomotion {locomotion:.1f} cm from '{root}', "
        "{regions}; {properties} written", name=armature.name, height=c.character_height_cs,
        scale=c.character_scale_cs, locomotion=c.locomotion_height_cs, root=results.locomotion_root_bone,
        regions=plural(len(results.regions), "{n} Region", "{n} Regions"),
        properties=plural(count, "{n} property", "{n} properties"))))
    log.extend(renamed_keys_report(armature))
    return log


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
        armature = find_armature(context)
        return armature is not None and f"{results_module.PREFIX}CharacterHeightCS" in armature

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
