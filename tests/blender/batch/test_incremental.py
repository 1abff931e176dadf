"""--incremental (overanim_headless/cache.py): a run takes from the previous report every file whose
key (its bytes, the add-on's version and source, Blender's version, the steps and settings) did not
change, runs the others, and writes the report a full run would write, saying which entries were
reused. Every case runs the real batch with real workers on the batch tests' library."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import time
from pathlib import Path

import bpy
import pytest

from benchmarks.incremental_library import change_one
from overanim_headless.report import without_reuse

from ...batch_support import load_report, run_batch, script_command, statuses

ROOT = Path(__file__).resolve().parents[3]


def reused(report: dict) -> dict[str, bool]:
    return {f["path"]: f["reused"] for f in report["files"]}


@pytest.fixture(scope="module")
def previous(batch_library, tmp_path_factory):
    """A full run over the library: the report the incremental runs below take results from."""
    path = tmp_path_factory.mktemp("previous") / "r.json"
    assert run_batch(batch_library, "--report", path).returncode == 2  # two files cannot be opened
    return path


def incremental(library, previous, out, *extra):
    result = run_batch(library, "--report", out, "--incremental", "--previous", previous, *extra)
    return result, load_report(out)


def test_every_run_keys_its_results_and_an_unchanged_library_reuses_them_all(batch_library, previous, tmp_path):
    full = load_report(previous)
    keys = {f["path"]: f["key"] for f in full["files"]}
    assert all(isinstance(k, str) and len(k) == 64 for k in keys.values()) and len(set(keys.values())) == 6
    assert not any(reused(full).values()) and full["summary"]["reused"] == 0 and "previous" not in full
    result, again = incremental(batch_library, previous, tmp_path / "r.json")
    assert result.returncode == 2, result.stderr  # the same result: two files cannot be opened
    assert "6 of 6 files as they were for " in result.stderr and not any(
        line.startswith("[") for line in result.stderr.splitlines())  # no file ran
    assert all(reused(again).values()) and again["summary"]["reused"] == 6 and again["previous"] == str(previous)
    assert "(6 reused from the previous report)" in result.stderr
    assert without_reuse(again) == without_reuse(full)


def test_a_changed_file_runs_again_a_touched_one_does_not_and_a_removed_one_goes(addon, library, tmp_path):
    """The merged report equals a full run's over the library as it is now, but for timings and reuse."""
    first = tmp_path / "first.json"
    assert run_batch(library, "--report", first).returncode == 2
    change_one(library / "rigs/sub/villain.blend")
    hero = library / "rigs/hero.blend"
    os.utime(hero, ns=(time.time_ns(), time.time_ns() + 5_000_000_000))  # touched: same bytes, newer date
    (library / "props/no_armature.blend").unlink()
    result, merged = incremental(library, first, tmp_path / "r.json")
    assert result.returncode == 2, result.stderr
    assert reused(merged) == {"broken/corrupt.blend": True, "broken/truncated.blend": True, "rigs/hero.blend": True,
                              "rigs/lod_error.blend": True, "rigs/sub/villain.blend": False}
    assert [line.split()[1] for line in result.stderr.splitlines() if line.startswith("[")] == [
        "rigs/sub/villain.blend"]  # the only file a worker opened
    villain = next(f for f in merged["files"] if f["path"] == "rigs/sub/villain.blend")
    assert villain["status"] == "failed" and "Region 'Head' is inactive at LOD1" in villain["error"]
    whole = tmp_path / "whole.json"
    assert run_batch(library, "--report", whole).returncode == 2
    assert without_reuse(merged) == without_reuse(load_report(whole))
    assert statuses(merged)["rigs/sub/villain.blend"] == "failed"


@pytest.mark.parametrize("change", ["steps", "settings", "all-armatures"])
def test_a_changed_setting_runs_every_file_again(batch_library, previous, tmp_path, change):
    settings = tmp_path / "studio.json"
    settings.write_text(json.dumps({"reference_character_height": 180.0}))
    extra = {"steps": ["--steps", "checks,measure,paint,lod,compose,footik"], "settings": ["--settings", settings],
             "all-armatures": ["--all-armatures"]}[change]
    result, report = incremental(batch_library, previous, tmp_path / "r.json", *extra)
    assert "0 of 6 files as they were" in result.stderr, result.stderr
    assert not any(reused(report).values())
    keys = {f["path"]: f["key"] for f in load_report(previous)["files"]}
    assert all(f["key"] != keys[f["path"]] for f in report["files"])  # every key took the setting in


def checkout_copy(tmp_path: Path, version: str = "", patch: str = "") -> Path:
    """The add-on and its batch copied, the manifest's version set to ``version`` or a module patched."""
    copy = tmp_path / "checkout"
    for name in ("overanim_addon", "overanim_headless", "scripts"):
        shutil.copytree(ROOT / name, copy / name, ignore=shutil.ignore_patterns("__pycache__"))
    manifest = copy / "overanim_addon/blender_manifest.toml"
    if version:
        manifest.write_text(re.sub(r'(?m)^version = ".*"$', f'version = "{version}"', manifest.read_text()))
    if patch:
        (copy / "overanim_addon" / patch).write_text((copy / "overanim_addon" / patch).read_text() + "\n# patched\n")
    return copy


