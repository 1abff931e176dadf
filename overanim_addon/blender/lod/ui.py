"""The LOD coverage table, drawn in the Region Masks panel under the buttons (masks/ui.py)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

import bpy

from ...core import LodCoverageVerdict
from ...core.dispatch import every_member
from ...core.messages import Message
from ..i18n import CONTEXT, tr
from ..shared.object_data import overanim
from ..shared.overrides import in_use

if TYPE_CHECKING:
    from ..shared.typed import Icon

VERDICT_ICONS: Mapping[LodCoverageVerdict, Icon] = every_member(LodCoverageVerdict, {
    LodCoverageVerdict.OK: "CHECKMARK", LodCoverageVerdict.WARNING: "ERROR", LodCoverageVerdict.ERROR: "CANCEL"})


def lod_row_text(row: Any) -> Message:
    """One line of the LOD coverage table."""
    fields = {"region": row.region, "lod": row.lod}
    if row.attachment_dependency:
        return (Message("{region} LOD{lod}: covered, attachment", **fields) if row.covered
                else Message("{region} LOD{lod}: inactive, attachment", **fields))
    return (Message("{region} LOD{lod}: covered", **fields) if row.covered
            else Message("{region} LOD{lod}: inactive", **fields))


def draw_coverage(layout: bpy.types.UILayout, armature: bpy.types.Object) -> None:
    """The table of the last Check LOD Coverage, when there is one."""
    lod_rows = in_use(overanim(armature).lod_rows, "region")
    if not lod_rows:
        return
    table = layout.box().column(align=True)
    table.label(text="LOD Coverage", text_ctxt=CONTEXT)
    for row in lod_rows:
        line = table.row()
        line.alert = row.verdict == "ERROR"
        line.label(text=tr(lod_row_text(row)), icon=VERDICT_ICONS[LodCoverageVerdict[row.verdict]], translate=False)
