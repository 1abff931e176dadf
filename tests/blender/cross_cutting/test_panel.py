"""The sidebar as an artist reads it, drawn on real data with a recording layout (tests/layout_recorder.py):
order of the panels, wrapped findings, Results opening after a measurement, the preview legend."""

import blf
import bpy
import pytest
from hypothesis import given
from hypothesis import strategies as st

from overanim_addon.blender.shared.text_wrap import ROW_CHROME_UNITS, wrap_text
from overanim_addon.core.region_preview import region_palette

from ...layout_recorder import draw_panel
from ..sidebar import DEFAULT_SIDEBAR, SIDEBAR, registered_panels, sidebar_order


def panel_order():
    """The sub-panels of the main panel as Blender orders them: by bl_order, a tie by registration
    (there is none: test_each_sub_panel_has_its_own_place_in_the_sidebar)."""
    return sidebar_order(registered_panels())


def test_checks_come_first_and_calibration_starts_closed(addon):
    order = panel_order()
    ours = ["OVERANIM_PT_checks", "OVERANIM_PT_results", "OVERANIM_PT_calibration", "OVERANIM_PT_region_masks",
            "OVERANIM_PT_regions"]
    assert [name for name in order if name in ours] == ours
    assert order[0] == "OVERANIM_PT_checks"
    assert "DEFAULT_CLOSED" in bpy.types.OVERANIM_PT_calibration.bl_options


def test_each_sub_panel_has_its_own_place_in_the_sidebar(addon):
    panels = [cls for cls in registered_panels() if getattr(cls, "bl_parent_id", "") == "OVERANIM_PT_main"]
    orders = [getattr(cls, "bl_order", 0) for cls in panels]
    assert len(set(orders)) == len(orders)  # no tie for the registration order to break
    assert panel_order() == SIDEBAR


def test_the_sample_button_says_what_it_adds(sample):
    first = draw_panel(bpy.types.OVERANIM_PT_main, bpy.context).of("operator")[0]
    assert (first.args[0], first.kwargs.get("text"), first.kwargs.get("icon")) == (
        "overanim.build_sample_character", "Sample", "ADD")


def measure_width(text):
    blf.size(0, bpy.context.preferences.ui_styles[0].widget.points)
    return blf.dimensions(0, text)[0]


def test_a_long_finding_reads_in_full_over_several_rows_with_its_fix_below(sample):
    sample.scale = (1.02, 1.02, 1.02)
    bpy.ops.overanim.run_checks()
    (finding,) = sample.overanim.checks
    calls = draw_panel(bpy.types.OVERANIM_PT_checks, bpy.context, region_width=DEFAULT_SIDEBAR).calls
    rows = [c for c in calls if c.method == "label"]
    assert len(rows) >= 3
    assert " ".join(c.kwargs["text"] for c in rows) == finding.message  # every word, in order
    width = DEFAULT_SIDEBAR - ROW_CHROME_UNITS * 20
    assert all(measure_width(c.kwargs["text"]) <= width for c in rows)
    assert [c.kwargs["icon"] for c in rows] == ["ERROR"] + ["BLANK1"] * (len(rows) - 1)  # severity icon kept
    fix = next(i for i, c in enumerate(calls) if c.method == "operator" and c.args[0].startswith("overanim.fix_"))
    assert fix > calls.index(rows[-1]) and calls[fix].kwargs["text"] == "Apply Scale"
    assert calls[fix - 1].method == "row"  # on a row of its own, below the message


words = st.text(st.characters(codec="utf-8", exclude_categories=("Cs", "Zs", "Cc")), min_size=1, max_size=30)


@given(st.lists(words, min_size=1, max_size=30), st.integers(40, 400))
def test_wrapping_keeps_every_word_and_fits_each_line(chunks, width):
    text = " ".join(chunks)
    measure = lambda s: 7.0 * len(s)  # noqa: E731
    lines = wrap_text(text, width, measure)
    assert "".join(lines).replace(" ", "") == text.replace(" ", "")
    assert all(measure(line) <= width or len(line) == 1 for line in lines)
    joined = " ".join(lines)
    for chunk in chunks:  # a word that fits a line is never broken
        if measure(chunk) <= width:
            assert chunk in joined


folders = st.text(st.characters(codec="utf-8", exclude_categories=("Cs", "Cc"), exclude_characters="/\\"),
                  min_size=1, max_size=25)


@given(st.lists(folders, min_size=1, max_size=12), st.integers(40, 400))
def test_a_path_is_wrapped_after_its_folders_and_keeps_every_character(parts, width):
    from overanim_addon.blender.shared.text_wrap import wrap_path

    path = "/" + "/".join(parts)
    measure = lambda s: 7.0 * len(s)  # noqa: E731
    lines = wrap_path(path, width, measure)
    assert "".join(lines) == path
    assert all(measure(line) <= width or len(line) == 1 for line in lines)
    for index, line in enumerate(lines[:-1]):  # a line ends after a folder, or it is full
        assert line.endswith("/") or measure(line + lines[index + 1][0]) > width


