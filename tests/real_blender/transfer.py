"""Run inside a windowed Blender (shot.sh): the sample walking transferred onto Rigify's human metarig
with the Transfer Action button's operator as a click runs it (taking the panel's Source), then undo
and redo with Blender's real undo stack; the screenshot shows both on the same frame, side by side.
Writes /tmp/overanim_transfer.json (in the chroot)."""

import json
import math

import addon_utils
import bpy
from mathutils import Euler

result: dict = {}
try:
    window = bpy.context.window_manager.windows[0]
    with bpy.context.temp_override(window=window):
        bpy.data.objects.remove(bpy.data.objects["Cube"])  # the start-up cube would stand in the picture
        bpy.ops.overanim.build_sample_character("EXEC_DEFAULT", True)  # True: push an undo step, as a click does
        sample = bpy.data.objects["SK_OverAnimSample"]  # walking, as the button builds it
        addon_utils.enable("rigify", default_set=True)
        bpy.ops.object.armature_basic_human_metarig_add()
        rig = bpy.context.view_layer.objects.active
        rig.location.x = 1.0
        rig.overanim.transfer.source = sample
        name = rig.name
        bpy.ops.ed.undo_push(message="Set Source")

        def state():
            adt = bpy.data.objects[name].animation_data  # undo rebuilds the data: look it up again
            return {"actions": sorted(a.name for a in bpy.data.actions),
                    "playing": adt.action.name if adt and adt.action else None}

        result["before"] = state()
        result["ran"] = sorted(bpy.ops.overanim.transfer_action("EXEC_DEFAULT", True))
        result["after"] = state()
        bpy.ops.ed.undo()
        result["undone"] = state()
        bpy.ops.ed.redo()
        result["redone"] = state()
        rig = bpy.data.objects[name]

        def show_frame():  # after the window has drawn the redone file once: frame 40, both in view
            bpy.context.scene.frame_set(40)
            bpy.context.view_layer.update()
            for area in window.screen.areas:
                if area.type == "VIEW_3D":
                    with bpy.context.temp_override(window=window, area=area, region=area.regions[-1]):
                        bpy.ops.view3d.view_selected()
            return None

        bpy.app.timers.register(show_frame, first_interval=0.5)
        for obj in bpy.context.view_layer.objects:
            obj.select_set(obj.name in (name, "SK_OverAnimSample"))
        bpy.context.view_layer.objects.active = rig
        for area in window.screen.areas:
            if area.type == "VIEW_3D":
                space = area.spaces.active
                space.region_3d.view_perspective = "ORTHO"
                # three-quarters from the front right: both walkers and their strides on one picture
                space.region_3d.view_rotation = Euler((math.radians(80), 0.0, math.radians(35))).to_quaternion()
except Exception as error:  # reported to the test
    import traceback

    result["error"] = f"{error!r}\n{traceback.format_exc()}"
with open("/tmp/overanim_transfer.json", "w") as out:
    json.dump(result, out)
