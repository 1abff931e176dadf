"""Analyze Motion with the real bpy: speeds, distances and accelerations in world cm whatever the units,
scale and frame rate; calibration; the Distance curve; foot contacts on the demo walk; the NLA track
and the artist's action; bad input."""

from __future__ import annotations

import dataclasses
import math

import bpy
import numpy as np
import pytest
from mathutils import Vector

from overanim_addon.blender.motion.engine import MotionOptions, MotionSession, analyze_motion
from overanim_addon.blender.motion.names import TRACK
from overanim_addon.blender.shared.fcurves import fcurves
from overanim_addon.core import CalibrationSettings, MotionMeasurementBasis
from overanim_addon.core.errors import OverAnimError
from overanim_addon.core.log import Level
from overanim_addon.core.measurement_scales import MotionMeasurementScales
from overanim_addon.core.messages import Message
from overanim_addon.core.proportion import build_measurement_scales
from overanim_addon.core.resolved_proportions import ResolvedCharacterProportions, ResolvedRegionProportions

from ..foot_ik_scenes import action_snapshot, cm
from ..helpers import benchmark_prints, custom_props, linked_copy
from ..motion_scenes import (
    analyze,
    constant_clip,
    curves,
    key_root,
    remove,
    remove_curves,
    rest_heights_cm,
    set_rate,
    spec_scale,
    start_stop_positions,
    summary,
    to_centimetre_units,
    world_cm,
)

LINEAR = ("Distance", "AverageSpeed", "MaxSpeed", "MaxAcceleration")


# -- a root at 150 cm/s ---------------------------------------------------------------------------------
@pytest.mark.parametrize(("unit_scale", "object_scale", "fps", "fps_base"), [
    (1.0, 1.0, 30, 1.0), (0.01, 1.0, 30, 1.0), (1.0, 2.0, 30, 1.0), (1.0, 1.0, 24, 1.0), (1.0, 1.0, 60, 1.0),
    (1.0, 1.0, 30, 1.001)], ids=["30fps", "unit-scale-0.01", "object-scale-2", "24fps", "60fps", "fps-base-1.001"])
def test_a_root_at_150_cm_s_for_2_s(sample, unit_scale, object_scale, fps, fps_base):
    if unit_scale != 1.0:
        to_centimetre_units(sample)
    sample.scale = (object_scale,) * 3
    rate = set_rate(fps, fps_base)
    # the clip moves the root 150 cm/s in the rig's own lengths; an object scale of 2 doubles it in the world
    constant_clip(sample, 150.0, seconds=2.0, fps=rate)
    found = analyze(sample)
    speed = 150.0 * object_scale
    frames = round(2.0 * rate) + 1
    assert (found["FrameStart"], found["FrameEnd"]) == (1, frames)
    assert found["Duration"] == pytest.approx((frames - 1) / rate)
    keyed = curves(sample)
    assert np.array_equal(keyed["Speed"][:, 0], np.arange(1, frames + 1))
    assert np.all(np.abs(keyed["Speed"][:, 1] - speed) <= 0.1)
    assert found["Distance"] == pytest.approx(speed * found["Duration"], abs=0.1)
    if fps_base == 1.0:
        assert found["Distance"] == pytest.approx(300.0 * object_scale, abs=0.1)
    assert found["AverageSpeed"] == pytest.approx(speed, abs=0.1)
    assert found["MaxSpeed"] == pytest.approx(speed, abs=0.1)
    assert 0.0 <= found["MaxAcceleration"] <= 0.5
    assert found["InPlace"] == 0


# -- calibration ---------------------------------------------------------------------------------------
@pytest.fixture
def mover(sample):
    set_rate(30)
    constant_clip(sample, 150.0)
    return sample


