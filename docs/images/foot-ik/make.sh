#!/usr/bin/env bash
# Remake docs/foot-ik.md's real-window pictures (issue 35) in real Blender 5.2 and 4.3
# (../shared/tools/real-blender/, set up once as root). Run from the project root:
#   bash docs/images/foot-ik/make.sh
# REAL_BLENDER_ROOT_4_3 / REAL_BLENDER_ROOT_5_2 pick each version's chroot (as make-31.sh).
# VERSIONS="5.2" or SCENES="panel" remake only those.
#   step:  the sample at frame 18 (its right foot planted on the 10 cm step), seen from its right,
#          before and after Bake Foot IK: foot-on-step-{before,after}-<v>.png
#   panel: the Foot IK panel after a bake, the sidebar at its default width, English and Korean:
#          panel-foot-ik-{en,ko}-<v>.png
set -euo pipefail
SHOT=../shared/tools/real-blender/shot.sh
[ -x "$SHOT" ] || SHOT=/work/shared/tools/real-blender/shot.sh
HERE=docs/images/foot-ik
WORK=out/screenshots/foot-ik
mkdir -p "$WORK"

shoot() {  # version, name, then the scene's Python on stdin; leaves $WORK/<name>-<version>.png
  local version=$1 name=$2 var="REAL_BLENDER_ROOT_${1/./_}"
  cat > "$WORK/$name-$version.py"
  env REAL_BLENDER_VERSION="$version" ${!var:+REAL_BLENDER_ROOT=${!var}} bash "$SHOT" overanim_addon \
    "$WORK/$name-$version.png" "$WORK/$name-$version.py" > "$WORK/$name-$version.log" 2>&1 \
    || { cat "$WORK/$name-$version.log" >&2; exit 1; }
}

small() {  # version, the shot, the PNG to keep, then ImageMagick options (a crop): 128 colours, in the chroot
  local var="REAL_BLENDER_ROOT_${1/./_}" root in=$2 out=$3
  shift 3
  root=${!var:-$(REAL_BLENDER_VERSION=$1 bash -c ". $(dirname "$SHOT")/root.sh; echo \$ROOT")}
  cp "$in" "$root/tmp/foot-ik-in.png"
  chroot "$root" convert /tmp/foot-ik-in.png "$@" -strip +dither -colors 128 PNG8:/tmp/foot-ik-out.png
  cp "$root/tmp/foot-ik-out.png" "$out"
}

language() {  # the scene's first lines: Blender in that language
  cat <<PY
import bpy
view = bpy.context.preferences.view
view.language = "$1"
view.use_translate_interface = view.use_translate_tooltips = view.use_translate_reports = True
PY
}

panel_scene() {  # the sample baked by the operator (its report fills Last bake); only Foot IK open
  language "$1"
  cat <<'PY'
bpy.ops.overanim.build_sample_character()
bpy.ops.overanim.bake_foot_ik()
for panel in [cls for cls in bpy.types.Panel.__subclasses__()
              if getattr(cls, "bl_parent_id", "") == "OVERANIM_PT_main" and cls.__name__ != "OVERANIM_PT_foot_ik"
              and hasattr(bpy.types, cls.__name__)]:
    bpy.utils.unregister_class(panel)
    panel.bl_options = {*getattr(panel, "bl_options", ()), "DEFAULT_CLOSED"}
    bpy.utils.register_class(panel)
PY
}

step_scene() {  # $1 before|after: the sample at frame 18, its legs seen from its right side, orthographic
  if [ "$1" = after ]; then sed 's/^BAKE = False/BAKE = True/' "$HERE/step_view.py"; else cat "$HERE/step_view.py"; fi
}

for version in ${VERSIONS:-5.2 4.3}; do
  for scene in ${SCENES:-step panel}; do
    if [ "$scene" = step ]; then
      for when in before after; do
        step_scene "$when" | SHOT_FULLAREA=1 SHOT_DELAY=3 shoot "$version" "foot-on-step-$when"
        small "$version" "$WORK/foot-on-step-$when-$version.png" "$HERE/foot-on-step-$when-$version.png" \
          -crop 1100x850+345+70 +repage -resize 660x
        echo "$HERE/foot-on-step-$when-$version.png"
      done
    else
      for language in en_US:en ko_KR:ko; do
        name=panel-foot-ik-${language#*:}
        panel_scene "${language%%:*}" | SHOT_GEOM=1600x1400x24 shoot "$version" "$name"
        small "$version" "$WORK/$name-${version}_sidebar.png" "$HERE/$name-$version.png"
        echo "$HERE/$name-$version.png"
      done
    fi
  done
done
