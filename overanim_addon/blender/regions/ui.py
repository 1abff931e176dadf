from __future__ import annotations

import bpy

from ..common import find_armature
from ..ui import OverAnimSubPanel
from .properties import region_bones


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
        armature = find_armature(context)
        assert armature is not None
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
        col.prop(region, "lod_policy")
        col.prop(region, "is_attachment_dependency")
        col.prop(region, "composition_policy")
        col.prop(region, "spatial_calibration_mode")
        col.prop(region, "measurement_basis")
        meshes_with_keys = [o.data.shape_keys for o in context.scene.objects
                            if o.type == "MESH" and o.data.shape_keys is not None and o.find_armature() is armature]
        if meshes_with_keys:
            col.prop_search(region, "delta_shape_key", meshes_with_keys[0], "key_blocks", icon="SHAPEKEY_DATA")
        else:
            col.prop(region, "delta_shape_key", icon="SHAPEKEY_DATA")


classes = (OVERANIM_UL_regions, OVERANIM_PT_regions)
register, unregister = bpy.utils.register_classes_factory(classes)
