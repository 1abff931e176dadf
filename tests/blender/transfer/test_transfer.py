"""Calibrated action transfer (issue 22), with the real bpy: a walk with root motion made on the 180 cm
sample, transferred onto copies of it scaled in Edit Mode, with an object scale, at another Unit
Scale, clamped, uncalibrated, with other bone names, and refused for bad input."""

from __future__ import annotations

import dataclasses
import inspect
import json
import subprocess
from pathlib import Path

import blf
import bpy
import numpy as np
import pytest

from overanim_addon.blender import compat
from overanim_addon.blender.shared import names
from overanim_addon.blender.shared.fcurves import fcurves
from overanim_addon.blender.shared.text_wrap import ROW_CHROME_UNITS
from overanim_addon.blender.transfer.engine import RECORD, TransferOptions, transfer_action
from overanim_addon.core.errors import OverAnimError
from overanim_addon.core.log import Level
from overanim_addon.core.messages import Message

from ...batch_support import script_command
from ...layout_recorder import draw_panel
from ..helpers import benchmark_prints
from ..transfer_scenes import (
    FRAMES,
    action_fingerprint,
    curve_fingerprint,
    key_arrays,
    location_curves,
    scaled_copy,
    walking_source,
    world_heads,
)

ROOT = Path(__file__).resolve().parents[3]
ALL_FRAMES = range(1, FRAMES + 1)
TOLERANCE_CM = 0.01
PELVIS_CM = 95.0  # the sample's pelvis height: its locomotion height


@pytest.fixture
def source(addon, empty_scene):
    return walking_source()


def bone_names(obj):
    return [b.name for b in obj.data.bones]


def transfer(source, target, **options):
    return transfer_action(bpy.context, target, TransferOptions(source=source, **options))


# -- the motion lands where the proportions say ----------------------------------------------------------
def test_every_bone_of_a_copy_scaled_in_edit_mode_moves_by_the_same_factor(source):
    """No foot slides: at every frame every bone's world head on the 0.6x copy is 0.6x the source's."""
    small = scaled_copy(source, 0.6, "Small")
    result = transfer(source, small)
    assert result.ratio.ratio == pytest.approx(0.6, abs=1e-6)
    assert result.ratio.source_scale == pytest.approx(PELVIS_CM, rel=1e-5)  # the measured size (cm)
    assert not result.ratio.calibrated and not result.ratio.clamps
    names = bone_names(source)
    expected = 0.6 * world_heads(source, names, ALL_FRAMES)
    assert np.abs(world_heads(small, names, ALL_FRAMES) - expected).max() < TOLERANCE_CM
    # the walk does travel (root motion), and the feet do stand still while planted
    travel = expected[-1, names.index("root")] - expected[0, names.index("root")]
    assert np.linalg.norm(travel) > 50.0


def test_rotations_times_and_interpolation_are_copied_and_the_source_is_untouched(source):
    clip = source.animation_data.action
    before = action_fingerprint(clip)
    small = scaled_copy(source, 0.6, "Small")
    result = transfer(source, small)
    assert action_fingerprint(clip) == before  # byte for byte, custom properties and slots too
    new = result.action
    assert new is not clip and new.name == f"{clip.name}_Small"
    others = {(c.data_path, c.array_index): curve_fingerprint(c) for c in fcurves(clip)
              if not c.data_path.endswith(".location")}
    copied = {(c.data_path, c.array_index): curve_fingerprint(c) for c in fcurves(new)
              if not c.data_path.endswith(".location")}
    assert len(others) >= 4 * 1 + 3 + 4 + 3 + 1 and copied == others  # quaternion, Euler, axis-angle, scale, prop
    source_locations, new_locations = location_curves(clip), location_curves(new)
    assert set(source_locations) == set(new_locations) and len(source_locations) == 12
    for key, curve in source_locations.items():
        a, b = key_arrays(curve), key_arrays(new_locations[key])
        assert np.array_equal(a[:, :, 0], b[:, :, 0])  # key and handle times
        np.testing.assert_allclose(b[:, :, 1], result.ratio.ratio * a[:, :, 1], atol=1e-6, rtol=1e-6)
        ints = curve_fingerprint(curve)[-5:]
        assert curve_fingerprint(new_locations[key])[-5:] == ints  # interpolation, handle types, easing


