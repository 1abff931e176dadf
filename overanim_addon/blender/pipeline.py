"""The whole job on one armature, headless: checks, measure, paint, LOD coverage, compose, foot IK.
Runs the same operators an artist clicks, so batch results and UI results cannot drift apart."""

from __future__ import annotations

from typing import Any

import bpy

from ..core.errors import OverAnimError
from .foot_ik.bake import baked_values
from .foot_ik.ground import ground_objects
from .foot_ik.properties import bone_names
from .measure import results as results_module
from .regions.properties import region_keys


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


def foot_ik_applies(armature: bpy.types.Object) -> str:
    """Why the foot-IK bake does not apply to ``armature`` ("" when it does): it needs both foot
    bones (set or found by name) and ground in the file (see foot_ik.ground)."""
    settings = armature.overanim.foot_ik
    names = bone_names(settings, armature)
    if not (names.left_foot in armature.data.bones and names.right_foot in armature.data.bones):
        return "no foot bones"
    if not ground_objects(bpy.context.scene, armature, settings.ground_collection):
        return "no ground"
    return ""


def rounded(value: float, digits: int = 3) -> float:
    return round(float(value), digits) + 0.0  # + 0.0: no "-0.0" from float noise in reports


def _stats(series: Any) -> dict[str, float]:
    return {"min": rounded(series.min()), "max": rounded(series.max()), "mean": rounded(series.mean())}


def foot_ik_step(armature: bpy.types.Object) -> dict[str, Any]:
    """Bake Foot IK over the scene's frame range; the report says what was baked (cm, degrees)."""
    skipped = foot_ik_applies(armature)
    if skipped:
        return {"ok": True, "error": "", "skipped": skipped}
    ok, message = _call(bpy.ops.overanim.bake_foot_ik, armature)
    if not ok:
        return {"ok": False, "error": message}
    baked = baked_values(armature)
    frames = baked["BodyOffset"][:, 0]
    settings = armature.overanim.foot_ik
    return {
        "ok": True, "error": "", "track": "OverAnim_FootIK",
        "frames": [int(frames[0]), int(frames[-1])],
        "bones": {"left_foot": settings.left_foot, "right_foot": settings.right_foot,
                  "left_ik_target": settings.left_ik_target, "right_ik_target": settings.right_ik_target,
                  "body_bone": settings.body_bone},
        "frames_with_ground": {"left": int(baked["LeftHit"][:, 1].sum()), "right": int(baked["RightHit"][:, 1].sum())},
        "trace_distance": rounded(baked["TraceDistance"][0, 1]),
        "per_frame": {name: _stats(baked[name][:, 1]) for name in
                      ("BodyOffset", "LeftOffset", "RightOffset", "LeftPitch", "LeftRoll", "RightPitch", "RightRoll")},
    }


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
    try:  # the key each Region's properties and masks are named with (core.naming)
        steps["measure"]["region_keys"] = region_keys(armature)
    except OverAnimError:
        steps["measure"]["region_keys"] = {}  # the measure error already says why
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
    if not foot_ik_applies(armature):
        steps["footik"] = foot_ik_step(armature)
    report["ok"] = all(step["ok"] for step in steps.values())
    return report
