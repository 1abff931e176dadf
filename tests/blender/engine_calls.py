"""What the engine tests read of an engine's outcome: its log's levels and templates, and what its
operator reports for comparison."""

from __future__ import annotations

import bpy

from overanim_addon.core.messages import Message


def templates(log):
    """The log's levels and templates: every line a Message, so a translation and the batch keep it."""
    assert all(isinstance(message, Message) for _, message in log), log
    return [(level, message.template) for level, message in log]


def operator_reports(armature, operator, capfd, **properties):
    """What the operator reports, printed as Blender prints reports in background mode."""
    capfd.readouterr()
    with bpy.context.temp_override(active_object=armature, object=armature):
        operator(**properties)
    return [line for line in capfd.readouterr().out.splitlines() if line.startswith(("Info:", "Warning:"))]


def said(log):
    return [f"{level.capitalize()}: {message}" for level, message in log]
