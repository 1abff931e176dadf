"""The batch as an Open Job Description job (deploy/openjd/overanim-batch.yaml), run by the reference
runtime (openjd-cli, openjd-sessions: what runs the template on a Deadline Cloud worker), not mocked:
`openjd check` passes, and `openjd run` runs every chunk task and the Merge step on the batch tests'
library of real .blend files with the bpy module; the merged report, validated against the batch's
schema, equals one overanim_batch.py run over the same files."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from ...batch_support import load_report, run_batch, statuses, without

ROOT = Path(__file__).resolve().parents[3]
TEMPLATE = ROOT / "deploy" / "openjd" / "overanim-batch.yaml"
BATCH = ROOT / "scripts" / "overanim_batch.py"


def openjd(*args, timeout=600):
    """openjd-cli in a process of its own, as a worker or a studio's shell runs it."""
    bpy = sys.modules.get("bpy")
    if bpy is not None and getattr(bpy.app, "binary_path", ""):
        pytest.skip("openjd-cli cannot be installed in a real Blender's own Python inside its chroot; the bpy "
                    "module's venvs run these tests")
    return subprocess.run([sys.executable, "-m", "openjd", *map(str, args)], cwd=ROOT, capture_output=True,
                          text=True, timeout=timeout, check=False)


def test_the_template_passes_openjd_check():
    result = openjd("check", TEMPLATE)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "passes validation checks" in result.stdout


def job(library, report, **params):
    values = {"LibraryDir": str(library), "FileCount": 6, "ReportFile": str(report), "ChunkSize": 4,
              "Python": sys.executable, "BatchScript": str(BATCH), **params}
    return ["--job-param", json.dumps(values)]


def test_openjd_run_merges_the_chunks_into_the_report_of_one_run(batch_library, tmp_path):
    whole = tmp_path / "whole.json"
    assert run_batch(batch_library, "--report", whole).returncode == 2  # two files cannot be opened
    report = tmp_path / "farm" / "overanim-batch.json"
    report.parent.mkdir()
    result = openjd("run", TEMPLATE, "--step", "Merge", "--run-dependencies", *job(batch_library, report))
    log = result.stdout + result.stderr
    # six files, at most four a task: the runtime makes two even chunks, then Merge exits with the
    # library's result as a single run does: 2, two files could not be opened
    assert "Files(CHUNK[INT]) = 1-3" in log and "Files(CHUNK[INT]) = 4-6" in log, log
    assert result.returncode != 0 and log.count("exited with code: 0") == 2, log
    assert "exited with code: 2" in log and "ERROR executing action: 'Run Step 'Merge'" in log, log
    assert "chunk-000001-000003.json" in log and "chunk-000004-000006.json" in log, log
    assert list((report.parent / "overanim-batch.json.chunks").iterdir()) == []  # merged, then removed
    merged, single = load_report(report), load_report(whole)  # both validated against schemas/
    assert statuses(merged) == statuses(single)
    assert without(merged) == without(single)


def test_a_file_count_that_is_not_the_librarys_is_refused(batch_library, tmp_path):
    report = tmp_path / "r.json"
    result = openjd("run", TEMPLATE, "--step", "Chunk", *job(batch_library, report, FileCount=5, ChunkSize=5))
    assert result.returncode != 0
    assert "holds 6 .blend files; the job was made for FileCount=5" in result.stdout + result.stderr
    assert not report.exists()


