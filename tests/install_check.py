"""Run in a fresh process (the bpy module or a real Blender) by tests/blender/cross_cutting/test_extension.py:
install the built zip as a user would, enable it, use it from the installed copy, then disable and
remove it. Prints one JSON line.

    install_check.py -- <zip>                  # Install from Disk
    install_check.py -- --linked <package dir> # the README's development install: the package folder
                                               # linked into the user extensions repository"""

import json
import os
import sys

import bpy

args = sys.argv[sys.argv.index("--") + 1:] if "--" in sys.argv else sys.argv[1:]
out: dict = {"version": bpy.app.version_string}
module_name = "bl_ext.user_default.overanim"
link = None
if args[0] == "--linked":
    repo = bpy.utils.user_resource("EXTENSIONS", path="user_default", create=True)
    link = os.path.join(repo, "overanim")
    os.symlink(args[1], link)
    bpy.ops.extensions.repo_refresh_all()
    bpy.ops.preferences.addon_enable(module=module_name)
else:
    bpy.ops.extensions.package_install_files(filepath=args[0], repo="user_default", enable_on_install=True)
out["enabled"] = module_name in bpy.context.preferences.addons
module = sys.modules[module_name]
out["module_file"] = module.__file__
prefs = bpy.context.preferences.addons[module_name].preferences
out["preferences_default"] = prefs.reference_character_height
prefs.reference_character_height = 170.0  # a studio default, picked up by the sample character
bpy.ops.wm.read_homefile(use_empty=True)
out["sample"] = list(bpy.ops.overanim.build_sample_character())
armature = bpy.context.active_object
out["sample_reference_height"] = armature.overanim.calibration.reference_character_height
out["measure"] = list(bpy.ops.overanim.measure_proportions())
out["height"] = armature["OverAnim_CharacterHeightCS"]
out["scale"] = armature["OverAnim_CharacterScaleCS"]
out["paint"] = list(bpy.ops.overanim.paint_region_masks())
bpy.ops.preferences.addon_disable(module=module_name)
out["disabled"] = module_name not in bpy.context.preferences.addons and not hasattr(bpy.types.Object, "overanim")
if link is not None:  # only the link goes: uninstalling would empty the linked checkout
    os.unlink(link)
    out["removed"] = not os.path.lexists(link)
else:
    bpy.ops.extensions.package_uninstall(
        repo_index=[r.module for r in bpy.context.preferences.extensions.repos].index("user_default"),
        pkg_id="overanim")
    out["removed"] = not os.path.exists(os.path.dirname(module.__file__))
print("RESULT " + json.dumps(out))
