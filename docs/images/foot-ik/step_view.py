# make.sh's step scene, run by shot.sh inside Blender (make.sh sets BAKE for the "after" shot): the
# sample at frame 18, where its right foot stands planted on the terrain's 10 cm step (y -40 to
# -120 cm; the foot's head at y -104 cm), seen from its right side (-X), 15 degrees from behind and
# 15 from above (a terrain seen edge-on is a line), orthographic, on the legs.
# The startup Cube (behind, off the path) is hidden so the terrain reads; bones are hidden, the skin shows.
import math

import bpy
from mathutils import Euler, Vector

BAKE = False  # make.sh's "after" shot: True
FRAME = 18
bpy.ops.overanim.build_sample_character()
rig = bpy.context.active_object
if BAKE:
    bpy.ops.overanim.bake_foot_ik()
bpy.context.scene.frame_set(FRAME)
bpy.data.objects["Cube"].hide_set(True)
bpy.data.objects["OverAnimSample_Terrain"].color = (0.55, 0.42, 0.3, 1.0)  # the ground apart from the skin
for obj in bpy.context.view_layer.objects:
    obj.select_set(False)

for area in bpy.context.screen.areas:
    if area.type != "VIEW_3D":
        continue
    space = area.spaces.active
    space.show_gizmo = False
    space.show_region_toolbar = False
    space.overlay.show_bones = space.overlay.show_object_origins = False
    space.shading.color_type = "OBJECT"
    space.overlay.show_floor = False
    space.overlay.show_axis_x = space.overlay.show_axis_y = False
    view = space.region_3d
    view.view_perspective = "ORTHO"
    view.view_rotation = Euler((math.radians(75), 0.0, math.radians(-105))).to_quaternion()  # -X: -Y is right
    foot = rig.matrix_world @ rig.pose.bones["foot_r"].head
    view.view_location = Vector((foot.x, foot.y + 0.2, 0.4))
    view.view_distance = 2.2


def hide_sidebar():  # shot.sh opens the sidebar after this script; close it before the grab
    for area in bpy.context.screen.areas:
        if area.type == "VIEW_3D":
            area.spaces.active.show_region_ui = False
            area.tag_redraw()


bpy.app.timers.register(hide_sidebar, first_interval=2.0)
