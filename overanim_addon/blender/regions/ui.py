from __future__ import annotations

import bpy

from ...core.errors import OverAnimError
from ..ui import OverAnimSubPanel
from .properties import region_bones, region_keys


class OVERANIM_UL_regions(bpy.types.UIList):
    def draw_item(self, context, layout, data, item, icon, active_data, active_property, index=0, flt_flag=0):
        armature = data.id_data
        found = bool(region_bones(armature, item))
        row = layout.row(align=True)
        row.prop(item, "name", text="", emboss=False, icon="GROUP_BONE" if found else "ERROR")
        row.label(text=item.bone_collection or "(no collection)")


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
        if not data.regions or data.active_region_index >= len(data.regions):
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
            col.label(text=str(error), icon="ERROR")
        else:
            if key != region.name:  # what masks and properties are called (Blender names hold 63 bytes)
                row = col.split(factor=0.4)
                row.alignment = "RIGHT"
                row.label(text="Written as")
                row.label(text=key)
        mask = col.column(heading="Mask")
        mask.prop(region, "falloff_mode")
        mask.prop(region, "zero_weight", slider=True)
        mask.prop(region, "full_weight", slider=True)
        exponent = mask.row()
        exponent.active = region.falloff_mode == "POWER"  # only Power reads the exponent
        exponent.prop(region, "falloff_exponent")
        if region.full_weight <= region.zero_weight:
            mask.label(text="Full Weight must be above Zero Weight: hard step", icon="ERROR")
        col.separator()
        # short row texts: the sidebar is narrow; the tooltips carry the full names
        col.prop(region, "lod_policy", text="LOD")
        col.prop(region, "is_attachment_dependency", text="Attachment")
        col.prop(region, "composition_policy", text="Composition")
        col.prop(region, "spatial_calibration_mode", text="Spatial")
        col.prop(region, "authored_distance", text="Distance (cm)")
        ratio = col.row()
        ratio.active = region.spatial_calibration_mode == "REGION_RELATIVE"  # only RegionRelative reads it
        ratio.prop(region, "region_ratio", text="Ratio")
        col.prop(region, "measurement_basis", text="Basis")
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
        col.operator("overanim.check_lod_coverage", icon="MOD_DECIM")
        col.operator("overanim.compose_region_deltas", icon="SHAPEKEY_DATA")
        col.operator("overanim.clear_region_preview", icon="TRASH")
        if any(tuple(r.preview_color) != (0.18, 0.18, 0.18, 1.0) for r in data.regions):
            legend = layout.box().column(align=True)
            legend.label(text="Preview legend")
            for region in data.regions:
                row = legend.row()
                row.prop(region, "preview_color", text="")
                row.label(text=region.name)
        policies = {r.composition_policy for r in data.regions if r.delta_shape_key}
        if len(policies) > 1:
            layout.label(text="Mixed policies: Strongest Delta wins where its Region is present", icon="INFO")
        if data.lod_rows:
            table = layout.box().column(align=True)
            table.label(text="LOD coverage")
            icons = {"OK": "CHECKMARK", "WARNING": "ERROR", "ERROR": "CANCEL"}
            for row in data.lod_rows:
                line = table.row()
                line.alert = row.verdict == "ERROR"
                state = "covered" if row.covered else "inactive"
                attachment = ", attachment" if row.attachment_dependency else ""
                line.label(text=f"{row.region} LOD{row.lod}: {state}{attachment}", icon=icons.get(row.verdict, "INFO"))


classes = (OVERANIM_UL_regions, OVERANIM_PT_regions, OVERANIM_PT_region_masks)
register, unregister = bpy.utils.register_classes_factory(classes)