def test_the_new_action_records_what_was_done(source):
    small = scaled_copy(source, 0.6, "Small")
    result = transfer(source, small)
    record = {k[len(RECORD):]: result.action[k] for k in result.action.keys() if k.startswith(RECORD)}  # noqa: SIM118
    assert record["Source"] == source.name and record["Basis"] == "LocomotionHeight"
    assert record["SourceScale"] == pytest.approx(PELVIS_CM, rel=1e-5)
    assert record["TargetScale"] == pytest.approx(0.6 * PELVIS_CM, rel=1e-5)
    assert not record["Calibrated"]
    assert record["Ratio"] == pytest.approx(0.6) and record["RatioWS"] == pytest.approx(0.6)
    assert small.animation_data.action == result.action
    calibrated = transfer(source, small, use_calibration=True).action
    record = {k[len(RECORD):]: calibrated[k] for k in calibrated.keys() if k.startswith(RECORD)}  # noqa: SIM118
    assert record["SourceScale"] == pytest.approx(PELVIS_CM / 90.0, rel=1e-5)
    assert record["TargetScale"] == pytest.approx(0.6 * PELVIS_CM / 90.0, rel=1e-5)
    assert record["Calibrated"] and record["Ratio"] == pytest.approx(0.6)


def test_scale_vertical_zero_keeps_the_pelvis_at_its_rest_height(source):
    small = scaled_copy(source, 0.6, "Small")
    bobbing = world_heads(source, ["pelvis"], ALL_FRAMES)[:, 0, 2]
    assert bobbing.max() - bobbing.min() > 3.0  # the source does bob
    transfer(source, small, scale_vertical=0.0)
    heights = world_heads(small, ["pelvis"], ALL_FRAMES)[:, 0, 2]
    assert np.abs(heights - 0.6 * PELVIS_CM).max() < TOLERANCE_CM
    # the feet stop lifting too: the IK targets' vertical parts go, their horizontal ones stay
    feet = world_heads(small, ["ik_foot_l"], ALL_FRAMES)[:, 0]
    assert np.abs(feet[:, 2] - feet[0, 2]).max() < TOLERANCE_CM
    assert np.ptp(feet[:, 1]) > 20.0


def test_scale_horizontal_half_halves_the_travel(source):
    small = scaled_copy(source, 0.6, "Small")
    source_root = world_heads(source, ["root", "pelvis"], ALL_FRAMES)
    transfer(source, small, scale_horizontal=0.5)
    small_root = world_heads(small, ["root", "pelvis"], ALL_FRAMES)
    travel, small_travel = source_root[:, 0] - source_root[0, 0], small_root[:, 0] - small_root[0, 0]
    assert np.abs(small_travel - 0.3 * travel).max() < TOLERANCE_CM
    # the vertical bob keeps the plain ratio
    bob, small_bob = source_root[:, 1, 2] - PELVIS_CM, small_root[:, 1, 2] - 0.6 * PELVIS_CM
    assert np.abs(small_bob - 0.6 * bob).max() < TOLERANCE_CM


def world_space_walker():
    """An armature walked by its object (no root-bone motion), with Bézier keys and a bob."""
    walker = walking_source()
    clip = walker.animation_data.action
    bag = compat.channelbag(clip, compat.slot_of(clip, walker))
    for curve in list(fcurves(clip)):
        if curve.data_path == 'pose.bones["root"].location':
            bag.fcurves.remove(curve)
    walker.pose.bones["root"].location = (0.0, 0.0, 0.0)
    for frame, (y, z) in ((1, (0.0, 0.0)), (12, (-0.35, 0.03)), (24, (-0.7, 0.0)), (36, (-1.05, 0.03)),
                          (48, (-1.4, 0.0))):
        walker.location = (0.0, y, z)
        walker.keyframe_insert("location", frame=frame)
    return walker


def test_an_armature_walked_by_its_object_gets_its_object_location_scaled(addon, empty_scene):
    walker = world_space_walker()
    small = scaled_copy(walker, 0.6, "Small")
    path = world_heads(walker, ["root"], ALL_FRAMES)[:, 0]
    result = transfer(walker, small)
    assert result.object_channels == 3
    assert np.abs(world_heads(small, ["root"], ALL_FRAMES)[:, 0] - 0.6 * path).max() < TOLERANCE_CM
    names = bone_names(walker)
    assert np.abs(world_heads(small, names, ALL_FRAMES) - 0.6 * world_heads(walker, names, ALL_FRAMES)).max() \
        < TOLERANCE_CM
    # about the first frame: a walker standing elsewhere starts where it stands
    other = scaled_copy(walker, 0.6, "Elsewhere")
    clip = walker.animation_data.action
    for curve in fcurves(clip):
        if curve.data_path == "location" and curve.array_index == 0:
            for key in curve.keyframe_points:
                key.co.y += 2.0
                key.handle_left.y += 2.0
                key.handle_right.y += 2.0
    transfer(walker, other, scale_horizontal=0.5)
    moved = world_heads(other, ["root"], ALL_FRAMES)[:, 0]
    assert moved[0, 0] * 0.01 == pytest.approx(2.0, abs=1e-4)  # starts where the source starts
    np.testing.assert_allclose(moved[:, 1], 0.3 * path[:, 1], atol=TOLERANCE_CM)  # travel: ratio x 0.5
    np.testing.assert_allclose(moved[:, 2], 0.6 * path[:, 2], atol=TOLERANCE_CM)  # bob: the ratio


