#!/usr/bin/env bash
# Remake issue 26's walkthrough shots of smooth weights and of Motion in real Blender 5.2 and 4.3
# windows (../shared/tools/real-blender/, set up once as root). Run from the project root:
#   bash docs/images/walkthrough/make.sh
# REAL_BLENDER_ROOT_4_3 / REAL_BLENDER_ROOT_5_2 pick each version's chroot (as docs/images/make.sh).
set -euo pipefail
HERE=docs/images/walkthrough
WORK=out/screenshots/walkthrough  # inside the checkout: the tool mounts only this folder
. docs/images/shots.sh

weights_scene() {  # full weight: the sample with Live Preview on, its LeftArm mask alone in the view
  cat <<PY
import math
import bpy
from mathutils import Euler, Vector
bpy.ops.overanim.build_sample_character()
rig = bpy.context.active_object
bpy.ops.overanim.live_preview()
rig.overanim.regions["LeftArm"].full_weight = $1  # Live Preview repaints from the field's update
body = bpy.data.objects["SK_OverAnimSample_Body"]
bpy.data.objects["SK_OverAnimSample_Body_LOD1"].hide_set(True)  # it shares the body's place: no z-fighting


def show_mask():  # the LeftArm mask's grey attribute (white = 1), once Live Preview has repainted it
    body.data.color_attributes.active_color_name = "OverAnim_Mask_LeftArm"
    body.data.update()  # the view draws the attribute it had until the mesh is tagged


bpy.app.timers.register(show_mask, first_interval=1.0)  # the shot comes about 3 s after this script
window = bpy.context.window_manager.windows[0]
area = next(a for a in window.screen.areas if a.type == "VIEW_3D")
view = area.spaces.active.region_3d
view.view_perspective = "ORTHO"
view.view_rotation = Euler((math.radians(50), 0, math.radians(25))).to_quaternion()  # front, left, above
view.view_location = rig.matrix_world @ Vector((0.22, 0.0, 1.3))  # the shoulder, where the mask fades
view.view_distance = 0.8
PY
}

for version in ${VERSIONS:-5.2 4.3}; do
  for state in before:1.0 after:0.5; do
    weights_scene "${state#*:}" | SHOT_FULLAREA=1 shoot "$version" "weights-${state%%:*}"
    # the view and the Regions fields, scaled down: a small PNG
    small "$version" "$WORK/weights-${state%%:*}-$version.png" "$HERE/weights-${state%%:*}-$version.png" -resize 50%
    echo "$HERE/weights-${state%%:*}-$version.png"
  done
done

motion_scene() {  # language: the walking sample, its feet baked, its motion analysed, Motion alone open
  language "$1"
  cat <<PY
bpy.ops.overanim.build_sample_character()  # the sample walking over its terrain (add_sample_walk)
bpy.ops.overanim.bake_foot_ik()
bpy.ops.overanim.analyze_motion()
PY
  only_open '("OVERANIM_PT_motion",)'
}

for version in ${VERSIONS:-5.2 4.3}; do
  for language in en_US:en ko_KR:ko; do
    name=motion-${language#*:}
    motion_scene "${language%%:*}" | SHOT_GEOM=1600x1400x24 shoot "$version" "$name"
    small "$version" "$WORK/${name}-${version}_sidebar.png" "$HERE/${name}-${version}.png"
    echo "$HERE/${name}-${version}.png"
  done
done
