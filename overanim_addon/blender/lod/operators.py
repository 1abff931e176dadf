"""The LOD coverage check: is every Region present at each LOD its policy asks for."""

from __future__ import annotations

import bpy

from ..shared.operators import OverAnimOperatorMixin, poll_regions
from ..shared.scene import require_armature
from ..shared.typed import MaybeContext
from .engine import LodCoverageOptions, check_lod_coverage


class OVERANIM_OT_check_lod_coverage(OverAnimOperatorMixin, bpy.types.Operator):
    """Check that every Region is present at each LOD (_LOD<n> meshes) as its LOD Policy asks"""

    bl_idname = "overanim.check_lod_coverage"
    bl_label = "Check LOD Coverage"
    bl_options = {"REGISTER", "UNDO"}

    @classmethod
    def poll(cls, context: MaybeContext) -> bool:
        return poll_regions(cls, context)

    def run(self, context):
        return check_lod_coverage(context, require_armature(context), LodCoverageOptions()).log


classes = (OVERANIM_OT_check_lod_coverage,)
register, unregister = bpy.utils.register_classes_factory(classes)
