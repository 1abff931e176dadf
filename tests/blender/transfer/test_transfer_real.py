"""Transfer on the rigs artists really have (issue 25 item 2): a Mixamo-shaped rig at object scale
0.01 through Blender's glTF importer, the same after the Checks' Apply Scale fix, and CMU motion
capture through the BVH importer. The ground truth is the world path of the Hips, read from the
evaluated pose bones per frame through matrix_world; the expected ratio from the rest skeletons."""

from __future__ import annotations

import math

import bpy
import numpy as np
import pytest

from overanim_addon.blender.checks.apply_scale import apply_scale
from overanim_addon.blender.shared.fcurves import fcurves
from overanim_addon.blender.transfer.engine import TransferOptions, transfer_action
from overanim_addon.core.errors import OverAnimError

from ...fixtures.third_party import cmu_bvh
from ..helpers import overridden_copy
from ..imported_characters import PREFIX
from ..real_characters import mixamo_gltf
from ..transfer_scenes import action_fingerprint, scaled_copy, world_heads

HIPS = f"{PREFIX}Hips"
BVH_FRAMES = 150  # of 01_01.bvh's 2,752 (120 fps): its walk starts within them, and the test stays quick


def transfer(source, target, **options):
    return transfer_action(bpy.context, target, TransferOptions(source=source, **options))


def frames_of(action):
    start, end = (round(f) for f in action.frame_range)
    return range(start, end + 1)


def path_cm(obj, bone, frames):
    """The world path length of ``bone``'s head over ``frames`` (cm), from the evaluated scene."""
    heads = world_heads(obj, [bone], frames)[:, 0]
    return float(np.linalg.norm(np.diff(heads, axis=0), axis=1).sum())


def rest_height_cm(obj, bone):
    """The world height of ``bone``'s rest head above the object's origin (cm)."""
    world = obj.matrix_world
    return float((world @ obj.data.bones[bone].head_local - world.translation).z) * 100.0


@pytest.fixture
def mixamo(addon, tmp_path):
    armature = mixamo_gltf(tmp_path)
    assert armature.scale[0] == pytest.approx(0.01)  # as every Mixamo import arrives
    return armature


def test_a_mixamo_rig_at_scale_001_moves_its_smaller_copy_by_the_size_ratio(mixamo):
    small = scaled_copy(mixamo, 0.6, "Small", object_scale=0.01)
    frames = frames_of(mixamo.animation_data.action)
    travelled = path_cm(mixamo, HIPS, frames)
    assert travelled > 20.0  # the Hips do walk
    result = transfer(mixamo, small)
    assert result.ratio.ratio == pytest.approx(0.6, rel=0.02) and not result.ratio.clamps
    assert path_cm(small, HIPS, frames) == pytest.approx(0.6 * travelled, rel=0.02)
    assert not [m for level, m in result.log if level == "WARNING"]


def test_with_calibration_both_clamped_rigs_take_their_clamp_and_the_report_says_so(mixamo):
    """Both rigs' own-space sizes are 100x their world ones: calibrated, both hit Maximum Character
    Scale (4), so the copy walks the source's whole path, and the report names each clamp."""
    small = scaled_copy(mixamo, 0.6, "Small", object_scale=0.01)
    frames = frames_of(mixamo.animation_data.action)
    travelled = path_cm(mixamo, HIPS, frames)
    result = transfer(mixamo, small, use_calibration=True)
    assert (result.ratio.source_scale, result.ratio.target_scale) == (pytest.approx(4.0), pytest.approx(4.0))
    assert path_cm(small, HIPS, frames) == pytest.approx(travelled, rel=0.02)
    warnings = [str(m) for level, m in result.log if level == "WARNING"]
    for name in (mixamo.name, "Small"):
        line = next(w for w in warnings if f"clamps '{name}'" in w)
        assert "CS scale" in line and "held at 4" in line and "ratio is 1 instead of 0.6" in line, line


