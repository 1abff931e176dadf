"""``compose_region_deltas(context, armature, options) -> ComposeResult``: the mask-weighted Delta
Shape Keys of all Regions composed into ``OverAnim_Composed`` (``compose.compose``), with the report.
Compose Region Deltas and the batch's ``compose`` step call this; it never calls an operator."""

from __future__ import annotations

from dataclasses import dataclass

import bpy

from ...core.log import Level, Log
from ...core.messages import Message, plural
from ..shared.scene import require_usable
from .compose import COMPOSED, ComposeStats, compose


@dataclass(frozen=True)
class ComposeOptions:
    select_overlaps: bool = False  # select the vertices where Region deltas overlap


@dataclass(frozen=True)
class ComposeResult:
    stats: ComposeStats
    log: Log = ()  # (level, Message)


def compose_region_deltas(context: bpy.types.Context, armature: bpy.types.Object,
                          options: ComposeOptions) -> ComposeResult:
    """Compose; raises OverAnimError, having written nothing, when there is nothing to compose."""
    stats = compose(context, require_usable(armature), options.select_overlaps)
    return ComposeResult(stats, ((Level.INFO, Message(
        "Composed {deltas} into shape key '{key}' on {meshes}; {overlap} where Regions overlap", key=COMPOSED,
        deltas=plural(stats.regions, "{n} Region delta", "{n} Region deltas"),
        meshes=plural(stats.meshes, "{n} mesh", "{n} meshes"),
        overlap=plural(stats.overlapping_vertices, "{n:,} vertex", "{n:,} vertices"))),))