# -- units, object scale, clamps, calibration --------------------------------------------------------------
def test_unit_scale_001_gives_the_same_ratio_and_motion(addon, empty_scene):
    at_one = walking_source(1.0)
    ratio_one = transfer(at_one, scaled_copy(at_one, 0.6, "Small")).ratio
    bpy.ops.wm.read_homefile(use_empty=True)
    at_cm = walking_source(0.01)
    small = scaled_copy(at_cm, 0.6, "Small")
    ratio_cm = transfer(at_cm, small).ratio
    assert ratio_cm.source_scale == pytest.approx(ratio_one.source_scale, rel=1e-5)
    assert ratio_cm.ratio == pytest.approx(ratio_one.ratio, rel=1e-6)
    names = bone_names(at_cm)
    assert np.abs(world_heads(small, names, ALL_FRAMES) - 0.6 * world_heads(at_cm, names, ALL_FRAMES)).max() \
        < TOLERANCE_CM


def test_an_object_scale_of_two_moves_like_its_applied_copy(addon, empty_scene):
    walker = world_space_walker()  # the object's own location animation takes the WS ratio
    scaled = scaled_copy(walker, 1.0, "Scaled", object_scale=2.0)
    applied = scaled_copy(walker, 2.0, "Applied")
    for target in (scaled, applied):
        transfer(walker, target)
    names = bone_names(walker)
    a, b = world_heads(scaled, names, ALL_FRAMES), world_heads(applied, names, ALL_FRAMES)
    assert np.abs(a - b).max() < TOLERANCE_CM
    assert np.abs(a - 2.0 * world_heads(walker, names, ALL_FRAMES)).max() < TOLERANCE_CM


def test_an_object_scale_of_two_leaves_bone_channels_and_doubles_the_world(source):
    scaled = scaled_copy(source, 1.0, "Scaled", object_scale=2.0)
    result = transfer(source, scaled)
    assert result.ratio.ratio == pytest.approx(1.0) and result.ratio.ratio_ws == pytest.approx(2.0)
    for key, curve in location_curves(source.animation_data.action).items():
        np.testing.assert_array_equal(key_arrays(location_curves(result.action)[key]), key_arrays(curve))
    names = bone_names(source)
    assert np.abs(world_heads(scaled, names, ALL_FRAMES) - 2.0 * world_heads(source, names, ALL_FRAMES)).max() \
        < TOLERANCE_CM


def test_a_clamped_character_uses_its_maximum_scale(source):
    giant = scaled_copy(source, 5.0 * 90.0 / PELVIS_CM, "Giant")  # measured 5 (450 cm locomotion height)
    assert giant.overanim.calibration.maximum_character_scale == pytest.approx(4.0)
    result = transfer(source, giant, use_calibration=True)
    assert giant[f"{names.PREFIX}LocomotionHeightCS"] == pytest.approx(450.0, rel=1e-4)
    assert result.ratio.target_scale == pytest.approx(4.0)
    assert result.ratio.ratio == pytest.approx(4.0 / (PELVIS_CM / 90.0), rel=1e-5)
    # the report says which character the clamp held, and how far the ratio moved
    unclamped = 450.0 / PELVIS_CM
    warnings = [str(m) for level, m in result.log if level == "WARNING" and "clamps 'Giant'" in str(m)]
    assert len(warnings) == 2 and any(f"instead of {unclamped:.4g}" in w for w in warnings), result.log
    assert all("'Source'" not in w for w in warnings)
    # without calibration the same giant takes the plain ratio of the sizes, and nothing is clamped
    plain = transfer(source, giant)
    assert plain.ratio.ratio == pytest.approx(unclamped, rel=1e-5) and not plain.ratio.clamps
    assert not [m for level, m in plain.log if level == "WARNING"]


def test_calibration_off_on_the_target_gives_it_scale_one(source):
    small = scaled_copy(source, 0.6, "Small")
    small.overanim.calibration.enable_automatic_calibration = False
    result = transfer(source, small, use_calibration=True)
    assert result.ratio.target_scale == 1.0
    assert result.ratio.ratio == pytest.approx(1.0 / (PELVIS_CM / 90.0), rel=1e-5)
    assert transfer(source, small).ratio.ratio == pytest.approx(0.6, rel=1e-5)  # the sizes: calibration unused


