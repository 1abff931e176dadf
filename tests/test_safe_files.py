"""safe_files without bpy: a replacement of several files killed between its renames is rolled back
the next time a write checks that folder, so no export is left half old and half new; the temporary
files of writes killed before their renames go then too, never a live process's."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from overanim_addon import safe_files

from .safe_file_writers import LIVE_WRITER, age, other_programs_files

ROOT = Path(__file__).resolve().parent.parent

KILLED = textwrap.dedent("""
    import os, signal, sys
    from pathlib import Path
    from overanim_addon import safe_files
    folder = Path(sys.argv[1])
    pairs = []
    for name in ("hero.fbx", "hero_LOD1.fbx", "hero_LOD2.fbx"):
        temp = safe_files.owned_sibling(folder / name)
        temp.write_text("new " + name)
        pairs.append((temp, folder / name))
    renames = 0
    real_replace = os.replace
    def replace(source, target):
        global renames
        real_replace(source, target)
        if Path(source).suffix == ".fbx" and str(source).endswith(".tmp.fbx"):
            renames += 1
            if renames == int(sys.argv[2]):
                os.kill(os.getpid(), signal.SIGKILL)
    os.replace = replace
    safe_files.replace_all(pairs)
""")


def killed_replacement(folder: Path, after: int) -> None:
    """hero.fbx and its LOD1 exist from an earlier export (LOD2 is new); a process replacing all
    three is killed right after its ``after``-th rename."""
    for name in ("hero.fbx", "hero_LOD1.fbx"):
        (folder / name).write_text("old " + name)
    done = subprocess.run([sys.executable, "-c", KILLED, str(folder), str(after)], cwd=ROOT, check=False)
    assert done.returncode == -9


def contents(folder: Path) -> dict[str, str]:
    return {p.name: p.read_text() for p in sorted(folder.iterdir())}


@pytest.mark.parametrize("after", [1, 2, 3])
def test_a_replacement_killed_between_renames_is_rolled_back(tmp_path, after):
    killed_replacement(tmp_path, after)
    torn = contents(tmp_path)
    assert torn["hero.fbx"] == "new hero.fbx"  # half old, half new, and the leftovers beside
    assert any(name.endswith(".kept") for name in torn) and any(name.endswith(".journal") for name in torn)
    restored = safe_files.recover(tmp_path)
    assert contents(tmp_path) == {"hero.fbx": "old hero.fbx", "hero_LOD1.fbx": "old hero_LOD1.fbx"}
    # LOD2 had no file before: once renamed into place (after the third rename) it goes again
    expected = ["hero.fbx", "hero_LOD1.fbx"] + (["hero_LOD2.fbx"] if after == 3 else [])
    assert sorted(p.name for p in restored) == expected


def test_the_next_write_recovers_first_and_leaves_nothing_behind(tmp_path):
    killed_replacement(tmp_path, 2)
    safe_files.check_targets([tmp_path / "hero.fbx"])  # what an export or a batch save does first
    assert contents(tmp_path) == {"hero.fbx": "old hero.fbx", "hero_LOD1.fbx": "old hero_LOD1.fbx"}
    pairs = []
    for name in ("hero.fbx", "hero_LOD1.fbx"):
        temp = safe_files.owned_sibling(tmp_path / name)
        temp.write_text("newer " + name)
        pairs.append((temp, tmp_path / name))
    safe_files.replace_all(pairs)
    assert contents(tmp_path) == {"hero.fbx": "newer hero.fbx", "hero_LOD1.fbx": "newer hero_LOD1.fbx"}


def test_a_replacement_still_running_in_another_process_is_left_alone(tmp_path):
    (tmp_path / "hero.fbx").write_text("old")
    temp = safe_files.owned_sibling(tmp_path / "hero.fbx")
    temp.write_text("new")
    kept = safe_files.owned_record(tmp_path / "hero.fbx", safe_files.KEPT)
    safe_files.link_or_copy(tmp_path / "hero.fbx", kept)
    alive = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(30)"])
    try:
        journal = safe_files.owned_record(tmp_path / "hero.fbx", safe_files.JOURNAL)
        journal.write_text(f'{{"pid": {alive.pid}, "host": "{os.uname().nodename}", "files": '
                           f'[{{"temp": "{temp}", "target": "{tmp_path / "hero.fbx"}", "kept": "{kept}"}}]}}')
        assert safe_files.recover(tmp_path) == []
        assert journal.exists() and temp.exists()
    finally:
        alive.kill()
        alive.wait()
    assert safe_files.recover(tmp_path) == [tmp_path / "hero.fbx"]
    assert contents(tmp_path) == {"hero.fbx": "old"}


@pytest.mark.parametrize("journal", [".x.journal", ".overanim.hero.fbx.0badc0de.journal"])
def test_a_journal_naming_files_not_ours_touches_none_of_them(tmp_path, journal):
    """Issue 31's probe: recovery took any hidden *.journal for its own and removed the files it named.
    Only our prefix's journal is read, and only when every file it names is our temporary or kept copy
    of its target in the same folder."""
    for name in ("victim.txt", "victim2.txt", "hero.fbx"):
        (tmp_path / name).write_text("theirs")
    (tmp_path.parent / "outside.fbx").write_text("theirs")
    entries = [{"temp": str(tmp_path / "victim.txt"), "target": str(tmp_path / "victim2.txt"), "kept": None},
               {"temp": str(tmp_path.parent / "outside.fbx"), "target": str(tmp_path / "hero.fbx"), "kept": None}]
    (tmp_path / journal).write_text(json.dumps({"pid": 0, "host": "elsewhere", "files": entries}))
    age(tmp_path / journal, 10 * safe_files.FOREIGN_JOURNAL_SECONDS)
    before = contents(tmp_path)
    assert safe_files.recover(tmp_path) == []
    assert contents(tmp_path) == before and (tmp_path.parent / "outside.fbx").read_text() == "theirs"


def test_an_unreadable_journal_changes_nothing(tmp_path):
    (tmp_path / "hero.fbx").write_text("old")
    (tmp_path / ".hero.fbx.0000.journal").write_text("{not json")
    assert safe_files.recover(tmp_path) == []
    assert contents(tmp_path) == {".hero.fbx.0000.journal": "{not json", "hero.fbx": "old"}


WRITER_KILLED = textwrap.dedent("""
    import os, signal, sys
    from pathlib import Path
    from overanim_addon import safe_files
    temp = safe_files.owned_sibling(Path(sys.argv[1]))
    with temp.open("wb") as handle:
        handle.write(b"half an export")
        handle.flush()
        os.kill(os.getpid(), signal.SIGKILL)
