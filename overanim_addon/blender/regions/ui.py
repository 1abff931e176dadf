"""The Regions panel: the list of Regions and the settings of the active one."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import bpy

from ...core.errors import OverAnimError
from ...core.messages import Message
from ..i18n import CONTEXT, tr
from ..shared.object_data import overanim
from ..shared.panels import ORDER, OverAnimSubPanel
from ..shared.text_wrap import text_width, wrapped_label
from ..shared.typed import MaybeContext, armature_data, context_of, layout_of, mesh_data, scene_of
from .region import OVERANIM_PG_region, region_bones, region_keys


class OVERANIM_UL_regions(bpy.types.UIList):
    def draw_item(self, context, layout, data, item, icon, active_data, active_property, index=0, flt_flag=0):
        armature = data.id_data
        found = bool(region_bones(armature, item))
        row = layout.split(factor=_name_share(context, data.regions), align=True)
        row.prop(item, "name", text="", emboss=False, icon="GROUP_BONE" if found else "ERROR")
        row.label(text=_collection_text(item), translate=False)


def _collection_text(region: OVERANIM_PG_region) -> str:
    # the artist's name (never translated) or a status (translated): "(none)" in the collection
    # column, where "(no collection)" took the room of the names beside it
    return region.bone_collection or tr("(none)")


def _name_share(context: bpy.types.Context, regions: Iterable[OVERANIM_PG_region]) -> float:
    """The names' share of a list row, one for every row (the columns line up), from the widest name
    (with its icon) and the widest collection: even halves cut "RightArm", a plain row the Korean status."""
    regions = list(regions)
    name = max((text_width(context, r.name) for r in regions), default=0.0) + 40  # icon, padding
    other = max((text_width(context, _collection_text(r)) for r in regions), default=0.0) + 14
    return min(0.65, max(0.35, name / (name + other)))


class OVERANIM_PT_regions(OverAnimSubPanel, bpy.types.Panel):
    bl_label = "Regions"
    bl_order = ORDER["regions"]

    def draw(self, context: MaybeContext) -> None:
        context = context_of(context)
        armature = self.armature(context)
        data = overanim(armature)
        layout = layout_of(self)
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
        self._draw_region(context, armature, data.regions[data.active_region_index])

    def _draw_region(self, context: bpy.types.Context, armature: bpy.types.Object, region: Any) -> None:
        """The active Region's fields: its bones, its mask, then how it is checked, composed and calibrated."""
        col = layout_of(self).column()
        col.use_property_split = True
        col.use_property_decorate = False
        col.prop_search(region, "bone_collection", armature_data(armature), "collections_all", icon="GROUP_BONE")
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
        self._draw_mask(context, col, region)
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
        meshes_with_keys = [mesh_data(o).shape_keys for o in scene_of(context).objects if o.type == "MESH"
                            and mesh_data(o).shape_keys is not None and o.find_armature() is armature]
        if meshes_with_keys:
            col.prop_search(region, "delta_shape_key", meshes_with_keys[0], "key_blocks", icon="SHAPEKEY_DATA")
        else:
            col.prop(region, "delta_shape_key", icon="SHAPEKEY_DATA")

    @staticmethod
    def _draw_mask(context: bpy.types.Context, col: bpy.types.UILayout, region: Any) -> None:
        """How the Region's weights become its mask (the fields Live Preview repaints on)."""
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


classes = (OVERANIM_UL_regions, OVERANIM_PT_regions)
register, unregister = bpy.utils.register_classes_factory(classes)
