"""The headless paths: scripts/demo.py and scripts/overanim_batch.py as separate processes."""

import json
import os
import shutil
import subprocess
from pathlib import Path

import bpy
import pytest

from .. import real_blender
from ..real_blender import RUN_SH
from .helpers import script_command

ROOT = Path(__file__).resolve().parents[2]


def run(script, *args, cwd=ROOT):
    return subprocess.run(script_command(script, *args), cwd=cwd, capture_output=True, text=True, timeout=300,
                          env={**os.environ, "PYTHONDONTWRITEBYTECODE": "1"}, check=False)


@pytest.fixture(scope="module")
def demo_files(tmp_path_factory):
    out = tmp_path_factory.mktemp("demo")
    result = run("scripts/demo.py", out)
    assert result.returncode == 0, result.stderr + result.stdout
    assert "lod_coverage  ok" in result.stdout
    report = json.loads((out / "report.json").read_text())
    assert report["ok"] and report["steps"]["measure"]["properties"]["OverAnim_LocomotionRootBone"] == "pelvis"
    # the sample walks over a step and a slope: its per-frame foot-IK offsets are in the report
    footik = report["steps"]["footik"]
    offsets = footik["offsets_cm"]
    assert footik["frames"] == [1, 96] and offsets["frame"] == list(range(1, 97))
    assert max(offsets["body"]) == pytest.approx(footik["per_frame"]["BodyOffset"]["max"], abs=0.01)
    assert footik["per_frame"]["BodyOffset"]["max"] > 10.0  # up the step and onto the slope
    assert all(min(left, right) == 0.0 for left, right in zip(offsets["left"], offsets["right"], strict=True))
    assert footik["per_frame"]["LeftPitch"]["max"] == pytest.approx(10.0, abs=0.1)
    return out


def test_batch_on_a_good_file(demo_files, tmp_path):
    report_path = tmp_path / "r.json"
    result = run("scripts/overanim_batch.py", demo_files / "demo.blend", "--report", report_path)
    assert result.returncode == 0, result.stderr + result.stdout
    report = json.loads(report_path.read_text())
    armature = report["files"][0]["armatures"][0]
    assert armature["ok"] and set(armature["steps"]) == {"checks", "measure", "paint", "lod_coverage", "compose",
                                                         "footik"}


def test_batch_fails_honestly_on_a_lod_error_and_a_missing_file(addon, demo_files, tmp_path):
    bad = tmp_path / "bad.blend"
    bpy.ops.wm.open_mainfile(filepath=str(demo_files / "demo.blend"))
    lod1 = bpy.data.objects["SK_OverAnimSample_Body_LOD1"]
    for bone in ("neck_01", "head"):
        lod1.vertex_groups.remove(lod1.vertex_groups[bone])
    bpy.data.objects["SK_OverAnimSample"].overanim.regions["Head"].lod_policy = "REQUIRE_COVERAGE"
    bpy.ops.wm.save_as_mainfile(filepath=str(bad))
    report_path = tmp_path / "r.json"
    result = run("scripts/overanim_batch.py", bad, "--report", report_path)
    assert result.returncode == 1, result.stdout
    steps = json.loads(report_path.read_text())["files"][0]["armatures"][0]["steps"]
    assert not steps["lod_coverage"]["ok"] and "Region 'Head' is inactive at LOD1" in steps["lod_coverage"]["error"]
    assert steps["measure"]["ok"]

    result = run("scripts/overanim_batch.py", tmp_path / "nope.blend", bad, "--report", report_path)
    assert result.returncode == 2
    files = json.loads(report_path.read_text())["files"]
    assert "could not open" in files[0]["error"] and files[1]["armatures"]


def test_batch_takes_a_file_saved_in_edit_mode_out_of_it_and_says_so(addon, demo_files, tmp_path):
    saved = tmp_path / "edit.blend"
    bpy.ops.wm.open_mainfile(filepath=str(demo_files / "demo.blend"))
    body = bpy.data.objects["SK_OverAnimSample_Body"]
    bpy.context.view_layer.objects.active = body
    bpy.ops.object.mode_set(mode="EDIT")
    bpy.ops.wm.save_as_mainfile(filepath=str(saved))
    bpy.ops.object.mode_set(mode="OBJECT")
    report_path = tmp_path / "r.json"
    result = run("scripts/overanim_batch.py", saved, "--report", report_path)
    assert result.returncode == 0, result.stderr + result.stdout
    entry = json.loads(report_path.read_text())["files"][0]
    assert entry["notes"] == ["saved in Edit Mode, switched to Object Mode: SK_OverAnimSample_Body"]
    assert entry["armatures"][0]["ok"]


def test_batch_usage_error_is_exit_2():
    assert run("scripts/overanim_batch.py").returncode == 2


def run_real_blender(script, *args):
    return subprocess.run(["bash", str(RUN_SH), "-b", "--factory-startup", "--python-exit-code", "1", "--python",
                           script, "--", *map(str, args)], cwd=ROOT, capture_output=True, text=True, timeout=300,
                          check=False)


@pytest.mark.real_blender
def test_demo_and_batch_through_a_real_blender_binary():
    real_blender.require()
    work = ROOT / "out" / "real-blender-test"  # inside the checkout: run.sh mounts only this folder
    shutil.rmtree(work, ignore_errors=True)
    # the file is made by the real binary itself: a newer bpy's .blend may not open in an older Blender
    result = run_real_blender("scripts/demo.py", work)
    assert result.returncode == 0, result.stdout[-2000:] + result.stderr[-2000:]
    result = run_real_blender("scripts/overanim_batch.py", work / "demo.blend", "--report", work / "r.json")
    assert result.returncode == 0, result.stdout[-2000:] + result.stderr[-2000:]
    assert json.loads((work / "r.json").read_text())["ok"]


def test_benchmark_runs_and_prints_every_figure():
    """The benchmark is not a timed test; this only checks that it runs and reports all it promises."""
    result = run("scripts/benchmark_masks.py", "--grid", "24", "--repeat", "2")
    assert result.returncode == 0, result.stderr + result.stdout
    out = result.stdout
    assert "576 vertices, 4-bone Region" in out
    for line in ("own work", "bulk read of the four groups", "back to back", "via bpy.ops", "with the mask group",
                 "after a slider change", "weights changed", "a full paint in that state", "first evaluation",
                 "re-evaluation after a setting", "unmodified object", "the modifier's own re-evaluation",
                 "Armature modifier re-evaluating", "the frame an artist sees", "a whole slider step",
                 "naive per-vertex Python loop", "Targets:"):
        assert line in out, f"missing {line!r} in:\n{out}"