""")
def test_the_next_write_removes_the_temporary_file_of_a_killed_write(tmp_path):
    (tmp_path / "hero.fbx").write_text("old")
    done = subprocess.run([sys.executable, "-c", WRITER_KILLED, str(tmp_path / "hero.fbx")], cwd=ROOT, check=False)
    assert done.returncode == -9
    (left,) = [p for p in tmp_path.iterdir() if p.name != "hero.fbx"]
    assert left.name.startswith(".overanim.hero.fbx.") and left.name.endswith(".tmp.fbx")
    safe_files.check_targets([tmp_path / "hero.fbx"])  # what an export or a batch save does first
    assert contents(tmp_path) == {"hero.fbx": "old"}


def test_a_live_processs_temporary_file_is_left_alone_until_it_ends(tmp_path):
    with subprocess.Popen([sys.executable, "-c", LIVE_WRITER, str(tmp_path / "hero.fbx")], cwd=ROOT,
                          stdout=subprocess.PIPE, text=True) as live:
        try:
            theirs = Path(live.stdout.readline().strip())
            assert safe_files.remove_stale_temporaries(tmp_path) == []
            safe_files.check_targets([tmp_path / "hero.fbx"])
            assert theirs.read_bytes() == b"an export in progress"
        finally:
            live.kill()
            live.wait()
    assert safe_files.remove_stale_temporaries(tmp_path) == [theirs]


def test_a_temporary_file_that_cannot_say_whether_its_writer_lives_goes_when_old(tmp_path):
    temp = tmp_path / ".overanim.hero.fbx.1f2e3d4c.4242-00000000.tmp.fbx"  # another machine's (shared folder)
    temp.write_text("new")
    assert safe_files.remove_stale_temporaries(tmp_path) == []  # recent: its writer may be at work
    age(temp, safe_files.FOREIGN_JOURNAL_SECONDS - 60)
    assert safe_files.remove_stale_temporaries(tmp_path) == []
    age(temp, safe_files.FOREIGN_JOURNAL_SECONDS + 60)
    assert safe_files.remove_stale_temporaries(tmp_path) == [temp]


def test_files_that_are_no_temporary_of_ours_stay(tmp_path):
    names = ["overanim.hero.fbx.1f2e3d4c.1-00000000.tmp.fbx", ".overanim.hero.fbx.1f2e3d4c.1-00000000.tmp.obj",
             ".overanim.notes.txt.1f2e3d4c.1-00000000.tmp.txt", ".overanim.hero.fbx.notatoken.1-00000000.tmp.fbx",
             ".hero.blend.1f2e3d4c.overanim-save", ".hero.fbx.1f2e3d4c.journal.tmp", ".notes.txt"]
    for name in names:
        (tmp_path / name).write_text("theirs")
        age(tmp_path / name, 10 * safe_files.FOREIGN_JOURNAL_SECONDS)
    folder = ".overanim.hero.fbx.1f2e3d4c.1-00000000.tmp.fbx"
    (tmp_path / folder).mkdir()  # a folder by that name is no file of ours
    assert safe_files.remove_stale_temporaries(tmp_path) == []
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted([*names, folder])


def test_another_programs_temporary_files_stay_whatever_their_age(tmp_path):
    """Issue 31: the clean-up took any `.<name>.<ext>.<8 hex>.tmp.<ext>` for its own."""
    theirs = other_programs_files(tmp_path)
    ours = safe_files.owned_sibling(tmp_path / "hero.fbx")
    ours.write_text("a killed export")
    age(ours, 10 * safe_files.FOREIGN_JOURNAL_SECONDS)
    assert safe_files.check_targets([tmp_path / "hero.fbx"]) == [ours]  # its own still goes (this pid: not running)
    assert sorted(p.name for p in tmp_path.iterdir()) == theirs
    assert all((tmp_path / name).read_text() == "theirs" for name in theirs)


def test_a_temporary_name_says_it_is_ours_and_only_for_the_kinds_we_write(tmp_path):
    name = safe_files.owned_sibling(tmp_path / "hero.fbx").name
    assert name.startswith(".overanim.hero.fbx.") and name.endswith(".tmp.fbx")
    with pytest.raises(ValueError):
        safe_files.owned_sibling(tmp_path / "notes.txt")
