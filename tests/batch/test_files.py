"""Which files a batch takes, where results go, and what is done with the leftovers of a save."""

import os
import re
import threading
from pathlib import Path

import pytest

from overanim_headless.files import (
    absolute,
    clean_leftover,
    is_complete_blend,
    leftovers_of,
    output_path,
    select,
    temp_path,
)

BLEND = b"BLENDER-v405" + b"\0" * 100 + b"ENDB" + b"\0" * 20  # what the checks look at: start and end


def tree(root: Path, names: list[str]) -> Path:
    for name in names:
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_bytes(BLEND)
    return root


def test_folders_are_searched_recursively_in_a_stable_order_with_what_must_be_skipped(tmp_path):
    lib = tree(tmp_path / "lib", ["b.blend", "a/z.blend", "a/b/c.blend", "A.BLEND", "x.blend1", "y.blend@",
                                  ".z.blend.overanim-save", ".hidden/h.blend", "a/.h/i.blend", ".dot.blend",
                                  "notes.txt", "out/o.blend"])
    selection = select([lib], skip=[lib / "out"])
    assert selection.root == lib
    assert [selection.relative(p) for p in selection.files] == ["A.BLEND", "a/b/c.blend", "a/z.blend", "b.blend"]
    assert [p.name for p in selection.leftovers] == [".z.blend.overanim-save", "y.blend@"]


def test_files_as_given_each_once_and_the_missing_named(tmp_path):
    lib = tree(tmp_path / "lib", ["chars/hero.blend", "props/cup.blend"])
    (lib / "chars/link.blend").symlink_to(lib / "chars/hero.blend")
    selection = select([lib / "props/cup.blend", lib / "chars", lib / "chars/hero.blend", lib / "gone.blend",
                        lib / "gone.blend"])  # named twice: once in the report (a merge refuses a file twice)
    assert selection.root == lib  # the common folder of the paths given
    assert [selection.relative(p) for p in selection.files] == ["chars/hero.blend", "props/cup.blend"]
    assert selection.missing == {lib / "gone.blend": "no such file or folder"}


def test_a_root_and_the_output_mirror(tmp_path):
    lib = tree(tmp_path / "lib", ["chars/a/hero.blend"])
    selection = select([lib / "chars/a/hero.blend"], root=lib)
    assert selection.relative(selection.files[0]) == "chars/a/hero.blend"
    assert output_path(selection.files[0], selection, tmp_path / "out") == tmp_path / "out/chars/a/hero.blend"


def test_paths_are_made_absolute_against_the_real_working_directory(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("PWD", "/somewhere/else")
    assert absolute("a/../b.blend") == tmp_path / "b.blend"
    assert absolute("/x/./y.blend") == Path("/x/y.blend")


@pytest.mark.parametrize(("data", "expected"), [
    (BLEND, True),
    (BLEND[:60], False),  # cut before its end block
    (b"", False),
    (b"\x28\xb5\x2f\xfd" + b"zstd frames" + b"\x00" * 8 + b"\xb1\xea\x92\x8f", True),  # ends with its seek table
    (b"\x28\xb5\x2f\xfd" + b"zstd frames, cut", False),
    (b"\x1f\x8b" + b"gzip", None),  # cannot tell without decompressing
    (b"not a blend ENDB", False),
])
def test_whether_a_blend_file_was_written_to_the_end(tmp_path, data, expected):
    (tmp_path / "f").write_bytes(data)
    assert is_complete_blend(tmp_path / "f") is expected


def test_two_saves_of_one_file_never_share_a_temporary_file(tmp_path):
    """Two runs at once (two TDs, a farm task run again while its first copy still works, a library
    listing one file through two links): with one temporary name, Blender could write both saves
    into one file, and a mix of the two that ends like a whole file replaced the target."""
    hero = tmp_path / "hero.blend"
    names = {temp_path(hero).name for _ in range(20)}
    assert len(names) == 20
    assert all(re.fullmatch(r"\.hero\.blend\.[0-9a-f]{8}\.overanim-save", name) for name in names)


def test_leftovers_ours_always_go_blenders_only_when_incomplete(tmp_path):
    hero = tmp_path / "hero.blend"
    hero.write_bytes(BLEND)
    ours = temp_path(hero)
    ours.write_bytes(BLEND)  # complete, but the source beside it is intact: ours goes
    ours.with_name(ours.name + "@").write_bytes(BLEND[:50])
    older = tmp_path / ".hero.blend.overanim-save"  # the name before saves had their own
    older.write_bytes(BLEND)
    (tmp_path / ".villain.blend.overanim-save").write_bytes(BLEND)  # another file's
    tmp_path.joinpath("hero.blend@").write_bytes(BLEND)  # complete: maybe someone's only copy
    expected = ["hero.blend@", ours.name, ours.name + "@", older.name]
    assert sorted(p.name for p in leftovers_of([hero])) == sorted(expected)
    cleaned = {p.name: clean_leftover(p) for p in leftovers_of([hero])}
    assert {name: c.removed for name, c in cleaned.items()} == {
        "hero.blend@": False, ours.name: True, ours.name + "@": True, older.name: True}
    assert cleaned[ours.name].bytes == len(BLEND)
    assert sorted(os.listdir(tmp_path)) == [".villain.blend.overanim-save", "hero.blend", "hero.blend@"]
    (tmp_path / "hero.blend@").write_bytes(BLEND[:50])
    assert clean_leftover(tmp_path / "hero.blend@").removed and not (tmp_path / "hero.blend@").exists()


def test_anything_not_a_regular_file_is_skipped_at_listing_time_and_named_for_what_it_is(tmp_path):
    """Issue 19.6: a FIFO named *.blend blocked its worker until the timeout (opening it waits for a
    writer); named on the command line it was called "no such file or folder"."""
    lib = tree(tmp_path / "lib", ["hero.blend"])
    os.mkfifo(lib / "pipe.blend")
    (lib / "link.blend").symlink_to(lib / "pipe.blend")
    (lib / "gone.blend").symlink_to(lib / "nothing.blend")  # a broken link stays a file that cannot be opened
    selection = select([lib])
    assert [selection.relative(p) for p in selection.files] == ["gone.blend", "hero.blend"]
    why = "not a regular file: a named pipe (FIFO)"
    assert selection.skipped == {lib / "link.blend": why, lib / "pipe.blend": why}
    named = select([lib / "pipe.blend", lib / "hero.blend", lib / "nope.blend"])
    assert named.files == [lib / "hero.blend"] and named.skipped == {}
    assert named.missing == {lib / "pipe.blend": why, lib / "nope.blend": "no such file or folder"}


def test_a_leftover_that_is_not_a_regular_file_is_left_alone_without_waiting_on_it(tmp_path):
    pipe = tmp_path / "hero.blend@"
    os.mkfifo(pipe)
    result = []
    worker = threading.Thread(target=lambda: result.append(clean_leftover(pipe)), daemon=True)
    worker.start()
    worker.join(5)
    if worker.is_alive():  # blocked opening it: a writer end lets it go
        os.close(os.open(pipe, os.O_WRONLY | os.O_NONBLOCK))
        worker.join(5)
        pytest.fail("cleaning a FIFO leftover waited for a writer")
    (left,) = result
    assert not left.removed and pipe.exists() and "not a regular file" in left.why
