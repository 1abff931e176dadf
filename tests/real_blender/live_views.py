"""Run inside a windowed Blender by tests/blender/masks/test_live_preview.py (through shot.sh): a 3D View
split off while Live Preview is on copies the lowered weight overlay; turning Live Preview off must
give every view the artist's opacity back, the copy too. Writes /tmp/overanim_live_views.json (in
the chroot)."""

import json
import traceback

import bpy

OUT = "/tmp/overanim_live_views.json"
result: dict = {}


def opacities() -> list[float]:
    screen = bpy.context.window_manager.windows[0].screen
    return [round(s.overlay.weight_paint_mode_opacity, 3) for a in screen.areas for s in a.spaces
            if s.type == "VIEW_3D"]


try:
    window = bpy.context.window_manager.windows[0]
    area = next(a for a in window.screen.areas if a.type == "VIEW_3D")
    region = next(r for r in area.regions if r.type == "WINDOW")
    with bpy.context.temp_override(window=window, area=area, region=region):
        bpy.ops.overanim.build_sample_character("EXEC_DEFAULT", True)
        bpy.context.view_layer.objects.active = bpy.data.objects["SK_OverAnimSample"]
        result["artist"] = opacities()
        bpy.ops.overanim.live_preview("EXEC_DEFAULT", True)
        bpy.ops.screen.area_split(direction="VERTICAL", factor=0.5)
        result["split_while_on"] = opacities()
        bpy.ops.overanim.live_preview("EXEC_DEFAULT", True)  # off
        result["off"] = opacities()
except Exception:
    result["error"] = traceback.format_exc()
with open(OUT, "w") as handle:
    json.dump(result, handle)