@pytest.mark.parametrize("fixed", ["source", "target"])
def test_between_a_fixed_and_an_unfixed_rig_the_hips_travel_the_ratio_of_their_rest_heights(mixamo, fixed):
    """One rig after the Checks' Apply Scale fix (scale 1), the other still at 0.01."""
    small = scaled_copy(mixamo, 0.6, "Small", object_scale=0.01)
    frames = frames_of(mixamo.animation_data.action)
    travelled = path_cm(mixamo, HIPS, frames)
    apply_scale(bpy.context, mixamo if fixed == "source" else small, with_armature=True)
    assert mixamo.scale[0] == pytest.approx(1.0 if fixed == "source" else 0.01)
    assert small.scale[0] == pytest.approx(0.01 if fixed == "source" else 1.0)
    assert path_cm(mixamo, HIPS, frames) == pytest.approx(travelled, rel=1e-3)  # the fix moved nothing
    heights = rest_height_cm(small, HIPS) / rest_height_cm(mixamo, HIPS)
    assert heights == pytest.approx(0.6, rel=1e-3)
    transfer(mixamo, small)
    assert path_cm(small, HIPS, frames) == pytest.approx(heights * travelled, rel=0.02)


def truncated_bvh(path, frames, folder):
    """A copy of the BVH file with only its first ``frames`` frames of motion."""
    lines = path.read_text().splitlines()
    at = next(i for i, line in enumerate(lines) if line.strip().startswith("Frames:"))
    lines[at] = f"Frames: {frames}"
    copy = folder / f"{path.stem}_{frames}.bvh"
    copy.write_text("\n".join(lines[:at + 2 + frames]) + "\n")
    return copy


def test_cmu_motion_capture_onto_a_smaller_copy_scales_the_world_path(addon, empty_scene, tmp_path):
    path = truncated_bvh(cmu_bvh("01_01.bvh"), BVH_FRAMES, tmp_path)
    assert bpy.ops.import_anim.bvh(filepath=str(path)) == {"FINISHED"}
    actor = next(o for o in bpy.context.scene.objects if o.type == "ARMATURE")
    frames = frames_of(actor.animation_data.action)
    assert len(frames) == BVH_FRAMES
    travelled = path_cm(actor, "Hips", frames)
    assert travelled > 10.0
    small = scaled_copy(actor, 0.5, "Small")
    heights = rest_height_cm(small, "LeftUpLeg") / rest_height_cm(actor, "LeftUpLeg")
    assert heights == pytest.approx(0.5, rel=1e-3)
    result = transfer(actor, small)
    assert result.ratio.ratio == pytest.approx(0.5, rel=0.02)
    assert path_cm(small, "Hips", frames) == pytest.approx(0.5 * travelled, rel=0.02)


def walking_bvh(tmp_path, frames=BVH_FRAMES):
    """CMU's 01_01 walk (its first ``frames`` frames) imported as the BVH importer brings it in."""
    path = truncated_bvh(cmu_bvh("01_01.bvh"), frames, tmp_path)
    assert bpy.ops.import_anim.bvh(filepath=str(path)) == {"FINISHED"}
    return next(o for o in bpy.context.scene.objects if o.type == "ARMATURE")


def under_empty(obj, scale):
    """``obj`` parented to an empty at ``scale``, as a layout's or an FBX file's root null holds it."""
    empty = bpy.data.objects.new(f"{obj.name}_Root", None)
    bpy.context.scene.collection.objects.link(empty)
    empty.scale = (scale,) * 3
    obj.parent = empty
    bpy.context.view_layer.update()


@pytest.mark.parametrize("parented", ["source", "target"])
def test_the_object_s_own_travel_lands_right_when_one_rig_hangs_under_a_scaled_empty(addon, empty_scene,
                                                                                    tmp_path, parented):
    """The object's location keys are lengths in its parent's space: under an empty at 0.01 a key of
    1 moves the rig 1 cm, so the world ratio alone would scale its travel a second time."""
    actor = walking_bvh(tmp_path)
    frames = frames_of(actor.animation_data.action)
    for frame in frames[::10]:  # the actor's own travel keyed on the object too, as a layout carries it
        actor.location = (0.0, 0.02 * (frame - frames[0]), 0.0)
        actor.keyframe_insert("location", frame=frame)
    small = scaled_copy(actor, 0.5, "Small")
    under_empty(actor if parented == "source" else small, 0.01)
    travelled = path_cm(actor, "Hips", frames)
    heights = rest_height_cm(small, "LeftUpLeg") / rest_height_cm(actor, "LeftUpLeg")
    assert heights == pytest.approx(0.5 * (100.0 if parented == "source" else 0.01), rel=1e-3)
    result = transfer(actor, small)
    assert result.object_channels == 3
    assert path_cm(small, "Hips", frames) == pytest.approx(heights * travelled, rel=0.02)


