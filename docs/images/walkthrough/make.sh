#!/usr/bin/env bash
# Remake issue 26's walkthrough shots of smooth weights and of Motion in real Blender 5.2 and 4.3
# windows (../shared/tools/real-blender/, set up once as root). Run from the project root:
#   bash docs/images/walkthrough/make.sh
# REAL_BLENDER_ROOT_4_3 / REAL_BLENDER_ROOT_5_2 pick each version's chroot (as docs/images/make.sh).
set -euo pipefail
SHOT=../shared/tools/real-blender/shot.sh
HERE=docs/images/walkthrough
WORK=out/screenshots/walkthrough  # inside the checkout: the tool mounts only this folder
mkdir -p "$WORK"

shoot() {  # version, name, then the scene's Python on stdin; leaves $WORK/<name>-<version>.png
  local version=$1 name=$2 var="REAL_BLENDER_ROOT_${1/./_}"
  cat > "$WORK/$name-$version.py"
  env REAL_BLENDER_VERSION="$version" ${!var:+REAL_BLENDER_ROOT=${!var}} bash "$SHOT" overanim_addon \
    "$WORK/$name-$version.png" "$WORK/$name-$version.py" > "$WORK/$name-$version.log" 2>&1 \
    || { cat "$WORK/$name-$version.log" >&2; exit 1; }
}

small() {  # version, the shot, the PNG to keep, its scale: ImageMagick inside the version's chroot
  local var="REAL_BLENDER_ROOT_${1/./_}" root
  root=${!var:-$(REAL_BLENDER_VERSION=$1 bash -c '. ../shared/tools/real-blender/root.sh; echo $ROOT')}
  cp "$2" "$root/tmp/walkthrough-in.png"
  chroot "$root" convert /tmp/walkthrough-in.png -resize "$4" -strip +dither -colors 128 PNG8:/tmp/walkthrough-out.png
  cp "$root/tmp/walkthrough-out.png" "$3"
}

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
    small "$version" "$WORK/weights-${state%%:*}-$version.png" "$HERE/weights-${state%%:*}-$version.png" 50%
    echo "$HERE/weights-${state%%:*}-$version.png"
  done
done

motion_scene() {  # language: the walking sample, its feet baked, its motion analysed, Motion alone open
  cat <<PY
import bpy
view = bpy.context.preferences.view
view.language = "$1"
view.use_translate_interface = view.use_translate_tooltips = view.use_translate_reports = True
bpy.ops.overanim.build_sample_character()  # the sample walking over its terrain (add_sample_walk)
bpy.ops.overanim.bake_foot_ik()
bpy.ops.overanim.analyze_motion()
for panel in [cls for cls in bpy.types.Panel.__subclasses__()  # the others closed, in their places
              if getattr(cls, "bl_parent_id", "") == "OVERANIM_PT_main" and cls.__name__ != "OVERANIM_PT_motion"
              and hasattr(bpy.types, cls.__name__)]:
    bpy.utils.unregister_class(panel)
    panel.bl_options = {*getattr(panel, "bl_options", ()), "DEFAULT_CLOSED"}
    bpy.utils.register_class(panel)
PY
}

for version in ${VERSIONS:-5.2 4.3}; do
  for language in en_US:en ko_KR:ko; do
    name=motion-${language#*:}
    motion_scene "${language%%:*}" | SHOT_GEOM=1600x1400x24 shoot "$version" "$name"
    small "$version" "$WORK/${name}-${version}_sidebar.png" "$HERE/${name}-${version}.png" 100%
    echo "$HERE/${name}-${version}.png"
  done
done
