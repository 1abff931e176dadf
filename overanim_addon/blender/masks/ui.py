"""The Region Masks panel: paint, Live Preview, the LOD check, composition and Clear, then what
they drew (the preview legend, the LOD coverage table)."""

from __future__ import annotations

import bpy

from ..compose import ui as compose_ui
from ..i18n import CONTEXT, tr
from ..lod import ui as lod_ui
from ..shared.object_data import overanim
from ..shared.panels import ORDER, OverAnimSubPanel, checkbox_icon
from ..shared.text_wrap import wrapped_label
from ..shared.typed import MaybeContext, context_of, layout_of
from . import live, shading
from .paint import legend_colors


class OVERANIM_PT_region_masks(OverAnimSubPanel, bpy.types.Panel):
    bl_label = "Region Masks"
    bl_order = ORDER["region_masks"]

    def draw(self, context: MaybeContext) -> None:
        context = context_of(context)
        armature = self.armature(context)
        data = overanim(armature)
        layout = layout_of(self)
        col = layout.column(align=True)
        col.operator("overanim.paint_region_masks", icon="BRUSH_DATA")
        on = data.live_preview
        col.operator("overanim.live_preview", icon=checkbox_icon(on), depress=on)
        if armature.name in live.errors:  # a live repaint that failed, or a flag set where it cannot start
            wrapped_label(col.column(align=True), context, tr(live.errors[armature.name]), icon="ERROR")
        col.operator("overanim.check_lod_coverage", icon="MOD_DECIM")
        col.operator("overanim.compose_region_deltas", icon="SHAPEKEY_DATA")
        col.operator("overanim.clear_region_preview", icon="TRASH")
        if data.masks_painted:  # what the last paint drew, until Clear Preview
            legend = layout.box().column(align=True)
            legend.label(text="Preview Legend", text_ctxt=CONTEXT)
            if not shading.shows_preview(context):  # e.g. after undoing a Clear Preview: the colours it describes
                legend.operator("overanim.show_region_preview", icon="HIDE_OFF")
            colors = legend_colors(armature)
            for region in data.regions:
                row = legend.row(align=True)
                if region.name in colors:
                    # a swatch that cannot be edited: the colours are the paint's, not settings
                    row.template_node_socket(color=colors[region.name])
                    row.label(text=region.name, translate=False)
                else:  # added since the paint: no colour of its own on the meshes yet
                    row.label(text=region.name, icon="RADIOBUT_OFF", translate=False)
                    unpainted = row.row()
                    unpainted.alignment = "RIGHT"
                    unpainted.active = False
                    unpainted.label(text=tr("not painted yet"), translate=False)
                if region.mask_channel != "NONE":  # its channel of OverAnim_RegionMasks
                    channel = row.row()
                    channel.alignment = "RIGHT"
                    channel.label(text=region.mask_channel, translate=False)
        compose_ui.draw_policy_note(layout, context, armature)
        lod_ui.draw_coverage(layout, armature)


classes = (OVERANIM_PT_region_masks,)
register, unregister = bpy.utils.register_classes_factory(classes)
