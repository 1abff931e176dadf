"""Operators for Region masks: paint, Live Preview, show and clear the preview."""

from __future__ import annotations

import bpy

from ...core.log import Level
from ...core.messages import Message, plural
from ..compose import shape_key
from ..i18n import CONTEXT
from ..shared.object_data import overanim
from ..shared.operators import (
    ArmatureOperatorMixin,
    OverAnimOperatorMixin,
    poll_armature_with,
    poll_regions,
)
from ..shared.scene import deformed_meshes, require_armature
from ..shared.typed import MaybeContext, scene_of, window_manager_of
from . import live, paint, shading
from .engine import PaintOptions, paint_region_masks


def _progress(context: bpy.types.Context, steps: int):
    """window_manager progress (the cursor counter in the UI) around a loop of ``steps``."""
    wm = window_manager_of(context)
    wm.progress_begin(0, max(steps, 1))
    try:
        for step in range(steps):
            wm.progress_update(step)
            yield
    finally:
        wm.progress_end()


class OVERANIM_OT_paint_region_masks(OverAnimOperatorMixin, bpy.types.Operator):
    """Paint every Region's falloff mask into OverAnim_Mask_<Region> colour attributes and show a
    false-colour preview (OverAnim_Preview) in Solid mode"""

    bl_idname = "overanim.paint_region_masks"
    bl_label = "Paint Region Masks"
    bl_options = {"REGISTER", "UNDO"}

    write_vertex_groups: bpy.props.BoolProperty(  # type: ignore[valid-type]
        name="Also as Vertex Groups", translation_context=CONTEXT, default=False,
        description="Also write each mask to an OverAnim_MaskGroup_<Region> vertex group, for modifiers",
    )

    @classmethod
    def poll(cls, context: MaybeContext) -> bool:
        return poll_regions(cls, context)

    def run(self, context):
        armature = require_armature(context)
        progress = _progress(context, len(deformed_meshes(armature, scene_of(context))))
        try:
            options = PaintOptions(write_vertex_groups=self.write_vertex_groups)
            return paint_region_masks(context, armature, options, progress=progress).log
        finally:
            progress.close()


class OVERANIM_OT_clear_region_preview(ArmatureOperatorMixin, bpy.types.Operator):
    """Remove every OverAnim_* item on the meshes (masks, preview, vertex groups, composed shape
    key), turn Live Preview off and restore the previous active and render colour attributes"""

    bl_idname = "overanim.clear_region_preview"
    bl_label = "Clear Preview"

    def run(self, context):
        armature = require_armature(context)
        removed = paint.clear(context, armature) + shape_key.clear_composed(context, armature)
        live.set_live_preview(context, armature, False)  # else the next slider change would paint it all again
        overanim(armature).masks_painted = False
        if not any(overanim(obj).masks_painted for obj in bpy.data.objects if obj.type == "ARMATURE"):
            shading.restore_colors()  # the views go back once no rig shows a preview any more
        return [(Level.INFO, plural(removed, "Removed {n} OverAnim item", "Removed {n} OverAnim items"))]


class OVERANIM_OT_show_region_preview(OverAnimOperatorMixin, bpy.types.Operator):
    """Show the Region mask preview again: every 3D View shows the colour attribute, as after Paint
    Region Masks (Clear Preview puts the views back)"""

    bl_idname = "overanim.show_region_preview"
    bl_label = "Show Preview"
    bl_options = {"REGISTER"}  # the views' shading only: UI data, which undo does not hold

    @classmethod
    def poll(cls, context: MaybeContext) -> bool:
        return poll_armature_with(cls, context, lambda armature: overanim(armature).masks_painted, lambda name: Message(
            "'{name}' has no painted Region masks: Paint Region Masks first", name=name))

    def run(self, context):
        shading.show_attribute_colors()
        return []


class OVERANIM_OT_live_preview(ArmatureOperatorMixin, bpy.types.Operator):
    """Turn Live Preview on or off: while on, the Region masks and the preview follow every change
    of a Region's mask fields and, in Weight Paint mode, of the weights"""

    bl_idname = "overanim.live_preview"
    bl_label = "Live Preview"

    def run(self, context):
        armature = require_armature(context)
        on = not overanim(armature).live_preview
        live.set_live_preview(context, armature, on)
        return [(Level.INFO, Message("Live Preview on: the masks follow the Region fields and the weights") if on
                 else Message("Live Preview off"))]


classes = (OVERANIM_OT_paint_region_masks, OVERANIM_OT_clear_region_preview, OVERANIM_OT_show_region_preview,
           OVERANIM_OT_live_preview)
register, unregister = bpy.utils.register_classes_factory(classes)