def file_state():
    """Every action byte for byte, and what each object plays."""
    return ([action_fingerprint(a) for a in sorted(bpy.data.actions, key=lambda a: a.name)],
            {o.name: (o.animation_data.action.name if o.animation_data and o.animation_data.action else None)
             for o in bpy.data.objects})


@pytest.mark.parametrize(("channel", "part", "value"), [
    ('pose.bones["Hips"].location', "co", math.nan),
    ('pose.bones["Hips"].location', "handle_right", math.nan),
    ("location", "co", math.nan),
])
def test_a_location_key_that_is_not_a_number_is_refused_and_nothing_is_written(addon, empty_scene, tmp_path,
                                                                              channel, part, value):
    """A broken key (a bad export, a script's 0/0) would be scaled into a NaN key on the target
    without a word: the transfer names it and writes nothing. (Blender stores an infinite value
    set through Python as the largest float, so NaN is what reaches a key.)"""
    actor = walking_bvh(tmp_path, frames=30)
    if channel == "location":
        for frame in (1, 30):
            actor.location = (0.0, 0.01 * frame, 0.0)
            actor.keyframe_insert("location", frame=frame)
    curve = next(c for c in fcurves(actor.animation_data.action) if c.data_path == channel and c.array_index == 1)
    key = curve.keyframe_points[1]
    setattr(key, part, (key.co.x, value))
    small = scaled_copy(actor, 0.5, "Small")
    before = file_state()
    with pytest.raises(OverAnimError, match=r"not a finite number") as refused:
        transfer(actor, small)
    text = str(refused.value.message)
    assert "frame " in text and (channel == "location" or "'Hips'" in text), text
    assert file_state() == before


def test_onto_a_library_override_the_walk_lands_and_the_unsaved_measurement_is_named(addon, empty_scene, tmp_path):
    """The animator's rig in a shot is a library override. The transfer measures it and writes the
    measurement there, as Measure does: one its library file lacks is not saved with the shot, and
    Measure Proportions says so; the transfer that wrote it must say so too."""
    small = scaled_copy(walking_bvh(tmp_path), 0.5, "Small")
    override = overridden_copy(small, tmp_path)  # a new file holding the override only
    actor = walking_bvh(tmp_path)  # the clip brought into the shot
    frames = frames_of(actor.animation_data.action)
    travelled = path_cm(actor, "Hips", frames)
    result = transfer(actor, override)
    assert path_cm(override, "Hips", frames) == pytest.approx(0.5 * travelled, rel=0.02)
    warnings = [str(m) for level, m in result.log if level == "WARNING"]
    assert any(f"'{override.name}' is a library override" in w and "not saved" in w for w in warnings), warnings


def test_a_non_uniform_scale_under_the_object_s_own_travel_is_warned(addon, empty_scene, tmp_path):
    """The object's travel takes one ratio, of heights; on a rig stretched to (2, 2, 1) its strides
    are twice as long in the world while that travel stays as it was, so the feet slide: say so."""
    actor = walking_bvh(tmp_path, frames=60)
    frames = frames_of(actor.animation_data.action)
    for frame in (frames[0], frames[-1]):
        actor.location = (0.0, 0.02 * (frame - frames[0]), 0.0)
        actor.keyframe_insert("location", frame=frame)
    wide = scaled_copy(actor, 1.0, "Wide")
    wide.scale = (2.0, 2.0, 1.0)
    bpy.context.view_layer.update()
    result = transfer(actor, wide)
    assert result.ratio.ratio_ws == pytest.approx(1.0, rel=1e-3) and result.object_channels == 3
    warnings = [str(m) for level, m in result.log if level == "WARNING"]
    assert any("'Wide'" in w and "non-uniform scale" in w for w in warnings), warnings
