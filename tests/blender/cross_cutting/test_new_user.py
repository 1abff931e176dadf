"""What the sidebar, the Object > OverAnim menu and the reports tell a new user, drawn on real data
with a recording layout (tests/layout_recorder.py): the state of a toggle, the setting a finding
asks for right under it, what to do where a list is empty, units and names next to numbers."""

import re

import bpy
import pytest

from ...layout_recorder import draw_panel
from ..foot_ik_scenes import bake, key_artist_action, plane
from ..sidebar import DEFAULT_SIDEBAR


def operator_calls(layout, operator):
    return [c for c in layout.of("operator") if c.args[0] == operator]


def drawn_text(panel):
    layout = draw_panel(getattr(bpy.types, f"OVERANIM_PT_{panel}"), bpy.context, region_width=DEFAULT_SIDEBAR)
    return " ".join(layout.texts())


# -- 18: an empty Regions list --------------------------------------------------------------------
def test_an_empty_regions_list_says_how_to_add_one(sample):
    assert "No Regions yet" not in drawn_text("regions")
    sample.overanim.regions.clear()
    assert "No Regions yet: + adds one for the active bone collection" in drawn_text("regions")


# -- 19: the menu's Live Preview tick ---------------------------------------------------------------
def test_the_menu_ticks_live_preview_only_while_it_is_on(sample):
    def icon():
        (call,) = operator_calls(draw_panel(bpy.types.OVERANIM_MT_object, bpy.context), "overanim.live_preview")
        return call.kwargs["icon"]

    assert icon() == "CHECKBOX_DEHLT"
    assert bpy.ops.overanim.live_preview() == {"FINISHED"}
    try:
        assert icon() == "CHECKBOX_HLT"
    finally:
        bpy.ops.overanim.live_preview()
    assert icon() == "CHECKBOX_DEHLT"
    bpy.context.view_layer.objects.active = None  # no rig: nothing is on
    assert icon() == "CHECKBOX_DEHLT"


# -- 21: the fix named after it in the redo panel and the undo history ------------------------------
def checks_layout():
    return draw_panel(bpy.types.OVERANIM_PT_checks, bpy.context, region_width=DEFAULT_SIDEBAR)


def test_the_fix_button_is_named_after_its_fix_in_the_redo_panel_and_undo_history(sample):
    sample.scale = (2, 2, 2)
    bpy.ops.overanim.run_checks()
    (fix,) = [c for c in checks_layout().of("operator") if c.kwargs.get("text") == "Apply Scale"]
    # Blender names the redo panel and the undo step after the operator type: one per fix
    op = getattr(bpy.ops.overanim, fix.args[0].split(".")[1])
    assert op.get_rna_type().name == "Apply Scale"
    assert {"REGISTER", "UNDO"} <= set(getattr(bpy.types, op.idname()).bl_options)
    assert op() == {"FINISHED"}
    assert tuple(sample.scale) == (1, 1, 1) and len(sample.overanim.checks) == 0


@pytest.mark.real_blender
def test_a_fix_clicked_in_a_real_window_is_named_after_it_where_blender_lists_operators(tmp_path, real_binary):
    """Blender 4.3's window: the last operator (Repeat Last, Adjust Last Operation) and the undo step
    carry the operator type's name; the fix's, not "Fix". (The undo history itself has no Python
    reader: it was looked at in a screenshot.)"""
    from ...real_blender import run_in_window

    out = run_in_window(real_binary, "fix_name.py", "overanim_fix_name.json", tmp_path, seconds=1)
    assert out["redo_panel"] == ["OVERANIM_OT_fix_apply_armature_scale", "Apply Scale"]
    assert out["scale_fixed"] == [1.0, 1.0, 1.0] and out["scale_undone"] == [2.0, 2.0, 2.0]


# -- 17: the setting a finding asks for, under it -------------------------------------------------
def after_label(layout, text):
    """The calls drawn after the label rows that end ``text``."""
    labels = layout.labels()
    last = next(i for i in range(len(labels)) if text.endswith(labels[i].kwargs["text"]) and
                text.replace(" ", "") in "".join(c.kwargs["text"] for c in labels[:i + 1]).replace(" ", ""))
    return layout.calls[layout.calls.index(labels[last]) + 1:]


def test_a_region_whose_collection_is_gone_offers_its_picker_and_remove_under_the_finding(sample):
    sample.data.collections["Arm_L"].name = "Arm_Left"  # renamed by the artist: Region LeftArm still names Arm_L
    sample.overanim.active_region_index = 3  # Head is the active Region: LeftArm's settings are not drawn
    assert bpy.ops.overanim.run_checks() == {"FINISHED"}
    (finding,) = sample.overanim.checks
    assert finding.message == "Region 'LeftArm' has no bones: bone collection 'Arm_L' was not found"
    below = after_label(checks_layout(), finding.message)
    picker = next(c for c in below if c.method == "prop_search")
    assert picker.args[0] == sample.overanim.regions["LeftArm"] and picker.args[1] == "bone_collection"
    assert picker.args[2:] == (sample.data, "collections_all")
    (remove,) = [c for c in below if c.method == "operator" and c.args[0] == "overanim.region_remove"]
    assert remove.layout.region == "LeftArm"
    # the button removes that Region, not the active one, and the finding about it goes with it
    assert bpy.ops.overanim.region_remove(region=remove.layout.region) == {"FINISHED"}
    assert "LeftArm" not in sample.overanim.regions
    assert sample.overanim.regions[sample.overanim.active_region_index].name == "Head"
    assert len(sample.overanim.checks) == 0 and sample.overanim.checks_run


