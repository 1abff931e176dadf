"""Run inside a windowed Blender by tests/blender/cross_cutting/test_undo.py (through shot.sh): the real
window's finding (issue 31, 7): Bake Foot IK and Analyze Motion clicked (modal, each run to its end),
then Remove Foot IK Bake, then Ctrl+Z, Ctrl+Z, Ctrl+Z with Blender's real undo stack. Each modal run
must be an undo step of its own. Writes /tmp/overanim_motion_undo.json (in the chroot)."""

import json
import os

import bpy

OUT = "/tmp/overanim_motion_undo.json"
state: dict = {}


def snapshot():
    rig = bpy.data.objects["SK_OverAnimSample"]
    adt = rig.animation_data
    action = rig.overanim.motion.analyzed_action
    return {"tracks": [t.name for t in adt.nla_tracks], "active": adt.action.name if adt.action else None,
            "motion_props": sorted(k for k in rig.keys() if k.startswith("OverAnim_Motion")),  # noqa: SIM118
            "foot_ik_props": len([k for k in rig.keys() if k.startswith("OverAnim_FootIK")]),  # noqa: SIM118
            "summary": bool(action is not None and "OverAnim_Motion_Distance" in action)}


def invoke(operator):
    win = bpy.context.window_manager.windows[0]
    area = next(a for a in win.screen.areas if a.type == "VIEW_3D")
    with bpy.context.temp_override(window=win, area=area):
        return sorted(operator("INVOKE_DEFAULT"))


def when(ready, then, tries=[0]):  # noqa: B006 (a counter kept between timer calls)
    """Call ``then`` once ``ready()`` holds (a modal run ends on its own; a busy machine may need a while)."""
    def wait():
        tries[0] += 1
        if not ready() and tries[0] < 240:
            return 0.25
        guarded(then)
        return None

    bpy.app.timers.register(wait, first_interval=0.5)


def guarded(step):
    try:
        step()
    except Exception as error:
        state["error"] = repr(error)
        finish()


def bake():
    state["invoke_bake"] = invoke(bpy.ops.overanim.bake_foot_ik)
    when(lambda: "OverAnim_FootIK" in snapshot()["tracks"], analyse)


def analyse():
    state["baked"] = snapshot()
    state["invoke_analyse"] = invoke(bpy.ops.overanim.analyze_motion)
    when(lambda: "OverAnim_Motion" in snapshot()["tracks"], remove)


def remove():
    state["analysed"] = snapshot()
    win = bpy.context.window_manager.windows[0]
    with bpy.context.temp_override(window=win):
        bpy.ops.overanim.remove_foot_ik_bake("EXEC_DEFAULT", True)  # True: an undo step, as a click makes
        state["removed"] = snapshot()
        for name in ("undone_remove", "undone_analyse", "undone_bake"):
            bpy.ops.ed.undo()
            state[name] = snapshot()
        bpy.ops.ed.redo()
        state["redone_bake"] = snapshot()
    finish()


def finish():
    with open(OUT, "w") as handle:
        json.dump(state, handle)
    os._exit(0)  # done: no need to wait for the screenshot


try:
    from overanim_addon.blender.sample.build import build_sample_character
    from overanim_addon.blender.sample.walk import add_sample_walk

    rig = build_sample_character(bpy.context)
    add_sample_walk(bpy.context, rig, frames=48)
    bpy.ops.ed.undo_push(message="Set up the walk")  # what undo goes back to last
    state["before"] = snapshot()
    bpy.app.timers.register(lambda: guarded(bake), first_interval=2.0)
except Exception as error:
    state["error"] = repr(error)
    finish()