def results(report: dict) -> dict:
    """What the files' results are: the report without timings, reuse, keys and the add-on's version."""
    stripped = without_reuse(report)
    stripped["addon_version"] = None
    for entry in stripped["files"]:
        entry["key"] = None
    return stripped


@pytest.mark.parametrize(("version", "patch"), [("0.2.0", ""), ("", "core/measurement.py")],
                         ids=["new-version", "patched-source"])
def test_a_new_or_patched_addon_runs_every_file_again(batch_library, previous, tmp_path, version, patch):
    """A new version, or the same version with its code changed: every result may differ."""
    copy = checkout_copy(tmp_path, version, patch)
    out = tmp_path / "r.json"
    command = script_command(copy / "scripts/overanim_batch.py", batch_library, "--report", out, "--incremental",
                             "--previous", previous)
    result = subprocess.run(command, capture_output=True, text=True, timeout=300, check=False,
                            env={**os.environ, "PYTHONDONTWRITEBYTECODE": "1"})
    assert result.returncode == 2, result.stderr
    report, before = load_report(out), load_report(previous)
    assert report["addon_version"] == (version or before["addon_version"])
    assert "0 of 6 files as they were" in result.stderr and not any(reused(report).values())
    assert all(a["key"] != b["key"] for a, b in zip(report["files"], before["files"], strict=True))
    assert results(report) == results(before)  # neither change touched what the add-on computes


def test_a_file_changed_on_disk_while_the_batch_runs_is_never_reused(addon, library, tmp_path):
    """villain.blend changed, so it runs; while its worker waits, hero.blend (to be reused) and
    villain.blend itself change on disk: hero runs after all, and villain's result keeps no key."""
    first = tmp_path / "first.json"
    assert run_batch(library, "--report", first).returncode == 2
    villain, hero = library / "rigs/sub/villain.blend", library / "rigs/hero.blend"
    change_one(villain)
    go = tmp_path / "go"
    command = script_command(ROOT / "scripts/overanim_batch.py", library, "--report", tmp_path / "r.json",
                             "--incremental", "--previous", first)
    env = {**os.environ, "PYTHONDONTWRITEBYTECODE": "1", "OVERANIM_BATCH_FAULT": "wait:steps:villain.blend",
           "OVERANIM_BATCH_FAULT_GO": str(go)}
    process = subprocess.Popen(command, stderr=subprocess.PIPE, stdout=subprocess.DEVNULL, text=True, env=env)
    assert process.stderr is not None
    lines = []
    for line in process.stderr:  # the decision is made: hero is to be reused
        lines.append(line)
        if "files as they were" in line:
            break
    assert "5 of 6 files as they were" in lines[-1], "".join(lines)
    change_one(hero)  # now it fails its LOD check, as villain does
    with villain.open("ab") as handle:  # and villain changes under its worker
        handle.write(b"\0")
    go.touch()
    rest = process.communicate(timeout=300)[1]
    assert process.returncode == 2, rest
    report = load_report(tmp_path / "r.json")
    files = {f["path"]: f for f in report["files"]}
    assert not files["rigs/hero.blend"]["reused"] and files["rigs/hero.blend"]["status"] == "failed"
    assert isinstance(files["rigs/hero.blend"]["key"], str)  # hashed again before it ran
    assert files["rigs/sub/villain.blend"]["key"] is None and files["rigs/sub/villain.blend"]["notes"][-1] == (
        "the file changed on disk while the batch worked on it: this result is not kept for --incremental")
    assert [p for p, r in reused(report).items() if r] == [
        "broken/corrupt.blend", "broken/truncated.blend", "props/no_armature.blend", "rigs/lod_error.blend"]


def test_incremental_without_a_previous_report_runs_everything_and_refuses_to_write_files(batch_library,
                                                                                           tmp_path):
    result = run_batch(batch_library, "--report", tmp_path / "r.json", "--incremental")
    assert result.returncode == 2 and f"--incremental: no previous report at {tmp_path / 'r.json'}; every file " \
        "runs" in result.stderr
    assert not any(reused(load_report(tmp_path / "r.json")).values())
    for extra in (["--save"], ["--output-dir", tmp_path / "out"]):
        refused = run_batch(batch_library, "--report", tmp_path / "s.json", "--incremental", *extra)
        assert refused.returncode == 2 and "with --save or --output-dir every file runs" in refused.stderr
    refused = run_batch(batch_library, "--report", tmp_path / "s.json", "--previous", tmp_path / "r.json")
    assert refused.returncode == 2 and "add --incremental" in refused.stderr


def test_a_file_that_links_another_keeps_no_key(addon, library, tmp_path):
    """Its result depends on the file it links, whose changes its own bytes do not show."""
    bpy.ops.wm.read_homefile(use_empty=True)
    with bpy.data.libraries.load(str(library / "rigs/hero.blend"), link=True, relative=True) as (_source, target):
        target.objects = ["SK_Hero"]
    bpy.context.scene.collection.objects.link(target.objects[0])
    shot = library / "shots/sh010.blend"
    shot.parent.mkdir()
    bpy.ops.wm.save_as_mainfile(filepath=str(shot))
    bpy.ops.wm.read_homefile(use_empty=True)
    assert run_batch(shot, library / "rigs/hero.blend", "--report", tmp_path / "r.json").returncode == 0
    keys = {f["path"]: f["key"] for f in load_report(tmp_path / "r.json")["files"]}
    assert keys["shots/sh010.blend"] is None and isinstance(keys["rigs/hero.blend"], str)
