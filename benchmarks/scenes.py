"""What several benchmarks build first: an empty file with one armature in Edit Mode, ready for its
bones (the masks', Regions' and idle benchmarks each lay out their own)."""

from __future__ import annotations

from typing import Any


def rig_in_edit_mode(object_name: str = "Rig") -> tuple[Any, Any]:
    """(the armature object, its data) alone in an empty file, active and in Edit Mode."""
    import bpy

    from overanim_addon.blender.shared.typed import scene_of, view_layer_of

    bpy.ops.wm.read_homefile(use_empty=True)
    data = bpy.data.armatures.new("Rig")
    rig = bpy.data.objects.new(object_name, data)
    scene_of(bpy.context).collection.objects.link(rig)
    view_layer_of(bpy.context).objects.active = rig
    bpy.ops.object.mode_set(mode="EDIT")
    return rig, data
