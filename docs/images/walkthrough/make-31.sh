#!/usr/bin/env bash
# Remake issue 31's real-window shots (the window findings 5, 6, 8, 9, 11) in real Blender 5.2 and 4.3,
# English and Korean, the sidebar at its default width (../shared/tools/real-blender/, set up once as
# root). Run from the project root:
#   bash docs/images/walkthrough/make-31.sh
# REAL_BLENDER_ROOT_4_3 / REAL_BLENDER_ROOT_5_2 pick each version's chroot (as make.sh).
# VERSIONS="5.2" or SCENES="copy-motion results" remake only those.
set -euo pipefail
SHOT=../shared/tools/real-blender/shot.sh
[ -x "$SHOT" ] || SHOT=/work/shared/tools/real-blender/shot.sh
HERE=docs/images/walkthrough
WORK=out/screenshots/walkthrough
mkdir -p "$WORK"

shoot() {  # version, name, then the scene's Python on stdin; leaves $WORK/<name>-<version>.png
  local version=$1 name=$2 var="REAL_BLENDER_ROOT_${1/./_}"
  cat > "$WORK/$name-$version.py"
  env REAL_BLENDER_VERSION="$version" ${!var:+REAL_BLENDER_ROOT=${!var}} bash "$SHOT" overanim_addon \
    "$WORK/$name-$version.png" "$WORK/$name-$version.py" > "$WORK/$name-$version.log" 2>&1 \
    || { cat "$WORK/$name-$version.log" >&2; exit 1; }
}

small() {  # version, the shot, the PNG to keep: 128 colours, by ImageMagick inside the version's chroot
  local var="REAL_BLENDER_ROOT_${1/./_}" root
  root=${!var:-$(REAL_BLENDER_VERSION=$1 bash -c ". $(dirname "$SHOT")/root.sh; echo \$ROOT")}
  cp "$2" "$root/tmp/walkthrough-in.png"
  chroot "$root" convert /tmp/walkthrough-in.png -strip +dither -colors 128 PNG8:/tmp/walkthrough-out.png
  cp "$root/tmp/walkthrough-out.png" "$3"
}

language() {  # the scene's first lines: Blender in that language
  cat <<PY
import bpy
view = bpy.context.preferences.view
view.language = "$1"
view.use_translate_interface = view.use_translate_tooltips = view.use_translate_reports = True
PY
}

only_open() {  # the sub-panels but those named closed (re-registered closed: their bl_order keeps their place)
  cat <<PY
for panel in [cls for cls in bpy.types.Panel.__subclasses__()
              if getattr(cls, "bl_parent_id", "") == "OVERANIM_PT_main" and cls.__name__ not in $1
              and hasattr(bpy.types, cls.__name__)]:
    bpy.utils.unregister_class(panel)
    panel.bl_options = {*getattr(panel, "bl_options", ()), "DEFAULT_CLOSED"}
    bpy.utils.register_class(panel)
PY
}

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
