"""``paint_region_masks(context, armature, options) -> PaintResult``: every Region's falloff mask
painted on the meshes the armature deforms, and the preview shown in the 3D Views. Paint Region
Masks and the batch's ``paint`` step call this; it never calls an operator."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

import bpy

from ...core.log import Level, Log
from ...core.messages import Message, plural
from ..regions.properties import renamed_keys_report
from ..shared.scene import require_usable
from ..shared.typed import overanim
from . import masks, shading
from .masks import PaintStats


@dataclass(frozen=True)
class PaintOptions:
    write_vertex_groups: bool = False  # also an OverAnim_MaskGroup_<Region> vertex group per mask


@dataclass(frozen=True)
class PaintResult:
    stats: PaintStats
    log: Log = ()  # (level, Message), the summary first


def paint_region_masks(context: bpy.types.Context, armature: bpy.types.Object, options: PaintOptions, *,
                       progress: Iterator[None] | None = None) -> PaintResult:
    """Paint, mark the rig as painted and show the preview; ``progress`` is advanced once per mesh.
    Raises OverAnimError, having painted nothing, for a rig or Regions it cannot paint."""
    stats = masks.paint(context, require_usable(armature), options.write_vertex_groups, progress, skip_boneless=True)
    overanim(armature).masks_painted = True
    shading.show_attribute_colors()
    return PaintResult(stats, (
        (Level.INFO, Message("Painted {masks} on {meshes} ({vertices})",
                             masks=plural(stats.regions, "{n} Region mask", "{n} Region masks"),
                             meshes=plural(stats.meshes, "{n} mesh", "{n} meshes"),
                             vertices=plural(stats.vertices, "{n:,} vertex", "{n:,} vertices"))),
        *((Level.WARNING, Message("Not painted: {why}", why=why)) for why in stats.skipped),
        *renamed_keys_report(armature)))
