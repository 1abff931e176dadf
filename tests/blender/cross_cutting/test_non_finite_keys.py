"""A key that is not a finite number never enters a result (issue 31, defect 2): a +inf Hips key
(which Blender stores as float32's largest value, a finite 3.4e38 that summed into Distance 3.84e39)
is refused by every engine that reads the animation, naming the bone and the frame, and nothing is
written: no action, no property, no file."""

from __future__ import annotations

import math

import bpy
import numpy as np
import pytest

from overanim_addon.blender.export.engine import ExportOptions, export_fbx
from overanim_addon.blender.foot_ik.engine import FootIKOptions, bake_foot_ik
from overanim_addon.blender.measure.engine import MeasureOptions, measure_proportions
from overanim_addon.blender.motion.engine import MotionOptions, analyze_motion
from overanim_addon.blender.sample.walk import add_foot_ik_bones
from overanim_addon.blender.shared.fcurves import fcurves
from overanim_addon.blender.transfer.engine import TransferOptions, transfer_action
from overanim_addon.core.errors import OverAnimError

from ..helpers import custom_props
from ..transfer_scenes import action_fingerprint, add_rotations, scaled_copy

ROOT = "pelvis"  # the sample's Hips


def file_state(folder):
    return ([action_fingerprint(a) for a in sorted(bpy.data.actions, key=lambda a: a.name)],
            {o.name: custom_props(o) for o in bpy.data.objects},
            {o.name: [t.name for t in o.animation_data.nla_tracks] if o.animation_data else None
             for o in bpy.data.objects},
            sorted(p.name for p in folder.iterdir()))


