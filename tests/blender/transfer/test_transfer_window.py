"""Transfer Action in a real Blender window (through ../shared/tools/real-blender): the button's
operator, taking the panel's Source, retargets the sample's walk onto Rigify's human metarig as one
undo step (Ctrl+Z takes the result away, Ctrl+Shift+Z brings it back). The screenshot is the one
docs/transfer.md shows."""

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
