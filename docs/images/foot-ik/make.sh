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
HERE=docs/images/foot-ik
WORK=out/screenshots/foot-ik
. docs/images/shots.sh

panel_scene() {  # the sample baked by the operator (its report fills Last bake); only Foot IK open
  language "$1"
  cat <<'PY'
bpy.ops.overanim.build_sample_character()
bpy.ops.overanim.bake_foot_ik()
PY
  only_open '("OVERANIM_PT_foot_ik",)'
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
