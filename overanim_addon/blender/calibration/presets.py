"""Blender presets for a calibration set-up (Preset menu with + / - in the Calibration panel)."""

from __future__ import annotations

import bpy
from bl_operators.presets import AddPresetBase
from bl_ui.utils import PresetPanel

from ...core.calibration import FIELDS
from ..i18n import CONTEXT

PRESET_SUBDIR = "overanim/calibration"


class OVERANIM_MT_calibration_presets(bpy.types.Menu):
    bl_label = "Calibration Presets"
    bl_translation_context = CONTEXT
    preset_subdir = PRESET_SUBDIR
    preset_operator = "script.execute_preset"
    draw = bpy.types.Menu.draw_preset  # type: ignore[assignment]  # the stubs: draw_preset takes no Optional


class OVERANIM_PT_calibration_presets(PresetPanel, bpy.types.Panel):
    bl_label = "Calibration Presets"
    bl_translation_context = CONTEXT
    preset_subdir = PRESET_SUBDIR
    preset_operator = "script.execute_preset"
    preset_add_operator = "overanim.calibration_preset_add"


# the stubs type Blender's own AddPresetBase against Operator inconsistently (check, execute, invoke)
class OVERANIM_OT_calibration_preset_add(AddPresetBase, bpy.types.Operator):  # type: ignore[misc]
    """Save or remove a calibration preset (reference sizes and scale limits; not the root bone)"""

    bl_idname = "overanim.calibration_preset_add"
    bl_label = "Add Calibration Preset"
    bl_translation_context = CONTEXT
    preset_menu = "OVERANIM_MT_calibration_presets"
    # No preset_defines: under Python 3.13 (PEP 667) a name exec()'d by one define line is gone by the
    # next line, so every value is a self-contained path. find_armature() is None on the armature.
    preset_values = [
        f"(bpy.context.active_object.find_armature() or bpy.context.active_object).overanim.calibration.{spec.name}"
        for spec in FIELDS
        if spec.unit != "bone"
    ]
    preset_subdir = PRESET_SUBDIR


classes = (OVERANIM_MT_calibration_presets, OVERANIM_PT_calibration_presets, OVERANIM_OT_calibration_preset_add)
register, unregister = bpy.utils.register_classes_factory(classes)