def test_a_character_with_locomotion_scale_0_5_has_twice_the_calibrated_speed(mover):
    with bpy.context.temp_override(active_object=mover, object=mover):
        assert bpy.ops.overanim.measure_proportions() == {"FINISHED"}
    calibration = mover.overanim.calibration
    calibration.reference_locomotion_height = 2.0 * mover["OverAnim_LocomotionHeightWS"]
    found = analyze(mover)
    assert found["Scale"] == pytest.approx(0.5)
    assert found["MaxSpeed"] == pytest.approx(150.0, abs=0.1)
    assert found["MaxSpeedCalibrated"] == pytest.approx(300.0, abs=0.1)
    assert found["AverageSpeedCalibrated"] == pytest.approx(300.0, abs=0.1)
    assert found["DistanceCalibrated"] == pytest.approx(600.0, abs=0.1)
    assert found["Duration"] == pytest.approx(2.0)  # times are never scaled
    keyed = curves(mover)
    assert np.all(np.abs(keyed["SpeedCalibrated"][:, 1] - 300.0) <= 0.1)
    assert np.allclose(keyed["DistanceCalibrated"][:, 1], keyed["Distance"][:, 1] * 2.0, atol=1e-3)

    calibration.enable_automatic_calibration = False
    off = analyze(mover)
    assert off["Scale"] == 1.0
    for name in LINEAR:
        assert off[name + "Calibrated"] == off[name]
    for region in mover.overanim.regions:
        assert off[f"Region_{region.name}_Scale"] == 1.0
        assert off[f"Region_{region.name}_MaxSpeedCalibrated"] == off[f"Region_{region.name}_MaxSpeed"]


def test_the_actor_basis_follows_the_chosen_scale_and_a_region_basis_fails_on_actor_motion(mover):
    mover.overanim.calibration.motion_basis = "CHARACTER_HEIGHT"
    mover.overanim.calibration.reference_character_height = 120.0  # a scale that is not 1
    found = analyze(mover)
    height, _locomotion = rest_heights_cm(mover)
    assert found["Scale"] == pytest.approx(spec_scale(height, 120.0), rel=1e-5) and found["Scale"] > 1.4
    assert found["MaxSpeedCalibrated"] == pytest.approx(150.0 / found["Scale"], abs=0.1)

    mover.overanim.calibration.motion_basis = "REGION_SPAN"  # actor motion has no Region measurement
    with bpy.context.temp_override(active_object=mover, object=mover):
        assert bpy.ops.overanim.analyze_motion() == {"FINISHED"}
    found = summary(mover)
    assert found["Scale"] == 0.0 and found["MaxSpeed"] == pytest.approx(150.0, abs=0.1)
    assert not [name for name in found if name.endswith("Calibrated") and not name.startswith("Region_")]
    assert set(curves(mover)) == {"Distance", "Speed", "LeftFootSpeed", "RightFootSpeed", "LeftFootContact",
                                  "RightFootContact"}
    assert not mover.overanim.motion.resolved


def _one_bone_region(armature, basis):
    collection = armature.data.collections.new("HandOnly")
    collection.assign(armature.data.bones["hand_l"])
    region = armature.overanim.regions.add()
    region.name, region.bone_collection, region.measurement_basis = "Hand", "HandOnly", basis
    return region


@pytest.mark.parametrize("basis", ["REGION_CHAIN_LENGTH", "AUTO", "REGION_BOUNDS_RADIUS", "ABSOLUTE"])
def test_a_one_bone_region_is_calibrated_as_the_core_resolves_its_basis(mover, basis):
    _one_bone_region(mover, basis)
    with bpy.context.temp_override(active_object=mover, object=mover):
        assert bpy.ops.overanim.measure_proportions() == {"FINISHED"}
    found = analyze(mover)
    # the test's own answer: the spec's ratio measured / reference (defaults: chain 60 cm, bounds radius
    # 20 cm), clamped to Minimum/Maximum Character Scale (0.25 to 4); the chain from the scene itself
    prop = lambda name: float(mover[f"OverAnim_Region_Hand_{name}"])  # noqa: E731
    bone, world = mover.data.bones["hand_l"], mover.matrix_world
    length = (world @ bone.tail_local - world @ bone.head_local).length * cm()  # a leaf, all within its skin
    assert not bone.children and prop("ChainLength") == pytest.approx(length, rel=1e-5)
    # a single bone is a chain of one: chain, span, bounds and average bone all exist
    assert min(prop(name) for name in ("SpanLength", "BoundsRadius", "ChainLength", "AverageBoneLength")) > 0.0
    if basis == "ABSOLUTE":
        expected = 1.0
    else:  # Auto takes the chain first
        measured, reference = {"REGION_CHAIN_LENGTH": (length, 60.0), "AUTO": (length, 60.0),
                               "REGION_BOUNDS_RADIUS": (prop("BoundsRadius"), 20.0)}[basis]
        expected = min(max(measured / reference, 0.25), 4.0)
    assert found["Region_Hand_Scale"] == pytest.approx(expected, rel=1e-5)
    assert found["Region_Hand_MaxSpeedCalibrated"] == pytest.approx(found["Region_Hand_MaxSpeed"] / expected)
    if basis in ("REGION_CHAIN_LENGTH", "AUTO"):  # Auto takes the chain first
        assert expected == pytest.approx(prop("ChainLengthScale"), rel=1e-6)


