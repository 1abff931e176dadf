"""The bake's NLA result in a file saved and opened again by the real Blender binaries (4.3: legacy
actions, Action.fcurves, no slots; 5.2: slotted actions), through ../shared/tools/real-blender."""

import json
import shutil

import pytest

from ...real_blender import ROOT


@pytest.mark.real_blender
def test_the_bake_survives_save_and_reopen_in_a_real_blender(real_binary):
    work = ROOT / "out" / "real-blender-foot-ik"  # inside the checkout: run.sh mounts only this folder
    shutil.rmtree(work, ignore_errors=True)
    work.mkdir(parents=True)
    result = real_binary.run_script("tests/real_blender/foot_ik.py", "out/real-blender-foot-ik/foot_ik.blend",
                                    timeout=300)
    lines = [line for line in result.stdout.splitlines() if line.startswith("RESULT ")]
    assert lines, result.stdout[-3000:] + result.stderr[-2000:]
    out = json.loads(lines[-1][len("RESULT "):])
    assert out["version"].startswith(real_binary.version)
    # the pushed-down walk's track named after it (Blender's own Push Down says "NlaTrack")
    assert out["tracks"] == [["SK_OverAnimSampleAction", [["SK_OverAnimSampleAction", "REPLACE"]]],
                             ["OverAnim_FootIK", [["OverAnim_FootIK", "COMBINE"]]]]
    assert out["active_action"] is None and out["artist_unchanged"]
    assert out["rise"]["ik_foot_l"] == pytest.approx(10.0, abs=0.01)
    assert out["rise"]["ik_foot_r"] == pytest.approx(0.0, abs=0.01)
    assert out["left_offset_property"] == pytest.approx(10.0, abs=0.01)
    assert out["baked_left_offsets"] == pytest.approx([10.0] * 5, abs=0.01)
    assert out["after_remove"] == [[], "SK_OverAnimSampleAction"]


@pytest.mark.real_blender
def test_esc_cancels_a_running_bake_and_a_finished_one_is_one_undo_step(tmp_path, real_binary):
    """A windowed Blender (4.3, 5.2): the bake started as a click starts it (modal), Esc pressed through
    the X server while it runs; then a short bake to its end, undone and redone."""
    out_file = real_binary.tmp("overanim_foot_ik_esc.json")
    out_file.unlink(missing_ok=True)
    result = real_binary.shot(tmp_path / "esc.png", ROOT / "tests/real_blender/foot_ik_esc.py", delay=60)
    assert out_file.exists(), result.stdout[-2000:] + result.stderr[-2000:]
    out = json.loads(out_file.read_text())
    assert "error" not in out, out["error"]
    assert out["invoke"] == ["RUNNING_MODAL"] and out["sent"] > 0
    running, before = out["while_running"], out["before"]
    assert running["frame"] != before["frame"]  # it was stepping through the frames when Esc came
    assert out["after"] == before and out["later"] == before  # the frame put back, nothing written, ever
    baked = out["baked"]
    assert out["invoke_short"] == ["RUNNING_MODAL"]
    assert baked["tracks"] == ["SK_OverAnimSample_Walk", "OverAnim_FootIK"] and baked["active"] is None
    assert baked["frame"] == before["frame"] and len(baked["props"]) == 10
    assert out["undone"] == before and out["redone"] == baked
