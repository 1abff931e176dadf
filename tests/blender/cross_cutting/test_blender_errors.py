"""``blender_errors.operator_failure``: the reason one of Blender's own operators gave, read from the
RuntimeError bpy.ops raises (the batch's open and save, the FBX export)."""

from __future__ import annotations

import bpy
import pytest

from overanim_addon.blender_errors import operator_failure


def raised_by(call) -> RuntimeError:
    with pytest.raises(RuntimeError) as raised:
        call()
    return raised.value


def test_an_operators_error_report_is_its_text_without_the_level(empty_scene, tmp_path):
    missing = tmp_path / "nope.blend"
    error = raised_by(lambda: bpy.ops.wm.open_mainfile(filepath=str(missing), load_ui=False, use_scripts=False))
    assert str(error).startswith("Error: ")
    text = operator_failure(error)
    assert str(missing) in text and not text.startswith("Error") and text == text.strip()
    error = raised_by(lambda: bpy.ops.wm.save_as_mainfile(filepath=str(tmp_path / "no/such/x.blend"), copy=True))
    assert "No such file or directory" in operator_failure(error) and "\n" not in operator_failure(error)


class Failing(bpy.types.Operator):
    """A Python operator that raises, as the FBX exporter does when a write fails."""

    bl_idname = "overanim_test.failing"
    bl_label = "Failing"

    def execute(self, context):
        raise OSError(27, "File too large")


def test_a_python_operators_traceback_gives_its_last_line():
    bpy.utils.register_class(Failing)
    try:
        error = raised_by(bpy.ops.overanim_test.failing)
    finally:
        bpy.utils.unregister_class(Failing)
    assert "Traceback" in str(error) and "Location:" in str(error)
    assert operator_failure(error) == "OSError: [Errno 27] File too large"


def test_any_other_error_is_its_own_text():
    assert operator_failure(OSError(28, "No space left on device")) == "[Errno 28] No space left on device"
    assert operator_failure(RuntimeError("")) == ""
