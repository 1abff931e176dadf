from __future__ import annotations

import bpy

from ...core.errors import OverAnimError
from ...core.messages import Message
from ..i18n import CONTEXT, tr
from ..masks import live, shading
from ..overrides import in_use
from ..text_wrap import wrapped_label
from ..ui import OverAnimSubPanel, checkbox_icon
from .properties import region_bones, region_keys


def lod_row_text(row) -> Message:
    """One line of the LOD coverage table."""
    fields = {"region": row.region, "lod": row.lod}
    if row.attachment_dependency:
        return (Message("{region} LOD{lod}: covered, attachment", **fields) if row.covered
                else Message("{region} LOD{lod}: inactive, attachment", **fields))
    return (Message("{region} LOD{lod}: covered", **fields) if row.covered
            else Message("{region} LOD{lod}: inactive", **fields))


class OVERANIM_UL_regions(bpy.types.UIList):
    def draw_item(self, context, layout, data, item, icon, active_data, active_property, index=0, flt_flag=0):
        armature = data.id_data
        found = bool(region_bones(armature, item))
        row = layout.row(align=True)
        row.prop(item, "name", text="", emboss=False, icon="GROUP_BONE" if found else "ERROR")
        if item.bone_collection:
            row.label(text=item.bone_collection, translate=False)  # the artist's name: never translated
        else:
            row.label(text=tr("(no collection)"), translate=False)  # a status, not a term: translated


class OVERANIM_PT_regions(OverAnimSubPanel, bpy.types.Panel):
    bl_label = "Regions"

    def draw(self, context: bpy.types.Context) -> None:
        armature = self.armature(context)
        data = armature.overanim
        layout = self.layout
        row = layout.row()
        row.template_list("OVERANIM_UL_regions", "", data, "regions", data, "active_region_index", rows=4)
        buttons = row.column(align=True)
        buttons.operator("overanim.region_add", text="", icon="ADD")
        buttons.operator("overanim.region_remove", text="", icon="REMOVE")
        buttons.separator()
        buttons.operator("overanim.region_move", text="", icon="TRIA_UP").direction = "UP"
        buttons.operator("overanim.region_move", text="", icon="TRIA_DOWN").direction = "DOWN"
        if not data.regions:  # greyed Paint, LOD and Compose say why in their tooltips; the list says what to do
            wrapped_label(layout.column(align=True), context,
                          tr(Message("No Regions yet: + adds one for the active bone collection")), icon="INFO")
            return
        if data.active_region_index >= len(data.regions):
            return
        region = data.regions[data.active_region_index]
        col = layout.column()
        col.use_property_split = True
        col.use_property_decorate = False
        col.prop_search(region, "bone_collection", armature.data, "collections_all", icon="GROUP_BONE")
        try:
            key = region_keys(armature)[region.name]
        except OverAnimError as error:
            col.alert = True
            wrapped_label(col, context, tr(error.message), icon="ERROR")
        else:
            if key != region.name:  # what masks and properties are called (Blender names hold 63 bytes)
                row = col.split(factor=0.4)
                row.alignment = "RIGHT"
                row.label(text="Written as", text_ctxt=CONTEXT)
                row.label(text=key, translate=False)
        mask = col.column(heading="Mask", heading_ctxt=CONTEXT)
        mask.prop(region, "falloff_mode")
        mask.prop(region, "zero_weight", slider=True)
        mask.prop(region, "full_weight", slider=True)
        exponent = mask.row()
        exponent.active = region.falloff_mode == "POWER"  # only Power reads the exponent
        exponent.prop(region, "falloff_exponent")
        if region.full_weight <= region.zero_weight:
            wrapped_label(mask.column(align=True), context, tr("Full Weight must be above Zero Weight: hard step"),
                          icon="ERROR")
        mask.prop(region, "mask_channel", text="Channel", text_ctxt=CONTEXT)
        col.separator()
        # short row texts: the sidebar is narrow; the tooltips carry the full names
        col.prop(region, "lod_policy", text="LOD", text_ctxt=CONTEXT)
        col.prop(region, "is_attachment_dependency", text="Attachment", text_ctxt=CONTEXT)
        col.prop(region, "composition_policy", text="Composition", text_ctxt=CONTEXT)
        col.prop(region, "spatial_calibration_mode", text="Spatial", text_ctxt=CONTEXT)
        col.prop(region, "authored_distance", text="Distance (cm)", text_ctxt=CONTEXT)
        ratio = col.row()
        ratio.active = region.spatial_calibration_mode == "REGION_RELATIVE"  # only RegionRelative reads it
        ratio.prop(region, "region_ratio", text="Ratio", text_ctxt=CONTEXT)
        col.prop(region, "measurement_basis", text="Basis", text_ctxt=CONTEXT)
        meshes_with_keys = [o.data.shape_keys for o in context.scene.objects
                            if o.type == "MESH" and o.data.shape_keys is not None and o.find_armature() is armature]
        if meshes_with_keys:
            col.prop_search(region, "delta_shape_key", meshes_with_keys[0], "key_blocks", icon="SHAPEKEY_DATA")
        else:
            col.prop(region, "delta_shape_key", icon="SHAPEKEY_DATA")


class OVERANIM_PT_region_masks(OverAnimSubPanel, bpy.types.Panel):
    bl_label = "Region Masks"

    def draw(self, context: bpy.types.Context) -> None:
        armature = self.armature(context)
        data = armature.overanim
        layout = self.layout
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
            for region in data.regions:
                row = legend.row(align=True)
                if region.preview_color[3] > 0.0:
                    # a swatch that cannot be edited: the colours are the paint's, not settings
                    row.template_node_socket(color=tuple(region.preview_color))
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
        policies = {r.composition_policy for r in data.regions if r.delta_shape_key}
        if len(policies) > 1:
            wrapped_label(layout.column(align=True), context,
                          tr("Mixed policies: Strongest Delta wins where its Region is present"), icon="INFO")
        lod_rows = in_use(data.lod_rows, "region")
        if lod_rows:
            table = layout.box().column(align=True)
            table.label(text="LOD Coverage", text_ctxt=CONTEXT)
            icons = {"OK": "CHECKMARK", "WARNING": "ERROR", "ERROR": "CANCEL"}
            for row in lod_rows:
                line = table.row()
                line.alert = row.verdict == "ERROR"
                line.label(text=tr(lod_row_text(row)), icon=icons.get(row.verdict, "INFO"), translate=False)


# Region Masks (the actions and what they drew) above the Regions list and its settings, as Measure
# stands above Calibration
classes = (OVERANIM_UL_regions, OVERANIM_PT_region_masks, OVERANIM_PT_regions)
register, unregister = bpy.utils.register_classes_factory(classes)
