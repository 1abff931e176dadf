"""Run inside a windowed Blender by tests/blender/masks/test_live_idle.py (through shot.sh): Live
Preview's flag of the active rig set as a line in the Python console sets it (a plain assignment,
which makes no depsgraph update), once on and once off; the window's timer must carry each through.
Records, a second after each assignment, whether the rig is live and whether Live Preview's update
handlers are installed. Writes /tmp/overanim_live_flag_message.json (in the chroot)."""

import json
import traceback

import bpy

OUT = "/tmp/overanim_live_flag_message.json"
result: dict = {}


def finish() -> None:
    with open(OUT, "w") as handle:
        json.dump(result, handle)


def state() -> dict:
    from overanim_addon.blender.masks.live import lifecycle

    return {"live": sorted(lifecycle._fields_seen),
            "painted": bool(bpy.data.objects["SK_OverAnimSample"].overanim.masks_painted),
            "pre_handler": any(f.__name__ == "_on_depsgraph_update_pre" and f.__module__ == lifecycle.__name__
                               for f in bpy.app.handlers.depsgraph_update_pre)}


def turn_on():
    try:
        result["before"] = state()
        bpy.data.objects["SK_OverAnimSample"].overanim.live_preview = True  # as the console does
        bpy.app.timers.register(after_on, first_interval=1.0)
    except Exception:
        result["error"] = traceback.format_exc()
        finish()


def after_on():
    try:
        result["on"] = state()
        bpy.data.objects["SK_OverAnimSample"].overanim.live_preview = False
        bpy.app.timers.register(after_off, first_interval=1.0)
    except Exception:
        result["error"] = traceback.format_exc()
        finish()


def after_off():
    try:
        result["off"] = state()
    except Exception:
        result["error"] = traceback.format_exc()
    finish()


try:
    window = bpy.context.window_manager.windows[0]
    area = next(a for a in window.screen.areas if a.type == "VIEW_3D")
    region = next(r for r in area.regions if r.type == "WINDOW")
    with bpy.context.temp_override(window=window, area=area, region=region):
        bpy.ops.overanim.build_sample_character("EXEC_DEFAULT", True)
    bpy.app.timers.register(turn_on, first_interval=1.0)
except Exception:
    result["error"] = traceback.format_exc()
    finish()
