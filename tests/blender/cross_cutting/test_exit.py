"""A script that registers the add-on in the bpy module and never unregisters it must still end:
the bpy module hangs at exit while Python classes are registered, so the add-on unregisters itself."""

import subprocess
import sys
from pathlib import Path

import bpy
import pytest

ROOT = Path(__file__).resolve().parents[3]
SCRIPT = """
import bpy, overanim_addon
overanim_addon.register()
bpy.ops.overanim.build_sample_character()
print("registered", flush=True)
"""


def assert_exits_promptly(script, tmp_path, hung):
    try:
        result = subprocess.run([sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True, timeout=60,
                                env={"BLENDER_USER_RESOURCES": str(tmp_path), "PATH": "/usr/bin:/bin"}, check=False)
    except subprocess.TimeoutExpired:
        pytest.fail(hung)
    assert result.returncode == 0, result.stderr[-2000:]
    assert "registered" in result.stdout


def test_a_script_that_never_unregisters_exits_promptly(tmp_path):
    if bpy.app.binary_path:
        pytest.skip("a real Blender unregisters add-ons itself on quit")
    assert_exits_promptly(SCRIPT, tmp_path, "the interpreter hung at exit with the add-on registered")


@pytest.mark.parametrize("ending", ["", "overanim_addon.unregister()\n"], ids=["at exit", "by hand"])
def test_a_file_loaded_after_registering_does_not_hang_the_exit(tmp_path, ending):
    """A file load drops what register() left for later (Live Preview's start-up timer, which never
    runs in the bpy module); dropped so, it hung bpy 4.5 at exit: the demo and every batch worker."""
    if bpy.app.binary_path:
        pytest.skip("a real Blender unregisters add-ons itself on quit")
    script = SCRIPT.replace("overanim_addon.register()\n",
                            "overanim_addon.register()\nbpy.ops.wm.read_homefile(use_empty=True)\n") + ending
    assert "read_homefile" in script
    assert_exits_promptly(script, tmp_path, "the interpreter hung at exit after a file load")


def test_unregistering_by_hand_first_is_fine_too(tmp_path):
    if bpy.app.binary_path:
        pytest.skip("a real Blender unregisters add-ons itself on quit")
    script = SCRIPT + "overanim_addon.unregister()\noveranim_addon.unregister()\n"
    result = subprocess.run([sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True, timeout=60,
                            env={"BLENDER_USER_RESOURCES": str(tmp_path), "PATH": "/usr/bin:/bin"}, check=False)
    assert result.returncode == 0, result.stderr[-2000:]


@pytest.mark.parametrize("ending", ["", "rig.overanim.live_preview = False\nrig.update_tag()\n"
                                    "bpy.context.view_layer.update()\n"], ids=["left on", "set off"])
def test_live_preview_set_from_a_script_does_not_hang_or_crash_the_exit(tmp_path, ending):
    """The flag set from Python starts Live Preview at the next update (its always-installed
    depsgraph handler and its timer, no property callback: one crashed bpy 4.2 at exit)."""
    if bpy.app.binary_path:
        pytest.skip("a real Blender unregisters add-ons itself on quit")
    script = SCRIPT + (
        "from overanim_addon.blender.masks.live import lifecycle\n"
        "rig = bpy.data.objects['SK_OverAnimSample']\n"
        "rig.overanim.live_preview = True\n"
        "rig.update_tag()\n"
        "bpy.context.view_layer.update()\n"
        "assert lifecycle._on_depsgraph_update_post in bpy.app.handlers.depsgraph_update_post\n") + ending
    assert_exits_promptly(script, tmp_path, "the interpreter hung at exit with Live Preview set from a script")
