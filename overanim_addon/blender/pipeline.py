"""The whole job on one armature, headless: the steps of ``overanim_addon.steps`` in order. Calls
the engine function each button's operator calls, so batch results and UI results cannot drift
apart; what fails is said as the operator would report it (in the artist's language).

``STEPS`` is the table: one row per name of ``steps.STEP_NAMES``, saying when the step applies and
what its report holds."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any, TypeVar

import bpy

from ..core.errors import OverAnimError
from ..core.log import Level, Result
from ..steps import STEP_NAMES
from .checks.engine import ChecksOptions, check_rig
from .compose.engine import ComposeOptions, compose_region_deltas
from .foot_ik.bake import baked_values
from .foot_ik.engine import FootIKOptions, bake_foot_ik
from .foot_ik.properties import bone_names
from .i18n import tr
from .lod.engine import LodCoverageOptions, check_lod_coverage
from .masks.engine import PaintOptions, paint_region_masks
from .measure import results as results_module
from .measure.engine import MeasureOptions, measure_proportions
from .motion.engine import MotionOptions, analyze_motion
from .motion.plan import evaluated_source
from .motion.report import report_data
from .regions.region import region_keys
from .shared.ground import ground_objects
from .shared.object_data import overanim
from .shared.scene import held_apart_by
from .shared.typed import armature_data, scene_of, temp_override, view_layer_of

Outcome = TypeVar("Outcome", bound=Result)
Options = TypeVar("Options")


def _call_engine(engine: Callable[[bpy.types.Context, bpy.types.Object, Options], Outcome],
                 armature: bpy.types.Object, options: Options) -> tuple[Outcome | None, str]:
    """The engine's outcome (None when it refused) and why the step failed ("" when it did not):
    the refusal, or the log's ERROR lines, as the operator would have reported them."""
    try:
        outcome = engine(bpy.context, armature, options)
    except OverAnimError as error:
        return None, tr(error.message)
    return outcome, "; ".join(tr(message) for level, message in outcome.log if level == Level.ERROR)


def _result(ok: bool, error: str, **details: Any) -> dict[str, Any]:
    return {"ok": ok, **({"error": error} if not ok else {}), **details}


def _checks(armature: bpy.types.Object) -> dict[str, Any]:
    outcome, message = _call_engine(check_rig, armature, ChecksOptions())
    findings = [{"id": f.id, "severity": f.severity, "message": str(f.message)}
                for f in (outcome.findings if outcome is not None else [])]
    errors = [f["message"] for f in findings if f["severity"] == Level.ERROR]
    # an error finding fails this step: `--steps checks` is a lint a CI job can gate on
    # the log's ERROR lines are those findings: the first says why, as before
    return _result(not message and not errors, errors[0] if outcome is not None and errors else message,
                   findings=findings)


def _measure(armature: bpy.types.Object) -> dict[str, Any]:
    _outcome, message = _call_engine(measure_proportions, armature, MeasureOptions())
    try:  # the key each Region's properties and masks are named with (core.naming)
        keys = region_keys(armature)
    except OverAnimError:
        keys = {}  # the measure error already says why
    # what the armature holds: the custom properties Unreal receives
    return _result(not message, message, properties=dict(results_module.read(armature)), region_keys=keys)


def _paint(armature: bpy.types.Object) -> dict[str, Any]:
    _outcome, message = _call_engine(paint_region_masks, armature, PaintOptions())
    return _result(not message, message)


def _lod(armature: bpy.types.Object) -> dict[str, Any]:
    outcome, message = _call_engine(check_lod_coverage, armature, LodCoverageOptions())
    return _result(not message, message, rows=[
        {"region": r.region, "lod": r.lod, "covered": r.covered, "verdict": r.verdict.name,
         "attachment_dependency": r.attachment_dependency} for r in (outcome.rows if outcome is not None else [])])


def _compose(armature: bpy.types.Object) -> dict[str, Any]:
    _outcome, message = _call_engine(compose_region_deltas, armature, ComposeOptions())
    return _result(not message, message)


def rounded(value: float, digits: int = 3) -> float:
    return round(float(value), digits) + 0.0  # + 0.0: no "-0.0" from float noise in reports


def _stats(series: Any) -> dict[str, float]:
    return {"min": rounded(series.min()), "max": rounded(series.max()), "mean": rounded(series.mean())}


