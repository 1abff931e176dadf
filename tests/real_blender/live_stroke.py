"""Run inside a windowed Blender (shot.sh) by tests/blender/masks/test_live_preview.py
(test_a_real_brush_stroke_repaints_its_region_as_it_goes_and_ends_as_a_fresh_paint): turn Live
Preview on, enter Weight Paint mode and paint a real brush stroke on the left upper arm (mouse
events sent through the X server), then record what each live repaint re-read and wrote, and
whether the masks equal a fresh paint. Writes /tmp/overanim_live_stroke.json (in the chroot)."""

import json
import traceback

import bpy
import numpy as np
from bpy_extras.view3d_utils import location_3d_to_region_2d
from mask_bits import overanim_bits  # put in front of this script by RealBlender.shot
from x11_pointer import X11Pointer  # put in front of this script by RealBlender.shot

OUT = "/tmp/overanim_live_stroke.json"
result: dict = {"repaints": []}
state: dict = {}


def finish() -> None:
    with open(OUT, "w") as handle:
        json.dump(result, handle)


def fail() -> None:
    result["error"] = traceback.format_exc()
    finish()


def view3d():
    win = bpy.context.window_manager.windows[0]
    area = next(a for a in win.screen.areas if a.type == "VIEW_3D")
    return win, area, next(r for r in area.regions if r.type == "WINDOW")


def setup() -> None:
    try:
        from overanim_addon.blender.masks import paint
        from overanim_addon.blender.sample.build import build_sample_character

        for obj in list(bpy.data.objects):  # the start-up cube would stand in the way
            bpy.data.objects.remove(obj)
        rig = build_sample_character(bpy.context)
        body = bpy.data.objects["SK_OverAnimSample_Body"]
        win, area, region = view3d()
        with bpy.context.temp_override(window=win, area=area, region=region):
            bpy.context.view_layer.objects.active = rig
            bpy.ops.overanim.live_preview()
            bpy.context.view_layer.objects.active = body
            body.select_set(True)
            bpy.ops.object.mode_set(mode="WEIGHT_PAINT")
            tools = bpy.context.scene.tool_settings
            if tools.weight_paint.brush is None:  # Debian's 4.3 ships no brush assets: make one
                bpy.data.brushes.new("OverAnimTestWeight", mode="WEIGHT_PAINT").asset_mark()
                bpy.ops.brush.asset_activate(asset_library_type="LOCAL",
                                             relative_asset_identifier="Brush/OverAnimTestWeight")
        brush = tools.weight_paint.brush
        brush.weight, brush.strength = 0.0, 1.0  # erase: the stroke lowers upperarm_l
        # 5.0 and later keep the unified settings per paint mode; 4.x on the tool settings
        unified = getattr(tools.weight_paint, "unified_paint_settings", None) or tools.unified_paint_settings
        unified.weight = 0.0
        tools.use_auto_normalize = tools.use_multipaint = False
        body.vertex_groups.active_index = body.vertex_groups["upperarm_l"].index
        space = area.spaces.active
        space.region_3d.view_perspective = "PERSP"
        space.region_3d.view_rotation = (0.82, 0.42, 0.18, 0.35)
        space.region_3d.view_location = (0.2, 0.0, 1.38)
        space.region_3d.view_distance = 1.5
        state.update(rig=rig, body=body, paint=paint, before=overanim_bits())

        def logged_repaint(context, armature, reread=None, _repaint=paint.repaint, **options):
            modal = [op.bl_idname for w in context.window_manager.windows for op in w.modal_operators]
            written = _repaint(context, armature, reread, **options)
            asked = {mesh: None if regions is None else sorted(regions) for mesh, regions in (reread or {}).items()}
            result["repaints"].append({"reread": asked, "written": written, "modal": modal})
            return written

        paint.repaint = logged_repaint
        bpy.app.timers.register(start_stroke, first_interval=1.0)
    except Exception:
        fail()


def start_stroke():
    try:
        win, area, region = view3d()
        body = state["body"]
        group = body.vertex_groups["upperarm_l"].index
        points = sorted((body.matrix_world @ v.co for v in body.data.vertices
                         if any(g.group == group and g.weight > 0.3 for g in v.groups)), key=lambda co: co.x)
        pixels = []
        for co in points[:: max(1, len(points) // 10)]:
            p = location_3d_to_region_2d(region, area.spaces.active.region_3d, co)
            if p is not None:  # X counts from the top of the window, Blender from the bottom
                pixels.append((region.x + int(p.x), win.height - (region.y + int(p.y))))
        state["pointer"], state["path"] = X11Pointer(), pixels
        state["pointer"].move(*pixels[0])
        state["pointer"].press(*pixels[0])
        bpy.app.timers.register(stroke_step, first_interval=0.2)
    except Exception:
        fail()


def stroke_step():
    try:
        path = state["path"]
        if len(path) > 1:
            path.pop(0)
            state["pointer"].move(*path[0])
            return 0.2
        state["pointer"].release(*path[0])
        bpy.app.timers.register(check, first_interval=1.0)
    except Exception:
        fail()
    return None


def check():
    try:
        live_bits = overanim_bits()
        result["changed"] = sorted(k for k in live_bits if not np.array_equal(live_bits[k], state["before"][k]))
        win, area, region = view3d()
        with bpy.context.temp_override(window=win, area=area, region=region):
            state["paint"].paint(bpy.context, state["rig"])
        fresh = overanim_bits()
        result["fresh_paint_equal"] = fresh.keys() == live_bits.keys() and all(
            np.array_equal(fresh[k], live_bits[k]) for k in fresh)
    except Exception:
        fail()
        return None
    finish()
    return None


bpy.app.timers.register(setup, first_interval=0.1)
