"""The tests run against the real Blender module, never against the fake-bpy-module stubs."""

from pathlib import Path

import bpy


def test_bpy_is_the_real_blender_module():
    assert bpy.app.version >= (4, 2, 0)
    assert "-stubs" not in Path(bpy.__file__).parts[-2]
    # stubs have no RNA behind them: a real data-block can be created and found again
    mesh = bpy.data.meshes.new("probe")
    try:
        assert bpy.data.meshes["probe"].as_pointer() != 0
    finally:
        bpy.data.meshes.remove(mesh)


def test_blender_writes_its_config_to_a_temporary_folder():
    user_config = Path(bpy.utils.resource_path("USER"))
    assert "overanim-blender-user-" in str(user_config)
