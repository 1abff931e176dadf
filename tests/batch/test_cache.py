"""The result cache's keys and the previous report it reads (overanim_headless/cache.py), without bpy:
what goes into a key, which previous entries can be reused, and a file changed while it is read."""

from __future__ import annotations

import hashlib
import os
from pathlib import Path

import pytest

from overanim_headless import cache, report

VERSIONS = {"blender_version": "5.2.4 LTS", "addon_version": "0.1.0", "addon_digest": "ab" * 32}


def test_content_hash_is_the_files_sha256_and_its_identity(tmp_path):
    path = tmp_path / "a.blend"
    path.write_bytes(b"BLENDER-v502" + bytes(3_000_000))  # several read blocks
    hashed = cache.content_hash(path)
    assert hashed.sha256 == hashlib.sha256(path.read_bytes()).hexdigest()
    stat = path.stat()
    assert hashed.identity == (stat.st_ino, stat.st_mtime_ns, stat.st_size)
    assert cache.still(path, hashed) and not cache.changed_since(path, hashed)
    os.utime(path, ns=(stat.st_atime_ns, stat.st_mtime_ns + 1_000_000_000))  # touched: same bytes
    assert not cache.still(path, hashed) and cache.changed_since(path, hashed)
    assert cache.content_hash(path).sha256 == hashed.sha256
    assert cache.content_hash(tmp_path / "gone.blend") == cache.Hashed(None, None)
    assert cache.hash_files([path, tmp_path / "gone.blend"]) == [cache.content_hash(path), cache.Hashed(None, None)]


@pytest.mark.parametrize("change", ["bytes", "blender", "addon", "digest", "steps", "all_armatures", "settings"])
def test_every_part_of_the_key_changes_it(change):
    hashed = cache.Hashed((1, 2, 3), "00" * 32)
    versions, steps, all_armatures, settings = dict(VERSIONS), ("checks", "measure"), False, None
    key = cache.file_key(hashed, cache.run_key(versions, steps, all_armatures, settings))
    if change == "bytes":
        hashed = cache.Hashed((1, 2, 3), "11" * 32)
    elif change in ("blender", "addon", "digest"):
        versions[{"blender": "blender_version", "addon": "addon_version", "digest": "addon_digest"}[change]] = "x"
    elif change == "steps":
        steps = ("checks",)
    elif change == "all_armatures":
        all_armatures = True
    else:
        settings = {"reference_character_height": 180.0}
    assert cache.file_key(hashed, cache.run_key(versions, steps, all_armatures, settings)) != key
    assert cache.file_key(cache.Hashed((1, 2, 3), None), "run") is None  # unread: no key


def test_only_keyed_entries_of_results_the_bytes_decide_are_reusable(tmp_path):
    previous = report.new_report(tmp_path / "lib", jobs=1)
    for name, status, key in (("ok.blend", report.OK, "a" * 64), ("failed.blend", report.FAILED, "b" * 64),
                              ("broken.blend", report.UNREADABLE, "c" * 64), ("nokey.blend", report.OK, None),
                              ("crashed.blend", report.CRASHED, "d" * 64), ("late.blend", report.TIMEOUT, "e" * 64)):
        previous["files"].append(report.file_entry(f"chars/{name}", status, key=key,
                                                   error="" if status == report.OK else "why"))
    path = tmp_path / "previous.json"
    report.write_json(path, report.finish(previous, 1.0))
    kept = cache.load_previous(path)
    assert sorted(Path(p).name for p in kept) == ["broken.blend", "failed.blend", "ok.blend"]
    assert str(tmp_path / "lib/chars/ok.blend") in kept
    with pytest.raises(cache.PreviousError, match="no previous report"):
        cache.load_previous(tmp_path / "none.json")
    (tmp_path / "old.json").write_text('{"schema": "overanim-batch/2"}')
    with pytest.raises(cache.PreviousError, match="not an overanim-batch/3 report"):
        cache.load_previous(tmp_path / "old.json")


def test_several_workers_take_the_largest_files_first_one_worker_the_paths_order(tmp_path):
    """A long clip handed out last would leave one worker working alone at the end."""
    from overanim_headless.orchestrator import Options, Run, Task

    tasks = []
    for index, (name, size) in enumerate((("a.blend", 10), ("b.blend", 3000), ("c.blend", 200))):
        path = tmp_path / name
        path.write_bytes(bytes(size))
        tasks.append(Task(index, path, name, None, hashed=cache.content_hash(path)))
    for jobs, order in ((1, ["a.blend", "b.blend", "c.blend"]), (2, ["b.blend", "c.blend", "a.blend"])):
        run = Run(tasks, tmp_path, ["true"], Options(jobs=jobs))
        assert [t.rel for t in run.pending] == order
        run.logs.cleanup()
