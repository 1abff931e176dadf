"""Every label of the sidebar reads in full at the default width, in English and in Korean: the panels
drawn on real data in their fullest states (tests/layout_recorder.py), each label measured with
Blender's UI font against the room its cell has (``cut_labels``)."""

from __future__ import annotations

import blf
import bpy
import pytest

from overanim_addon.blender import i18n
from overanim_addon.blender.i18n import CONTEXT
from overanim_addon.blender.translations import TRANSLATIONS

from ...layout_recorder import RecordingLayout, cut_labels, draw_panel
from ..motion_scenes import analyze
from ..sidebar import DEFAULT_SIDEBAR

KO = TRANSLATIONS["ko_KR"]
# Transfer's panel is laid out by its own work (issue 26, 3.3) and checked in test_transfer.py
PANELS = ("main", "checks", "results", "calibration", "region_masks", "regions", "foot_ik", "motion")


def measure(text):
    blf.size(0, bpy.context.preferences.ui_styles[0].widget.points)
    return blf.dimensions(0, text)[0]


@pytest.fixture(params=["en", "ko"])
def language(request, monkeypatch):
    """Messages as an artist reads them in that language (the bpy module has no locale files: the
    lookup reads the table Blender is given, as a Korean Blender would)."""
    if request.param == "ko":
        monkeypatch.setattr(i18n, "_lookup", lambda template: KO.get((CONTEXT, template), template))
    return request.param


@pytest.fixture
def full_sidebar(walker):
    """The walking sample after every step, with the findings, contacts and Regions that make the
    longest rows: a Region without a collection, a finding, the measured results, the masks painted."""
    walker.scale = (1.02, 1.02, 1.02)  # a finding with its fix
    assert bpy.ops.overanim.run_checks() == {"FINISHED"}
    walker.scale = (1, 1, 1)
    assert bpy.ops.overanim.measure_proportions() == {"FINISHED"}
    assert bpy.ops.overanim.paint_region_masks() == {"FINISHED"}
    analyze(walker)
    assert bpy.ops.overanim.region_add() == {"FINISHED"}
    walker.overanim.regions[-1].bone_collection = ""
    # a longer walk's contacts, as the sample's 97 frames give them in a real window
    motion = walker.overanim.motion
    motion.left_contacts, motion.right_contacts = "1-12, 26-37, 50-61, 74-85", "13-25, 38-49, 62-73, 86-97"
    motion.analyzed_action["OverAnim_Motion_LeftContactFrames"] = 49
    return walker


def region_rows():
    """The Regions list's rows (a UIList draws them, not the panel)."""
    armature = bpy.context.object
    layout = RecordingLayout()
    for index, region in enumerate(armature.overanim.regions):
        # the row's own layout: the list's width less its scroll bar and the buttons beside it
        bpy.types.OVERANIM_UL_regions.draw_item(None, bpy.context, layout.column(), armature.overanim, region, 0,
                                                armature.overanim, "active_region_index", index)
    return layout


@pytest.mark.parametrize("panel", PANELS)
def test_every_label_reads_in_full_at_the_default_width(full_sidebar, language, panel):
    layout = draw_panel(getattr(bpy.types, f"OVERANIM_PT_{panel}"), bpy.context, region_width=DEFAULT_SIDEBAR)
    assert not cut_labels(layout, DEFAULT_SIDEBAR, measure)


