"""What the batch's throughput rests on: the studio-like library of benchmarks/studio_library.py (the
tests' real characters with their clips) gives every step work, and the workers started while the
library is listed never outlive a run refused after the listing."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import bpy
import pytest

from ...batch_support import load_report, run_batch, statuses

ROOT = Path(__file__).resolve().parents[3]
BENCHMARK = ROOT / "benchmarks" / "benchmark_batch.py"


def needs_the_bpy_module():
    if bpy.app.binary_path:
        pytest.skip("the benchmark's library is built by a Python that has the bpy module")


def test_the_studio_library_gives_every_step_work(tmp_path):
    needs_the_bpy_module()
    library = tmp_path / "library"
    library.mkdir()
    subprocess.run([sys.executable, str(BENCHMARK), "--build-studio", str(library)], check=True,
                   capture_output=True, timeout=600)
    result = run_batch(library, "--report", tmp_path / "r.json", "--jobs", "2", timeout=900)
    assert result.returncode == 0, result.stderr[-3000:]
    report = load_report(tmp_path / "r.json")
    assert statuses(report) == {f"{name}.blend": "ok" for name in (
        "boxer_toes", "bvh_walk", "cmu01_01_01", "cmu01_01_03", "hero_walk_44", "hero_walk_88", "mixamo_walk")}
    for entry in report["files"]:
        (armature,) = entry["armatures"]
        skipped = {step: result["skipped"] for step, result in armature["steps"].items() if "skipped" in result}
        # every step ran; only the sample has Region deltas to compose
        assert set(skipped) <= {"compose"}, (entry["path"], skipped)
        assert list(armature["steps"]) == ["checks", "measure", "paint", "lod", "compose", "footik", "motion"]


def workers_of(pid: int) -> list[int]:
    """Running processes started by the batch process ``pid`` as its workers (their environment names it)."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            environ = (entry / "environ").read_bytes().split(b"\0")
        except OSError:
            continue
        if f"OVERANIM_BATCH_PARENT={pid}".encode() in environ:
            found.append(int(entry.name))
    return found


def test_a_run_refused_after_the_listing_leaves_no_worker_behind(library, tmp_path):
    """The workers start while the files are listed; a check that needs the list (here: an output
    folder that would overwrite the sources) refuses the run, and the early workers go with it."""
    needs_the_bpy_module()
    batch = ROOT / "scripts" / "overanim_batch.py"
    proc = subprocess.Popen([sys.executable, str(batch), str(library), "--report", str(tmp_path / "r.json"),
                             "--output-dir", str(library), "--jobs", "2"], stderr=subprocess.PIPE, text=True,
                            env={**os.environ, "PYTHONDONTWRITEBYTECODE": "1"})
    _, stderr = proc.communicate(timeout=120)
    assert proc.returncode == 2 and "would overwrite the sources" in stderr, stderr
    assert workers_of(proc.pid) == []  # killed and reaped before the batch exited
    assert not (tmp_path / "r.json").exists()
