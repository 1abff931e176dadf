"""What a bake says about itself: its summary and its numbers (``core.foot_ik_quality``), as report
lines (a warning where a number is past its bound), as the batch report's ``quality`` and as the
panel's record of the last bake (``OVERANIM_PG_foot_ik_quality``)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np

from ...core.foot_ik_quality import ADDED_SLIDE, ADDED_SPEED, MAX_ACCELERATION, MAX_PENETRATION, BakeQuality
from ...core.log import Level, Log, LogLine
from ...core.messages import Message, plural
from . import nla, values


def frame_ranges(spans: tuple[tuple[int, int], ...]) -> str:
    return ", ".join(f"{a}-{b}" if b > a else f"{a}" for a, b in spans)


def summary(frames: np.ndarray, sampled: Mapping[str, np.ndarray], pushed_down: str) -> Message:
    """What was baked, and what the frame counts mean (issue 31: "on ground 96" said nothing)."""
    body = sampled["BodyOffset"]
    pushed = Message("; '{action}' pushed down into the NLA", action=pushed_down) if pushed_down else ""
    return plural(len(frames),
                  "Baked {n} frame onto NLA track '{track}'{pushed}. Ground found under the left foot on {left} of "
                  "them, under the right on {right} (where none is, that foot plays as animated); body offset "
                  "{low} to {high} cm",
                  "Baked {n} frames onto NLA track '{track}'{pushed}. Ground found under the left foot on {left} of "
                  "them, under the right on {right} (where none is, that foot plays as animated); body offset "
                  "{low} to {high} cm",
                  left=int(sampled["LeftHit"].sum()), right=int(sampled["RightHit"].sum()),
                  low=values.signed(body.min(), 1), high=values.signed(body.max(), 1), track=nla.BAKE_NAME,
                  pushed=pushed)


def quality_lines(quality: BakeQuality, max_extension_ratio: float) -> Log:
    """The bake's numbers, one line each; a warning where one is past its bound."""
    bad = set(quality.out_of_bounds())
    lines: list[LogLine] = []
    if quality.pelvis_speed is not None and quality.pelvis_acceleration is not None:
        (sb, sa), (ab, aa) = quality.pelvis_speed, quality.pelvis_acceleration
        line = Message("Pelvis vertical speed at most {before:.0f} cm/s in the animation, {after:.0f} cm/s baked; "
                       "acceleration {abefore:.0f} and {aafter:.0f} cm/s²", before=sb, after=sa, abefore=ab, aafter=aa)
        if bad & {"pelvis_speed", "pelvis_acceleration"}:
            lines.append((Level.WARNING, Message(
                "{line}: more than {speed:.0f} cm/s above the animation or {accel:.0f} cm/s²; lower Linear Stiffness",
                line=line, speed=ADDED_SPEED, accel=MAX_ACCELERATION)))
        else:
            lines.append((Level.INFO, line))
    before, after = quality.slide
    line = Message("Toe slide within a plant at most {before:.1f} cm in the animation, {after:.1f} cm baked",
                   before=before, after=after)
    lines.append((Level.WARNING, Message("{line}: more than {limit:.1f} cm added", line=line, limit=ADDED_SLIDE))
                 if "slide" in bad else (Level.INFO, line))
    line = Message("Deepest a sole goes below the ground under it: {depth:.1f} cm", depth=quality.penetration)
    lines.append((Level.WARNING, Message("{line} (more than {limit:.1f} cm)", line=line, limit=MAX_PENETRATION))
                 if "penetration" in bad else (Level.INFO, line))
    for side, spans in quality.unreachable.items():
        leg = Message("The left leg") if side == "left" else Message("The right leg")
        lines.append((Level.WARNING, Message(
            "{leg} could not reach the ground in frames {frames} (Max Extension Ratio {ratio:g}): its foot stays "
            "above it there; lower the body (Max Offset) or allow more extension", leg=leg,
            frames=frame_ranges(spans), ratio=max_extension_ratio)))
    return tuple(lines)


def quality_data(quality: BakeQuality) -> dict[str, Any]:
    """The batch report's ``quality`` (docs/batch-report.md): cm, cm/s, cm/s², frames."""
    def pair(values_: tuple[float, float] | None) -> dict[str, float] | None:
        return None if values_ is None else {"before": round(values_[0], 3), "after": round(values_[1], 3)}

    return {
        "pelvis_vertical_speed": pair(quality.pelvis_speed),
        "pelvis_vertical_acceleration": pair(quality.pelvis_acceleration),
        "toe_slide": pair(quality.slide),
        "penetration": round(quality.penetration, 3),
        "unreachable": {side: [list(span) for span in spans] for side, spans in quality.unreachable.items()},
        "out_of_bounds": quality.out_of_bounds(),
    }


def store(settings: Any, quality: BakeQuality) -> None:
    """The panel's record of the last bake's numbers."""
    record = settings.quality
    record.baked = True
    record.has_pelvis = quality.pelvis_speed is not None
    if quality.pelvis_speed is not None and quality.pelvis_acceleration is not None:
        record.pelvis_speed_before, record.pelvis_speed_after = quality.pelvis_speed
        record.pelvis_acceleration_before, record.pelvis_acceleration_after = quality.pelvis_acceleration
    record.slide_before, record.slide_after = quality.slide
    record.penetration = quality.penetration
    record.unreachable_frames = quality.unreachable_frames
    record.out_of_bounds = ",".join(quality.out_of_bounds())