def test_basis_absolute_leaves_translations_unchanged(source):
    small = scaled_copy(source, 0.6, "Small")
    result = transfer(source, small, basis="ABSOLUTE")
    assert (result.ratio.ratio, result.ratio.ratio_ws) == (1.0, 1.0)
    for key, curve in location_curves(source.animation_data.action).items():
        np.testing.assert_array_equal(key_arrays(location_curves(result.action)[key]), key_arrays(curve))
    assert names.CHARACTER_HEIGHT_CS not in small  # nothing to measure for Absolute


def test_a_region_basis_uses_the_regions_measurement(source):
    small = scaled_copy(source, 0.6, "Small")
    result = transfer(source, small, basis="REGION_CHAIN_LENGTH", region="LeftLeg")
    assert result.ratio.ratio == pytest.approx(0.6, rel=1e-5)
    assert result.action[f"{RECORD}Region"] == "LeftLeg"


# -- names ---------------------------------------------------------------------------------------------------
def test_names_that_differ_only_by_family_are_matched_and_the_rest_is_reported(source):
    other = scaled_copy(source, 0.6, "Rigify")
    for bone in other.data.bones:
        if bone.name.endswith(("_l", "_r")):
            bone.name = f"{bone.name[:-2]}.{bone.name[-1].upper()}"  # foot_l -> foot.L
    with bpy.context.temp_override(active_object=other, object=other):
        bpy.context.view_layer.objects.active = other
        bpy.ops.object.mode_set(mode="EDIT")
        other.data.edit_bones.remove(other.data.edit_bones["spine_02"])  # keyed (scale) in the source
        bpy.ops.object.mode_set(mode="OBJECT")
    result = transfer(source, other)
    assert result.renamed["ik_foot_l"] == "ik_foot.L" and result.renamed["foot_l"] == "foot.L"
    assert result.skipped == ("spine_02",)
    paths = {c.data_path for c in fcurves(result.action)}
    assert 'pose.bones["ik_foot.L"].location' in paths and not any("ik_foot_l" in p or "spine_02" in p for p in paths)
    assert any("spine_02" in str(message) and level == "WARNING" for level, message in result.log)
    matched = next(str(m) for _, m in result.log if "naming family" in str(m))
    assert "'ik_foot_l' → 'ik_foot.L'" in matched and "'foot_l'" not in matched  # the bones the clip moves
    names = [n for n in bone_names(source) if n != "spine_02"]
    renamed = [result.renamed.get(n, n) for n in names]
    mine = world_heads(other, renamed, ALL_FRAMES)
    theirs = world_heads(source, names, ALL_FRAMES)
    feet = [names.index("foot_l"), names.index("foot_r"), names.index("root"), names.index("pelvis")]
    assert np.abs(mine[:, feet] - 0.6 * theirs[:, feet]).max() < TOLERANCE_CM


def test_the_target_takes_the_sources_rotation_modes(source):
    small = scaled_copy(source, 0.6, "Small")
    small.pose.bones["spine_01"].rotation_mode = "QUATERNION"
    transfer(source, small)
    assert small.pose.bones["spine_01"].rotation_mode == "XYZ"
    assert small.pose.bones["head"].rotation_mode == "AXIS_ANGLE"


def test_the_engine_keeps_the_one_contract(source):
    """engine(context, armature, options) -> a frozen result whose log is (Level, Message) lines."""
    assert list(inspect.signature(transfer_action).parameters) == ["context", "armature", "options"]
    small = scaled_copy(source, 0.6, "Small")
    result = transfer(source, small)
    assert dataclasses.is_dataclass(result) and result.__dataclass_params__.frozen
    with pytest.raises(dataclasses.FrozenInstanceError):
        result.log = ()
    assert isinstance(result.log, tuple) and result.log
    assert all(isinstance(level, Level) and isinstance(m, Message) for level, m in result.log)
    assert TransferOptions.__dataclass_params__.frozen and TransferOptions().use_calibration is False


# -- the result, again and again -------------------------------------------------------------------------------
def test_transferring_again_replaces_the_result_and_keeps_the_previous_action(source):
    small = scaled_copy(source, 0.6, "Small")
    own = bpy.data.actions.new("SmallIdle")
    small.animation_data_create()
    small.animation_data.action = own
    first = transfer(source, small)
    assert first.previous == "SmallIdle" and own.use_fake_user
    assert any("SmallIdle" in str(m) for _, m in first.log)
    name = first.action.name
    count = len(bpy.data.actions)
    second = transfer(source, small, scale_vertical=0.0)
    assert second.action.name == name and len(bpy.data.actions) == count
    assert second.replaced == name and small.animation_data.action == second.action
    assert bpy.data.actions["SmallIdle"].use_fake_user


def test_an_artists_action_with_the_result_name_is_never_replaced(source):
    small = scaled_copy(source, 0.6, "Small")
    clip = source.animation_data.action
    mine = bpy.data.actions.new(f"{clip.name}_Small")
    mine.use_fake_user = True
    result = transfer(source, small)
    assert mine.name == f"{clip.name}_Small" and result.action != mine and not result.replaced


