from __future__ import annotations

import bpy

from ...core.calibration import FIELDS
from ..common import find_armature
from ..ui import OverAnimSubPanel


class OVERANIM_PT_calibration(OverAnimSubPanel, bpy.types.Panel):
    bl_label = "Calibration"

    def draw_header_preset(self, context: bpy.types.Context) -> None:
        from .presets import OVERANIM_PT_calibration_presets

        OVERANIM_PT_calibration_presets.draw_panel_header(self.layout)

    def draw(self, context: bpy.types.Context) -> None:
        armature = find_armature(context)
        assert armature is not None
        cal = armature.overanim.calibration
        layout = self.layout
        layout.use_property_split = True
        layout.use_property_decorate = False
        layout.prop(cal, "enable_automatic_calibration")
        body = layout.column()
        body.active = cal.enable_automatic_calibration  # the references are not read while off
        for spec in FIELDS[1:]:
            row = body.row(align=True)
            if spec.unit == "bone":
                row.prop_search(cal, spec.name, armature.data, "bones", results_are_suggestions=False)
            else:
                row.prop(cal, spec.name)
                if spec.unit == "cm":
                    row.label(text="cm")
        layout.operator("overanim.apply_studio_defaults", icon="PREFERENCES")


classes = (OVERANIM_PT_calibration,)
register, unregister = bpy.utils.register_classes_factory(classes)
