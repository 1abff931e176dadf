"""Run inside a windowed Blender by tests/blender/cross_cutting/test_undo.py (through shot.sh): paint and compose,
then undo and redo with Blender's real undo stack. Writes /tmp/overanim_undo.json (in the chroot)."""

import json

import bpy

result: dict = {}
try:
    window = bpy.context.window_manager.windows[0]
    with bpy.context.temp_override(window=window):
        bpy.ops.overanim.build_sample_character("EXEC_DEFAULT", True)  # True: push an undo step, as a click does
        from_sample = bpy.data.objects["SK_OverAnimSample"]
        from_sample.overanim.regions["Spine"].delta_shape_key = ""

        def names():
            body = bpy.data.objects["SK_OverAnimSample_Body"]
            return sorted(a.name for a in body.data.color_attributes)

        result["before"] = names()
        bpy.ops.overanim.paint_region_masks("EXEC_DEFAULT", True)
        result["painted"] = names()
        bpy.ops.ed.undo()
        result["undone"] = names()
        bpy.ops.ed.redo()
        result["redone"] = names()
        bpy.ops.overanim.clear_region_preview("EXEC_DEFAULT", True)
        result["cleared"] = names()
        bpy.ops.ed.undo()
        result["clear_undone"] = names()

        def groups():
            body = bpy.data.objects["SK_OverAnimSample_Body"]
            group = body.vertex_groups.get("OverAnim_MaskGroup_Spine")
            members = 0 if group is None else sum(
                1 for v in body.data.vertices for g in v.groups if g.group == group.index)
            return {"names": [g.name for g in body.vertex_groups], "spine_members": members,
                    "active": body.vertex_groups.active.name if body.vertex_groups.active else None}

        bpy.ops.overanim.paint_region_masks("EXEC_DEFAULT", True, write_vertex_groups=True)
        result["groups_painted"] = groups()
        bpy.data.objects["SK_OverAnimSample"].overanim.regions["Spine"].zero_weight = 0.6
        bpy.ops.overanim.paint_region_masks("EXEC_DEFAULT", True, write_vertex_groups=True)
        result["groups_repainted"] = groups()
        bpy.ops.ed.undo()
        result["groups_undone"] = groups()

        def colour_types():
            return sorted({space.shading.color_type for screen in bpy.data.screens for area in screen.areas
                           for space in area.spaces if space.type == "VIEW_3D"})

        # the views' colour types are UI data, which undo leaves alone: undoing a paint keeps the views on
        # the preview, and Clear Preview still puts them back afterwards
        bpy.ops.overanim.clear_region_preview("EXEC_DEFAULT", True)
        result["shading_before"] = colour_types()
        bpy.ops.overanim.paint_region_masks("EXEC_DEFAULT", True)
        result["shading_painted"] = colour_types()
        bpy.ops.ed.undo()
        result["shading_undone"] = colour_types()
        bpy.ops.overanim.clear_region_preview("EXEC_DEFAULT", True)
        result["shading_cleared"] = colour_types()
except Exception as error:  # reported to the test, which fails with it
    result["error"] = repr(error)
with open("/tmp/overanim_undo.json", "w") as handle:
    json.dump(result, handle)
