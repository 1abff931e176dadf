"""What an analysis writes, and taking it away again:

- on the analysed action (the active one, or the NLA's first unmuted strip's): the summary custom
  properties ``OverAnim_Motion_*`` (``names.SUMMARY`` and the Motion values, ``core.motion_values``;
  per Region ``OverAnim_Motion_Region_<Key>_*``);
- on the armature object: the per-frame curves (``names.CURVES``) as custom properties keyed on every
  frame, in an action ``OverAnim_Motion`` on an NLA track of that name (Replace) above the artist's
  animation, which goes down into the NLA untouched, as the Foot IK bake pushes it (``foot_ik.nla``).
  Analysing again replaces the track; ``remove_motion_curves`` takes it away and brings the
  artist's action back.
"""

from __future__ import annotations

from typing import Any

import bpy
import numpy as np

from ...core import motion
from ...core.log import Level, LogLine
from ...core.messages import Message, plural
from ...core.motion_values import MOTION_VALUES, REGION_VALUES, MotionSummary, MotionValue
from ..foot_ik import nla
from ..shared import computed_on, nla_tracks
from ..shared.fcurves import NewChannels
from ..shared.nla_tracks import refuse_tweak_mode
from ..shared.object_data import overanim
from ..shared.overrides import mark_overridable
from ..shared.typed import animation_data_of
from .names import (
    CALIBRATED,
    COMPUTED,
    CURVES,
    PREFIX,
    REGION_SCALE,
    SIDES,
    SUMMARY,
    TRACK,
    curve_name,
    fits,
    region_summary_name,
    summary_name,
)
from .plan import Plan
from .result import MotionResult


def _describe(owner: Any, name: str, value: float | int, unit: str, text: str) -> None:
    owner[name] = value
    suffix = f" ({unit})" if unit and unit != "0/1" else ""
    owner.id_properties_ui(name).update(description=f"{text}{suffix}. {COMPUTED}")


def _values(name: str, values: tuple[MotionValue, ...], raw: MotionSummary, calibrated: MotionSummary | None,
            region: str = "") -> dict[str, tuple[float | int, str, str]]:
    """Each Motion value of ``values`` as ``name.format(value name)`` -> (value, unit, description), and
    its ...Calibrated twin when ``calibrated`` is given; ``region``: the Region they describe."""
    out: dict[str, tuple[float | int, str, str]] = {}
    for value in values:
        text = f"Region '{region}': {value.region}" if region else value.description
        out[name.format(value.name)] = (raw[value.key], value.unit, text)
        if calibrated is not None:
            out[name.format(value.name + CALIBRATED)] = (calibrated[value.key], value.unit, text + ", calibrated")
    return out


def summary_values(result: MotionResult) -> dict[str, tuple[float | int, str, str]]:
    """The action's summary properties: name -> (value, unit, description); see SUMMARY and the Motion
    values (core.motion_values)."""
    out: dict[str, tuple[float | int, str, str]] = {}

    def summary(suffix: str, value: float | int) -> None:
        out[summary_name(suffix)] = (value, *SUMMARY[suffix])

    summary("FrameStart", int(result.frames[0]))
    summary("FrameEnd", int(result.frames[-1]))
    summary("Duration", result.duration)
    calibrated = result.actor_calibrated.summary() if result.actor_calibrated is not None else None
    out.update(_values(summary_name("{}"), MOTION_VALUES, result.actor.summary(), calibrated))
    summary("Scale", result.scale)
    summary("InPlace", int(result.in_place))
    for side in result.feet:
        summary(f"{side}ContactFrames", len(result.contact_frames(side)))
    for region in result.regions:
        if not fits(region.key):
            continue
        own = region.calibrated.summary() if region.calibrated is not None else None
        out.update(_values(region_summary_name(region.key, "{}"), REGION_VALUES, region.curves.summary(), own,
                           region.name))
        out[region_summary_name(region.key, "Scale")] = (region.scale, "", f"Region '{region.name}': {REGION_SCALE}")
    return out


def _remove_properties(owner: Any) -> None:
    """Every OverAnim_Motion_* property of ``owner``: an analysis replaces all of the last one's."""
    for name in [k for k in owner.keys() if k.startswith(PREFIX)]:  # noqa: SIM118 (ID properties)
        del owner[name]


