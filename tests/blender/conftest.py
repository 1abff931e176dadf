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


@pytest.fixture(autouse=True)
def reports(monkeypatch):
    """Every report an operator makes in a test, recorded (reports.py); a report that would not read
    in Korean (no Message, or a template without its ko_KR entry) fails the test that made it."""
    from .reports import record, untranslated

    made = record(monkeypatch)
    yield made
    outside = [(level, str(message), untranslated(message)) for level, message in made if untranslated(message)]
    assert not outside, f"reports outside the ko_KR catalogue: {outside}"


@pytest.fixture(autouse=True)
def live_preview_off():
    """A test may turn Live Preview on: whatever it ends with, pass or fail, it goes off, so no
    handler of one test paints in the next."""
    yield
    if not hasattr(bpy.types.Object, "overanim"):  # the add-on is not registered: nothing can be on
        return
    from overanim_addon.blender.masks import live

    if bpy.context.object is not None and bpy.context.object.mode != "OBJECT":
        bpy.ops.object.mode_set(mode="OBJECT")
    for armature in live.live_armatures():
        live.set_live_preview(bpy.context, armature, False)
    assert not live.live_armatures()


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
def walker(sample):
    """The sample walking ``WALK_FRAMES`` frames (the scene range) over the demo's steps and slopes:
    far enough to walk up the terrain's 10 cm step."""
    from overanim_addon.blender.sample.walk import add_sample_walk

    from .helpers import WALK_FRAMES

    add_sample_walk(bpy.context, sample, frames=WALK_FRAMES)
    return sample


@pytest.fixture
def unselected(sample):
    """The sample with nothing active or selected: an engine is told its armature."""
    bpy.context.view_layer.objects.active = None
    for obj in bpy.context.scene.objects:
        obj.select_set(False)
    return sample


@pytest.fixture
def rig(sample):
    """The sample with Unreal-style IK foot bones (``ik_foot_root`` > ``ik_foot_l``/``_r``), for foot IK."""
    from overanim_addon.blender.sample.walk import add_foot_ik_bones

    add_foot_ik_bones(sample)
    return sample


@pytest.fixture(scope="module")
def mixamo_glb(addon, tmp_path_factory):
    """The Mixamo-shaped character at object scale 0.01, written once a module with the glTF exporter."""
    from .imported_characters import write_mixamo_glb

    path = tmp_path_factory.mktemp("mixamo") / "mixamo.glb"
    write_mixamo_glb(path)
    return path


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


@pytest.fixture(scope="session")
def rigify_file(addon, tmp_path_factory):
    """A rig generated by the bundled Rigify add-on from its Basic Human metarig, with a body skinned
    by automatic weights (tests/blender/real_characters.py), built once per session and saved; Rigify
    is disabled again at the end (bpy 4.5 hangs at exit with Python classes still registered)."""
    import addon_utils

    from .real_characters import build_rigify

    try:
        yield build_rigify(tmp_path_factory.mktemp("rigify") / "rigify.blend")
    finally:
        bpy.ops.wm.read_homefile(use_empty=True)
        addon_utils.disable("rigify", default_set=True)


@pytest.fixture
def rigify(rigify_file):
    """The generated Rigify rig, opened fresh for each test, active."""
    from .real_characters import open_rigify

    return open_rigify(rigify_file)
