"""The whole job on one armature, headless: checks, measure, paint, LOD coverage, compose. Runs the
same operators an artist clicks, so batch results and UI results cannot drift apart."""

from __future__ import annotations

from typing import Any

import bpy

from .measure import results as results_module


def _call(operator: Any, armature: bpy.types.Object, **kwargs: Any) -> tuple[bool, str]:
    with bpy.context.temp_override(active_object=armature, object=armature):
        try:
            operator(**kwargs)
        except RuntimeError as error:  # an operator's ERROR report arrives as RuntimeError
            return False, str(error).strip().removeprefix("Error: ").strip()
    return True, ""


def leave_edit_mode(scene: bpy.types.Scene) -> list[str]:
    """A file saved in Edit Mode opens in Edit Mode, even headless, and every step would refuse it.
    Saving already wrote the edits into the data, so leaving Edit Mode changes nothing the file
    holds; it lets a batch read that data. Returns the names of the objects taken out of it."""
    left = []
    for obj in scene.objects:
        if obj.data is not None and getattr(obj.data, "is_editmode", False):
            with bpy.context.temp_override(active_object=obj, object=obj, view_layer=scene.view_layers[0]):
                bpy.ops.object.mode_set(mode="OBJECT")
            left.append(obj.name)
    return left


def process_armature(armature: bpy.types.Object) -> dict[str, Any]:
    """Run every step; the report says what each step did. ``ok`` is false when a step failed."""
    bpy.context.view_layer.objects.active = armature
    ops = bpy.ops.overanim
    report: dict[str, Any] = {"armature": armature.name, "steps": {}}
    steps = report["steps"]
    ok, message = _call(ops.run_checks, armature)
    steps["checks"] = {"ok": ok, "error": message,
                       "findings": [{"severity": c.severity, "message": c.message} for c in armature.overanim.checks]}
    ok, message = _call(ops.measure_proportions, armature)
    steps["measure"] = {"ok": ok, "error": message, "properties": dict(results_module.read(armature))}
    if armature.overanim.regions:
        ok, message = _call(ops.paint_region_masks, armature)
        steps["paint"] = {"ok": ok, "error": message}
        ok, message = _call(ops.check_lod_coverage, armature)
        steps["lod_coverage"] = {"ok": ok, "error": message, "rows": [
            {"region": r.region, "lod": r.lod, "covered": r.covered, "verdict": r.verdict,
             "attachment_dependency": r.attachment_dependency} for r in armature.overanim.lod_rows]}
        if any(r.delta_shape_key for r in armature.overanim.regions):
            ok, message = _call(ops.compose_region_deltas, armature)
            steps["compose"] = {"ok": ok, "error": message}
    report["ok"] = all(step["ok"] for step in steps.values())
    return report
