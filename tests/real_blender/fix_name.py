"""Run inside a windowed Blender by tests/blender/cross_cutting/test_new_user.py (through shot.sh): a Checks fix
clicked as the panel's button runs it; what do the redo panel (the last registered operator) and
the undo history call it? Writes /tmp/overanim_fix_name.json (in the chroot)."""

import json
import traceback

import bpy

OUT = "/tmp/overanim_fix_name.json"
result: dict = {}
try:
    window = bpy.context.window_manager.windows[0]
    area = next(a for a in window.screen.areas if a.type == "VIEW_3D")
    with bpy.context.temp_override(window=window, area=area):
        bpy.ops.overanim.build_sample_character("EXEC_DEFAULT", True)
        rig = bpy.data.objects["SK_OverAnimSample"]
        rig.scale = (2.0, 2.0, 2.0)
        bpy.ops.ed.undo_push(message="Scaled by the artist")
        bpy.ops.overanim.run_checks("EXEC_DEFAULT", True)
        # the sample walks, so the animation's pose is said too (info, no fix): take the one with a fix
        (finding,) = [check for check in rig.overanim.checks if check.fix]
        from overanim_addon.blender.checks.operators import fix_operator

        idname = fix_operator(finding.fix)
        getattr(bpy.ops.overanim, idname.split(".")[1])("EXEC_DEFAULT", True)  # True: an undo step, as a click
        last = bpy.context.window_manager.operators[-1]
        result["redo_panel"] = [last.bl_idname, last.name]
        result["scale_fixed"] = tuple(rig.scale)
        bpy.ops.ed.undo()
        result["scale_undone"] = tuple(bpy.data.objects["SK_OverAnimSample"].scale)
except Exception:
    result["error"] = traceback.format_exc()
with open(OUT, "w") as handle:
    json.dump(result, handle)
