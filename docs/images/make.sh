#!/usr/bin/env bash
# Remake the README's sidebar screenshots in a real Blender 5.2 LTS window (REAL_BLENDER_VERSION=4.3
# for 4.3; ../shared/tools/real-blender/, set up once as root), at the sidebar's default width in a
# 1600x1000 window. Run from the project root:
#   bash docs/images/make.sh
# REAL_BLENDER_ROOT_4_3 / REAL_BLENDER_ROOT_5_2 pick each version's chroot (as tasks.py reads them).
set -euo pipefail
SHOT=../shared/tools/real-blender/shot.sh
export REAL_BLENDER_VERSION=${REAL_BLENDER_VERSION:-5.2}
WORK=out/screenshots  # inside the checkout: the tool mounts only this folder
root_of() {  # the chroot of version $1: REAL_BLENDER_ROOT_<v> when set, else the tool's default
  local var="REAL_BLENDER_ROOT_${1/./_}"
  if [ -n "${!var:-}" ]; then echo "${!var}"; fi
}
with_root() {  # run "$@" with REAL_BLENDER_ROOT set for REAL_BLENDER_VERSION, when one is given
  local root; root=$(root_of "$REAL_BLENDER_VERSION")
  if [ -n "$root" ]; then REAL_BLENDER_ROOT=$root "$@"; else "$@"; fi
}
mkdir -p "$WORK"

scene() {  # name, then the scene's Python on stdin
  cat > "$WORK/$1.py"
  for attempt in 1 2 3; do  # the tool's chroot is shared: a concurrent shot can spoil one
    if with_root bash "$SHOT" overanim_addon "$WORK/$1.png" "$WORK/$1.py" > "$WORK/$1.log" 2>&1; then
      cp "$WORK/$1_sidebar.png" "docs/images/panel-$1.png"
      echo "docs/images/panel-$1.png"
      return
    fi
    sleep $((attempt * 5))
  done
  cat "$WORK/$1.log" >&2
  exit 1
}

scene new-sample <<'PY'
import bpy
bpy.ops.overanim.build_sample_character()
PY

scene measure-warning <<'PY'
import bpy
bpy.ops.overanim.build_sample_character()
bpy.context.active_object.scale = (1.02, 1.02, 1.02)
bpy.ops.overanim.measure_proportions()
PY

scene paint <<'PY'
import bpy
bpy.ops.overanim.build_sample_character()
regions = bpy.context.active_object.overanim.regions
regions["LeftArm"].mask_channel, regions["Spine"].mask_channel, regions["Head"].mask_channel = "R", "G", "B"
bpy.ops.overanim.paint_region_masks()
bpy.ops.overanim.check_lod_coverage()
PY

scene ko <<'PY'
import bpy
view = bpy.context.preferences.view
view.language = "ko_KR"
view.use_translate_interface = view.use_translate_tooltips = view.use_translate_reports = True
bpy.ops.overanim.build_sample_character()
bpy.context.active_object.scale = (1.02, 1.02, 1.02)
bpy.ops.overanim.run_checks()  # Results stay closed: the Regions list, with the artist's names, shows
PY

# Foot IK in Korean, in each real Blender (the scene is the i18n test's own)
for version in 4.3 5.2; do
  REAL_BLENDER_VERSION=$version with_root bash "$SHOT" overanim_addon "$WORK/ko-foot-ik.png" \
    tests/real_blender/i18n_foot_ik.py > "$WORK/ko-foot-ik.log" 2>&1 || { cat "$WORK/ko-foot-ik.log" >&2; exit 1; }
  cp "$WORK/ko-foot-ik_sidebar.png" "docs/images/panel-ko-foot-ik-$version.png"
  echo "docs/images/panel-ko-foot-ik-$version.png"
done
