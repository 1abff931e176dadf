"""Run inside a windowed Blender by tests/blender/cross_cutting/test_undo.py (through shot.sh): paint, Clear
Preview, undo with Blender's real undo stack, then what the legend offers and what Show Preview
does. Leaves the undone state for the screenshot. Writes /tmp/overanim_preview_undo.json (in the chroot)."""

import json

import bpy

result: dict = {}
try:
    from overanim_addon.blender.masks import shading

    window = bpy.context.window_manager.windows[0]
    area = next(a for a in window.screen.areas if a.type == "VIEW_3D")
    view = area.spaces.active

    def state():
        armature = bpy.data.objects["SK_OverAnimSample"]
        with bpy.context.temp_override(window=window, area=area, space_data=view):
            shown = shading.shows_preview(bpy.context)
        return {"masks_painted": armature.overanim.masks_painted, "colour_type": view.shading.color_type,
                "shows_preview": shown}

    with bpy.context.temp_override(window=window, area=area):
        bpy.ops.overanim.build_sample_character("EXEC_DEFAULT", True)  # True: an undo step, as a click makes
        bpy.ops.overanim.paint_region_masks("EXEC_DEFAULT", True)
        result["painted"] = state()
        bpy.ops.overanim.clear_region_preview("EXEC_DEFAULT", True)
        result["cleared"] = state()
        bpy.ops.ed.undo()
        result["clear_undone"] = state()
        bpy.ops.overanim.show_region_preview("EXEC_DEFAULT", True)
        result["shown"] = state()
        bpy.ops.overanim.clear_region_preview("EXEC_DEFAULT", True)
        bpy.ops.ed.undo()  # the undone state again, for the screenshot: the legend offers Show Preview
        result["screenshot"] = state()
except Exception as error:  # reported to the test, which fails with it
    result["error"] = repr(error)
with open("/tmp/overanim_preview_undo.json", "w") as handle:
    json.dump(result, handle)