def test_a_region_follows_its_tip_relative_to_the_ground_reference(mover):
    """The root carries the whole body: relative to it, the hands do not move."""
    found = analyze(mover)
    for region in mover.overanim.regions:
        assert found[f"Region_{region.name}_Distance"] == pytest.approx(0.0, abs=0.01)
        assert found[f"Region_{region.name}_MaxSpeed"] == pytest.approx(0.0, abs=0.1)


def test_an_unresolved_region_basis_is_core_behaviour():
    """The failure path itself, with the spec's "measurement absent" (no Blender Region measures 0)."""
    scales = build_measurement_scales(CalibrationSettings(), ResolvedCharacterProportions(),
                                      ResolvedRegionProportions(span_length=30.0), world_space=True)
    assert scales.try_resolve_scale(MotionMeasurementBasis.REGION_CHAIN_LENGTH) == (False, 0.0)
    assert scales.try_resolve_scale(MotionMeasurementBasis.AUTO) == (True, 0.5)
    assert MotionMeasurementScales().try_resolve_scale(MotionMeasurementBasis.REGION_SPAN) == (False, 0.0)


# -- the Distance curve --------------------------------------------------------------------------------
def test_the_distance_curve_of_a_start_stop_clip(sample):
    set_rate(30)
    y = start_stop_positions(rest=40, frames=60)
    key_root(sample, [(0.0, v, 0.0) for v in y])
    analyze(sample)
    keyed = curves(sample)["Distance"]
    frames, values = keyed[:, 0].astype(int), keyed[:, 1]
    assert list(frames) == list(range(1, 61))
    at_rest = y[39]
    assert np.all(values[frames < 40] < 0.0)
    assert np.all(np.abs(values[frames >= 40]) <= 1e-3)
    assert np.allclose(np.abs(values), np.abs(y - at_rest), atol=0.1)


def test_a_clip_that_never_drops_below_the_stop_speed_is_positive_from_frame_1(mover):
    analyze(mover)
    values = curves(mover)["Distance"][:, 1]
    assert values[0] == 0.0 and np.all(values[1:] > 0.0)
    assert values[-1] == pytest.approx(300.0, abs=0.1)


# -- in place, and the artist's action -------------------------------------------------------------------
def test_an_in_place_clip_has_no_actor_motion_and_leaves_the_artists_action_untouched(walker):
    action = walker.animation_data.action
    remove_curves(action, [c for c in fcurves(action) if c.data_path == 'pose.bones["root"].location'])
    before = action_snapshot(action)
    found = analyze(walker)
    assert found["InPlace"] == 1
    for name in LINEAR:
        assert found[name] == 0.0
    keyed = curves(walker)
    assert not keyed["Speed"][:, 1].any() and not keyed["Distance"][:, 1].any()
    assert keyed["LeftFootSpeed"][:, 1].max() > 10.0  # the feet still swing
    assert action_snapshot(action) == before
    assert walker.animation_data.action is None and walker.overanim.motion.pushed_action == action
    remove(walker)
    assert walker.animation_data.action == action
    assert action_snapshot(action) == before
    assert not [t for t in walker.animation_data.nla_tracks]
    assert TRACK not in bpy.data.actions
    assert not [k for k in custom_props(walker) if k.startswith("OverAnim_Motion_")]
    assert summary(walker)["InPlace"] == 1  # the summary travels with the clip