def test_a_library_where_every_rig_passes_runs_to_exit_0(batch_library, tmp_path):
    import shutil

    library = tmp_path / "library"
    for name in ("rigs/hero.blend", "rigs/sub/villain.blend", "props/no_armature.blend"):
        (library / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(batch_library / name, library / name)
    whole = tmp_path / "whole.json"
    assert run_batch(library, "--report", whole).returncode == 0
    report = tmp_path / "overanim-batch.json"
    result = openjd("run", TEMPLATE, "--step", "Merge", "--run-dependencies",
                    *job(library, report, FileCount=3, ChunkSize=1, Steps="checks,measure,paint,lod"))
    log = result.stdout + result.stderr
    assert result.returncode == 0 and log.count("exited with code: 0") == 4, log  # three chunks, then Merge
    merged = load_report(report)
    assert merged["ok"] and statuses(merged) == {name: "ok" for name in statuses(load_report(whole))}
    hero = next(f for f in merged["files"] if f["path"] == "rigs/hero.blend")["armatures"][0]
    assert list(hero["steps"]) == ["checks", "measure", "paint", "lod"]  # the Steps parameter reached the batch


def test_merge_refuses_chunk_reports_that_do_not_cover_the_library_once(tmp_path):
    """Another job's reports left in the chunks' folder (another chunking) overlap this job's: Merge
    refuses them rather than merge a wrong library; a missing chunk is named too."""
    report = tmp_path / "overanim-batch.json"
    chunks = tmp_path / "overanim-batch.json.chunks"
    chunks.mkdir()
    for name in ("chunk-000001-000003.json", "chunk-000003-000006.json"):
        (chunks / name).write_text("{}")
    merge = ("run", TEMPLATE, "--step", "Merge", "--no-run-dependencies", *job(tmp_path, report))
    result = openjd(*merge)
    assert result.returncode != 0 and "does not start at file 4" in result.stdout + result.stderr
    (chunks / "chunk-000003-000006.json").unlink()
    result = openjd(*merge)
    assert result.returncode != 0 and "cover files 1-3 of 6" in result.stdout + result.stderr
    assert not report.exists()


def test_an_incremental_job_runs_only_the_changed_file_and_merges_a_full_runs_report(library, tmp_path):
    """The job run twice into one ReportFile with Incremental: the first finds no report and runs every
    file; after one file changed, the second's chunks run only that one and take the others from the
    first's merged report, chunked otherwise this time (one chunk, then two)."""
    from overanim_headless.report import without_reuse

    report = tmp_path / "farm" / "overanim-batch.json"
    report.parent.mkdir()
    first = openjd("run", TEMPLATE, "--step", "Merge", "--run-dependencies",
                   *job(library, report, Incremental="true", ChunkSize=6))
    assert "exited with code: 2" in first.stdout + first.stderr  # Merge: two files cannot be opened
    assert load_report(report)["summary"]["reused"] == 0
    shutil.copyfile(library / "rigs/lod_error.blend", library / "rigs/hero.blend")  # now it fails its LOD check
    second = openjd("run", TEMPLATE, "--step", "Merge", "--run-dependencies",
                    *job(library, report, Incremental="true"))
    log = second.stdout + second.stderr
    assert "Files(CHUNK[INT]) = 1-3" in log and "Files(CHUNK[INT]) = 4-6" in log, log
    merged = load_report(report)
    assert {f["path"] for f in merged["files"] if not f["reused"]} == {"rigs/hero.blend"}, log
    assert merged["previous"] == str(report) and statuses(merged)["rigs/hero.blend"] == "failed"
    whole = tmp_path / "whole.json"
    assert run_batch(library, "--report", whole).returncode == 2
    assert without_reuse(merged) == without_reuse(load_report(whole))


def test_a_farm_job_transfers_a_folder_of_clips_onto_the_library(addon, tmp_path):
    """ClipsDir, OutputDir and AllArmatures reach the batch as --clips, --output-dir and --all-armatures:
    each chunk transfers the folder's clip onto its characters (the sample, and a Mixamo-shaped rig
    without Regions) and writes them under OutputDir; the library stays as it was."""
    import bpy

    from ..transfer_scenes import clips_and_characters

    library, clips, out = clips_and_characters(tmp_path, 120)
    before = {p.name: p.read_bytes() for p in library.iterdir()}
    report = tmp_path / "farm" / "overanim-batch.json"
    report.parent.mkdir()
    result = openjd("run", TEMPLATE, "--step", "Merge", "--run-dependencies",
                    *job(library, report, FileCount=2, ChunkSize=1, Steps="transfer", ClipsDir=str(clips),
                         OutputDir=str(out), AllArmatures="true"))
    log = result.stdout + result.stderr
    assert result.returncode == 0 and log.count("exited with code: 0") == 3, log  # two chunks, then Merge
    merged = load_report(report)
    entries = {a["armature"]: a["steps"]["transfer"] for f in merged["files"] for a in f["armatures"]}
    assert set(entries) == {"Hero", "Armature"}, entries  # the Mixamo rig, without Regions, too
    for entry in entries.values():
        (clip,) = entry["clips"]
        assert clip["ok"] and clip["clip"] == "01_01_120.bvh" and clip["retargeted"], clip
    assert {p.name: p.read_bytes() for p in library.iterdir()} == before  # the library is never changed
    for name, armature in (("hero", "Hero"), ("mixamo", "Armature")):
        bpy.ops.wm.open_mainfile(filepath=str(out / f"{name}.blend"))
        character = bpy.data.objects[armature]
        assert character.animation_data.action.name == f"01_01_120_{character.name}"
    bpy.ops.wm.read_homefile(use_empty=True)