def _push_down(armature: bpy.types.Object, plan: Plan, frames: np.ndarray) -> str:
    """The previous analysis' curves go (replaced, not stacked) and the artist's active action goes
    down into the NLA untouched; returns its name when it did."""
    settings = overanim(armature).motion
    old = settings.curves_action
    settings.curves_action = None
    nla_tracks.remove(armature, old)
    if plan.strip is not None:
        return ""
    adt = animation_data_of(armature)  # the plan found its active action there
    blending = (adt.action_blend_type, adt.action_extrapolation, adt.action_influence)
    pushed = nla.push_down(armature, int(frames[0]), int(frames[-1]))
    if pushed is None:
        return ""
    settings.pushed_action, settings.pushed_track = pushed.strips[0].action, pushed.name
    settings.pushed_blend_type, settings.pushed_extrapolation, settings.pushed_influence = blending
    return plan.action.name


def _remember(armature: bpy.types.Object, result: MotionResult) -> None:
    """What the panel shows of the analysis and Remove Motion Curves needs."""
    settings = overanim(armature).motion
    settings.computed_on = computed_on.stamp(armature)  # a copy of this rig will say it carries this analysis
    settings.frame_start, settings.frame_end = int(result.frames[0]), int(result.frames[-1])
    settings.basis, settings.resolved, settings.scale = result.basis, result.resolved, result.scale
    settings.reference_rule, settings.reference_bone = result.reference.rule.value, result.reference.bone
    settings.has_feet = bool(result.feet)
    runs = {side: ", ".join(f"{a}" if a == b else f"{a}-{b}" for a, b in motion.frame_runs(result.contact_frames(side)))
            for side in SIDES}
    settings.left_contacts, settings.right_contacts = runs["Left"], runs["Right"]
    settings.contact_speed_used, settings.contact_height_used = result.thresholds
    settings.regions.clear()
    for region in result.regions:
        item = settings.regions.add()
        item.region, item.key, item.basis = region.name, region.key, region.basis
        item.resolved, item.scale, item.named = region.resolved, region.scale, fits(region.key)


def write(armature: bpy.types.Object, plan: Plan, result: MotionResult, frame: int) -> str:
    """Everything the analysis writes (see the module docstring); ``frame``: the scene's frame, whose
    values the armature's properties hold until the curves play. Returns the name of the action it
    pushed down into the NLA ("" when none)."""
    frames = result.frames
    pushed_down = _push_down(armature, plan, frames)
    action = plan.action
    _remove_properties(action)
    for name, (value, unit, text) in summary_values(result).items():
        _describe(action, name, value, unit, text)
    _remove_properties(armature)
    current = int(np.clip(frame, frames[0], frames[-1]) - frames[0])
    new = NewChannels(TRACK, armature.name)
    for suffix, values in result.curves.items():
        name = curve_name(suffix)
        unit, text = CURVES[suffix]
        _describe(armature, name, float(values[current]), unit, text)
        mark_overridable(armature, name)  # a library override of this rig can analyse it again
        new.add(f'["{name}"]', 0, TRACK, frames, values)
    nla_tracks.add_track(armature, TRACK, new.action, new.slot, int(frames[0]), "REPLACE")
    settings = overanim(armature).motion
    settings.curves_action, settings.analyzed_action = new.action, action
    _remember(armature, result)
    return pushed_down


def remove_motion_curves(armature: bpy.types.Object) -> list[LogLine]:
    """Take the motion curves away (their track, action and the properties they animated) and make the
    action the analysis pushed down active again. The summary stays on the action: it describes the clip."""
    refuse_tweak_mode(armature)
    settings = overanim(armature).motion
    old = settings.curves_action
    settings.curves_action = None
    removed = nla_tracks.remove(armature, old)
    _remove_properties(armature)
    log: list[LogLine] = [(Level.INFO, plural(removed, "Removed {n} '{track}' track", "Removed {n} '{track}' tracks",
                                              track=TRACK))]
    action = settings.pushed_action
    if action is not None:
        blending = (settings.pushed_blend_type, settings.pushed_extrapolation, settings.pushed_influence)
        if nla.bring_back(armature, action, settings.pushed_track, blending):
            log.append((Level.INFO, Message("'{action}' is the active action again", action=action.name)))
        else:
            log.append((Level.WARNING, Message("'{action}' stays in the NLA: the armature has another active action, "
                                               "or track '{track}' was changed", action=action.name,
                                               track=settings.pushed_track)))
        settings.pushed_action, settings.pushed_track = None, ""
    return log