def test_analysing_again_replaces_the_track_and_keeps_the_artists_action(walker):
    action = walker.animation_data.action
    before = action_snapshot(action)
    first = analyze(walker)
    second = analyze(walker)
    assert first == second
    tracks = walker.animation_data.nla_tracks
    assert [t.name for t in tracks][-1] == TRACK and [t.name for t in tracks].count(TRACK) == 1
    assert [s.action for s in tracks[0].strips] == [action]
    assert [a.name for a in bpy.data.actions if a.name.startswith(TRACK)] == [TRACK]
    assert action_snapshot(action) == before
    remove(walker)
    assert walker.animation_data.action == action and action_snapshot(action) == before


def test_the_curves_play_as_custom_properties_of_the_armature(walker):
    analyze(walker)
    keyed = curves(walker)
    scene = bpy.context.scene
    for frame in (1, 10, 30):
        scene.frame_set(frame)
        for suffix, series in keyed.items():
            assert walker[f"OverAnim_Motion_{suffix}"] == pytest.approx(series[frame - 1, 1], abs=1e-4), suffix


# -- foot contacts ---------------------------------------------------------------------------------------
def own_contacts(armature, foot, first, last):
    """The test's own computation: per frame the foot's lower point (head or tail), that point's speed by
    central differences (one-sided at the ends) and its height above the root's head, in world cm."""
    scene = bpy.context.scene
    fps = scene.render.fps / scene.render.fps_base
    heads, tails, reference = [], [], []
    for frame in range(first, last + 1):
        scene.frame_set(frame)
        bone = armature.pose.bones[foot]
        heads.append(world_cm(armature, bone.head))
        tails.append(world_cm(armature, bone.tail))
        reference.append(world_cm(armature, armature.pose.bones["root"].head).z)
    speed_limit = 60.0 * armature["OverAnim_LocomotionScaleWS"]
    height_limit = 10.0 * armature["OverAnim_LocomotionScaleWS"]
    contacts = []
    n = len(heads)
    for i in range(n):
        series = tails if tails[i].z < heads[i].z else heads
        lo, hi = max(i - 1, 0), min(i + 1, n - 1)
        speed = (series[hi] - series[lo]).length * fps / (hi - lo)
        height = min(heads[i].z, tails[i].z) - reference[i]
        if speed < speed_limit and height < height_limit:
            contacts.append(first + i)
    return contacts


def keyed_contacts(armature, side):
    contact = curves(armature)[f"{side}FootContact"]
    return [int(frame) for frame, value in contact if value > 0.5]


def test_foot_contacts_on_the_demo_walk_are_the_frames_under_both_thresholds(walker):
    found = analyze(walker)
    first, last = found["FrameStart"], found["FrameEnd"]
    for side, foot in (("Left", "foot_l"), ("Right", "foot_r")):
        expected = own_contacts(walker, foot, first, last)
        assert 10 < len(expected) < last - first  # a walk: planted about half the time
        assert keyed_contacts(walker, side) == expected, side
        assert found[f"{side}ContactFrames"] == len(expected)


def test_a_foot_held_20_cm_above_the_ground_never_contacts(walker):
    with bpy.context.temp_override(active_object=walker, object=walker):
        bpy.ops.object.mode_set(mode="EDIT")
        bone = walker.data.edit_bones["ik_foot_l"]  # the IK target, and the foot with it, 20 cm up
        bone.head.z += 20.0 / cm()
        bone.tail.z += 20.0 / cm()
        bpy.ops.object.mode_set(mode="OBJECT")
    found = analyze(walker)
    assert found["LeftContactFrames"] == 0 and not keyed_contacts(walker, "Left")
    assert found["RightContactFrames"] > 10
    scene, foot = bpy.context.scene, walker.pose.bones["foot_l"]
    for frame in range(found["FrameStart"], found["FrameEnd"] + 1):
        scene.frame_set(frame)
        assert min(world_cm(walker, foot.head).z, world_cm(walker, foot.tail).z) > 20.0


