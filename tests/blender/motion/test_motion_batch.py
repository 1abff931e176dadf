"""The batch step ``motion``: in the pipeline where the armature has animation, and through the batch
CLI, its report valid against the schema (overanim-batch/3)."""

from __future__ import annotations

import bpy
import pytest

from overanim_addon.blender.pipeline import process_armature

from ...batch_support import load_report, run_batch, validate
from ..motion_scenes import rest_heights_cm, spec_scale, summary


def test_the_pipeline_analyses_the_clip_after_the_foot_ik_bake(walker):
    report = process_armature(walker)
    assert list(report["steps"])[-2:] == ["footik", "motion"] and report["ok"], report
    step = report["steps"]["motion"]
    found = summary(walker)
    assert step["ok"] and step["action"] == "SK_OverAnimSample_Walk" and step["track"] == "OverAnim_Motion"
    assert step["frames"] == [found["FrameStart"], found["FrameEnd"]] and step["fps"] == 24.0
    assert step["raw"]["average_speed"] == pytest.approx(140.0, abs=0.1)  # the sample walks 1.4 m/s
    scale = spec_scale(rest_heights_cm(walker)[1], 90.0)  # Reference Locomotion Height's default: 90 cm
    assert step["scale"] == pytest.approx(scale, rel=1e-5) and step["scale"] != 1.0
    assert step["calibrated"]["average_speed"] == pytest.approx(140.0 / scale, abs=0.1)
    assert step["contacts"]["left"] == found["LeftContactFrames"] > 0
    assert [r["region"] for r in step["regions"]] == [r.name for r in walker.overanim.regions]
    assert step["ground_reference"] == "root" and step["ground_reference_rule"] == "root_bone" and not step["in_place"]
    # the foot IK bake's track and the motion track, both above the artist's walk
    assert [t.name for t in walker.animation_data.nla_tracks][-2:] == ["OverAnim_FootIK", "OverAnim_Motion"]


def test_an_armature_without_animation_skips_the_step(sample):
    assert process_armature(sample, ["motion"])["steps"]["motion"] == {"ok": True, "skipped": "no animation"}


def test_a_refused_analysis_fails_the_step_with_its_reason(walker):
    walker.data.collections.new("Empty")
    region = walker.overanim.regions.add()
    region.name, region.bone_collection = "Nothing", "Empty"
    step = process_armature(walker, ["motion"])["steps"]["motion"]
    assert step == {"ok": False, "error": "Region 'Nothing' has no bones: bone collection 'Empty' is empty"}


def test_the_batch_lists_the_clip_with_its_speed_in_a_valid_report(walker, tmp_path):
    scale = spec_scale(rest_heights_cm(walker)[1], 90.0)  # Reference Locomotion Height's default: 90 cm
    bpy.ops.wm.save_as_mainfile(filepath=str(tmp_path / "walk.blend"))
    result = run_batch(tmp_path / "walk.blend", "--steps", "measure,motion", "--report", tmp_path / "r.json")
    assert result.returncode == 0, result.stderr
    report = load_report(tmp_path / "r.json")  # validated against the schema
    assert report["schema"] == "overanim-batch/3" and report["steps"] == ["measure", "motion"]
    step = report["files"][0]["armatures"][0]["steps"]["motion"]
    assert step["raw"]["average_speed"] == pytest.approx(140.0, abs=0.01)
    # every number rounded to 0.001: the scale's rounding shows at 1e-3 relative
    assert step["scale"] == pytest.approx(scale, rel=1e-3)
    assert step["calibrated"]["max_speed"] == pytest.approx(step["raw"]["max_speed"] / scale, rel=1e-3)
    assert step["contacts"] == {"speed": pytest.approx(60.0 * scale, rel=1e-3),
                                "height": pytest.approx(10.0 * scale, rel=1e-3),
                                "rule": "ground",  # the sample walks over its terrain
                                "left": step["contacts"]["left"], "right": step["contacts"]["right"]}
    validate(report)
