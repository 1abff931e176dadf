"""Analyze Motion's engine: ``analyze_motion(context, armature, options) -> MotionResult``, the one
entry point of the operator, the batch step and the demo. The modal operator drives a
``MotionSession`` itself (``step`` a few frames per timer tick, Esc: ``cancel``, then ``finish``).
The modules: ``plan`` (what is analysed), ``session`` (sampling and measuring), ``result``,
``writing`` (what is written and removed), ``report`` (log lines and batch data), ``names``."""

from __future__ import annotations

from collections.abc import Callable

import bpy

from ...core.errors import OverAnimError
from .plan import MotionOptions
from .result import MotionResult
from .session import MotionSession

__all__ = ["MotionOptions", "MotionResult", "MotionSession", "analyze_motion", "run"]


def analyze_motion(context: bpy.types.Context, armature: bpy.types.Object, options: MotionOptions | None = None,
                   progress: Callable[[int], None] | None = None) -> MotionResult:
    """Analyse and write; returns the frozen result with its log. Raises OverAnimError, having written
    nothing (but a missing measurement), for input it cannot analyse."""
    return run(MotionSession(context, armature, options), progress)


def run(session: MotionSession, progress: Callable[[int], None] | None = None) -> MotionResult:
    """Step ``session`` to its end (``progress(frames done)`` between steps) and finish it; a refusal
    puts the frame back and raises."""
    try:
        while not session.step(0.1):
            if progress is not None:
                progress(session.done)
        return session.finish()
    except OverAnimError:
        session.cancel()
        raise
