"""Compose Region Deltas: the Regions' mask-weighted delta shape keys in one shape key."""

from __future__ import annotations

import bpy

from ...core.messages import Message, plural
from ..i18n import CONTEXT
from ..shared.operators import OverAnimOperatorMixin, poll_regions
from ..shared.scene import require_armature
from . import compose as compose_module


class OVERANIM_OT_compose_region_deltas(OverAnimOperatorMixin, bpy.types.Operator):
    """Compose the mask-weighted Delta Shape Keys of all Regions into the OverAnim_Composed shape key"""

    bl_idname = "overanim.compose_region_deltas"
    bl_label = "Compose Region Deltas"
    bl_options = {"REGISTER", "UNDO"}

    select_overlaps: bpy.props.BoolProperty(  # type: ignore[valid-type]
        name="Select Overlaps", translation_context=CONTEXT, default=False,
        description="Select the vertices where Region deltas overlap",
    )

    @classmethod
    def poll(cls, context: bpy.types.Context) -> bool:
        return poll_regions(cls, context)

    def run(self, context):
        armature = require_armature(context)
        stats = compose_module.compose(context, armature, self.select_overlaps)
        return [("INFO", Message("Composed {deltas} into shape key '{key}' on {meshes}; {overlap} where Regions "
                                 "overlap", key=compose_module.COMPOSED,
                                 deltas=plural(stats.regions, "{n} Region delta", "{n} Region deltas"),
                                 meshes=plural(stats.meshes, "{n} mesh", "{n} meshes"),
                                 overlap=plural(stats.overlapping_vertices, "{n:,} vertex", "{n:,} vertices")))]


classes = (OVERANIM_OT_compose_region_deltas,)
register, unregister = bpy.utils.register_classes_factory(classes)
