"""The sidebar tab "OverAnim" in the 3D View: a main panel; each feature adds a sub-panel."""

from __future__ import annotations

import bpy

from .common import find_armature

CATEGORY = "OverAnim"


class OverAnimSubPanel:
    """Shared placement of the feature sub-panels."""

    bl_space_type = "VIEW_3D"
    bl_region_type = "UI"
    bl_category = CATEGORY
    bl_parent_id = "OVERANIM_PT_main"

    @classmethod
    def poll(cls, context: bpy.types.Context) -> bool:
        return find_armature(context) is not None


class OVERANIM_PT_main(bpy.types.Panel):
    bl_label = "OverAnim"
    bl_space_type = "VIEW_3D"
    bl_region_type = "UI"
    bl_category = CATEGORY

    def draw(self, context: bpy.types.Context) -> None:
        layout = self.layout
        armature = find_armature(context)
        if armature is None:
            layout.label(text="Select an armature or a mesh it deforms", icon="INFO")
            layout.operator("overanim.build_sample_character", icon="OUTLINER_OB_ARMATURE")
            return
        row = layout.row()
        row.label(text=armature.name, icon="ARMATURE_DATA")
        row.operator("overanim.build_sample_character", text="", icon="ADD")
        col = layout.column(align=True)
        col.scale_y = 1.3
        col.operator("overanim.measure_proportions", icon="DRIVER_DISTANCE")


classes = (OVERANIM_PT_main,)
register, unregister = bpy.utils.register_classes_factory(classes)
