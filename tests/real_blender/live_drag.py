"""Run inside a windowed Blender (shot.sh) by tests/blender/masks/test_live_preview.py
(test_a_real_mouse_drag_of_zero_weight_repaints_as_it_goes_and_ends_as_a_fresh_paint; issue 31,
window finding 13): Live Preview on, the sidebar's Regions panel showing LeftArm's fields, the mouse
(events sent through the X server, as a hand moves it) finds the Zero Weight slider by hovering down
the sidebar until Blender's hovered button (``context.property``, the button under the pointer) is
that field, then presses it, drags right in steps and releases. Records every live repaint with the
field's value at that moment and whether the button was still held, then whether the masks equal a
fresh paint. Writes /tmp/overanim_live_drag.json (in the chroot)."""

import json
import traceback

import bpy
import numpy as np
from mask_bits import overanim_bits  # put in front of this script by RealBlender.shot
from x11_pointer import X11Pointer  # put in front of this script by RealBlender.shot

OUT = "/tmp/overanim_live_drag.json"
FIELD = "zero_weight"
result: dict = {"repaints": [], "hovered": []}
state: dict = {"phase": "setup"}


def finish() -> None:
    with open(OUT, "w") as handle:
        json.dump(result, handle)


def fail() -> None:
    result["error"] = traceback.format_exc()
    finish()


def sidebar():
    win = bpy.context.window_manager.windows[0]
    area = next(a for a in win.screen.areas if a.type == "VIEW_3D")
    return win, area, next(r for r in area.regions if r.type == "UI")


def setup() -> None:
    try:
        from overanim_addon.blender.masks import paint
        from overanim_addon.blender.sample.build import build_sample_character

        for obj in list(bpy.data.objects):  # the start-up cube would stand in the way
            bpy.data.objects.remove(obj)
        rig = build_sample_character(bpy.context)
        regions = rig.overanim.regions
        rig.overanim.active_region_index = next(i for i, r in enumerate(regions) if r.name == "LeftArm")
        win, area, _ui = sidebar()
        with bpy.context.temp_override(window=win, area=area):
            bpy.context.view_layer.objects.active = rig
            bpy.ops.overanim.live_preview()
        state.update(rig=rig, region=regions["LeftArm"], paint=paint, before=overanim_bits())
        result["start_value"] = state["region"].zero_weight

        def logged_repaint(context, armature, reread=None, _repaint=paint.repaint, **options):
            written = _repaint(context, armature, reread, **options)
            asked = {mesh: None if names is None else sorted(names) for mesh, names in (reread or {}).items()}
            result["repaints"].append({"phase": state["phase"], "value": state["region"].zero_weight,
                                       "reread": asked, "written": written})
            return written

        paint.repaint = logged_repaint
        bpy.app.timers.register(start_scan, first_interval=2.0)  # after shot.sh's driver opens the sidebar
    except Exception:
        fail()


def start_scan():
    try:
        _win, _area, ui = sidebar()
        if ui.width <= 1 or ui.active_panel_category != "OverAnim":
            return 0.5  # not shown yet
        # the left part of a split row's value column (the labels take 40 %): the field is pressed there
        state.update(pointer=X11Pointer(), x=ui.x + int(ui.width * 0.55), scrolls=0)
        state["phase"] = "hovering"
        scan()
    except Exception:
        fail()
    return None


def scan() -> None:
    """Hover down the sidebar from its top, 6 px at a time (a field is 20 px tall)."""
    _win, _area, ui = sidebar()
    state.update(local_y=ui.height - 4, field_rows=[])
    hover_next()
    return None  # a timer's: once


def scroll_down(notches: int) -> None:
    """The Regions panel is the sidebar's last: scroll towards it, as a wheel would, then look again."""
    _win, _area, ui = sidebar()
    middle = screen_y(ui.height // 2)
    state["pointer"].hover(state["x"], middle)
    for _ in range(notches):
        state["pointer"].wheel_down(state["x"], middle)
    state["scrolls"] += notches
    bpy.app.timers.register(scan, first_interval=0.5)


def screen_y(local_y: int) -> int:
    """X counts from the top of the window, Blender from the bottom."""
    win, _area, ui = sidebar()
    return win.height - (ui.y + local_y)


def hover_next():
    try:
        state["pointer"].hover(state["x"], screen_y(state["local_y"]))
        bpy.app.timers.register(read_hovered, first_interval=0.05)
    except Exception:
        fail()
    return None


def on_field(owner, path: str) -> bool:
    """Whether the hovered button is the active Region's field (the only Region whose fields the panel
    draws): 5.2 gives its path from the object ("overanim.regions[0].zero_weight"), 4.3 only its name."""
    full = f"overanim.regions[{state['rig'].overanim.active_region_index}].{FIELD}"
    return owner == state["rig"] and path in (full, FIELD)


def read_hovered():
    try:
        win, area, ui = sidebar()
        with bpy.context.temp_override(window=win, area=area, region=ui):
            hovered = bpy.context.property  # the button under the pointer: (owner, data path, index)
        path = hovered[1] if hovered else None
        if path:
            result["hovered"].append([state["scrolls"], state["local_y"], path])
        if path and on_field(hovered[0], path):
            state["field_rows"].append(state["local_y"])
        elif state["field_rows"]:  # past the field
            rows = state["field_rows"]
            middle = (rows[0] + rows[-1]) // 2
            if middle < 60:  # near the sidebar's bottom edge: bring it up, then press it
                scroll_down(2)
                return None
            result["found_at"] = [state["x"], screen_y(middle)]
            state["pointer"].hover(*result["found_at"])
            bpy.app.timers.register(press, first_interval=0.3)
            return None
        state["local_y"] -= 6
        if state["local_y"] > 4:
            return hover_next()
        if state["scrolls"] < 40:
            scroll_down(3)
            return None
        result["error"] = f"the {FIELD} field was never under the pointer: {result['hovered'][-20:]}"
        finish()
    except Exception:
        fail()
    return None


def press():
    try:
        state["phase"] = "pressed"
        state["pointer"].press(*result["found_at"])
        state["steps"] = 24  # 1 px to the right each, as a slow hand drags
        bpy.app.timers.register(drag_step, first_interval=0.2)
    except Exception:
        fail()
    return None


def drag_step():
    try:
        if state["steps"]:
            state["steps"] -= 1
            state["phase"] = "dragging"
            state["pointer"].drag(1, 0)
            result.setdefault("dragged", []).append([state["pointer"].where()[0], state["region"].zero_weight])
            return 0.15
        state["pointer"].release(*state["pointer"].where())
        state["phase"] = "released"
        bpy.app.timers.register(check, first_interval=1.0)
    except Exception:
        fail()
    return None


def check():
    try:
        result["end_value"] = state["region"].zero_weight
        live_bits = overanim_bits()
        result["changed"] = sorted(k for k in live_bits if not np.array_equal(live_bits[k], state["before"][k]))
        win, area, _ui = sidebar()
        with bpy.context.temp_override(window=win, area=area):
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
