"""Export for Unreal writes all the files of an export or none of them: a target it may not write
is refused before anything is written, a file that cannot be replaced leaves every file as it was,
a full disk is called so; never a temporary file left behind. Each error names the file."""

import bpy
import pytest

from ..batch_support import snapshot
from .helpers import chattr, fill_disk


def export(path):
    return bpy.ops.overanim.export_fbx(filepath=str(path))


def refused(path):
    """The export's error report (the text of the RuntimeError bpy raises for it)."""
    with pytest.raises(RuntimeError) as raised:
        export(path)
    return str(raised.value)


@pytest.fixture
def exported(sample, tmp_path):
    """hero.fbx and hero_LOD1.fbx from an earlier export, and the rig changed since (a new export
    would write other bytes)."""
    folder = tmp_path / "out"
    folder.mkdir()
    assert export(folder / "hero.fbx") == {"FINISHED"}
    assert sorted(p.name for p in folder.iterdir()) == ["hero.fbx", "hero_LOD1.fbx"]
    sample.overanim.calibration.reference_character_height = 150.0
    return folder


def test_a_lod_file_that_cannot_be_replaced_leaves_the_main_file_as_it_was(exported):
    before = snapshot(exported)
    blocked = exported / "hero_LOD1.fbx"
    if not chattr(blocked, "+a"):
        pytest.skip("chattr +a is not available here: no file that cannot be replaced")
    try:
        message = refused(exported / "hero.fbx")
    finally:
        chattr(blocked, "-a")
    assert "Not exported: could not replace hero_LOD1.fbx: Operation not permitted" in message
    assert "the files there are as they were" in message
    assert snapshot(exported) == before  # hero.fbx too, and no temporary file


@pytest.mark.parametrize("name", ["hero.fbx", "hero_LOD1.fbx"])
def test_a_read_only_file_is_refused_before_anything_is_written(exported, name):
    before = snapshot(exported)
    (exported / name).chmod(0o444)  # root may write over it; the artist who locked it does not want that
    assert f"Not exported: {name} is read-only" in refused(exported / "hero.fbx")
    assert snapshot(exported) == before


def test_a_read_only_folder_is_refused_before_anything_is_written(exported):
    before = snapshot(exported)
    exported.chmod(0o555)
    try:
        message = refused(exported / "hero.fbx")
    finally:
        exported.chmod(0o755)
    assert f"Not exported: the folder {exported} is read-only" in message
    assert snapshot(exported) == before


def test_a_full_disk_is_called_so_and_the_old_files_stay(sample, small_disk):
    disk = small_disk(1024)  # room for one export (about 180 kB) and not much more
    assert export(disk / "hero.fbx") == {"FINISHED"}
    sample.overanim.calibration.reference_character_height = 150.0
    before = snapshot(disk)
    filler = fill_disk(disk)
    message = refused(disk / "hero.fbx")
    assert f"Not exported: could not write hero.fbx: the disk is full ({disk})" in message
    assert "Traceback" not in message
    filler.unlink()
    assert snapshot(disk) == before  # no temporary file left
