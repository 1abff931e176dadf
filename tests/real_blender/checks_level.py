"""Run inside a windowed Blender by tests/blender/checks/test_checks.py (through shot.sh): Run Checks on a
new armature as a click runs it (invoked in a window) and as a script runs it, and the level each
reports its error finding at. Writes /tmp/overanim_checks_level.json (in the chroot)."""

import json

import bpy

result: dict = {}
try:
    window = bpy.context.window_manager.windows[0]
    area = next(a for a in window.screen.areas if a.type == "VIEW_3D")
    with bpy.context.temp_override(window=window, area=area):
        bpy.ops.object.armature_add()
        for how in ("INVOKE_DEFAULT", "EXEC_DEFAULT"):
            try:
                result[how] = sorted(bpy.ops.overanim.run_checks(how))
                result[how + "_raised"] = ""
            except RuntimeError as error:  # bpy.ops raises on an ERROR report, the operator having run
                result[how + "_raised"] = str(error)
        result["stored"] = [(c.check_id, c.severity) for c in bpy.context.object.overanim.checks]
except Exception as error:  # reported to the test, which fails with it
    result["error"] = repr(error)
with open("/tmp/overanim_checks_level.json", "w") as handle:
    json.dump(result, handle)
