"""What composition adds to the Region Masks panel (masks/ui.py): a note when policies mix."""

from __future__ import annotations

import bpy

from ..i18n import tr
from ..shared.object_data import overanim
from ..shared.text_wrap import wrapped_label


def draw_policy_note(layout: bpy.types.UILayout, context: bpy.types.Context, armature: bpy.types.Object) -> None:
    """Say which policy wins when the Regions that compose a delta ask for different ones."""
    policies = {r.composition_policy for r in overanim(armature).regions if r.delta_shape_key}
    if len(policies) > 1:
        wrapped_label(layout.column(align=True), context,
                      tr("Mixed policies: Strongest Delta wins where its Region is present"), icon="INFO")
