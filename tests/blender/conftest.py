"""Fixtures for tests against the real bpy module (imported once per process)."""

from __future__ import annotations

import bpy
import pytest


@pytest.fixture(scope="session")
def addon():
    """Register the add-on once for the session and always unregister it: bpy 4.5 hangs at exit
    while Python operator/panel classes are still registered."""
    import overanim_addon

    overanim_addon.register()
    try:
        yield overanim_addon
    finally:
        overanim_addon.unregister()


@pytest.fixture
def empty_scene():
    """A fresh, empty file for each test."""
    bpy.ops.wm.read_homefile(use_empty=True)
    yield bpy.context.scene


@pytest.fixture
def sample(addon, empty_scene):
    """The procedural sample humanoid, its armature active."""
    from overanim_addon.blender.sample.build import build_sample_character

    return build_sample_character(bpy.context)