def break_key(armature, part, value):
    """One key (or its right handle) of the root's forward location made ``value`` as a script or a
    bad file sets it; returns its frame and what Blender stored, read back from the key."""
    curve = next(c for c in fcurves(armature.animation_data.action)
                 if c.data_path == f'pose.bones["{ROOT}"].location' and c.array_index == 1)
    key = curve.keyframe_points[len(curve.keyframe_points) // 2]
    setattr(key, part, (key.co.x, value))
    stored = getattr(key, part)[1]
    return key.co.x, stored


# each engine set up (the transfer's target made first), then the call that must refuse
ENGINES = {
    "Motion": lambda arm, out: lambda: analyze_motion(bpy.context, arm, MotionOptions()),
    "Foot IK": lambda arm, out: lambda: bake_foot_ik(bpy.context, arm, FootIKOptions()),
    "Transfer": lambda arm, out: (lambda target: lambda: transfer_action(
        bpy.context, target, TransferOptions(source=arm)))(scaled_copy(arm, 0.5, "Small")),
    "Export": lambda arm, out: lambda: export_fbx(bpy.context, arm, ExportOptions(out / "hero.fbx")),
}


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize(("part", "value"), [("co", math.inf), ("co", -math.inf), ("handle_right", math.inf),
                                             ("co", math.nan)])
def test_a_key_that_is_not_finite_is_refused_by_every_engine_naming_bone_and_frame(walker, tmp_path, engine, part,
                                                                                 value):
    add_foot_ik_bones(walker)
    frame, stored = break_key(walker, part, value)
    assert not np.isfinite(stored) or abs(stored) >= np.finfo(np.float32).max, stored  # what a key can hold
    run = ENGINES[engine](walker, tmp_path)
    before = file_state(tmp_path)
    with pytest.raises(OverAnimError) as refused:
        run()
    text = str(refused.value.message)
    assert f"'{ROOT}'" in text and f"frame {frame:g}" in text and "not a finite number" in text, text
    assert file_state(tmp_path) == before


def test_an_infinite_key_on_a_muted_track_is_not_what_plays_and_refuses_nothing(walker):
    """Only what plays enters a result: a stashed (muted) action's broken key is no reason to refuse."""
    stash = walker.animation_data.action.copy()
    track = walker.animation_data.nla_tracks.new()
    track.strips.new("stash", 1, stash)
    track.mute = True
    curve = next(c for c in fcurves(stash) if c.data_path.endswith("location"))
    curve.keyframe_points[0].co = (curve.keyframe_points[0].co.x, math.inf)
    assert analyze_motion(bpy.context, walker, MotionOptions()).log


@pytest.mark.parametrize("value", [math.inf, math.nan])
def test_a_calibration_field_set_to_infinity_is_refused_by_measure(sample, value):
    """A script's inf is stored as 3.4e38: Measure took it for a Character Height and clamped the scale
    to its Minimum (0.25) without a word."""
    sample.overanim.calibration.reference_character_height = value
    stored = sample.overanim.calibration.reference_character_height
    assert not np.isfinite(stored) or stored >= np.finfo(np.float32).max, stored
    before = custom_props(sample)
    outcome = measure_proportions(bpy.context, sample, MeasureOptions())
    assert outcome.results is None and [(level, str(message)) for level, message in outcome.log] == [
        ("ERROR", "Not measured: Calibration: Reference Character Height is not a number")]
    assert custom_props(sample) == before


def set_vertex(sample, value):
    body = next(o for o in bpy.context.scene.objects
                if o.type == "MESH" and any(m.type == "ARMATURE" and m.object == sample for m in o.modifiers))
    body.data.vertices[7].co = (0.0, 0.0, value)
    return body.name, body.data.vertices[7].co.z


def set_tail(sample, value):
    with bpy.context.temp_override(active_object=sample, object=sample):
        bpy.ops.object.mode_set(mode="EDIT")
        sample.data.edit_bones["spine_01"].tail = (0.0, 0.0, value)
        bpy.ops.object.mode_set(mode="OBJECT")
    return "spine_01", sample.data.bones["spine_01"].tail_local.z


@pytest.mark.parametrize(("where", "put"), [("vertex", set_vertex), ("bone", set_tail)])
@pytest.mark.parametrize("value", [math.inf, -math.inf])
def test_a_rest_position_at_infinity_is_refused_by_measure(sample, where, put, value):
    """A vertex or a bone set to inf is kept as float32's largest value: Measure wrote a height of
    3.4e40 cm with a warning only."""
    before = custom_props(sample)
    name, stored = put(sample, value)
    assert abs(stored) >= np.finfo(np.float32).max or not np.isfinite(stored)
    outcome = measure_proportions(bpy.context, sample, MeasureOptions())
    assert outcome.results is None and custom_props(sample) == before
    ((level, message),) = outcome.log
    assert level == "ERROR" and name in str(message) and "not a number" in str(message), str(message)


def test_a_property_a_driver_drives_to_float32s_largest_is_refused_by_the_export(walker, tmp_path):
    """No key to check: a driver sets an OverAnim_ property the export samples into an FBX curve,
    whose keys are float32 (Blender discards a driver's inf; 1e300 it keeps as float32's largest value,
    or as NaN on 4.2)."""
    walker["OverAnim_Test"] = 0.0
    driver = walker.driver_add('["OverAnim_Test"]').driver
    driver.expression = "max(0, frame - 5) * 1e300"  # a simple expression: no Python runs it
    bpy.context.scene.frame_set(7)
    value = walker.evaluated_get(bpy.context.evaluated_depsgraph_get())["OverAnim_Test"]
    assert not np.isfinite(value) or value >= np.finfo(np.float32).max  # NaN on 4.2, float32's largest on 5.x
    bpy.context.scene.frame_set(1)
    before = file_state(tmp_path)
    with pytest.raises(OverAnimError, match=r"'OverAnim_Test' is not a finite number .* on frame 6"):
        export_fbx(bpy.context, walker, ExportOptions(tmp_path / "hero.fbx"))
    after = file_state(tmp_path)  # no file, no action changed (the export measures first, as it always does)
    assert (after[0], after[2], after[3]) == (before[0], before[2], before[3])


def test_every_key_is_read_once_into_views_equal_to_each_curves_own_read(walker):
    """The shared check reads every curve's keys into one block and hands each curve its slice: each
    slice is what the curve's own ``foreach_get`` gives (curves of different lengths, one with no key)."""
    from overanim_addon.blender import compat
    from overanim_addon.blender.shared.finite_keys import read_finite_keys

    add_rotations(walker)  # channels keyed every sixth frame beside the walk's every frame
    action = walker.animation_data.action
    slot = compat.slot_of(action, walker)
    compat.new_fcurve(action, compat.channelbag(action, slot), 'pose.bones["spine_01"].scale', 0, "spine_01")
    curves = list(fcurves(action))
    assert 0 in {len(c.keyframe_points) for c in curves} and len({len(c.keyframe_points) for c in curves}) > 2
    arrays = read_finite_keys(action, curves)
    assert len(arrays) == len(curves)
    for curve, read in zip(curves, arrays, strict=True):
        own = np.empty((3, len(curve.keyframe_points) * 2), np.float32)
        for row, name in zip(own, ("co", "handle_left", "handle_right"), strict=True):
            curve.keyframe_points.foreach_get(name, row)
        assert read.shape == (3, len(curve.keyframe_points), 2)
        assert np.array_equal(read.reshape(3, -1), own)


@pytest.mark.parametrize("part", ["co", "handle_left", "handle_right"])
def test_a_bad_key_of_a_channel_the_transfer_copies_as_it_is_names_its_bone_and_first_bad_frame(walker, part):
    """A rotation channel the transfer does not scale is checked on the same read: its first bad key
    (not the curve's first key, not another curve's) is named; the keys before it in other curves are fine."""
    action = walker.animation_data.action
    curve = next(c for c in fcurves(action) if ".rotation" in c.data_path and len(c.keyframe_points) > 4)
    bone = curve.data_path.split('"')[1]
    points = curve.keyframe_points
    for index in (len(points) - 2, 3):  # two bad keys: the earlier one is named
        setattr(points[index], part, (points[index].co.x, math.nan))
    frame = points[3].co.x
    target = scaled_copy(walker, 0.5, "Small")
    before = [action_fingerprint(a) for a in sorted(bpy.data.actions, key=lambda a: a.name)]
    with pytest.raises(OverAnimError) as refused:
        transfer_action(bpy.context, target, TransferOptions(source=walker))
    text = str(refused.value.message)
    assert f"'{bone}'" in text and f"frame {frame:g}" in text, text
    assert [action_fingerprint(a) for a in sorted(bpy.data.actions, key=lambda a: a.name)] == before
