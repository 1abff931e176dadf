from __future__ import annotations

import bpy

from ...core.calibration import FIELDS
from ...core.messages import Message
from ..i18n import CONTEXT, tr
from ..shared.object_data import overanim
from ..shared.panels import ORDER, OverAnimSubPanel
from ..shared.typed import MaybeContext, armature_data, layout_of
from .presets import OVERANIM_PT_calibration_presets


class OVERANIM_PT_calibration(OverAnimSubPanel, bpy.types.Panel):
    bl_label = "Calibration"
    bl_order = ORDER["calibration"]
    bl_options = {"DEFAULT_CLOSED"}  # a studio setting, set once: it must not push Results off screen

    def draw_header_preset(self, context: MaybeContext) -> None:
        OVERANIM_PT_calibration_presets.draw_panel_header(layout_of(self))

    def draw(self, context: MaybeContext) -> None:
        armature = self.armature(context)
        cal = overanim(armature).calibration
        layout = layout_of(self)
        # labels inside the fields: the sidebar is narrow; the unit stands beside each length
        layout.use_property_split = False
        layout.prop(cal, "enable_automatic_calibration")
        body = layout.column()
        body.active = cal.enable_automatic_calibration  # the references are not read while off
        lengths = body.column(align=True)
        lengths.label(text="Reference Sizes", text_ctxt=CONTEXT)
        for spec in FIELDS[1:]:
            if spec.unit == "cm":
                split = lengths.split(factor=0.86, align=True)
                split.prop(cal, spec.name)
                split.label(text="cm", translate=False)
        root = body.column(align=True)
        heading = root.row()
        heading.label(text="Locomotion Root Bone", text_ctxt=CONTEXT)
        if not cal.locomotion_root_bone:  # the spec's None: the body root is found automatically
            auto = heading.row()
            auto.alignment = "RIGHT"
            auto.active = False
            measured = armature.get("OverAnim_LocomotionRootBone", "")
            if measured:
                auto.label(text=tr(Message("Auto: {bone}", bone=measured)), translate=False)
            else:
                auto.label(text="Auto", text_ctxt=CONTEXT)
        root.prop_search(cal, "locomotion_root_bone", armature_data(armature), "bones", text="",
                         results_are_suggestions=False)
        scales = body.column(align=True)
        for spec in FIELDS[1:]:
            if spec.unit == "":
                scales.prop(cal, spec.name)
        # its name on a row of its own: beside the menu the sidebar cut it to "Actor M…"
        basis = body.column(align=True)
        basis.label(text="Actor Motion Basis", text_ctxt=CONTEXT)
        basis.prop(cal, "motion_basis", text="")
        layout.operator("overanim.apply_studio_defaults", icon="PREFERENCES")


classes = (OVERANIM_PT_calibration,)
register, unregister = bpy.utils.register_classes_factory(classes)
