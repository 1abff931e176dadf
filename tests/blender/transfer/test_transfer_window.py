"""Transfer Action in a real Blender window (through ../shared/tools/real-blender): the button's
operator, taking the panel's Source, retargets the sample's walk onto Rigify's human metarig as one
undo step (Ctrl+Z takes the result away, Ctrl+Shift+Z brings it back), and onto a rig Rigify
generated, keying its FK controls and its IK/FK switches, also one undo step. The screenshots are
the ones docs/transfer.md shows."""

from __future__ import annotations

import json
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]


def test_a_transfer_across_skeletons_is_one_undo_step_in_a_window(tmp_path, real_binary):
    out_file = real_binary.tmp("overanim_transfer.json")
    out_file.unlink(missing_ok=True)
    result = real_binary.shot(tmp_path / "transfer.png", ROOT / "tests/real_blender/transfer.py", delay=3)
    assert out_file.exists(), result.stdout[-2000:] + result.stderr[-2000:]
    out = json.loads(out_file.read_text())
    assert "error" not in out, out.get("error")
    assert out["ran"] == ["FINISHED"]
    walk = "SK_OverAnimSample_Walk"
    assert out["after"] == {"actions": [walk, f"{walk}_metarig"], "playing": f"{walk}_metarig"}
    assert out["undone"] == out["before"] == {"actions": [walk], "playing": None}
    assert out["redone"] == out["after"]


def test_a_transfer_onto_a_generated_rigify_rig_keys_its_controls_as_one_undo_step(tmp_path, real_binary):
    from ...real_blender import run_in_window

    out = run_in_window(real_binary, "transfer_rigify.py", "overanim_transfer_rigify.json", tmp_path, 3)
    assert out["ran"] == ["FINISHED"]
    walk = "SK_OverAnimSample_Walk"
    assert out["after"] == {"actions": [walk, f"{walk}_rig"], "playing": f"{walk}_rig"}
    assert out["undone"] == out["before"] == {"actions": [walk], "playing": None}
    assert out["redone"] == out["after"]
    assert {"torso", "hips", "chest", "thigh_fk.L", "upper_arm_fk.R", "thigh_parent.L"} <= set(out["keyed"])
    assert not [b for b in out["keyed"] if b.startswith(("DEF-", "ORG-", "MCH-"))], out["keyed"]
    assert out["switches"] == {"thigh_parent.L": 1.0, "upper_arm_parent.R": 1.0}  # FK while the clip plays
