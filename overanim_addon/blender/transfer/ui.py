"""The Transfer sub-panel: source, action, basis, the two scales, calibration, and what the last
transfer did. The hint to set Source is its last row and goes once Source is set, so picking a
source never moves the Transfer Action button or anything above the hint."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any, cast

import bpy

from ...core import MotionMeasurementBasis
from ...core.messages import Message, from_data
from ..i18n import CONTEXT, tr
from ..shared.object_data import overanim
from ..shared.panels import OverAnimSubPanel
from ..shared.text_wrap import wrapped_label
from ..shared.typed import MaybeContext, context_of, has_property
from .engine import RECORD
from .properties import OVERANIM_PG_transfer

if TYPE_CHECKING:
    from ..shared.typed import Icon

# The panel this one sits under: the Motion panel (registered before it, motion/ before transfer/ in
# blender/__init__.py)
PARENT_PANEL = "OVERANIM_PT_motion"
HINT = Message("Set Source to the clip's armature")
LEVEL_ICONS: dict[str, Icon] = {"INFO": "NONE", "WARNING": "ERROR", "ERROR": "CANCEL"}


def basis_label(value: str) -> str:
    """A recorded basis (the spec's spelling, ``LocomotionHeight``) as the Basis field shows it."""
    try:
        identifier = MotionMeasurementBasis(value).name
    except ValueError:
        return value
    items = cast(Any, OVERANIM_PG_transfer.bl_rna.properties["basis"]).enum_items
    return bpy.app.translations.pgettext_iface(items[identifier].name, CONTEXT)


class OVERANIM_PT_transfer(OverAnimSubPanel, bpy.types.Panel):
    bl_label = "Transfer"
    bl_parent_id = PARENT_PANEL
    bl_options = {"DEFAULT_CLOSED"}

    def draw(self, context: MaybeContext) -> None:
        context = context_of(context)
        armature = self.armature(context)
        settings = overanim(armature).transfer
        layout = self.settings_layout()
        col = layout.column()
        col.prop(settings, "source", text="Source", text_ctxt=CONTEXT, icon="ARMATURE_DATA")
        col.prop(settings, "action", text="Action", text_ctxt=CONTEXT, icon="ACTION")
        col.prop(settings, "basis", text="Basis", text_ctxt=CONTEXT)
        if settings.source is not None:
            col.prop_search(settings, "region", overanim(settings.source), "regions", text="Region",
                            text_ctxt=CONTEXT, icon="GROUP_BONE")
        else:
            col.prop(settings, "region", text="Region", text_ctxt=CONTEXT, icon="GROUP_BONE")
        scales = layout.column(align=True)
        scales.prop(settings, "scale_horizontal", text="Horizontal", text_ctxt=CONTEXT)
        scales.prop(settings, "scale_vertical", text="Vertical", text_ctxt=CONTEXT)
        layout.prop(settings, "use_calibration", text="Use Calibration", text_ctxt=CONTEXT)
        layout.prop(settings, "plant_feet", text="Plant Feet", text_ctxt=CONTEXT)
        button = layout.row()
        button.scale_y = 1.2
        op = button.operator("overanim.transfer_action", icon="ACTION_TWEAK")
        op.source = settings.source.name if settings.source is not None else ""
        op.action = settings.action.name if settings.action is not None else ""
        op.basis, op.region = settings.basis, settings.region
        op.scale_horizontal, op.scale_vertical = settings.scale_horizontal, settings.scale_vertical
        op.use_calibration = settings.use_calibration
        op.plant_feet = settings.plant_feet
        self._draw_result(context, armature, layout)
        if settings.source is None:  # last, so that setting the source moves no row above it
            wrapped_label(layout.column(align=True), context, tr(HINT), icon="INFO")

    @staticmethod
    def _draw_result(context: bpy.types.Context, armature: bpy.types.Object, layout: bpy.types.UILayout) -> None:
        """The ratio and what was scaled, while the target plays the last transfer's result."""
        settings = overanim(armature).transfer
        action = settings.result_action
        playing = armature.animation_data.action if armature.animation_data else None
        if action is None or action != playing or not has_property(action, f"{RECORD}Ratio"):
            return
        box = layout.box().column(align=True)
        wrapped_label(box, context, action.name, icon="ACTION")
        # short lines, one thing each: a sentence wrapped at the sidebar's width splits badly
        lines = [Message("Ratio {ratio:.4g} for the bones", ratio=action[RECORD + "Ratio"]),
                 Message("Ratio {ratio:.4g} for the object", ratio=action[RECORD + "RatioWS"]),
                 Message("Basis: {basis}", basis=basis_label(str(action[RECORD + "Basis"])))]
        sizes = {"target": action[RECORD + "TargetScale"], "source": action[RECORD + "SourceScale"]}
        if action.get(RECORD + "Calibrated"):  # two scales with four digits each wrap on one line
            lines += [Message("Target scale: {target:.4g}", target=sizes["target"]),
                      Message("Source scale: {source:.4g}", source=sizes["source"])]
        else:
            lines.append(Message("Target / source: {target:.4g} / {source:.4g} cm", **sizes))
        for line in lines:
            wrapped_label(box, context, tr(line))
        for level, message in json.loads(settings.result_summary or "[]"):
            wrapped_label(box, context, tr(from_data(message)), icon=LEVEL_ICONS.get(level, "NONE"))


classes = (OVERANIM_PT_transfer,)
register, unregister = bpy.utils.register_classes_factory(classes)
