"""Compose Region Deltas: the Regions' mask-weighted delta shape keys in one shape key."""

from __future__ import annotations

import bpy

from ..i18n import CONTEXT
from ..shared.operators import OverAnimOperatorMixin, poll_regions
from ..shared.scene import require_armature
from ..shared.typed import MaybeContext
from .engine import ComposeOptions, compose_region_deltas


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
    def poll(cls, context: MaybeContext) -> bool:
        return poll_regions(cls, context)

    def run(self, context):
        options = ComposeOptions(select_overlaps=self.select_overlaps)
        return compose_region_deltas(context, require_armature(context), options).log


classes = (OVERANIM_OT_compose_region_deltas,)
register, unregister = bpy.utils.register_classes_factory(classes)
