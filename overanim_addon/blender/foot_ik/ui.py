from __future__ import annotations

import bpy

from ...core.messages import Message
from ..i18n import CONTEXT, tr
from ..text_wrap import wrapped_label
from ..ui import OverAnimSubPanel
from . import nla, values
from .properties import bone_names
from .rig import facing, no_feet


class OVERANIM_PT_foot_ik(OverAnimSubPanel, bpy.types.Panel):
    bl_label = "Foot IK"

    def draw(self, context: bpy.types.Context) -> None:
        armature = self.armature(context)
        settings = armature.overanim.foot_ik
        layout = self.layout
        layout.use_property_split = True
        layout.use_property_decorate = False
        # short row labels: the sidebar is narrow; the tooltips carry the full names
        bones = layout.column(align=True)
        for field, text in (("left_foot", "Left Foot"), ("right_foot", "Right Foot"),
                            ("left_ik_target", "Left IK"), ("right_ik_target", "Right IK"), ("body_bone", "Body")):
            bones.prop_search(settings, field, armature.data, "bones", text=text, text_ctxt=CONTEXT, icon="BONE_DATA")
        if not settings.bones_detected:
            layout.label(text=tr("Found by name on first use"), icon="INFO", translate=False)
        elif not (settings.left_foot and settings.right_foot):  # names that say nothing: the pickers above
            wrapped_label(layout.column(align=True), context, tr(no_feet(armature)), icon="ERROR")
        layout.operator("overanim.detect_foot_bones", icon="VIEWZOOM")
        col = layout.column()
        col.row().prop(settings, "forward_axis", text="Forward", text_ctxt=CONTEXT, expand=True)
        toes = facing(armature, bone_names(settings, armature))
        if toes is not None and toes != settings.forward_axis:
            wrapped_label(col.column(align=True), context,
                          tr(Message("Its toes point along {axis} of its object", axis=toes)), icon="ERROR")
            col.operator("overanim.detect_forward_axis", icon="ORIENTATION_LOCAL")
        col.prop(settings, "trace_distance", text="Trace (cm)", text_ctxt=CONTEXT)
        col.prop(settings, "trace_calibration", text="Calibration", text_ctxt=CONTEXT)
        col.prop(settings, "ground_collection", text="Ground", text_ctxt=CONTEXT)
        buttons = layout.column(align=True)
        buttons.scale_y = 1.2
        buttons.operator("overanim.probe_ground", icon="ORIENTATION_GLOBAL")
        buttons.operator("overanim.bake_foot_ik", icon="NLA")
        buttons.operator("overanim.remove_foot_ik_bake", icon="TRASH")
        self._draw_values(armature, layout)

    @staticmethod
    def _draw_values(armature: bpy.types.Object, layout: bpy.types.UILayout) -> None:
        found = values.read(armature)
        if not found:
            layout.label(text=tr("Not probed yet"), icon="INFO", translate=False)
            return
        box = layout.box().column(align=True)
        baked = " (baked)" if nla.bake_tracks(armature) else ""
        box.label(text=f"Body offset {values.signed(found.get('BodyOffset', 0.0), 2)} cm{baked}", translate=False)
        rows = (("", "Left", "Right", 0, ""), ("Offset", "LeftOffset", "RightOffset", 2, " cm"),
                ("Pitch", "LeftPitch", "RightPitch", 1, "°"), ("Roll", "LeftRoll", "RightRoll", 1, "°"))
        for label, left, right, digits, unit in rows:
            split = box.split(factor=0.3)
            split.label(text=label, text_ctxt=CONTEXT)
            pair = split.row()
            for name in (left, right):
                text = f"{values.signed(found[name], digits)}{unit}" if name in found else name
                pair.label(text=text, text_ctxt=CONTEXT)
        split = box.split(factor=0.3)
        split.label(text="Ground", text_ctxt=CONTEXT)
        pair = split.row()
        for name in ("LeftHit", "RightHit"):
            hit = found.get(name, 0.0) >= 0.5
            pair.label(text="hit" if hit else "miss", icon="CHECKMARK" if hit else "X", text_ctxt=CONTEXT)
        box.label(text=f"Trace distance {found.get('TraceDistance', 0.0):.1f} cm", translate=False)


classes = (OVERANIM_PT_foot_ik,)
register, unregister = bpy.utils.register_classes_factory(classes)
