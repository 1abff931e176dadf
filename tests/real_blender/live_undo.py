"""Run inside a windowed Blender by tests/blender/cross_cutting/test_undo.py (through shot.sh): Live Preview with
Blender's real undo stack. Slider changes are undone like any property change, the masks come back
with them, and the next live repaint (after the undo dropped the kept sums) is bit for bit a fresh
paint. Writes /tmp/overanim_live_undo.json (in the chroot)."""

import hashlib
import json

import bpy
import numpy as np

result: dict = {}


def digest(mesh_name: str = "SK_OverAnimSample_Body") -> dict:
    mesh = bpy.data.objects[mesh_name].data
    out = {}
    for attr in mesh.color_attributes:
        if attr.name.startswith("OverAnim_"):
            buf = np.empty(len(mesh.vertices) * 4, np.float32)
            attr.data.foreach_get("color", buf)
            out[attr.name] = hashlib.sha1(buf.tobytes()).hexdigest()
    return out


def live_handlers() -> int:
    return sum(f.__module__.endswith("masks.live.lifecycle") for f in bpy.app.handlers.depsgraph_update_post)


def overlay_opacity() -> float:
    space = next(s for a in bpy.context.window_manager.windows[0].screen.areas for s in a.spaces
                 if s.type == "VIEW_3D")
    return round(space.overlay.weight_paint_mode_opacity, 3)


def region(name: str):
    return bpy.data.objects["SK_OverAnimSample"].overanim.regions[name]  # looked up again after each undo


def slide(name: str, **values) -> None:
    """A slider step as the UI makes it: set, tag the rig, evaluate (this script runs between two
    event-loop turns, so it evaluates itself)."""
    for field, value in values.items():
        setattr(region(name), field, value)
    bpy.data.objects["SK_OverAnimSample"].update_tag()
    bpy.context.view_layer.update()


try:
    window = bpy.context.window_manager.windows[0]
    with bpy.context.temp_override(window=window):
        bpy.ops.overanim.build_sample_character("EXEC_DEFAULT", True)
        bpy.context.view_layer.objects.active = bpy.data.objects["SK_OverAnimSample"]
        bpy.ops.overanim.live_preview("EXEC_DEFAULT", True)
        slide("LeftArm", zero_weight=0.3)
        bpy.ops.ed.undo_push(message="Zero Weight")
        at_03 = digest()
        slide("LeftArm", zero_weight=0.6)
        bpy.ops.ed.undo_push(message="Zero Weight")
        result["changed_by_the_slider"] = digest() != at_03
        bpy.ops.ed.undo()
        result["undone_zero_weight"] = round(region("LeftArm").zero_weight, 6)
        result["undone_masks_are_those_at_0_3"] = digest() == at_03
        slide("LeftArm", full_weight=0.9)  # live again, after the undo
        slide("Spine", falloff_mode="LINEAR")
        live = digest()
        bpy.ops.overanim.paint_region_masks("EXEC_DEFAULT", True)
        result["after_undo_is_a_fresh_paint"] = live == digest()
        result["live_handler_installed"] = any(f.__name__ == "_on_depsgraph_update_pre"
                                               for f in bpy.app.handlers.depsgraph_update_pre)
        # the button itself is an undo step: undoing it turns Live Preview off, redoing it on again
        bpy.ops.overanim.live_preview("EXEC_DEFAULT", True)  # off
        bpy.ops.overanim.live_preview("EXEC_DEFAULT", True)  # on
        bpy.ops.ed.undo()
        rig = bpy.data.objects["SK_OverAnimSample"]
        result["toggle_undone"] = {"on": rig.overanim.live_preview, "handlers": live_handlers(),
                                   "opacity": overlay_opacity()}
        bpy.ops.ed.redo()
        rig = bpy.data.objects["SK_OverAnimSample"]
        result["toggle_redone"] = {"on": rig.overanim.live_preview, "handlers": live_handlers(),
                                   "opacity": overlay_opacity()}
except Exception as error:  # reported to the test, which fails with it
    result["error"] = repr(error)
with open("/tmp/overanim_live_undo.json", "w") as handle:
    json.dump(result, handle)