def test_the_contact_thresholds_follow_a_character_scaled_2(walker):
    found = analyze(walker)
    single = (walker.overanim.motion.contact_speed_used, walker.overanim.motion.contact_height_used)
    contacts = {side: keyed_contacts(walker, side) for side in ("Left", "Right")}
    remove(walker)
    walker.scale = (2.0, 2.0, 2.0)
    bpy.context.view_layer.update()
    with bpy.context.temp_override(active_object=walker, object=walker):
        assert bpy.ops.overanim.measure_proportions() == {"FINISHED"}
    twice = analyze(walker)
    settings = walker.overanim.motion
    assert (settings.contact_speed_used, settings.contact_height_used) == pytest.approx((2 * single[0], 2 * single[1]))
    assert {side: keyed_contacts(walker, side) for side in ("Left", "Right")} == contacts
    assert twice["MaxSpeed"] == pytest.approx(2.0 * found["MaxSpeed"], rel=1e-4)


# -- the engine, cancelling ------------------------------------------------------------------------------
def test_a_cancelled_session_writes_nothing(walker):
    analyze(walker)  # a previous analysis stays as it was
    action = walker.overanim.motion.analyzed_action
    scene = bpy.context.scene
    scene.frame_set(7)
    before = (custom_props(walker), dict(action.items()), [t.name for t in walker.animation_data.nla_tracks],
              sorted(a.name for a in bpy.data.actions))
    session = MotionSession(bpy.context, walker, MotionOptions(1, 40))
    assert not session.step(0.0) and 0 < session.done < session.total
    session.cancel()
    assert scene.frame_current == 7
    assert (custom_props(walker), dict(action.items()), [t.name for t in walker.animation_data.nla_tracks],
            sorted(a.name for a in bpy.data.actions)) == before


def test_the_engine_returns_the_result_and_its_log(walker):
    result = analyze_motion(bpy.context, walker, MotionOptions(5, 30))
    assert (int(result.frames[0]), int(result.frames[-1])) == (5, 30)
    assert result.log[-1][0] == "INFO" and "frames 5-30" in str(result.log[-1][1])
    assert isinstance(result.log, tuple)
    assert all(isinstance(level, Level) and isinstance(message, Message) for level, message in result.log)
    assert (Level.INFO, Message("Ground reference: root bone '{bone}'", bone="root")) in result.log
    with pytest.raises(dataclasses.FrozenInstanceError):
        result.in_place = True  # type: ignore[misc]
    assert summary(walker)["FrameStart"] == 5


# -- bad input -------------------------------------------------------------------------------------------
def _state(armature):
    actions = sorted((a.name, tuple(sorted(a.keys()))) for a in bpy.data.actions)
    tracks = [t.name for t in armature.animation_data.nla_tracks] if armature.animation_data else []
    return custom_props(armature), actions, tracks, armature.overanim.checks_run


@pytest.mark.parametrize(("options", "match"), [
    ({"frame_start": 5, "frame_end": 5}, "at least 2 frames"),
    ({"frame_start": 10, "frame_end": 5}, r"ends \(5\) before it starts \(10\)"),
])
def test_a_bad_frame_range_is_refused_and_writes_nothing(walker, options, match):
    before = _state(walker)
    with bpy.context.temp_override(active_object=walker, object=walker), pytest.raises(RuntimeError, match=match):
        bpy.ops.overanim.analyze_motion(**options)
    assert _state(walker) == before


@pytest.mark.parametrize("value", [math.nan, math.inf])
@pytest.mark.parametrize("setting", ["contact_speed", "contact_height", "stop_speed"])
def test_a_threshold_that_is_not_a_number_is_refused_and_writes_nothing(walker, setting, value):
    """Set from a script (the fields' own limits let NaN through and store inf as float32's largest
    value; -inf meets their minimum 0): an ERROR, and the last analysis' summary, curves and
    properties stay as they were."""
    analyze(walker)
    before = (_state(walker), summary(walker), {k: v.tolist() for k, v in curves(walker).items()})
    setattr(walker.overanim.motion, setting, value)
    label = setting.replace("_", " ").title()
    with bpy.context.temp_override(active_object=walker, object=walker), \
            pytest.raises(RuntimeError, match=rf"Error: {label} \(.*\) is not a number Motion can use"):
        bpy.ops.overanim.analyze_motion()
    assert (_state(walker), summary(walker), {k: v.tolist() for k, v in curves(walker).items()}) == before
    with pytest.raises(OverAnimError):  # the engine refuses as the operator does
        analyze_motion(bpy.context, walker)
    assert _state(walker) == before[0]


