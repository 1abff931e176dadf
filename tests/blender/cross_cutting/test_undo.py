"""Undo with Blender's real undo stack. The PyPI bpy module has no window (ed.undo cannot run), so
this drives a windowed Blender (4.3 and 5.2) under a virtual X server through shared/tools/real-blender."""

import json

import pytest

from ...real_blender import ROOT
from ..mask_reads import colour_types


@pytest.mark.real_blender
def test_paint_repaint_and_clear_are_one_undo_step_each(tmp_path, real_binary):
    out_file = real_binary.tmp("overanim_undo.json")
    for _attempt in range(3):
        # the tool's chroot (its work folder, /tmp) is shared: a shot run by someone else at the same
        # moment can remove ours before it finishes; only such an unfinished run is tried again
        out_file.unlink(missing_ok=True)
        result = real_binary.shot(tmp_path / "undo.png", ROOT / "tests/real_blender/undo.py")
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
    from ...real_blender import run_in_window

    out = run_in_window(real_binary, "preview_undo.py", "overanim_preview_undo.json", tmp_path, seconds=2)
    assert out["painted"] == {"masks_painted": True, "colour_type": "VERTEX", "shows_preview": True}
    assert out["cleared"]["masks_painted"] is False and out["cleared"]["colour_type"] != "VERTEX"
    # undo brings the masks and the legend back, not the view's colour type (UI data)...
    undone = out["clear_undone"]
    assert undone["masks_painted"] is True and undone["colour_type"] == out["cleared"]["colour_type"]
    assert undone["shows_preview"] is False  # ...so the legend offers Show Preview
    assert out["shown"] == out["painted"]
    assert out["screenshot"] == undone


def test_undoing_clear_preview_under_live_preview_shows_the_preview_its_box_says(sample):
    """Undo brings the flag and the masks back, not the views (UI data): the undo handler shows the
    preview again, so the ticked box and the view agree; redo leaves them as Clear Preview did. The
    bpy module cannot undo: the data is set as undo restores it and the handlers run as after it."""
    import bpy

    from overanim_addon.blender.masks import shading

    for screen in bpy.data.screens:
        for area in screen.areas:
            for space in area.spaces:
                if space.type == "VIEW_3D":
                    space.shading.color_type = "MATERIAL"
    assert set(colour_types().values()) == {"MATERIAL"}
    assert bpy.ops.overanim.live_preview() == {"FINISHED"}
    assert set(colour_types().values()) == {"VERTEX"}
    assert bpy.ops.overanim.clear_region_preview() == {"FINISHED"}
    assert set(colour_types().values()) == {"MATERIAL"} and not sample.overanim.live_preview
    sample.overanim.live_preview = sample.overanim.masks_painted = True  # Ctrl+Z
    for handler in list(bpy.app.handlers.undo_post):
        handler(bpy.context.scene, None)
    assert set(colour_types().values()) == {"VERTEX"} and shading.shows_preview(bpy.context)
    sample.overanim.live_preview = sample.overanim.masks_painted = False  # Ctrl+Shift+Z
    for handler in list(bpy.app.handlers.redo_post):
        handler(bpy.context.scene, None)
    assert set(colour_types().values()) == {"MATERIAL"}


@pytest.mark.real_blender
def test_ctrl_z_after_clear_preview_under_live_preview_leaves_box_and_view_agreeing(tmp_path, real_binary):
    from ...real_blender import run_in_window

    out = run_in_window(real_binary, "live_clear_undo.py", "overanim_live_clear_undo.json", tmp_path,
                        seconds=2)
    assert out["live"] == {"live_preview": True, "colour_type": "VERTEX", "shows_preview": True}
    assert out["cleared"] == {"live_preview": False, "colour_type": "MATERIAL", "shows_preview": False}
    assert out["clear_undone"] == out["live"]  # the box ticked, the view showing the preview
    assert out["clear_redone"] == out["cleared"]


@pytest.mark.real_blender
def test_a_clicked_bake_and_analysis_are_an_undo_step_each(tmp_path, real_binary):
    """Issue 31's window finding 7: Bake Foot IK and Analyze Motion clicked (modal, each to its end), then
    Remove Foot IK Bake; Ctrl+Z brings the bake back with the motion track, again takes the analysis
    away (its own step), again the bake."""
    out_file = real_binary.tmp("overanim_motion_undo.json")
    out_file.unlink(missing_ok=True)
    result = real_binary.shot(tmp_path / "motion_undo.png", ROOT / "tests/real_blender/motion_undo.py", delay=90)
    assert out_file.exists(), result.stdout[-2000:] + result.stderr[-2000:]
    out = json.loads(out_file.read_text())
    assert "error" not in out, out["error"]
    assert out["invoke_bake"] == out["invoke_analyse"] == ["RUNNING_MODAL"]
    before, baked, analysed = out["before"], out["baked"], out["analysed"]
    assert "OverAnim_FootIK" in baked["tracks"] and "OverAnim_Motion" not in baked["tracks"]
    assert {"OverAnim_FootIK", "OverAnim_Motion"} <= set(analysed["tracks"]) and analysed["motion_props"]
    assert "OverAnim_FootIK" not in out["removed"]["tracks"]
    assert out["undone_remove"] == analysed  # the bake back, and the motion track with it
    assert out["undone_analyse"] == baked  # the analysis was its own step
    assert out["undone_bake"] == before
    assert out["redone_bake"] == baked
