#!/usr/bin/env bash
# Remake issue 31's real-window shots (the window findings 5, 6, 8, 9, 11) in real Blender 5.2 and 4.3,
# English and Korean, the sidebar at its default width (../shared/tools/real-blender/, set up once as
# root). Run from the project root:
#   bash docs/images/walkthrough/make-31.sh
# REAL_BLENDER_ROOT_4_3 / REAL_BLENDER_ROOT_5_2 pick each version's chroot (as make.sh).
# VERSIONS="5.2" or SCENES="copy-motion results" remake only those.
set -euo pipefail
HERE=docs/images/walkthrough
WORK=out/screenshots/walkthrough
. docs/images/shots.sh

copy_scene() {  # findings 5 and 6: a Shift+D copy of the baked, analysed sample; the panel named open
  language "$1"
  cat <<PY
bpy.ops.overanim.build_sample_character()
rig = bpy.context.active_object
bpy.ops.overanim.bake_foot_ik()
bpy.ops.overanim.analyze_motion()
for obj in bpy.context.view_layer.objects:
    obj.select_set(obj == rig)
bpy.ops.object.duplicate()  # Shift+D: the copy is active
PY
  only_open "(\"$2\",)"
}

copy_foot_ik_scene() { copy_scene "$1" OVERANIM_PT_foot_ik; }
copy_motion_scene() { copy_scene "$1" OVERANIM_PT_motion; }

results_scene() {  # finding 8: a Mixamo-shaped rig at object scale 0.01 (X Bot's shape), measured
  language "$1"
  sed -e '/^from __future__/d' tests/blender/imported_characters.py
  cat <<PY
for obj in list(bpy.data.objects):
    bpy.data.objects.remove(obj)
rig = build_mixamo(0.01)
bpy.context.view_layer.objects.active = rig
rig.select_set(True)
bpy.ops.overanim.measure_proportions()
PY
  only_open '("OVERANIM_PT_results",)'
}

empty_scene() {  # finding 9: the tab on the startup scene (no armature), as the README's tour starts
  language "$1"
}

for version in ${VERSIONS:-5.2 4.3}; do
  for language in en_US:en ko_KR:ko; do
    for scene in ${SCENES:-copy-foot-ik copy-motion results empty}; do
      name=$scene-${language#*:}
      geometry=1600x1000x24
      [ "$scene" = copy-foot-ik ] && geometry=1600x1200x24
      [ "$scene" = copy-motion ] && geometry=1600x1700x24
      "${scene//-/_}_scene" "${language%%:*}" | SHOT_GEOM=$geometry shoot "$version" "$name"
      small "$version" "$WORK/${name}-${version}_sidebar.png" "$HERE/${name}-${version}.png"
      echo "$HERE/${name}-${version}.png"
    done
  done
done