def test_no_animation_is_refused(sample):
    before = _state(sample)
    with pytest.raises(RuntimeError, match="has no animation to analyse"):
        bpy.ops.overanim.analyze_motion()
    assert _state(sample) == before


def test_a_region_without_bones_is_refused(walker):
    walker.data.collections.new("Empty")
    region = walker.overanim.regions.add()
    region.name, region.bone_collection = "Nothing", "Empty"
    before = _state(walker)
    with pytest.raises(RuntimeError, match="Region 'Nothing' has no bones"):
        bpy.ops.overanim.analyze_motion()
    assert _state(walker) == before


def test_edit_mode_is_refused(walker):
    before = _state(walker)
    bpy.ops.object.mode_set(mode="EDIT")
    with pytest.raises(RuntimeError, match="is in Edit Mode"):
        bpy.ops.overanim.analyze_motion()
    bpy.ops.object.mode_set(mode="OBJECT")
    assert _state(walker) == before


def test_a_linked_rig_is_refused(walker, tmp_path):
    linked = linked_copy(walker, tmp_path)
    with bpy.context.temp_override(active_object=linked, object=linked), \
            pytest.raises(RuntimeError, match="linked from a library"):
        bpy.ops.overanim.analyze_motion()
    assert not [k for k in custom_props(linked) if k.startswith("OverAnim_Motion_")]


def test_remove_says_why_it_is_greyed_out(walker):
    with pytest.raises(RuntimeError, match="No motion curves on"):
        bpy.ops.overanim.remove_motion_curves()
    analyze(walker)
    remove(walker)


def test_both_operators_are_one_undo_step():
    for name in ("analyze_motion", "remove_motion_curves"):
        cls = getattr(bpy.types, f"OVERANIM_OT_{name}")
        assert {"REGISTER", "UNDO"} <= set(cls.bl_options)


def test_speed_is_world_cm_per_second_not_per_frame(mover):
    """The same clip at 60 fps over the same frames is twice as fast."""
    slow = analyze(mover)["MaxSpeed"]
    set_rate(60)
    assert analyze(mover)["MaxSpeed"] == pytest.approx(2.0 * slow)
    assert math.isclose(summary(mover)["Duration"], 1.0)


def test_the_benchmark_runs_and_prints_every_figure():
    """The benchmark is not a timed test; this only checks that it runs and reports all it promises."""
    benchmark_prints("benchmark_motion.py", ["--frames", "12", "--repeat", "1"],
                     ("12 frames of the sample walk, 5 Regions and both feet", "frame_set only (baseline)",
                      "analysis, own work", "of which the set-up", "computing and writing", "via bpy.ops",
                      "target at most 1.5x the baseline"))


# -- the range, the NLA, and foot IK beside -------------------------------------------------------------
def test_the_default_range_is_the_actions_also_when_it_plays_from_an_nla_strip(walker):
    scene = bpy.context.scene
    scene.frame_start, scene.frame_end = 10, 20
    assert (analyze(walker)["FrameStart"], summary(walker)["FrameEnd"]) == (1, 48)  # the walk's keys, not the scene's
    remove(walker)
    adt = walker.animation_data
    action = adt.action
    adt.action = None
    track = adt.nla_tracks.new()
    track.strips.new("walk", 101, action)  # the artist's strip, placed at frame 101
    found = analyze(walker)
    assert (found["FrameStart"], found["FrameEnd"]) == (101, 148)
    assert walker.overanim.motion.analyzed_action == action and walker.overanim.motion.pushed_action is None
    assert found["AverageSpeed"] == pytest.approx(140.0, abs=0.1)
    remove(walker)
    assert [t.name for t in adt.nla_tracks] == [track.name] and adt.action is None  # nothing pushed: nothing back