def test_results_open_after_a_measurement(sample):
    data = sample.overanim
    assert data.show_results is False
    closed = draw_panel(bpy.types.OVERANIM_PT_results, bpy.context)
    assert [c.args[1] for c in closed.of("panel_prop")] == ["show_results"]
    assert "Character height" not in closed.texts()
    assert bpy.ops.overanim.measure_proportions() == {"FINISHED"}
    assert data.show_results is True
    opened = draw_panel(bpy.types.OVERANIM_PT_results, bpy.context)
    assert "Character height" in opened.texts() and "180.0" in opened.texts() and "WS (cm)" in opened.texts()


def legend(layout):
    return layout.of("template_node_socket")


def test_the_legend_shows_after_a_paint_only_and_cannot_be_edited(sample):
    panel = bpy.types.OVERANIM_PT_region_masks
    assert not legend(draw_panel(panel, bpy.context))  # a new sample: nothing painted, no legend
    sample.overanim.regions["Spine"].mask_channel = "G"
    assert bpy.ops.overanim.paint_region_masks() == {"FINISHED"}
    drawn = draw_panel(panel, bpy.context)
    swatches = legend(drawn)
    assert [tuple(round(v, 5) for v in c.kwargs["color"]) for c in swatches] == [
        tuple(round(float(v), 5) for v in colour) for colour in region_palette(len(sample.overanim.regions))]
    assert len({c.kwargs["color"] for c in swatches}) == len(sample.overanim.regions)
    assert "G" in drawn.texts()  # the channel the Region is packed in
    every_panel = [draw_panel(getattr(bpy.types, f"OVERANIM_PT_{name}"), bpy.context)
                   for name in ("main", "checks", "results", "calibration", "regions", "region_masks")]
    assert not [c for layout in every_panel for c in layout.of("prop")
                if c.args[1] in ("preview_color", "painted_regions")]
    assert bpy.ops.overanim.clear_region_preview() == {"FINISHED"}
    assert not legend(draw_panel(panel, bpy.context))


def test_a_failed_paint_shows_no_legend(sample):
    regions = sample.overanim.regions
    regions["Spine"].mask_channel = regions["Head"].mask_channel = "R"  # two Regions on one channel
    with pytest.raises(RuntimeError, match="both use channel R"):
        bpy.ops.overanim.paint_region_masks()
    assert sample.overanim.masks_painted is False
    assert not legend(draw_panel(bpy.types.OVERANIM_PT_region_masks, bpy.context))


def reads_in_full(layout, text, width):
    """Whether ``text`` is drawn as consecutive label rows, every word in order, each row fitting ``width``."""
    labels = layout.labels()
    for start in range(len(labels)):
        rows = []
        for row in labels[start:]:
            rows.append(row.kwargs.get("text", ""))
            joined = " ".join(rows)
            if not text.startswith(joined):
                break
            if joined == text:
                return all(measure_width(line) <= width for line in rows)
    return False


def no_armature(sample):
    bpy.context.view_layer.objects.active = None
    return "main", "Select an armature or a mesh it deforms"


def hard_step(sample):
    sample.overanim.regions[0].full_weight = sample.overanim.regions[0].zero_weight = 0.4
    return "regions", "Full Weight must be above Zero Weight: hard step"


def mixed_policies(sample):
    regions = sample.overanim.regions
    regions["Spine"].composition_policy = "STRONGEST_DELTA"
    regions["LeftArm"].delta_shape_key, regions["Spine"].delta_shape_key = "Delta_LeftArm", "Delta_Spine"
    return "region_masks", "Mixed policies: Strongest Delta wins where its Region is present"


def live_preview_error(sample):
    from overanim_addon.blender.masks import live

    assert bpy.ops.overanim.live_preview() == {"FINISHED"}
    sample.overanim.regions["LeftArm"].bone_collection = "Arm_Left_Renamed"
    sample.update_tag()
    bpy.context.view_layer.update()
    assert sample.name in live.errors
    return "region_masks", live.errors[sample.name]


@pytest.mark.parametrize("state", [no_armature, hard_step, mixed_policies, live_preview_error])
def test_every_status_message_reads_in_full(sample, state):
    panel, text = state(sample)
    try:
        for region_width in (DEFAULT_SIDEBAR, 220):  # the default sidebar and a narrow one
            layout = draw_panel(getattr(bpy.types, f"OVERANIM_PT_{panel}"), bpy.context, region_width=region_width)
            assert reads_in_full(layout, text, region_width - ROW_CHROME_UNITS * 20), (region_width, layout.texts())
    finally:
        if sample.overanim.live_preview:
            bpy.ops.overanim.live_preview()


def test_a_regions_name_key_reads_in_full_in_its_results(sample):
    region = sample.overanim.regions["LeftArm"]
    region.name = "Shoulder Pad, upper left (왼쪽 어깨) with a long name"
    assert bpy.ops.overanim.measure_proportions() == {"FINISHED"}
    from overanim_addon.core.naming import region_key

    layout = draw_panel(bpy.types.OVERANIM_PT_results, bpy.context, region_width=DEFAULT_SIDEBAR)
    texts = layout.texts()
    assert region.name in texts  # the artist's name, on its own
    assert region_key(region.name) in texts  # and the key its properties use, on a row of its own


