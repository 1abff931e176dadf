"""Run inside a windowed Blender (shot.sh): Rigify's Basic Human generated as an artist generates it,
then the sample's walk transferred onto the generated rig with the Transfer Action button's operator
as a click runs it (taking the panel's Source); what it keyed, undo and redo with Blender's real undo
stack; the screenshot shows both walking on the same frame, the Bone Map panel open. Writes
/tmp/overanim_transfer_rigify.json (in the chroot)."""

import json
import math

import addon_utils
import bpy
from mathutils import Euler

result: dict = {}
try:
    window = bpy.context.window_manager.windows[0]
    with bpy.context.temp_override(window=window):
        bpy.data.objects.remove(bpy.data.objects["Cube"])
        bpy.ops.overanim.build_sample_character("EXEC_DEFAULT", True)  # True: push an undo step, as a click does
        sample = bpy.data.objects["SK_OverAnimSample"]
        addon_utils.enable("rigify", default_set=True)
        bpy.ops.object.armature_basic_human_metarig_add()
        metarig = bpy.context.view_layer.objects.active
        bpy.ops.pose.rigify_generate()
        rig = metarig.data.rigify_target_rig
        metarig.hide_set(True)
        rig.location.x = 1.2
        rig.overanim.transfer.source = sample
        name = rig.name
        bpy.ops.ed.undo_push(message="Generate and set Source")

        def state():
            adt = bpy.data.objects[name].animation_data  # undo rebuilds the data: look it up again
            return {"actions": sorted(a.name for a in bpy.data.actions),
                    "playing": adt.action.name if adt and adt.action else None}

        result["before"] = state()
        result["ran"] = sorted(bpy.ops.overanim.transfer_action("EXEC_DEFAULT", True))
        result["after"] = state()
        action = bpy.data.objects[name].animation_data.action
        layers = getattr(action, "layers", None)  # 4.4 and later: the layered action's channelbag
        curves = layers[0].strips[0].channelbags[0].fcurves if layers else action.fcurves
        result["keyed"] = sorted({c.data_path.split('"')[1] for c in curves if c.data_path.startswith("pose.bones")})
        bpy.ops.ed.undo()
        result["undone"] = state()
        bpy.ops.ed.redo()
        result["redone"] = state()
        rig = bpy.data.objects[name]
        bpy.context.scene.frame_set(40)
        result["switches"] = {b: rig.pose.bones[b]["IK_FK"] for b in ("thigh_parent.L", "upper_arm_parent.R")}

        def show_frame():  # after the window has drawn the redone file once: frame 40, both in view
            bpy.context.scene.frame_set(40)
            bpy.context.view_layer.update()
            for area in window.screen.areas:
                if area.type == "VIEW_3D":
                    with bpy.context.temp_override(window=window, area=area, region=area.regions[-1]):
                        bpy.ops.view3d.view_selected()
            for obj in bpy.context.view_layer.objects:  # unselected: the controls' shapes in their own colours
                obj.select_set(False)
            return None

        bpy.app.timers.register(show_frame, first_interval=0.5)
        for obj in bpy.context.view_layer.objects:
            obj.select_set(obj.name in (name, "SK_OverAnimSample"))
        bpy.context.view_layer.objects.active = rig
        for area in window.screen.areas:
            if area.type == "VIEW_3D":
                space = area.spaces.active
                space.region_3d.view_perspective = "ORTHO"
                space.region_3d.view_rotation = Euler((math.radians(80), 0.0, math.radians(35))).to_quaternion()
except Exception as error:  # reported to the test
    import traceback

    result["error"] = f"{error!r}\n{traceback.format_exc()}"
with open("/tmp/overanim_transfer_rigify.json", "w") as out:
    json.dump(result, out)