@pytest.mark.parametrize("first", ["foot_ik", "motion"])
def test_the_foot_ik_bake_and_the_motion_curves_coexist_and_come_off_alone(walker, first):
    from overanim_addon.blender.foot_ik import nla

    from ..foot_ik_scenes import bake

    action = walker.animation_data.action
    before = action_snapshot(action)
    steps = {"foot_ik": lambda: bake(walker), "motion": lambda: analyze(walker)}
    order = [first, *(s for s in steps if s != first)]
    for step in order:
        steps[step]()
    tracks = [t.name for t in walker.animation_data.nla_tracks]
    assert tracks[1:] == [nla.BAKE_NAME if s == "foot_ik" else TRACK for s in order]
    assert summary(walker)["AverageSpeed"] == pytest.approx(140.0, abs=0.1)  # the walk, not a bake, analysed
    assert walker.overanim.motion.analyzed_action == action
    remove(walker)
    assert TRACK not in [t.name for t in walker.animation_data.nla_tracks]
    assert nla.BAKE_NAME in [t.name for t in walker.animation_data.nla_tracks]
    with bpy.context.temp_override(active_object=walker, object=walker):
        assert bpy.ops.overanim.remove_foot_ik_bake() == {"FINISHED"}
    # whichever pushed the walk down brought it back: the analysis' Remove or the bake's
    assert walker.animation_data.action == action
    assert not list(walker.animation_data.nla_tracks) and action_snapshot(action) == before


def test_a_region_key_too_long_for_the_motion_names_is_warned_and_left_off_the_action(walker, capfd):
    region = walker.overanim.regions["LeftArm"]
    region.name = "LeftArmWithALongName"  # 20 bytes: the key is the name, 6 more than the names leave
    found = analyze(walker)
    assert "Region 'LeftArmWithALongName': its name key 'LeftArmWithALongName' is longer than the 14 bytes" \
        in capfd.readouterr().out
    assert not [name for name in found if "LeftArmWithALongName" in name]
    assert "Region_RightArm_MaxSpeed" in found  # the others are written
    item = next(i for i in walker.overanim.motion.regions if i.region == region.name)
    assert not item.named


def test_nla_tweak_mode_is_refused(walker):
    analyze(walker)
    remove(walker)
    adt = walker.animation_data
    action = adt.action
    adt.action = None
    track = adt.nla_tracks.new()
    track.strips.new("walk", 1, action)
    before = _state(walker)
    with bpy.context.temp_override(active_object=walker, object=walker):
        adt.use_tweak_mode = True
        try:
            with pytest.raises(RuntimeError, match="tweak mode"):
                bpy.ops.overanim.analyze_motion()
        finally:
            adt.use_tweak_mode = False
    assert _state(walker) == before


def test_a_rig_without_a_ground_level_root_travels_with_its_animated_object(sample):
    """Mixamo-like: the hips top the hierarchy, so the ground reference is the hips projected on the
    ground; the armature object itself walks at 150 cm/s along +Y and the hips with it."""
    with bpy.context.temp_override(active_object=sample, object=sample):
        bpy.ops.object.mode_set(mode="EDIT")
        sample.data.edit_bones["pelvis"].parent = None
        bpy.ops.object.mode_set(mode="OBJECT")
    set_rate(30)
    start = sample.location.copy()
    for frame, y in ((1, 0.0), (61, 300.0)):
        sample.location = start + Vector((0.0, y / cm(), 0.0))
        sample.keyframe_insert("location", frame=frame)
    for curve in fcurves(sample.animation_data.action):
        for key in curve.keyframe_points:
            key.interpolation = "LINEAR"
    found = analyze(sample)
    assert found["MaxSpeed"] == pytest.approx(150.0, abs=0.1) and found["Distance"] == pytest.approx(300.0, abs=0.1)
    result = analyze_motion(bpy.context, sample)
    assert result.ground_root == "" and (result.reference.rule, result.reference.bone) == ("projected", "pelvis")
    keyed = curves(sample)
    assert np.all(np.abs(keyed["Speed"][:, 1] - 150.0) <= 0.1)