CONTENT = ("label", "operator", "prop", "prop_search", "template_list", "template_node_socket", "panel_prop")


def sidebar(context):
    """The OverAnim tab top to bottom as drawn: the main panel, then each sub-panel that polls (one
    that starts closed stays closed). Returns the recorded calls of what takes room, in order."""
    drawn = []
    panels = [bpy.types.OVERANIM_PT_main, *(getattr(bpy.types, name) for name in panel_order())]
    for panel in panels:
        if panel is not bpy.types.OVERANIM_PT_main and not panel.poll(context):
            continue
        if "DEFAULT_CLOSED" in getattr(panel, "bl_options", set()):
            continue
        drawn += [c for c in draw_panel(panel, context, region_width=DEFAULT_SIDEBAR).calls if c.method in CONTENT]
    return drawn


def rows_above(drawn, operator):
    """How many rows the sidebar draws above the button of ``operator``: where it stands."""
    return next(i for i, c in enumerate(drawn) if c.method == "operator" and c.args[0] == operator)


STEPS = {  # a button, and the buttons an artist reaches for next, which must not move when it is clicked
    "run_checks": ("run_checks", "measure_proportions", "export_fbx"),
    "measure_proportions": ("run_checks", "measure_proportions", "export_fbx"),
    "probe_ground": ("probe_ground", "bake_foot_ik", "remove_foot_ik_bake"),
    "bake_foot_ik": ("probe_ground", "bake_foot_ik", "remove_foot_ik_bake"),
}


@pytest.mark.parametrize("clicked", list(STEPS))
def test_the_panel_does_not_move_the_buttons_under_the_cursor(addon, empty_scene, clicked):
    """A new user's first clicks on "+ Sample" (which has a finding to show: a scale of 1.02): what a
    click opens or fills appears below the buttons of that step and the next."""
    assert bpy.ops.overanim.build_sample_character() == {"FINISHED"}
    bpy.context.active_object.scale = (1.02, 1.02, 1.02)
    before = sidebar(bpy.context)
    assert getattr(bpy.ops.overanim, clicked)() == {"FINISHED"}
    after = sidebar(bpy.context)
    assert after != before  # the click showed something
    for button in STEPS[clicked]:
        assert rows_above(after, f"overanim.{button}") == rows_above(before, f"overanim.{button}"), button


def test_a_measurement_made_on_the_side_opens_nothing_and_the_report_says_so(rig, capfd):
    from ..foot_ik_scenes import plane
    from ..helpers import printed_reports

    plane()
    lines = printed_reports(capfd, bpy.ops.overanim.probe_ground)
    assert "OverAnim_CharacterHeightWS" in rig  # measured first...
    assert any(line.startswith("Info: Measured first:") for line in lines), lines  # ...as the report says
    assert not rig.overanim.show_results and not rig.overanim.checks_run  # ...and nothing opened
    bpy.ops.overanim.run_checks()  # findings already shown are kept up to date by the next one
    del rig["OverAnim_CharacterHeightWS"]
    rig.scale = (1.02, 1.02, 1.02)
    bpy.ops.overanim.probe_ground()
    assert [c.check_id for c in rig.overanim.checks] == ["armature_scale"] and not rig.overanim.show_results


class _InView:
    """The context as a sidebar in one 3D View has it (there is no window here)."""

    def __init__(self, context, space):
        self._context, self.space_data, self.region = context, space, type("Region", (), {"width": DEFAULT_SIDEBAR})

    def __getattr__(self, name):
        return getattr(self._context, name)


def test_the_legend_offers_show_preview_when_the_view_shows_other_colours(sample):
    """Undo after Clear Preview brings the masks and the legend back, not the views' colour type
    (UI data, which undo leaves alone): the legend must not describe a grey mesh without a way back."""
    from overanim_addon.blender.masks import shading

    from ..mask_reads import colour_types, views

    panel = bpy.types.OVERANIM_PT_region_masks
    before = colour_types()
    assert bpy.ops.overanim.paint_region_masks() == {"FINISHED"}
    space = views()[0][2]
    offered = lambda: [c for c in draw_panel(panel, _InView(bpy.context, space)).of("operator")  # noqa: E731
                       if c.args[0] == "overanim.show_region_preview"]
    assert legend(draw_panel(panel, _InView(bpy.context, space))) and not offered()
    shading.restore_colors()  # the views as Clear Preview left them, kept by its undo (the real one: test_undo.py)
    assert offered()
    assert bpy.ops.overanim.show_region_preview() == {"FINISHED"}
    assert set(colour_types().values()) == {"VERTEX"} and not offered()
    assert bpy.ops.overanim.clear_region_preview() == {"FINISHED"}  # and Clear puts them back again
    assert colour_types() == before
