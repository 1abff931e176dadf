"""The Motion sub-panel as an artist reads it, drawn on real data (tests/layout_recorder.py): the
summary raw and calibrated side by side with units, the basis and scale used, the contact frames."""

from __future__ import annotations

import bpy
import pytest

from ...layout_recorder import draw_panel
from ..motion_scenes import analyze, summary


def texts(layout):
    return [c.kwargs.get("text", "") for c in layout.labels()]


def test_the_motion_panel_sits_under_the_main_panel_after_the_rigs_set_up(addon):
    panel = bpy.types.OVERANIM_PT_motion
    assert panel.bl_parent_id == "OVERANIM_PT_main" and panel.bl_label == "Motion"
    assert panel.bl_order > max(getattr(getattr(bpy.types, f"OVERANIM_PT_{name}"), "bl_order", 0)
                                for name in ("checks", "results", "calibration", "regions", "foot_ik"))


def test_before_an_analysis_the_panel_says_so_and_offers_the_settings(walker):
    layout = draw_panel(bpy.types.OVERANIM_PT_motion, bpy.context)
    assert "Not analysed yet" in texts(layout)
    props = [(c.args[1], c.kwargs.get("text")) for c in layout.of("prop")]
    assert ("contact_speed", "Contact (cm/s)") in props and ("contact_height", "Contact (cm)") in props
    assert ("motion_basis", "Actor Basis") in props
    assert [c.args[0] for c in layout.of("operator")] == ["overanim.analyze_motion", "overanim.remove_motion_curves"]


def test_after_an_analysis_raw_and_calibrated_stand_side_by_side(walker):
    found = analyze(walker)
    layout = draw_panel(bpy.types.OVERANIM_PT_motion, bpy.context, region_width=291)
    shown = texts(layout)
    seconds = (found["FrameEnd"] - 1) / (bpy.context.scene.render.fps / bpy.context.scene.render.fps_base)
    assert "SK_OverAnimSample_Walk" in shown and f"Frames 1-{found['FrameEnd']}, {seconds:.2f} s" in shown
    assert "Raw" in shown and "Calibrated" in shown
    at = shown.index("Average Speed")
    assert shown[at + 1:at + 3] == [f"{found['AverageSpeed']:.1f} cm/s", f"{found['AverageSpeedCalibrated']:.1f} cm/s"]
    assert f"Actor basis Auto: scale {found['Scale']:.3f}" in shown
    settings = walker.overanim.motion
    assert f"Left foot: {found['LeftContactFrames']} frames ({settings.left_contacts})" in shown
    assert settings.left_contacts.startswith("1-")  # the left foot stands at the start
    assert any(text.startswith("Planted under 63.3 cm/s and 10.6 cm") for text in shown)
    for region in walker.overanim.regions:
        assert region.name in shown
    numbers = [c for c in layout.labels() if any(ch.isdigit() for ch in c.kwargs.get("text", ""))]
    assert numbers and all(c.kwargs.get("translate") is False for c in numbers)  # figures are final text


def test_one_contact_frame_reads_one_frame(walker):
    analyze(walker)
    action = walker.overanim.motion.analyzed_action
    action["OverAnim_Motion_LeftContactFrames"] = 1
    shown = texts(draw_panel(bpy.types.OVERANIM_PT_motion, bpy.context, region_width=291))
    assert [t for t in shown if t.startswith("Left foot: 1 frame ")] and not [t for t in shown if "1 frames" in t]


def test_region_speeds_fit_their_cells_with_the_unit_in_the_heading(walker):
    found = analyze(walker)
    shown = texts(draw_panel(bpy.types.OVERANIM_PT_motion, bpy.context, region_width=291))
    at = shown.index("Regions: Max Speed (cm/s)")
    region = walker.overanim.regions[0]
    row = shown.index(region.name, at)
    key = next(item.key for item in walker.overanim.motion.regions if item.region == region.name)
    assert shown[row + 1:row + 3] == [f"{found[f'Region_{key}_MaxSpeed']:.1f}",
                                      f"{found[f'Region_{key}_MaxSpeedCalibrated']:.1f}"]


def test_an_unresolved_basis_shows_no_calibrated_values(walker):
    walker.overanim.calibration.motion_basis = "REGION_SPAN"
    analyze(walker)
    shown = texts(draw_panel(bpy.types.OVERANIM_PT_motion, bpy.context))
    assert "Actor basis RegionSpan cannot resolve: not calibrated" in shown
    at = shown.index("Max Speed")
    assert shown[at + 2] == "—"
    assert "MaxSpeedCalibrated" not in summary(walker)


def test_analyze_says_why_it_is_greyed_out_without_an_armature(addon, empty_scene):
    with pytest.raises(RuntimeError, match="Select an armature, or a mesh deformed by one"):
        bpy.ops.overanim.analyze_motion()


def test_the_transfer_panel_sits_under_motion(addon):
    assert bpy.types.OVERANIM_PT_transfer.bl_parent_id == "OVERANIM_PT_motion"


def test_every_motion_value_reaches_the_action_the_regions_the_panel_and_the_report(walker):
    """Each Motion value, described once (core/motion_values.py), is written with its calibrated twin
    and its tooltip, per Region where it says so, drawn as a row with its unit, and in the batch data."""
    from overanim_addon.blender.motion.engine import MotionOptions, analyze_motion
    from overanim_addon.blender.motion.report import report_data
    from overanim_addon.core.motion_values import MOTION_VALUES

    result = analyze_motion(bpy.context, walker, MotionOptions())
    found, action = summary(walker), walker.overanim.motion.analyzed_action
    shown = texts(draw_panel(bpy.types.OVERANIM_PT_motion, bpy.context, region_width=291))
    data = report_data(result)
    key = walker.overanim.motion.regions[0].key
    for value in MOTION_VALUES:
        assert {value.name, value.name + "Calibrated"} <= found.keys(), value.name
        tooltip = action.id_properties_ui(f"OverAnim_Motion_{value.name}").as_dict()["description"]
        assert tooltip.startswith(f"{value.description} ({value.unit})"), tooltip
        assert (f"Region_{key}_{value.name}" in found) == bool(value.region), value.name
        at = shown.index(value.label)
        assert shown[at + 1] == f"{found[value.name]:.{value.digits}f} {value.unit}"
        assert data["raw"][value.key] == pytest.approx(found[value.name])
        assert data["calibrated"][value.key] == pytest.approx(found[value.name + "Calibrated"])


def test_the_panel_says_what_calibrated_divides_by(walker):
    """Issue 31, window finding 6: Calibrated figures (the Spine's 203 cm/s against 132 raw) come with
    what they are divided by, the actor's scale above and each Region's own below; the figures agree."""
    found = analyze(walker)
    shown = " ".join(texts(draw_panel(bpy.types.OVERANIM_PT_motion, bpy.context, region_width=291)))
    assert f"Actor basis Auto: scale {found['Scale']:.3f} Calibrated = Raw ÷ this scale: cm of the reference" in shown
    assert "Calibrated = Raw ÷ each Region's own scale (its Measurement Basis)" in shown
    assert found["AverageSpeedCalibrated"] == pytest.approx(found["AverageSpeed"] / found["Scale"], rel=1e-4)
    for item in walker.overanim.motion.regions:
        raw, calibrated = (found[f"Region_{item.key}_MaxSpeed{s}"] for s in ("", "Calibrated"))
        assert calibrated == pytest.approx(raw / item.scale, rel=1e-4)
