from __future__ import annotations

import bpy

from ..calibration.preferences import studio_defaults
from ..calibration.properties import apply_settings
from ..common import OverAnimOperatorMixin
from .build import build_sample_character


class OVERANIM_OT_build_sample_character(OverAnimOperatorMixin, bpy.types.Operator):
    """Add a small sample humanoid (Unreal bone names, Regions, LOD0 and LOD1 meshes) to try OverAnim on"""

    bl_idname = "overanim.build_sample_character"
    bl_label = "Add Sample Character"
    bl_options = {"REGISTER", "UNDO"}

    @classmethod
    def poll(cls, context: bpy.types.Context) -> bool:
        return context.mode == "OBJECT"

    def run(self, context):
        armature = build_sample_character(context)
        apply_settings(armature.overanim.calibration, studio_defaults(context))
        return [("INFO", f"Added '{armature.name}' with {len(armature.overanim.regions)} Regions")]


classes = (OVERANIM_OT_build_sample_character,)
register, unregister = bpy.utils.register_classes_factory(classes)
