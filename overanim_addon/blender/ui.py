"""The sidebar tab "OverAnim" in the 3D View: the main panel, which each feature's panel sits in
(shared/panels.py), and Object > OverAnim, which lists every operator."""

from __future__ import annotations

import bpy

from .export import summary as export_summary
from .i18n import CONTEXT, tr
from .shared.object_data import overanim
from .shared.panels import CATEGORY, checkbox_icon
from .shared.scene import find_armature
from .shared.text_wrap import FALLBACK_REGION_WIDTH, text_width, wrapped_label
from .shared.typed import MaybeContext, context_of, layout_of, preferences_of


def _fits_beside_sample(context: bpy.types.Context, name: str) -> bool:
    """Whether the rig's name reads whole beside the + Sample button: the region less the tabs, the margins,
    both icons and paddings (134 px at UI scale 1, measured in 4.3 and 5.2 windows 291 px wide)."""
    ui_scale = preferences_of(context).system.ui_scale or 1.0
    width = context.region.width if context.region is not None else FALLBACK_REGION_WIDTH
    sample = bpy.app.translations.pgettext_iface("Sample", CONTEXT)
    return text_width(context, name) + text_width(context, sample) + 134 * ui_scale <= width


class OVERANIM_PT_main(bpy.types.Panel):
    bl_label = "OverAnim"
    bl_space_type = "VIEW_3D"
    bl_region_type = "UI"
    bl_category = CATEGORY
    bl_translation_context = CONTEXT

    def draw(self, context: MaybeContext) -> None:
        context = context_of(context)
        layout = layout_of(self)
        armature = find_armature(context)
        if armature is None:
            message = tr("Select an armature or a mesh it deforms")
            wrapped_label(layout.column(align=True), context, message, icon="INFO")
            layout.operator("overanim.build_sample_character", icon="OUTLINER_OB_ARMATURE")
            return
        row = layout.row()
        if _fits_beside_sample(context, armature.name):
            row.label(text=armature.name, icon="ARMATURE_DATA", translate=False)
        else:  # the whole name on its own rows: a copy's ".001" is what tells it from its original
            wrapped_label(layout.column(align=True), context, armature.name, icon="ARMATURE_DATA")
            row = layout.row()
        add = row.row()
        add.alignment = "RIGHT"  # as wide as its text: the rig's name keeps the rest of the row
        add.operator("overanim.build_sample_character", text="Sample", text_ctxt=CONTEXT, icon="ADD")
        # the steps in order, above everything they fill or open: a click never moves the next button
        steps = layout.column(align=True)
        steps.scale_y = 1.3
        steps.operator("overanim.run_checks", icon="CHECKMARK")
        steps.operator("overanim.measure_proportions", icon="DRIVER_DISTANCE")
        steps.operator("overanim.export_fbx", icon="EXPORT")
        export_summary.draw(layout, context, armature)


class OVERANIM_MT_object(bpy.types.Menu):
    """Object > OverAnim: every operator in a menu, so F3 (menu search) finds them all."""

    bl_label = "OverAnim"
    bl_idname = "OVERANIM_MT_object"
    bl_translation_context = CONTEXT

    def draw(self, context: MaybeContext) -> None:
        context = context_of(context)
        layout = layout_of(self)
        layout.operator("overanim.build_sample_character", icon="OUTLINER_OB_ARMATURE")
        layout.separator()
        layout.operator("overanim.run_checks", icon="CHECKMARK")
        layout.operator("overanim.measure_proportions", icon="DRIVER_DISTANCE")
        layout.operator("overanim.export_results_json", icon="EXPORT")
        layout.operator("overanim.export_fbx", icon="EXPORT")
        layout.operator("overanim.apply_studio_defaults", icon="PREFERENCES")
        layout.separator()
        layout.operator("overanim.region_add", icon="ADD")
        layout.operator("overanim.region_remove", icon="REMOVE")
        layout.separator()
        layout.operator("overanim.paint_region_masks", icon="BRUSH_DATA")
        armature = find_armature(context)  # F3 searches this menu as drawn now: its tick shows the state
        layout.operator("overanim.live_preview", icon=checkbox_icon(armature is not None and
                                                                    overanim(armature).live_preview))
        layout.operator("overanim.check_lod_coverage", icon="MOD_DECIM")
        layout.operator("overanim.compose_region_deltas", icon="SHAPEKEY_DATA")
        layout.operator("overanim.clear_region_preview", icon="TRASH")
        layout.operator("overanim.show_region_preview", icon="HIDE_OFF")
        layout.separator()
        layout.operator("overanim.detect_foot_bones", icon="VIEWZOOM")
        layout.operator("overanim.detect_forward_axis", icon="ORIENTATION_LOCAL")
        layout.operator("overanim.probe_ground", icon="ORIENTATION_GLOBAL")
        layout.operator("overanim.bake_foot_ik", icon="NLA")
        layout.operator("overanim.remove_foot_ik_bake", icon="TRASH")
        layout.separator()
        layout.operator("overanim.analyze_motion", icon="ANIM")
        layout.operator("overanim.remove_motion_curves", icon="TRASH")
        layout.operator("overanim.transfer_action", icon="ACTION_TWEAK")


def draw_object_menu(self: bpy.types.Menu, context: bpy.types.Context) -> None:
    layout_of(self).separator()
    layout_of(self).menu(OVERANIM_MT_object.bl_idname, icon="ARMATURE_DATA")


classes = (OVERANIM_PT_main, OVERANIM_MT_object)


def register() -> None:
    for cls in classes:
        bpy.utils.register_class(cls)
    # the stubs type a menu's draw function without its self
    bpy.types.VIEW3D_MT_object.append(draw_object_menu)  # type: ignore[arg-type]


def unregister() -> None:
    bpy.types.VIEW3D_MT_object.remove(draw_object_menu)  # type: ignore[arg-type]
    for cls in reversed(classes):
        bpy.utils.unregister_class(cls)