def test_the_picker_under_the_finding_fixes_it(sample):
    sample.data.collections["Arm_L"].name = "Arm_Left"
    bpy.ops.overanim.run_checks()
    (finding,) = sample.overanim.checks
    picker = next(c for c in after_label(checks_layout(), finding.message) if c.method == "prop_search")
    setattr(picker.args[0], picker.args[1], "Arm_Left")  # what picking it in that field does
    bpy.ops.overanim.run_checks()
    assert len(sample.overanim.checks) == 0


def creature():
    """A rig with no body root: a single chain, no bone named pelvis or hips, no two legs."""
    armature = bpy.data.objects.new("Creature", bpy.data.armatures.new("Creature"))
    bpy.context.scene.collection.objects.link(armature)
    bpy.context.view_layer.objects.active = armature
    bpy.ops.object.mode_set(mode="EDIT")
    parent = None
    for i in range(4):
        bone = armature.data.edit_bones.new(f"seg_{i}")
        bone.head, bone.tail, bone.parent = (0, 0, 0.2 + 0.3 * i), (0, 0, 0.5 + 0.3 * i), parent
        parent = bone
    bpy.ops.object.mode_set(mode="OBJECT")
    return armature


def test_no_body_root_offers_the_locomotion_root_bone_field_under_the_finding(addon, empty_scene):
    armature = creature()
    assert "DEFAULT_CLOSED" in bpy.types.OVERANIM_PT_calibration.bl_options  # where the field lives otherwise
    bpy.ops.overanim.run_checks()
    finding = next(c for c in armature.overanim.checks if c.check_id == "locomotion_root")
    assert finding.message.endswith("set Locomotion Root Bone")
    below = after_label(checks_layout(), finding.message)
    picker = next(c for c in below if c.method == "prop_search")
    assert picker.args[:4] == (armature.overanim.calibration, "locomotion_root_bone", armature.data, "bones")
    setattr(picker.args[0], picker.args[1], "seg_1")
    bpy.ops.overanim.run_checks()
    assert not [c for c in armature.overanim.checks if c.check_id == "locomotion_root"]


def test_feet_left_empty_after_a_detection_point_to_detect_foot_bones(rig):
    settings = rig.overanim.foot_ik
    assert bpy.ops.overanim.detect_foot_bones() == {"FINISHED"}
    settings.left_foot = settings.right_foot = ""  # cleared, or detected before the rig had its feet
    plane()
    expected = ("Left Foot and Right Foot are not set: Detect Foot Bones (Foot IK panel) finds 'foot_l' and "
                "'foot_r' by name")
    with pytest.raises(RuntimeError, match=re.escape(expected)):
        bpy.ops.overanim.probe_ground()
    panel = draw_panel(bpy.types.OVERANIM_PT_foot_ik, bpy.context, region_width=DEFAULT_SIDEBAR)
    assert expected in " ".join(panel.texts())
    # offered right above the button that fixes it
    assert after_label(panel, expected)[0].args[0] == "overanim.detect_foot_bones"
    assert bpy.ops.overanim.detect_foot_bones() == {"FINISHED"}
    assert bpy.ops.overanim.probe_ground() == {"FINISHED"}
    assert expected not in " ".join(draw_panel(bpy.types.OVERANIM_PT_foot_ik, bpy.context).texts())


def test_a_foot_that_names_a_renamed_bone_points_to_detect_foot_bones_too(rig):
    rig.overanim.foot_ik.left_foot = "Foot.L"  # the rig's bones were renamed since
    message = "Left Foot 'Foot.L' is not a bone of 'SK_OverAnimSample': Detect Foot Bones"
    with pytest.raises(RuntimeError, match=re.escape(message)):
        bpy.ops.overanim.probe_ground()


def test_a_rig_without_foot_names_asks_for_them_by_hand(addon, empty_scene):
    creature()
    message = ("No foot bones found on 'Creature' (no bone is named like a left and a right foot): set Left Foot "
               "and Right Foot in the Foot IK panel")
    with pytest.raises(RuntimeError, match=re.escape(message)):
        bpy.ops.overanim.probe_ground()
    assert message in drawn_text("foot_ik")