def test_measurements_are_written_only_where_there_were_none(source):
    assert bpy.ops.overanim.measure_proportions() == {"FINISHED"}
    source["OverAnim_CharacterHeightCS"] = 123.0  # a stored value the transfer must leave alone
    small = scaled_copy(source, 0.6, "Small")
    for key in [k for k in small.keys() if k.startswith("OverAnim_")]:  # noqa: SIM118
        del small[key]
    transfer(source, small)
    assert source["OverAnim_CharacterHeightCS"] == 123.0
    assert small["OverAnim_LocomotionHeightCS"] == pytest.approx(0.6 * PELVIS_CM, rel=1e-5)


def test_nla_strips_of_the_source_are_reported_not_merged(source):
    small = scaled_copy(source, 0.6, "Small")
    extra = bpy.data.actions.new("Wave")
    track = source.animation_data.nla_tracks.new()
    track.strips.new("Wave", 1, extra)
    result = transfer(source, small)
    assert any(level == "WARNING" and "NLA" in str(m) for level, m in result.log)
    assert not small.animation_data.nla_tracks


# -- the operator and the panel -----------------------------------------------------------------------------------
def test_the_operator_transfers_onto_the_active_armature(source):
    small = scaled_copy(source, 0.6, "Small")
    bpy.context.view_layer.objects.active = small
    assert bpy.ops.overanim.transfer_action(source=source.name, basis="LOCOMOTION_HEIGHT", scale_horizontal=1.0,
                                            scale_vertical=1.0) == {"FINISHED"}
    assert small.animation_data.action[f"{RECORD}Ratio"] == pytest.approx(0.6)
    assert bpy.ops.overanim.transfer_action(source=source.name, action=source.animation_data.action.name,
                                            basis="ABSOLUTE", region="") == {"FINISHED"}
    assert small.animation_data.action[f"{RECORD}Ratio"] == 1.0
    assert {"REGISTER", "UNDO"} <= bpy.types.OVERANIM_OT_transfer_action.bl_options


def test_the_panel_shows_the_ratio_after_a_transfer(source):
    small = scaled_copy(source, 0.6, "Small")
    bpy.context.view_layer.objects.active = small
    small.overanim.transfer.source = source
    layout = draw_panel(bpy.types.OVERANIM_PT_transfer, bpy.context, region_width=300)
    op = layout.of("operator")[0]
    assert op.args[0] == "overanim.transfer_action" and op.layout.source == source.name
    transfer(source, small)
    texts = " ".join(c.kwargs.get("text", "") for c in draw_panel(bpy.types.OVERANIM_PT_transfer, bpy.context,
                                                                   region_width=300).labels())
    assert "Ratio 0.6" in texts and "Scaled 12 location channels" in texts
    assert json.loads(small.overanim.transfer.result_summary)


DEFAULT_SIDEBAR = 291  # the sidebar's width in a 1600x1000 window at UI scale 1 (as test_panel.py)
ROW_WIDTH = DEFAULT_SIDEBAR - ROW_CHROME_UNITS * 20  # what a label row leaves for its text


def text_width(text):
    blf.size(0, bpy.context.preferences.ui_styles[0].widget.points)
    return blf.dimensions(0, text)[0]


def transfer_panel(region_width=DEFAULT_SIDEBAR):
    return draw_panel(bpy.types.OVERANIM_PT_transfer, bpy.context, region_width=region_width)


def test_the_hint_reads_on_one_line_at_the_default_sidebar_width(source):
    """Issue 31 (real window): the hint wrapped with "on" alone on its last line."""
    small = scaled_copy(source, 0.6, "Small")
    bpy.context.view_layer.objects.active = small
    labels = transfer_panel(DEFAULT_SIDEBAR).labels()
    assert [c.kwargs["text"] for c in labels] == ["Set Source to the clip's armature"]
    assert text_width(labels[0].kwargs["text"]) <= DEFAULT_SIDEBAR - ROW_CHROME_UNITS * 20
    assert labels[0].kwargs["icon"] == "INFO"
    narrow = [c.kwargs["text"] for c in transfer_panel(220).labels()]
    assert " ".join(narrow) == "Set Source to the clip's armature" and min(map(len, narrow)) > 3  # no lone "on"


def rows(layout):
    """Every call the panel makes, as (method, property): what decides where each row is drawn."""
    field = {"prop_search": "prop"}  # a search field is a field row like the plain one it replaces
    return [(field.get(c.method, c.method), c.args[1] if c.method in ("prop", "prop_search") else None)
            for c in layout.calls]