def test_the_lod_table_composition_and_a_foot_ik_bake_read_in_full(walker, language):
    """The other long states: the LOD coverage table, a composition, a Foot IK bake's values with
    Forward Axis set away from the toes (its note)."""
    from overanim_addon.blender.sample.build import add_sample_deltas

    regions = walker.overanim.regions
    regions["LeftArm"].mask_channel, regions["Spine"].mask_channel = "R", "G"
    add_sample_deltas(walker)
    regions["LeftArm"].delta_shape_key, regions["Spine"].delta_shape_key = "Delta_LeftArm", "Delta_Spine"
    regions["Spine"].composition_policy = "STRONGEST_DELTA"
    assert bpy.ops.overanim.paint_region_masks() == {"FINISHED"}
    assert bpy.ops.overanim.check_lod_coverage() == {"FINISHED"}
    assert bpy.ops.overanim.compose_region_deltas() == {"FINISHED"}
    assert bpy.ops.overanim.bake_foot_ik() == {"FINISHED"}
    walker.overanim.foot_ik.forward_axis = "+X"
    for panel in ("region_masks", "foot_ik"):
        layout = draw_panel(getattr(bpy.types, f"OVERANIM_PT_{panel}"), bpy.context, region_width=DEFAULT_SIDEBAR)
        assert not cut_labels(layout, DEFAULT_SIDEBAR, measure), panel


LIST_ROW = 178  # a row of the Regions list in a real 291 px sidebar (5.2 window)


def test_every_regions_row_reads_in_full(full_sidebar, language):
    """Name (with its icon) and collection each fit their share of the row, in both languages."""
    rows = region_rows()
    assert not cut_labels(rows, LIST_ROW + 92 - 26, measure)  # as a panel row LIST_ROW wide
    for split in rows.of("split"):
        name = next(c for c in rows.calls if c.owner is split.layout and c.method == "prop")
        label = next(c for c in rows.calls if c.owner is split.layout and c.method == "label")
        factor = split.kwargs["factor"]
        # an icon and padding beside the name, padding beside the collection (a 4.3 and 5.2 window)
        assert measure(name.args[0].name) + 40 <= factor * LIST_ROW, name.args[0].name
        assert measure(label.kwargs["text"]) + 14 <= (1 - factor) * LIST_ROW, label.kwargs["text"]


def test_the_results_of_a_rig_at_object_scale_001_read_in_full_and_say_what_cs_and_ws_are(addon, empty_scene,
                                                                                        language):
    """An imported Mixamo-shaped rig (its data in cm under an object scaled 0.01: X Bot's shape) measures
    about 18 000 cm in CS, 180 cm in WS (issue 31, window finding 8): each figure reads in full, and the
    table says what CS and WS are."""
    from ..imported_characters import build_mixamo
    from ..real_characters import MIXAMO, MIXAMO_LEG, add_region

    rig = build_mixamo(0.01)
    add_region(rig, "LeftLeg", [MIXAMO + name for name in MIXAMO_LEG])  # its rows: lengths in CS cm and a scale
    bpy.context.view_layer.objects.active = rig
    assert bpy.ops.overanim.measure_proportions() in ({"FINISHED"}, {"CANCELLED"})
    assert rig["OverAnim_CharacterHeightCS"] > 10_000 and rig["OverAnim_CharacterHeightWS"] < 1_000
    layout = draw_panel(bpy.types.OVERANIM_PT_results, bpy.context, region_width=DEFAULT_SIDEBAR)
    assert not cut_labels(layout, DEFAULT_SIDEBAR, measure)
    text = " ".join(layout.texts())
    assert "Chain length" in text and "LeftLeg" in text
    explained = {"en": ("component space", "world space"), "ko": ("component space", "world space")}[language]
    assert all(words in text for words in explained), text


@pytest.mark.parametrize("name", ["SK_OverAnimSample", "SK_OverAnimSample.001", "CH_Hero_Rig_Final_v12.001"])
def test_the_rigs_name_reads_whole_beside_or_above_the_sample_button(sample, name):
    """A Shift+D copy's name ends in .001, what tells it from its original (issue 31, window finding 5's
    shot): the name is never cut, beside + Sample when it fits, on its own row above it otherwise."""
    sample.name = name
    layout = draw_panel(bpy.types.OVERANIM_PT_main, bpy.context, region_width=DEFAULT_SIDEBAR)
    assert not cut_labels(layout, DEFAULT_SIDEBAR, measure)
    assert "".join(t for t in layout.texts() if t and t in sample.name) == sample.name
    assert layout.of("operator")[0].kwargs.get("text") == "Sample"