# -- 21: smaller things ---------------------------------------------------------------------------
def test_the_trace_distance_shows_how_the_trace_field_makes_it(rig):
    plane()
    assert bpy.ops.overanim.probe_ground() == {"FINISHED"}
    probed = rig["OverAnim_FootIK_TraceDistance"]
    scale = rig["OverAnim_GroundProbeScaleWS"]
    assert probed == pytest.approx(50 * scale)
    texts = draw_panel(bpy.types.OVERANIM_PT_foot_ik, bpy.context, region_width=DEFAULT_SIDEBAR).texts()
    assert texts[texts.index("Trace") + 1] == f"{probed:.1f} cm = 50 × {scale:.3f}"  # beside "Trace (cm) 50"
    rig.overanim.foot_ik.trace_distance = 60.0  # changed since the probe: the values are the old ones
    texts = draw_panel(bpy.types.OVERANIM_PT_foot_ik, bpy.context, region_width=DEFAULT_SIDEBAR).texts()
    assert texts[texts.index("Trace") + 1] == f"{probed:.1f} cm"
    assert f"the next probe traces {60 * scale:.1f} cm" in " ".join(texts)


def test_the_pushed_down_walk_keeps_its_name_in_the_nla(rig):
    artist = key_artist_action(rig)
    plane()
    bake(rig)
    assert [t.name for t in rig.animation_data.nla_tracks] == [artist.name, "OverAnim_FootIK"]
    with bpy.context.temp_override(active_object=rig, object=rig):
        assert bpy.ops.overanim.remove_foot_ik_bake() == {"FINISHED"}
    assert rig.animation_data.action == artist  # found again by that name


def test_a_region_added_after_painting_is_not_shown_with_a_colour_it_does_not_have(sample):
    assert bpy.ops.overanim.paint_region_masks() == {"FINISHED"}
    sample.data.collections.active = sample.data.collections["Leg_R"]
    assert bpy.ops.overanim.region_add() == {"FINISHED"}
    layout = draw_panel(bpy.types.OVERANIM_PT_region_masks, bpy.context, region_width=DEFAULT_SIDEBAR)
    swatches = layout.of("template_node_socket")
    assert len(swatches) == len(sample.overanim.regions) - 1
    assert all(call.kwargs["color"][3] == 1.0 for call in swatches)
    (row,) = [c for c in layout.labels() if c.kwargs.get("text") == "Leg_R"]
    assert row.kwargs["icon"] == "RADIOBUT_OFF" and "not painted yet" in layout.texts()
    assert bpy.ops.overanim.paint_region_masks() == {"FINISHED"}
    layout = draw_panel(bpy.types.OVERANIM_PT_region_masks, bpy.context, region_width=DEFAULT_SIDEBAR)
    assert len(layout.of("template_node_socket")) == len(sample.overanim.regions)
    assert "not painted yet" not in layout.texts()


# -- issue 31, window findings 9 and 10: the README's tour as the sidebar shows it -------------------
def tour_step(number):
    """The text of the README's one-minute tour step ``number`` (its lines joined)."""
    from pathlib import Path

    text = (Path(__file__).resolve().parents[3] / "README.md").read_text().split("## A one-minute tour")[1]
    found = re.search(rf"^{number}\. (.*?)(?=^\d+\. |^\S)", text, re.S | re.M)
    assert found, f"no step {number} in the README's tour"
    return " ".join(found.group(1).split())


def test_the_tours_first_step_names_the_sample_buttons_as_the_sidebar_shows_them(addon, empty_scene):
    """A new user opens the tab on an empty scene: the button the tour names first is the one drawn."""
    (empty,) = operator_calls(draw_panel(bpy.types.OVERANIM_PT_main, bpy.context, region_width=DEFAULT_SIDEBAR),
                              "overanim.build_sample_character")
    shown = empty.kwargs.get("text") or bpy.types.OVERANIM_OT_build_sample_character.bl_label
    assert tour_step(1).startswith(f"**{shown}**")
    assert bpy.ops.overanim.build_sample_character() == {"FINISHED"}
    (beside,) = operator_calls(draw_panel(bpy.types.OVERANIM_PT_main, bpy.context, region_width=DEFAULT_SIDEBAR),
                               "overanim.build_sample_character")
    assert beside.kwargs["icon"] == "ADD" and f"**+ {beside.kwargs['text']}**" in tour_step(1)


def test_the_tour_says_where_a_one_click_fix_appears(sample, tmp_path):
    """The sample passes every check, so the tour names the rig where a finding and its fix show."""
    from overanim_addon.blender.checks.fixes import FIXES

    from ..real_characters import mixamo_gltf

    assert bpy.ops.overanim.run_checks() == {"FINISHED"}
    assert not [check for check in sample.overanim.checks if check.fix]
    assert "the sample passes every check" in tour_step(2)
    bpy.ops.wm.read_homefile(use_empty=True)
    mixamo = mixamo_gltf(tmp_path)
    bpy.context.view_layer.objects.active = mixamo
    assert mixamo.scale[0] == pytest.approx(0.01)
    assert bpy.ops.overanim.run_checks() == {"FINISHED"}
    fixes = [FIXES[check.fix][0] for check in mixamo.overanim.checks if check.fix]
    assert fixes and "imported Mixamo rig (object scale 0.01)" in tour_step(2)
    assert all(f"**{label}**" in tour_step(2) for label in fixes)
