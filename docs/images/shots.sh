# What the docs' real-window shot scripts share (walkthrough/make.sh, walkthrough/make-31.sh,
# foot-ik/make.sh): sourced after the script sets WORK, its scratch folder inside the checkout (the
# real-blender tool mounts only the checkout). REAL_BLENDER_ROOT_4_3 / REAL_BLENDER_ROOT_5_2 pick
# each version's chroot.
SHOT=../shared/tools/real-blender/shot.sh
mkdir -p "$WORK"

shoot() {  # version, name, then the scene's Python on stdin; leaves $WORK/<name>-<version>.png
  local version=$1 name=$2 var="REAL_BLENDER_ROOT_${1/./_}"
  cat > "$WORK/$name-$version.py"
  env REAL_BLENDER_VERSION="$version" ${!var:+REAL_BLENDER_ROOT=${!var}} bash "$SHOT" overanim_addon \
    "$WORK/$name-$version.png" "$WORK/$name-$version.py" > "$WORK/$name-$version.log" 2>&1 \
    || { cat "$WORK/$name-$version.log" >&2; exit 1; }
}

small() {  # version, the shot, the PNG to keep, then ImageMagick options (a crop, a resize): 128 colours,
  # by ImageMagick inside the version's chroot
  local version=$1 var="REAL_BLENDER_ROOT_${1/./_}" root in=$2 out=$3
  shift 3
  root=${!var:-$(REAL_BLENDER_VERSION=$version bash -c ". $(dirname "$SHOT")/root.sh; echo \$ROOT")}
  cp "$in" "$root/tmp/shot-in.png"
  chroot "$root" convert /tmp/shot-in.png "$@" -strip +dither -colors 128 PNG8:/tmp/shot-out.png
  cp "$root/tmp/shot-out.png" "$out"
}

language() {  # the scene's first lines: Blender in that language
  cat <<PY
import bpy
view = bpy.context.preferences.view
view.language = "$1"
view.use_translate_interface = view.use_translate_tooltips = view.use_translate_reports = True
PY
}

only_open() {  # the sub-panels but those named (a Python tuple of class names) re-registered closed;
  # their bl_order keeps their place
  cat <<PY
for panel in [cls for cls in bpy.types.Panel.__subclasses__()
              if getattr(cls, "bl_parent_id", "") == "OVERANIM_PT_main" and cls.__name__ not in $1
              and hasattr(bpy.types, cls.__name__)]:
    bpy.utils.unregister_class(panel)
    panel.bl_options = {*getattr(panel, "bl_options", ()), "DEFAULT_CLOSED"}
    bpy.utils.register_class(panel)
PY
}
