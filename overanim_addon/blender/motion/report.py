"""What an analysis says: its log lines (the operator's reports, the summary last) and its data for
the batch report's ``motion`` step (docs/batch-report.md)."""

from __future__ import annotations

from typing import Any

from ...core.log import Level, Log, LogLine
from ...core.messages import Message, plural
from ...core.motion_values import MotionSummary
from .names import SIDES, TRACK
from .result import MotionResult


def _motion_text(result: MotionResult) -> Message:
    s = result.actor.summary()
    if result.in_place:
        return Message("in place (no actor motion)")
    if result.actor_calibrated is not None:
        c = result.actor_calibrated.summary()
        return Message("{distance:.1f} cm at {speed:.1f} cm/s on average, {calibrated:.1f} cm/s calibrated",
                       distance=s["distance"], speed=s["average_speed"], calibrated=c["average_speed"])
    return Message("{distance:.1f} cm at {speed:.1f} cm/s on average", distance=s["distance"],
                   speed=s["average_speed"])


def report_lines(result: MotionResult) -> Log:
    """The result's log with what the analysis found, the summary last (Blender's status bar shows the
    last report)."""
    log: list[LogLine] = list(result.log)
    if result.pushed_down:
        log.append((Level.INFO, Message("'{action}' pushed down into the NLA", action=result.pushed_down)))
    zero = result.zero_curves
    if zero:
        log.append((Level.INFO, plural(len(zero), "All keys 0 in {names}: Unreal's importer drops such a curve unless "
                                       "told to keep it (docs/unreal.md)",
                                       "All keys 0 in {names}: Unreal's importer drops such curves unless told to "
                                       "keep them (docs/unreal.md)", names=", ".join(zero))))
    contacts = Message("foot contacts: left {left}, right {right} frames", left=len(result.contact_frames("Left")),
                       right=len(result.contact_frames("Right"))) if result.feet else Message("no foot contacts")
    log.append((Level.INFO, Message("'{action}', frames {start}-{end}: {motion}; {contacts}; curves on NLA track "
                                    "'{track}'", action=result.action.name, start=int(result.frames[0]),
                                    end=int(result.frames[-1]), motion=_motion_text(result), contacts=contacts,
                                    track=TRACK)))
    return tuple(log)


def _values(summary: MotionSummary) -> dict[str, float]:
    return dict(summary)  # every Motion value, keyed as the schema's motionValues (core.motion_values)


def report_data(result: MotionResult) -> dict[str, Any]:
    """The analysis as JSON-able data (the batch report's ``motion`` step, docs/batch-report.md): cm,
    cm/s, cm/s² raw and, divided by the character's scale, calibrated (None where the basis cannot
    resolve)."""
    calibrated = result.actor_calibrated
    return {
        "action": result.action.name, "track": TRACK, "frames": [int(result.frames[0]), int(result.frames[-1])],
        "fps": result.fps, "duration": result.duration, "in_place": result.in_place,
        "ground_reference": result.reference.bone, "ground_reference_rule": result.reference.rule.value,
        "basis": result.basis, "scale": result.scale,
        "raw": _values(result.actor.summary()),
        "calibrated": _values(calibrated.summary()) if calibrated is not None else None,
        "contacts": {"speed": result.thresholds[0], "height": result.thresholds[1], "rule": result.contact_rule.value,
                     **{side.lower(): len(result.contact_frames(side)) if side in result.feet else None
                        for side in SIDES}},
        "regions": [{"region": r.name, "key": r.key, "basis": r.basis, "scale": r.scale,
                     "raw": _values(r.curves.summary()),
                     "calibrated": _values(r.calibrated.summary()) if r.calibrated is not None else None}
                    for r in result.regions],
        "zero_curves": result.zero_curves,
        "warnings": [str(message) for level, message in result.log if level == Level.WARNING],
    }
