"""Undo with Blender's real undo stack. The PyPI bpy module has no window (ed.undo cannot run), so
this drives a windowed Blender (4.3 and 5.2) under a virtual X server through shared/tools/real-blender."""

import json

import pytest

from ..real_blender import ROOT


@pytest.mark.real_blender
def test_paint_repaint_and_clear_are_one_undo_step_each(tmp_path, real_binary):
    out_file = real_binary.tmp("overanim_undo.json")
    for _attempt in range(3):
        # the tool's chroot (its work folder, /tmp) is shared: a shot run by someone else at the same
        # moment can remove ours before it finishes; only such an unfinished run is tried again
        out_file.unlink(missing_ok=True)
        result = real_binary.shot(tmp_path / "undo.png", ROOT / "tests/real_blender_undo.py")
        if out_file.exists():
            break
    assert out_file.exists(), result.stdout[-2000:] + result.stderr[-2000:]
    out = json.loads(out_file.read_text())
    assert "error" not in out, out.get("error")
    masks = [n for n in out["painted"] if n.startswith("OverAnim_")]
    assert len(masks) == 6  # five Region masks and the preview
    assert out["undone"] == out["before"] and not any(n.startswith("OverAnim_") for n in out["before"])
    assert out["redone"] == out["painted"]
    assert out["cleared"] == out["before"] and out["clear_undone"] == out["painted"]
    # repainting the mask vertex groups (ours removed and added again) is one step as well
    painted, repainted, undone = out["groups_painted"], out["groups_repainted"], out["groups_undone"]
    assert 0 < repainted["spine_members"] < painted["spine_members"]
    assert undone == painted
    # Clear Preview restores the views' shading even after the paint that changed it was undone
    assert "VERTEX" not in out["shading_before"]
    assert out["shading_painted"] == out["shading_undone"] == ["VERTEX"]
    assert out["shading_cleared"] == out["shading_before"]


@pytest.mark.real_blender
def test_after_undoing_clear_preview_the_legend_offers_show_preview(tmp_path, real_binary):
    from .test_live_preview import run_in_window

    out = run_in_window(real_binary, "real_blender_preview_undo.py", "overanim_preview_undo.json", tmp_path, seconds=2)
    assert out["painted"] == {"masks_painted": True, "colour_type": "VERTEX", "shows_preview": True}
    assert out["cleared"]["masks_painted"] is False and out["cleared"]["colour_type"] != "VERTEX"
    # undo brings the masks and the legend back, not the view's colour type (UI data)...
    undone = out["clear_undone"]
    assert undone["masks_painted"] is True and undone["colour_type"] == out["cleared"]["colour_type"]
    assert undone["shows_preview"] is False  # ...so the legend offers Show Preview
    assert out["shown"] == out["painted"]
    assert out["screenshot"] == undone