def test_setting_the_source_moves_no_row_and_takes_the_hint_away(source):
    """The hint is the panel's last row: once Source is set it goes (issue 31: it stayed, greyed) and
    every row above it stays where it was."""
    small = scaled_copy(source, 0.6, "Small")
    bpy.context.view_layer.objects.active = small
    for region_width in (DEFAULT_SIDEBAR, 220):
        small.overanim.transfer.source = None
        before = transfer_panel(region_width)
        small.overanim.transfer.source = source
        after = transfer_panel(region_width)
        assert rows(before)[:len(rows(after))] == rows(after), (rows(before), rows(after))
        assert ("prop", "use_calibration") in rows(after)
        assert "Set Source to the clip's armature" in " ".join(before.texts())
        assert not any("Set Source" in text for text in after.texts())


@pytest.mark.skipif(bpy.app.version < (4, 3, 0), reason="4.2 crashes at exit with any PropertyGroup callback")
def test_the_source_picker_lists_only_the_other_armatures(source):
    from overanim_addon.blender.transfer.properties import OVERANIM_PG_transfer

    small = scaled_copy(source, 0.6, "Small")
    poll = OVERANIM_PG_transfer.__annotations__["source"].keywords["poll"]
    settings = small.overanim.transfer
    listed = [o.name for o in bpy.data.objects if poll(settings, o)]
    assert listed == ["Source"], listed  # not the body, nor the target itself
    assert bpy.data.objects["Source_Body"].type == "MESH"


def test_a_process_with_the_source_poll_exits_cleanly(tmp_path):
    """bpy 4.2 segfaults at exit with a PropertyGroup callback: the poll must only be there where
    the process still ends with 0."""
    script = tmp_path / "exit.py"
    script.write_text(EXIT_SCRIPT.format(root=str(ROOT)))
    done = subprocess.run(script_command(script), capture_output=True, text=True, timeout=300, check=False)
    assert done.returncode == 0 and "registered" in done.stdout, done.stdout + done.stderr


EXIT_SCRIPT = """import sys
sys.path.insert(0, {root!r})
import bpy
import overanim_addon
overanim_addon.register()
from overanim_addon.blender.transfer.properties import SOURCE_POLL
rig = bpy.data.objects.new("Rig", bpy.data.armatures.new("Rig"))
rig.overanim.transfer.source = rig
print("registered", bool(SOURCE_POLL))
overanim_addon.unregister()
"""


def test_the_result_reads_in_whole_words_with_the_basis_label(source):
    small = scaled_copy(source, 0.6, "Small")
    bpy.context.view_layer.objects.active = small
    small.overanim.transfer.source = source
    transfer(source, small)
    for region_width in (DEFAULT_SIDEBAR, 220):
        labels = transfer_panel(region_width).labels()
        texts = [c.kwargs["text"] for c in labels]
        assert all(text_width(t) <= region_width - ROW_CHROME_UNITS * 20 for t in texts), texts
        assert not [t for t in texts if t.startswith((":", ",", ";")) or t in ("Transferred", "Ratio")], texts
        assert not any("LocomotionHeight" in t for t in texts)
        joined = " ".join(texts)
        assert "Basis: Locomotion Height" in joined and "Target / source: 57 / 95 cm" in joined
        if region_width == DEFAULT_SIDEBAR:  # one line each at the default width
            assert {"SK_OverAnimSample_Walk_Small", "Ratio 0.6 for the bones", "Ratio 0.6 for the object",
                    "Basis: Locomotion Height", "Target / source: 57 / 95 cm"} <= set(texts), texts
        assert "Scaled 12 location channels on 4 bones; everything else copied as it was" in joined


def test_a_calibrated_result_gives_each_scale_its_own_line(source):
    """Two four-digit scales on one line left the second alone on the next (a 5.2 window, issue 28)."""
    small = scaled_copy(source, 0.6, "Small")
    bpy.context.view_layer.objects.active = small
    small.overanim.transfer.source = source
    result = transfer(source, small, use_calibration=True)
    target, source_scale = (result.action[RECORD + k] for k in ("TargetScale", "SourceScale"))
    labels = transfer_panel(DEFAULT_SIDEBAR).labels()
    texts = [c.kwargs["text"] for c in labels]
    assert {f"Target scale: {target:.4g}", f"Source scale: {source_scale:.4g}"} <= set(texts), texts
    assert all(text_width(t) <= DEFAULT_SIDEBAR - ROW_CHROME_UNITS * 20 for t in texts), texts


# -- bad input: a clear error, nothing written --------------------------------------------------------------------
def state():
    return (sorted(a.name for a in bpy.data.actions),
            {o.name: (o.animation_data.action.name if o.animation_data and o.animation_data.action else None,
                      sorted(k for k in o.keys() if k.startswith("OverAnim_")))  # noqa: SIM118
             for o in bpy.data.objects},
            [action_fingerprint(a) for a in bpy.data.actions])


