from __future__ import annotations

import json
from collections.abc import Mapping
from typing import TYPE_CHECKING

import bpy

from ...core.dispatch import every_member
from ...core.log import Level
from ...core.messages import from_data
from ..i18n import CONTEXT, tr
from ..shared.object_data import overanim
from ..shared.overrides import in_use
from ..shared.panels import ORDER, OverAnimSubPanel
from ..shared.text_wrap import wrapped_label
from ..shared.typed import MaybeContext, armature_data, context_of, layout_of
from .fixes import FIXES
from .operators import fix_operator

if TYPE_CHECKING:
    from ..shared.typed import Icon

ICONS: Mapping[Level, Icon] = every_member(Level, {Level.ERROR: "CANCEL", Level.WARNING: "ERROR", Level.INFO: "INFO"})


def finding_text(item) -> str:
    """A stored finding in the artist's language (its English text when it was stored without data)."""
    return tr(from_data(json.loads(item.message_data))) if item.message_data else item.message


class OVERANIM_PT_checks(OverAnimSubPanel, bpy.types.Panel):
    bl_label = "Checks"
    bl_order = ORDER["checks"]

    def draw(self, context: MaybeContext) -> None:
        context = context_of(context)
        armature = self.armature(context)
        data = overanim(armature)
        layout = layout_of(self)
        if not data.checks_run:  # Run Checks is among the steps' buttons above (ui.py)
            layout.label(text=tr("Not checked yet"), icon="INFO", translate=False)
            return
        findings = in_use(data.checks, "check_id")
        if not findings:
            layout.label(text=tr("All checks passed"), icon="CHECKMARK", translate=False)
        for item in findings:
            # the whole message over as many rows as it needs, the fix on its own row below it
            col = layout.column(align=True)
            col.alert = item.severity == Level.ERROR
            wrapped_label(col, context, finding_text(item), icon=ICONS[Level(item.severity)])
            # an operator per fix: the redo panel and the undo history name it ("Apply Scale", not "Fix");
            # the other choice, when there is one, on its own row below (its tooltip says what each changes)
            for key in (item.fix, item.alternative) if item.fix in FIXES else ():
                if key in FIXES:
                    row = col.row()
                    row.alert = False
                    row.operator(fix_operator(key), text=FIXES[key].label, text_ctxt=CONTEXT)
            self.draw_setting(col, armature, item)

    @staticmethod
    def draw_setting(layout: bpy.types.UILayout, armature: bpy.types.Object, item) -> None:
        """The setting a finding asks for, right under it: the field it names may be in a closed
        panel (Locomotion Root Bone in Calibration) or on a Region that is not the active one."""
        data = overanim(armature)
        if item.check_id == "region_collection" and item.region in data.regions:
            region = data.regions[item.region]
            row = layout.row(align=True)
            row.alert = False
            row.prop_search(region, "bone_collection", armature_data(armature), "collections_all", text="",
                            icon="GROUP_BONE")
            row.operator("overanim.region_remove", text="Remove Region", text_ctxt=CONTEXT,
                         icon="REMOVE").region = region.name
        elif item.check_id == "locomotion_root":
            row = layout.row()
            row.alert = False
            # no label: the finding above names the field, and its name would leave the field no room
            row.prop_search(data.calibration, "locomotion_root_bone", armature_data(armature), "bones", text="",
                            icon="BONE_DATA", results_are_suggestions=False)


classes = (OVERANIM_PT_checks,)
register, unregister = bpy.utils.register_classes_factory(classes)
