"""Export for Unreal writes all the files of an export or none of them: a target it may not write
is refused before anything is written, a file that cannot be replaced leaves every file as it was,
a full disk is called so; never a temporary file left behind. Each error names the file. What an
export killed part way left, the next export into that folder removes, unless a live process is
still writing it."""

import re
import subprocess
import sys
from pathlib import Path

import bpy
import pytest

from ...batch_support import ROOT, script_command, snapshot
from ...safe_file_writers import LIVE_WRITER, other_programs_files
from ..fbx_helpers import read
from ..helpers import chattr, fill_disk

KILLED_EXPORT = Path(__file__).parents[1] / "export_killed.py"
TEMPORARY = re.compile(r"\.overanim\.hero(_LOD1)?\.fbx\..*\.tmp\.fbx")


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


def temporaries(folder):
    return sorted(p.name for p in folder.iterdir() if TEMPORARY.fullmatch(p.name))


@pytest.mark.parametrize("phase", ["written", "second"])
def test_the_next_export_removes_what_a_killed_export_left(exported, tmp_path, phase, reports):
    """A real export SIGKILLed (in a process of its own) once its temporary files were written, or as
    it began the second: the files it left are hidden and as large as an export; the targets stay
    whole, and the next export into the folder leaves none of them behind."""
    blend = tmp_path / "hero.blend"
    bpy.ops.wm.save_as_mainfile(filepath=str(blend), copy=True)
    before = snapshot(exported)
    killed = subprocess.run(script_command(KILLED_EXPORT, blend, exported / "hero.fbx", phase), capture_output=True,
                            text=True, timeout=300, check=False)
    assert killed.returncode == -9, killed.stdout + killed.stderr
    left = temporaries(exported)
    assert len(left) == 2 and (exported / left[0]).stat().st_size > 10_000, left  # what issue 25 found
    assert {name: data for name, data in snapshot(exported).items() if name not in left} == before
    assert export(exported / "hero.fbx") == {"FINISHED"}
    assert sorted(p.name for p in exported.iterdir()) == ["hero.fbx", "hero_LOD1.fbx"]
    said = f"Removed 2 temporary files interrupted exports left in {exported}"
    assert [level for level, message in reports if str(message) == said] == ["INFO"]
    for name in ("hero.fbx", "hero_LOD1.fbx"):
        assert read(exported / name).objects  # Blender's FBX reader parses it to the end


def test_an_export_leaves_another_live_exports_temporary_file_alone(exported):
    """Another process exporting into the same folder at the same time: its temporary file is its own."""
    with subprocess.Popen([sys.executable, "-c", LIVE_WRITER, str(exported / "hero.fbx")], cwd=ROOT,
                          stdout=subprocess.PIPE, text=True) as live:
        try:
            theirs = Path(live.stdout.readline().strip())
            assert export(exported / "hero.fbx") == {"FINISHED"}
            assert theirs.read_bytes() == b"an export in progress"
        finally:
            live.kill()
    assert export(exported / "hero.fbx") == {"FINISHED"}  # once that process is gone, its file goes
    assert sorted(p.name for p in exported.iterdir()) == ["hero.fbx", "hero_LOD1.fbx"]


def test_an_export_leaves_another_programs_hidden_files_alone(exported):
    """Issue 31: `.notes.txt.deadbeef.tmp.txt` and `.hero.json.0badc0de.tmp.json`, untouched for
    100 minutes beside an export, were taken for a killed export's leftovers and deleted."""
    theirs = other_programs_files(exported)
    assert export(exported / "hero.fbx") == {"FINISHED"}
    assert sorted(p.name for p in exported.iterdir()) == sorted([*theirs, "hero.fbx", "hero_LOD1.fbx"])