def stranger():
    data = bpy.data.armatures.new("Stranger")
    obj = bpy.data.objects.new("Stranger", data)
    bpy.context.scene.collection.objects.link(obj)
    with bpy.context.temp_override(active_object=obj, object=obj):
        bpy.context.view_layer.objects.active = obj
        bpy.ops.object.mode_set(mode="EDIT")
        bone = data.edit_bones.new("Tail_Base")
        bone.head, bone.tail = (0, 0, 0.5), (0, 0.5, 0.5)
        bpy.ops.object.mode_set(mode="OBJECT")
    return obj


@pytest.mark.parametrize(("case", "message"), [
    ("same", "are both 'Source'"),
    ("source_mesh", "source 'Source_Body' is not an armature"),
    ("target_mesh", "target 'Source_Body' is not an armature"),
    ("no_shared_bones", "share no bone"),
    ("region_missing", "has no Region 'Tail'"),
    ("region_basis_without_region", "needs a Region measurement"),
    ("not_finite", "not a finite number"),
    ("no_action", "has no active action"),
])
def test_bad_input_is_refused_and_nothing_is_written(source, case, message):
    small = scaled_copy(source, 0.6, "Small")
    body = bpy.data.objects["Source_Body"]
    src, tgt, options = source, small, {}
    if case == "same":
        tgt = source
    elif case == "source_mesh":
        src = body
    elif case == "target_mesh":
        tgt = body
    elif case == "no_shared_bones":
        tgt = stranger()
    elif case == "region_missing":
        options = {"basis": "REGION_SPAN", "region": "Tail"}
    elif case == "region_basis_without_region":
        options = {"basis": "REGION_SPAN"}
    elif case == "not_finite":
        options = {"scale_horizontal": float("nan")}
    elif case == "no_action":
        src, tgt = small, source
    before = state()
    with pytest.raises(OverAnimError, match=message):
        transfer(src, tgt, **options)
    assert state() == before


def test_a_region_on_the_source_only_names_the_armature_without_it(source):
    small = scaled_copy(source, 0.6, "Small")
    small.overanim.regions.remove(next(i for i, r in enumerate(small.overanim.regions) if r.name == "LeftLeg"))
    before = state()
    with pytest.raises(OverAnimError, match="'Small' has no Region 'LeftLeg': Basis RegionSpan needs it on both"):
        transfer(source, small, basis="REGION_SPAN", region="LeftLeg")
    assert state() == before


def test_the_operator_reports_bad_input_and_says_why_it_is_greyed(source):
    small = scaled_copy(source, 0.6, "Small")
    bpy.context.view_layer.objects.active = small
    before = state()
    with pytest.raises(RuntimeError, match=r"share no bone|are both"):
        bpy.ops.overanim.transfer_action(source=small.name)
    with pytest.raises(RuntimeError, match="Choose the source armature"):
        bpy.ops.overanim.transfer_action()
    with pytest.raises(RuntimeError, match="no object named 'Nobody'"):
        bpy.ops.overanim.transfer_action(source="Nobody")
    assert state() == before
    camera = bpy.data.objects.new("Camera", bpy.data.cameras.new("Camera"))
    bpy.context.scene.collection.objects.link(camera)
    bpy.context.view_layer.objects.active = camera
    with pytest.raises(RuntimeError, match="Select the target armature"):
        bpy.ops.overanim.transfer_action(source=source.name)


# -- a tilted bone whose axes the split mixes ------------------------------------------------------------------
def foot_curves(action, bone="ik_foot_l"):
    return {c.array_index: c for c in fcurves(action) if c.data_path == f'pose.bones["{bone}"].location'}


def test_an_unkeyed_axis_of_a_tilted_bone_gets_the_part_the_split_moves_into_it(source):
    """ik_foot_l lies along the tilted foot: its world-vertical motion is spread over its three axes.
    Keyed on one axis only, Scale Vertical 0 must still leave it no vertical motion: the other axis of
    its vertical plane gets a channel laid out like the keyed one (its X is horizontal: none there)."""
    clip = source.animation_data.action
    bag = compat.channelbag(clip, compat.slot_of(clip, source))
    curves = foot_curves(clip)
    for index in (0, 1):
        bag.fcurves.remove(curves[index])
    source.pose.bones["ik_foot_l"].location = (0.0, 0.0, 0.0)
    small = scaled_copy(source, 0.6, "Small")
    moving = world_heads(source, ["ik_foot_l"], ALL_FRAMES)[:, 0]
    assert np.ptp(moving[:, 2]) > 1.0  # its one keyed axis moves it up and down (and along)
    result = transfer(source, small, scale_vertical=0.0)
    made = foot_curves(result.action)
    assert sorted(made) == [1, 2]
    assert curve_fingerprint(made[1])[-5:] == curve_fingerprint(made[2])[-5:]  # laid out like the keyed one
    assert np.array_equal(key_arrays(made[1])[:, :, 0], key_arrays(made[2])[:, :, 0])
    heights = world_heads(small, ["ik_foot_l"], ALL_FRAMES)[:, 0, 2]
    assert np.abs(heights - heights[0]).max() < TOLERANCE_CM
    assert not any("different frames" in str(m) for _, m in result.log)


