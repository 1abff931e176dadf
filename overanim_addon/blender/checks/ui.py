from __future__ import annotations

import bpy

from ..ui import OverAnimSubPanel
from .checks import FIXES

ICONS = {"ERROR": "CANCEL", "WARNING": "ERROR", "INFO": "INFO"}


class OVERANIM_PT_checks(OverAnimSubPanel, bpy.types.Panel):
    bl_label = "Checks"

    def draw(self, context: bpy.types.Context) -> None:
        armature = self.armature(context)
        data = armature.overanim
        layout = self.layout
        layout.operator("overanim.run_checks", icon="CHECKMARK")
        if not data.checks_run:
            return
        if not data.checks:
            layout.label(text="All checks passed", icon="CHECKMARK")
        for item in data.checks:
            row = layout.row(align=True)
            row.alert = item.severity == "ERROR"
            row.label(text=item.message, icon=ICONS.get(item.severity, "INFO"))
            if item.fix in FIXES:
                row.operator("overanim.fix_check", text=FIXES[item.fix][0]).fix = item.fix


classes = (OVERANIM_PT_checks,)
register, unregister = bpy.utils.register_classes_factory(classes)
