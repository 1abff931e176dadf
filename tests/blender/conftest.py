"""Fixtures for tests against the real bpy module (imported once per process)."""

from __future__ import annotations

from pathlib import Path

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


@pytest.fixture
def rig(sample):
    """The sample with Unreal-style IK foot bones (``ik_foot_root`` > ``ik_foot_l``/``_r``), for foot IK."""
    from overanim_addon.blender.sample.walk import add_foot_ik_bones

    add_foot_ik_bones(sample)
    return sample


@pytest.fixture(scope="session")
def batch_library(addon, tmp_path_factory):
    """The batch tests' character library (tests/batch_library.py), built once per session; tests
    that write into it work on a copy (``library``)."""
    from .. import batch_library as builder

    out = builder.build(tmp_path_factory.mktemp("library"))
    bpy.ops.wm.read_homefile(use_empty=True)
    return out


@pytest.fixture
def library(batch_library, tmp_path):
    """A fresh copy of the library for one test."""
    import shutil

    return Path(shutil.copytree(batch_library, tmp_path / "library"))


@pytest.fixture
def small_disk(tmp_path):
    """``small_disk(kilobytes)``: a folder on a file system of its own that size (a tmpfs), for a
    full disk the way an artist meets it (ENOSPC, not a file-size limit). Skips when this process may
    not mount one (not root, or a container without the right); unmounted at the end."""
    import subprocess

    mounted: list[Path] = []

    def mount(kilobytes: int) -> Path:
        folder = tmp_path / f"disk{len(mounted)}"
        folder.mkdir()
        done = subprocess.run(["mount", "-t", "tmpfs", "-o", f"size={kilobytes}k", "tmpfs", str(folder)],
                              capture_output=True, text=True, check=False)
        if done.returncode != 0:
            pytest.skip(f"cannot mount a small tmpfs to fill ({done.stderr.strip() or done.returncode}): "
                        "the full disk is not tested")
        mounted.append(folder)
        return folder

    yield mount
    for folder in mounted:
        subprocess.run(["umount", "-l", str(folder)], check=False)


@pytest.fixture(params=__import__("tests.real_blender", fromlist=["VERSIONS"]).VERSIONS, ids=lambda v: f"real-{v}")
def real_binary(request):
    """A real Blender binary (4.3, then 5.2 LTS) through ../shared/tools/real-blender; a version
    whose chroot is not set up is skipped with the reason."""
    from ..real_blender import RealBlender

    binary = RealBlender(request.param)
    binary.require()
    return binary
