"""Analyze Motion's engine: ``analyze_motion(context, armature, options) -> MotionResult``, the one
entry point of the operator, the batch step and the demo, built as every long engine is
(``shared/sessions.py``): a ``MotionSession`` run to its end. The modal operator steps the same
session itself (a few frames per timer tick, Esc: ``cancel``, then ``finish``).
The modules: ``plan`` (what is analysed), ``session`` (sampling and measuring), ``result``,
``writing`` (what is written and removed), ``report`` (log lines and batch data), ``names``."""

from __future__ import annotations

import bpy

from ..shared.sessions import Progress, run_to_end
from .plan import MotionOptions
from .result import MotionResult
from .session import MotionSession

__all__ = ["MotionOptions", "MotionResult", "MotionSession", "analyze_motion"]


def analyze_motion(context: bpy.types.Context, armature: bpy.types.Object, options: MotionOptions | None = None,
                   progress: Progress | None = None) -> MotionResult:
    """Analyse and write; returns the frozen result with its log. Raises OverAnimError, having written
    nothing (but a missing measurement), for input it cannot analyse."""
    return run_to_end(MotionSession(context, armature, options), progress)
