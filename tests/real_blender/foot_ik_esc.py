"""Run inside a windowed Blender (shot.sh) by tests/blender/foot_ik/test_foot_ik_real.py: start Bake Foot IK
as a click does (modal, with its progress), press Esc through the X server while it runs, and record
what the file holds afterwards; then bake a short range to the end and undo it with Blender's undo
stack. Writes /tmp/overanim_foot_ik_esc.json (in the chroot)."""

import ctypes
import json
import os

import bpy

OUT = "/tmp/overanim_foot_ik_esc.json"
FRAMES = 2000  # long enough that the bake is still running when Esc arrives
state: dict = {}


def snapshot():
    rig = bpy.data.objects["SK_OverAnimSample"]
    adt = rig.animation_data
    return {"tracks": [t.name for t in adt.nla_tracks], "active": adt.action.name if adt.action else None,
            "actions": sorted(a.name for a in bpy.data.actions), "frame": bpy.context.scene.frame_current,
            "props": sorted(k for k in rig.keys() if k.startswith("OverAnim_FootIK"))}  # noqa: SIM118


def press_escape():
    """An Esc key press and release sent to Blender's top-level X window (there is no xdotool here)."""
    x11 = ctypes.CDLL("libX11.so.6")
    x11.XOpenDisplay.restype = ctypes.c_void_p
    x11.XDefaultRootWindow.restype = ctypes.c_ulong
    display = x11.XOpenDisplay(None)
    root = ctypes.c_ulong(x11.XDefaultRootWindow(ctypes.c_void_p(display)))
    parent, children, count = ctypes.c_ulong(), ctypes.POINTER(ctypes.c_ulong)(), ctypes.c_uint()
    x11.XQueryTree(ctypes.c_void_p(display), root, ctypes.byref(root), ctypes.byref(parent), ctypes.byref(children),
                   ctypes.byref(count))
    keycode = x11.XKeysymToKeycode(ctypes.c_void_p(display), ctypes.c_ulong(0xFF1B))  # XK_Escape

    class XKeyEvent(ctypes.Structure):
        _fields_ = [("type", ctypes.c_int), ("serial", ctypes.c_ulong), ("send_event", ctypes.c_int),
                    ("display", ctypes.c_void_p), ("window", ctypes.c_ulong), ("root", ctypes.c_ulong),
                    ("subwindow", ctypes.c_ulong), ("time", ctypes.c_ulong), ("x", ctypes.c_int), ("y", ctypes.c_int),
                    ("x_root", ctypes.c_int), ("y_root", ctypes.c_int), ("state", ctypes.c_uint),
                    ("keycode", ctypes.c_uint), ("same_screen", ctypes.c_int), ("pad", ctypes.c_long * 16)]

    sent = 0
    for i in range(count.value):
        window = children[i]
        for kind, mask in ((2, 1), (3, 2)):  # KeyPress/KeyPressMask, KeyRelease/KeyReleaseMask
            event = XKeyEvent(type=kind, send_event=1, display=display, window=window, root=root.value,
                              x=400, y=400, x_root=400, y_root=400, keycode=keycode, same_screen=1)
            sent += x11.XSendEvent(ctypes.c_void_p(display), ctypes.c_ulong(window), 1, ctypes.c_long(mask),
                                   ctypes.byref(event))
    x11.XFlush(ctypes.c_void_p(display))
    return sent


def invoke(**frames):
    win = bpy.context.window_manager.windows[0]
    area = next(a for a in win.screen.areas if a.type == "VIEW_3D")
    with bpy.context.temp_override(window=win, area=area):
        return sorted(bpy.ops.overanim.bake_foot_ik("INVOKE_DEFAULT", **frames))


def start():
    try:
        state["invoke"] = invoke()
        bpy.app.timers.register(escape, first_interval=0.6)
    except Exception as error:
        state["error"] = repr(error)
        finish()


def escape():
    state["while_running"] = snapshot()
    state["sent"] = press_escape()
    bpy.app.timers.register(after, first_interval=1.0)


def after():
    state["after"] = snapshot()
    bpy.app.timers.register(later, first_interval=4.0)  # past the time the whole bake would take


def later():
    try:
        state["later"] = snapshot()
        state["invoke_short"] = invoke(frame_start=1, frame_end=40)
        bpy.app.timers.register(wait_for_the_bake, first_interval=0.5)
    except Exception as error:
        state["error"] = repr(error)
        finish()


def wait_for_the_bake(tries=[0]):  # noqa: B006 (a counter kept between timer calls)
    """The short bake ends on its own; a busy machine may need a while."""
    tries[0] += 1
    if "OverAnim_FootIK" not in snapshot()["tracks"] and tries[0] < 120:
        return 0.25
    undo()
    return None


def undo():
    try:
        state["baked"] = snapshot()
        win = bpy.context.window_manager.windows[0]
        with bpy.context.temp_override(window=win):
            bpy.ops.ed.undo()
            state["undone"] = snapshot()
            bpy.ops.ed.redo()
            state["redone"] = snapshot()
    except Exception as error:
        state["error"] = repr(error)
    finish()


def finish():
    with open(OUT, "w") as handle:
        json.dump(state, handle)
    os._exit(0)  # done: no need to wait for the screenshot


try:
    from overanim_addon.blender.sample.build import build_sample_character
    from overanim_addon.blender.sample.walk import add_sample_walk

    rig = build_sample_character(bpy.context)
    add_sample_walk(bpy.context, rig, frames=FRAMES)
    bpy.context.scene.frame_set(7)
    bpy.ops.ed.undo_push(message="Set up the walk")  # what undo goes back to
    state["before"] = snapshot()
    bpy.app.timers.register(start, first_interval=2.0)
except Exception as error:
    state["error"] = repr(error)
    finish()