def foot_ik_step(armature: bpy.types.Object) -> dict[str, Any]:
    """Bake Foot IK over the scene's frame range; the report says what was baked (cm, degrees)."""
    outcome, message = _call_engine(bake_foot_ik, armature, FootIKOptions())
    if outcome is None or message:
        return _result(False, message)
    baked = baked_values(armature)  # the values as keyed on the bake's curves: what the file holds
    frames = baked["BodyOffset"][:, 0]
    bones = outcome.bones
    return _result(
        True, "", track="OverAnim_FootIK",
        frames=[int(frames[0]), int(frames[-1])],
        bones={"left_foot": bones.left_foot, "right_foot": bones.right_foot,
               "left_ik_target": bones.left_ik_target, "right_ik_target": bones.right_ik_target,
               "body_bone": bones.body_bone},
        frames_with_ground={"left": int(baked["LeftHit"][:, 1].sum()), "right": int(baked["RightHit"][:, 1].sum())},
        trace_distance=rounded(baked["TraceDistance"][0, 1]),
        per_frame={name: _stats(baked[name][:, 1]) for name in
                   ("BodyOffset", "LeftOffset", "RightOffset", "LeftPitch", "LeftRoll", "RightPitch", "RightRoll")},
    )


def motion_step(armature: bpy.types.Object) -> dict[str, Any]:
    """Analyze Motion over the clip's own range; the report holds its summary (docs/batch-report.md)."""
    outcome, message = _call_engine(analyze_motion, armature, MotionOptions())
    if outcome is None or message:
        return _result(False, message)
    return _result(True, "", **report_data(outcome))


def motion_applies(armature: bpy.types.Object) -> str:
    return "" if evaluated_source(armature) is not None else "no animation"


def _always(armature: bpy.types.Object) -> str:
    return ""


def _needs_regions(armature: bpy.types.Object) -> str:
    return "" if overanim(armature).regions else "the armature has no Regions"


def _needs_deltas(armature: bpy.types.Object) -> str:
    if not overanim(armature).regions:
        return "the armature has no Regions"
    return "" if any(r.delta_shape_key for r in overanim(armature).regions) else "no Region names a Delta Shape Key"


def foot_ik_applies(armature: bpy.types.Object) -> str:
    """Why the foot-IK bake does not apply to ``armature`` ("" when it does): it needs both foot
    bones (set or found by name) and ground in the file (see shared.ground)."""
    settings = overanim(armature).foot_ik
    names = bone_names(settings, armature)
    if not (names.left_foot in armature_data(armature).bones and names.right_foot in armature_data(armature).bones):
        return "no foot bones"
    if not ground_objects(scene_of(bpy.context), armature, settings.ground_collection):
        return "no ground"
    return ""


@dataclass(frozen=True)
class Step:
    run: Callable[[bpy.types.Object], dict[str, Any]]  # {"ok", "error" when not ok, what the step found}
    skip_reason: Callable[[bpy.types.Object], str]  # "" when the step applies to this armature


STEPS: dict[str, Step] = {
    "checks": Step(_checks, _always),
    "measure": Step(_measure, _always),
    "paint": Step(_paint, _needs_regions),
    "lod": Step(_lod, _needs_regions),
    "compose": Step(_compose, _needs_deltas),
    "footik": Step(foot_ik_step, foot_ik_applies),
    "motion": Step(motion_step, motion_applies),  # after the foot IK bake: it analyses what the scene plays
}
assert tuple(STEPS) == STEP_NAMES, "one row per step, in pipeline order"


def leave_held_modes(scene: bpy.types.Scene) -> dict[str, list[str]]:
    """A file saved in Edit Mode, or sculpting with Dynamic Topology, reopens in it, even headless,
    and every step would refuse it (shared.scene.require_object_mode). Saving already wrote the changes
    into the data, so leaving the mode changes nothing the file holds; it lets a batch read that
    data. Returns, per mode (shared.scene.held_apart_by), the names of the objects taken out of it."""
    left: dict[str, list[str]] = {}
    for obj in scene.objects:
        mode = held_apart_by(obj)
        if mode is not None:
            with temp_override(bpy.context, active_object=obj, object=obj, view_layer=scene.view_layers[0]):
                bpy.ops.object.mode_set(mode="OBJECT")
            left.setdefault(mode, []).append(obj.name)
    return left


def process_armature(armature: bpy.types.Object, steps: Iterable[str] = STEP_NAMES) -> dict[str, Any]:
    """Run the named steps in pipeline order; the report says what each did, or why it was skipped
    (``{"ok": true, "skipped": why}``). ``ok`` is false when a step that ran failed. The active object
    is put back afterwards: it is the artist's (a file saved with another one active reopens with its
    paint mode gone)."""
    objects = view_layer_of(bpy.context).objects
    active, objects.active = objects.active, armature
    wanted = set(steps)
    report: dict[str, Any] = {"armature": armature.name, "steps": {}}
    try:
        for name, step in STEPS.items():
            if name in wanted:
                why = step.skip_reason(armature)
                report["steps"][name] = {"ok": True, "skipped": why} if why else step.run(armature)
    finally:
        objects.active = active
    report["ok"] = all(step["ok"] for step in report["steps"].values())
    return report
