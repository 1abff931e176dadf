"""Run inside a windowed Blender (shot.sh) by tests/blender/sample/test_sample_window.py: + Sample run
as its button runs it (invoked in the 3D View, an undo step), then the Info editor's log read back as
an artist sees it: an area turned into the Info editor, every line selected and copied (Info's own
Copy), the clipboard read. Writes /tmp/overanim_sample_info.json (in the chroot): the lines, and
the operators Blender registered (``window_manager.operators``: what Info and Adjust Last list), the
libraries left in the file, and what Ctrl+Z leaves."""

import json
import traceback

import bpy

OUT = "/tmp/overanim_sample_info.json"
result: dict = {}


def finish() -> None:
    with open(OUT, "w") as handle:
        json.dump(result, handle)


def info_lines(window) -> list[str]:
    """Every report the Info editor shows, oldest first, read through Info's own Copy."""
    area = next(a for a in window.screen.areas if a.type != "VIEW_3D")
    kept = area.type
    area.type = "INFO"
    try:
        region = next(r for r in area.regions if r.type == "WINDOW")
        with bpy.context.temp_override(window=window, area=area, region=region):
            bpy.ops.info.select_all(action="SELECT")
            bpy.ops.info.report_copy()
        return bpy.context.window_manager.clipboard.splitlines()
    finally:
        area.type = kept


def add_sample() -> None:
    try:
        window = bpy.context.window_manager.windows[0]
        area = next(a for a in window.screen.areas if a.type == "VIEW_3D")
        region = next(r for r in area.regions if r.type == "WINDOW")
        result["before"] = info_lines(window)
        with bpy.context.temp_override(window=window, area=area, region=region):
            result["status"] = sorted(bpy.ops.overanim.build_sample_character("INVOKE_DEFAULT", True))
        result["operators"] = [op.bl_idname for op in bpy.context.window_manager.operators]
        bpy.app.timers.register(read_info, first_interval=0.5)  # the reports reach Info on the next redraw
    except Exception:
        result["error"] = traceback.format_exc()
        finish()


def read_info() -> None:
    try:
        window = bpy.context.window_manager.windows[0]
        result["lines"] = info_lines(window)
        result["objects"] = sorted(o.name for o in bpy.data.objects)
        rig = bpy.data.objects.get("SK_OverAnimSample")
        result["bones"] = [[b.name, b.parent.name if b.parent else None, list(b.head_local), list(b.tail_local)]
                           for b in rig.data.bones] if rig else []
        result["libraries"] = [lib.filepath for lib in bpy.data.libraries]  # the skeleton's file left no trace
        area = next(a for a in window.screen.areas if a.type == "VIEW_3D")
        with bpy.context.temp_override(window=window, area=area):
            bpy.ops.ed.undo()  # Ctrl+Z: the whole sample goes, its appended skeleton too
        result["undone"] = sorted([o.name for o in bpy.data.objects] + [a.name for a in bpy.data.armatures])
    except Exception:
        result["error"] = traceback.format_exc()
    finish()


bpy.app.timers.register(add_sample, first_interval=0.5)
