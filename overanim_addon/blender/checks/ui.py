from __future__ import annotations

import json

import bpy

from ...core.messages import from_data
from ..i18n import CONTEXT, tr
from ..text_wrap import wrapped_label
from ..ui import OverAnimSubPanel
from .checks import FIXES

ICONS = {"ERROR": "CANCEL", "WARNING": "ERROR", "INFO": "INFO"}


def finding_text(item) -> str:
    """A stored finding in the artist's language (its English text when it was stored without data)."""
    return tr(from_data(json.loads(item.message_data))) if item.message_data else item.message


class OVERANIM_PT_checks(OverAnimSubPanel, bpy.types.Panel):
    bl_label = "Checks"

    def draw(self, context: bpy.types.Context) -> None:
        armature = self.armature(context)
        data = armature.overanim
        layout = self.layout
        if not data.checks_run:  # Run Checks is among the steps' buttons above (ui.py)
            layout.label(text=tr("Not checked yet"), icon="INFO", translate=False)
            return
        if not data.checks:
            layout.label(text=tr("All checks passed"), icon="CHECKMARK", translate=False)
        for item in data.checks:
            # the whole message over as many rows as it needs, the fix on its own row below it
            col = layout.column(align=True)
            col.alert = item.severity == "ERROR"
            wrapped_label(col, context, finding_text(item), icon=ICONS.get(item.severity, "INFO"))
            if item.fix in FIXES:
                row = col.row()
                row.alert = False
                row.operator("overanim.fix_check", text=FIXES[item.fix][0], text_ctxt=CONTEXT).fix = item.fix


classes = (OVERANIM_PT_checks,)
register, unregister = bpy.utils.register_classes_factory(classes)
