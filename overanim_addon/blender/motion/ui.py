"""The Motion sub-panel: the contact and stop thresholds, Analyze Motion / Remove Motion Curves, and
what the last analysis found (raw and calibrated side by side, the basis and scale used, the contact
frames per foot). Other motion features (the Transfer sub-panel) are parented to it."""

from __future__ import annotations

from typing import Any

import bpy

from ...core.messages import Message, plural
from ...core.motion_values import MOTION_VALUES
from ..i18n import CONTEXT, tr
from ..shared.computed_on import copy_note
from ..shared.ground_reference import Rule, TravelReference
from ..shared.object_data import overanim
from ..shared.panels import ORDER, OverAnimSubPanel
from ..shared.text_wrap import wrapped_label
from ..shared.typed import MaybeContext, context_of, has_property
from .names import CALIBRATED, region_summary_name, summary_name

# what Calibrated divides by (docs/motion.md, "Calibration")
CALIBRATED_ACTOR = Message("Calibrated = Raw ÷ this scale: cm of the reference character, so characters of other "
                           "sizes compare")
CALIBRATED_REGIONS = Message("Calibrated = Raw ÷ each Region's own scale (its Measurement Basis)")


def _number(value: Any, digits: int) -> str:
    return "—" if value is None else f"{float(value):.{digits}f}"


class OVERANIM_PT_motion(OverAnimSubPanel, bpy.types.Panel):
    bl_label = "Motion"
    bl_order = ORDER["motion"]

    def draw(self, context: MaybeContext) -> None:
        armature = self.armature(context)
        settings = overanim(armature).motion
        layout = self.settings_layout()
        col = layout.column(align=True)
        col.prop(settings, "contact_speed", text="Contact (cm/s)", text_ctxt=CONTEXT)
        col.prop(settings, "contact_height", text="Contact (cm)", text_ctxt=CONTEXT)
        col.prop(settings, "stop_speed", text="Stop (cm/s)", text_ctxt=CONTEXT)
        layout.prop(overanim(armature).calibration, "motion_basis", text="Actor Basis", text_ctxt=CONTEXT)
        buttons = layout.column(align=True)
        buttons.scale_y = 1.2
        buttons.operator("overanim.analyze_motion", icon="ANIM")
        buttons.operator("overanim.remove_motion_curves", icon="TRASH")
        action = settings.analyzed_action
        if action is None or not has_property(action, summary_name("FrameStart")):
            layout.label(text=tr(Message("Not analysed yet")), icon="INFO", translate=False)
            return
        self._draw_summary(context_of(context), layout, settings, action)

    @staticmethod
    def _draw_summary(context: bpy.types.Context, layout: bpy.types.UILayout, settings: Any,
                      action: bpy.types.Action) -> None:
        box = layout.box().column(align=True)
        copied = copy_note(settings.id_data, settings.computed_on, "Analyze Motion")
        if copied is not None:  # the copy's panel shows its original's analysis: say so first
            wrapped_label(box, context, tr(copied), icon="ERROR")
        box.label(text=action.name, icon="ACTION", translate=False)
        box.label(text=tr(Message("Frames {start}-{end}, {duration:.2f} s", start=action[summary_name("FrameStart")],
                                  end=action[summary_name("FrameEnd")],
                                  duration=action.get(summary_name("Duration"), 0.0))), translate=False)
        if settings.reference_bone:
            reference = TravelReference(Rule(settings.reference_rule), settings.reference_bone)
            box.label(text=tr(reference.message), translate=False)
        if action.get(summary_name("InPlace")):
            box.label(text=tr(Message("In place: no actor motion")), icon="PINNED", translate=False)
        # each figure under its name, Raw and Calibrated side by side across the whole width: a name
        # and two figures with units in one row do not fit the sidebar's default width
        table = box.column(align=True)
        header = table.row()
        header.label(text="Raw", text_ctxt=CONTEXT)
        header.label(text="Calibrated", text_ctxt=CONTEXT)
        for value in MOTION_VALUES:
            table.label(text=value.label, text_ctxt=CONTEXT)
            pair = table.row()
            raw = action.get(summary_name(value.name))
            pair.label(text=f"{_number(raw, value.digits)} {value.unit}", translate=False)
            calibrated = action.get(summary_name(value.name + CALIBRATED))
            pair.label(text=f"{_number(calibrated, value.digits)} {value.unit}" if calibrated is not None else "—",
                       translate=False)
        if settings.resolved:
            basis = Message("Actor basis {basis}: scale {scale:.3f}", basis=settings.basis, scale=settings.scale)
        else:
            basis = Message("Actor basis {basis} cannot resolve: not calibrated", basis=settings.basis)
        box.label(text=tr(basis), translate=False)
        if settings.resolved:  # what the Calibrated column is: the figures alone never say
            wrapped_label(box, context, tr(CALIBRATED_ACTOR))
        OVERANIM_PT_motion._draw_feet(context, box, settings, action)
        OVERANIM_PT_motion._draw_regions(context, box, settings, action)

    @staticmethod
    def _draw_feet(context: bpy.types.Context, box: bpy.types.UILayout, settings: Any,
                   action: bpy.types.Action) -> None:
        feet = box.column(align=True)
        if settings.has_feet:
            feet.label(text=tr(Message("Planted under {speed:.1f} cm/s and {height:.1f} cm",
                                       speed=settings.contact_speed_used, height=settings.contact_height_used)),
                       translate=False)
            feet_lines = (
                ("Left", settings.left_contacts, "Left foot: {n} frame {runs}", "Left foot: {n} frames {runs}"),
                ("Right", settings.right_contacts, "Right foot: {n} frame {runs}", "Right foot: {n} frames {runs}"))
            for side, runs, one, many in feet_lines:
                count = int(action.get(summary_name(f"{side}ContactFrames"), 0))
                found = plural(count, one, many, runs=f"({runs})" if runs else "")
                wrapped_label(feet, context, tr(found))  # a long walk's frame ranges take two rows
        else:
            feet.label(text=tr(Message("No foot bones: no contacts")), translate=False)

    @staticmethod
    def _draw_regions(context: bpy.types.Context, box: bpy.types.UILayout, settings: Any,
                      action: bpy.types.Action) -> None:
        if settings.regions:
            regions = box.column(align=True)
            # the unit once: cells stay narrow
            regions.label(text=tr(Message("Regions: Max Speed (cm/s)")), translate=False)
            wrapped_label(regions, context, tr(CALIBRATED_REGIONS))  # each Region has its own scale
            header = regions.split(factor=0.45)  # which figure is which: as the table above, Raw first
            header.label(text="")
            names = header.row()
            names.label(text="Raw", text_ctxt=CONTEXT)
            names.label(text="Calibrated", text_ctxt=CONTEXT)
            for item in settings.regions:
                row = regions.split(factor=0.45)
                row.label(text=item.region, translate=False)
                pair = row.row()
                if not item.named:
                    pair.label(text=tr(Message("name too long")), translate=False)
                    continue
                raw = action.get(region_summary_name(item.key, "MaxSpeed"))
                calibrated = action.get(region_summary_name(item.key, "MaxSpeed" + CALIBRATED))
                pair.label(text=_number(raw, 1), translate=False)
                pair.label(text=_number(calibrated, 1), translate=False)


classes = (OVERANIM_PT_motion,)
register, unregister = bpy.utils.register_classes_factory(classes)