def test_axes_keyed_on_other_frames_are_combined_at_each_key_and_reported(source):
    clip = source.animation_data.action
    curve = foot_curves(clip)[1]
    frames = [key.co.x for key in curve.keyframe_points]
    for key in reversed(list(curve.keyframe_points)[1:-1:2]):  # every other key of one axis goes
        curve.keyframe_points.remove(key)
    common = [int(f) for f in frames[::2]]
    small = scaled_copy(source, 0.6, "Small")
    result = transfer(source, small, scale_vertical=0.0)
    assert any(level == "WARNING" and "different frames" in str(m) and "ik_foot_l" in str(m) for level, m in result.log)
    heights = world_heads(small, ["ik_foot_l"], range(1, FRAMES + 1))[:, 0, 2]
    at_keys = heights[[f - 1 for f in common if 1 <= f <= FRAMES]]
    assert np.abs(at_keys - at_keys[0]).max() < TOLERANCE_CM
    for made, original in zip(foot_curves(result.action).values(), foot_curves(clip).values(), strict=True):
        assert np.array_equal(key_arrays(made)[:, :, 0], key_arrays(original)[:, :, 0])  # own key times kept


def test_hand_set_handles_are_scaled_with_their_keys(source):
    """Free and aligned handles are the artist's: they are scaled as they are, not recomputed."""
    clip = source.animation_data.action
    curve = next(c for c in fcurves(clip) if c.data_path == 'pose.bones["pelvis"].location' and c.array_index == 1)
    for i, key in enumerate(curve.keyframe_points):
        key.interpolation = "BEZIER"
        key.handle_left_type = key.handle_right_type = "FREE" if i % 2 else "ALIGNED"
        key.handle_left.y += 0.01 * (i + 1)
        key.handle_right.y -= 0.02 * (i + 1)
    small = scaled_copy(source, 0.6, "Small")
    result = transfer(source, small)
    made = location_curves(result.action)[(curve.data_path, 1)]
    a, b = key_arrays(curve), key_arrays(made)
    assert np.array_equal(a[:, :, 0], b[:, :, 0])
    np.testing.assert_allclose(b[:, :, 1], 0.6 * a[:, :, 1], rtol=1e-6, atol=1e-7)
    assert curve_fingerprint(made)[-5:] == curve_fingerprint(curve)[-5:]


def test_the_benchmark_runs_and_prints_every_figure():
    """The benchmark is not a timed test; this only checks that it runs and reports all it promises."""
    benchmark_prints("benchmark_transfer.py", ["--frames", "20", "--repeat", "1"],
                     ("20 frames, 60 bones, 600 F-curves", "Action.copy() (baseline)", "Locomotion Height",
                      "measuring both rigs", "scaling the location keys", "Scale Vertical 0", "Absolute",
                      "via bpy.ops", "x the copy", "target at most 3x the copy"))


def test_a_channel_baked_to_samples_is_scaled_too(source):
    clip = source.animation_data.action
    curve = next(c for c in fcurves(clip) if c.data_path == 'pose.bones["root"].location' and c.array_index == 1)
    curve.convert_to_samples(1, FRAMES)
    samples = np.empty(len(curve.sampled_points) * 2, np.float32)
    curve.sampled_points.foreach_get("co", samples)
    small = scaled_copy(source, 0.6, "Small")
    made = location_curves(transfer(source, small).action)[(curve.data_path, 1)]
    scaled = np.empty_like(samples)
    made.sampled_points.foreach_get("co", scaled)
    assert len(made.keyframe_points) == 0 and np.ptp(samples[1::2]) > 0.5
    np.testing.assert_allclose(scaled[1::2], 0.6 * samples[1::2], rtol=1e-6, atol=1e-7)
    assert np.array_equal(scaled[0::2], samples[0::2])


def test_the_report_names_the_basis_as_its_field_reads(source):
    """Found in a real-window walkthrough: the summary said "(LocomotionHeight: ...)", the spec's
    spelling, where the Basis field reads "Locomotion Height"."""
    result = transfer(source, scaled_copy(source, 0.8, "Smaller"))
    summary = next(str(m) for _, m in result.log if str(m).startswith("Transferred '"))
    assert "(Locomotion Height: " in summary and "LocomotionHeight" not in summary, summary
