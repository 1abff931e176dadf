from __future__ import annotations

import bpy

from ...core.calibration import FIELDS
from ..ui import OverAnimSubPanel


class OVERANIM_PT_calibration(OverAnimSubPanel, bpy.types.Panel):
    bl_label = "Calibration"

    def draw_header_preset(self, context: bpy.types.Context) -> None:
        from .presets import OVERANIM_PT_calibration_presets

        OVERANIM_PT_calibration_presets.draw_panel_header(self.layout)

    def draw(self, context: bpy.types.Context) -> None:
        armature = self.armature(context)
        cal = armature.overanim.calibration
        layout = self.layout
        # labels inside the fields: the Details UI names are long and the sidebar is narrow
        layout.use_property_split = False
        layout.prop(cal, "enable_automatic_calibration")
        body = layout.column()
        body.active = cal.enable_automatic_calibration  # the references are not read while off
        for spec in FIELDS[1:]:
            if spec.unit == "bone":
                body.label(text=spec.label)
                body.prop_search(cal, spec.name, armature.data, "bones", text="", results_are_suggestions=False)
            elif spec.unit == "cm":
                split = body.split(factor=0.88, align=True)  # the field keeps room for its long label
                split.prop(cal, spec.name)
                split.label(text="cm")
            else:
                body.prop(cal, spec.name)
        layout.operator("overanim.apply_studio_defaults", icon="PREFERENCES")


classes = (OVERANIM_PT_calibration,)
register, unregister = bpy.utils.register_classes_factory(classes)
