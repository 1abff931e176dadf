"""A one-click fix offered by Checks never changes what a later step produces: after Rest Position
or Apply Scale, Probe Ground, Bake Foot IK and Export for Unreal give what they give without it.
On a Mixamo-shaped character through Blender's glTF exporter and importer (imported_characters)."""

from __future__ import annotations

import bpy
import numpy as np
import pytest

from overanim_addon.blender.checks.rig_checks import run_checks
from overanim_addon.blender.compat import is_layered
from overanim_addon.blender.export import fbx_file
from overanim_addon.blender.foot_ik.bake import baked_values
from overanim_addon.blender.shared.fcurves import fcurves

from .. import imported_characters as mixamo
from ..fbx_helpers import child, read
from ..foot_ik_scenes import action_snapshot, box, cm, plane, probe, with_bake_muted

PROBED_FRAME = 20


@pytest.fixture(scope="module")
def glb(mixamo_glb):
    return mixamo_glb


def imported(glb):
    """A fresh import with its foot IK bones set, a floor, and a 10 cm box under the left foot
    wherever the walk takes it (but not under its rest position, 10 cm behind the first frame)."""
    armature = mixamo.import_mixamo(glb)
    mixamo.set_foot_ik_bones(armature)
    left = left_ankle_cm(armature, (1, mixamo.FRAMES))
    plane(half=200.0)
    (x0, x1), (y0, y1) = sorted(left[:, 0]), sorted(left[:, 1])
    box("Box", x0 - 6.0, x1 + 6.0, y0 - 5.0, y1 + 5.0, -1.0, 10.0)
    bpy.context.scene.frame_set(1)
    return armature


def later_steps(armature, path):
    """Probe Ground at one frame, Bake Foot IK over the walk, Export for Unreal: what each gives."""
    bpy.context.scene.frame_set(PROBED_FRAME)
    found = probe(armature)
    with bpy.context.temp_override(active_object=armature, object=armature):
        assert bpy.ops.overanim.bake_foot_ik() == {"FINISHED"}
        assert bpy.ops.overanim.export_fbx(filepath=str(path)) == {"FINISHED"}
    return found, {name: keys[:, 1] for name, keys in baked_values(armature).items()}


def animation_curves(path):
    """Every animation curve of the file, in the file's order: (key times, key values)."""
    fbx = read(path)
    return [(np.array(child(c, b"KeyTime").props[0]), np.array(child(c, b"KeyValueFloat").props[0]))
            for c in fbx.of(b"AnimationCurve")]


def ankle_travel_cm(path):
    """How far the left ankle moves in the world over the take, read back with Blender's FBX importer."""
    bpy.ops.wm.read_homefile(use_empty=True)
    assert bpy.ops.import_scene.fbx(filepath=str(path)) == {"FINISHED"}
    armature = next(o for o in bpy.data.objects if o.type == "ARMATURE")
    take = armature.animation_data.action.frame_range  # the importer may shift it by a frame
    ends = left_ankle_cm(armature, (round(take[0]), round(take[1])))
    return float(np.linalg.norm(ends[1] - ends[0]))


def assert_same_results(found, fixed):
    (probed, baked), (probed_fixed, baked_fixed) = found, fixed
    assert probed_fixed == pytest.approx(probed, abs=1e-4)
    assert baked_fixed.keys() == baked.keys()
    for name, series in baked.items():
        np.testing.assert_allclose(baked_fixed[name], series, atol=1e-4, err_msg=name)


def left_ankle_cm(armature, frames):
    return mixamo.world_bones_cm(armature, frames)[:, armature.pose.bones.find("mixamorig:LeftFoot"), 0]


def test_the_rest_position_fix_changes_nothing_probe_bake_and_export_produce(glb, tmp_path):
    armature = imported(glb)
    first, last = left_ankle_cm(armature, (1, mixamo.FRAMES))
    travel = float(np.linalg.norm(last - first))
    assert travel == pytest.approx(mixamo.WALK_CM, abs=1.0)
    plain = later_steps(armature, tmp_path / "plain.fbx")
    probed, baked = plain
    # the box is under the posed left foot on every frame: the left foot is lifted, not the body
    assert probed["LeftOffset"] == pytest.approx(10.0, abs=0.01)
    assert probed["BodyOffset"] == pytest.approx(0.0, abs=0.01)
    np.testing.assert_allclose(baked["LeftOffset"], 10.0, atol=0.01)
    np.testing.assert_allclose(baked["BodyOffset"], 0.0, atol=0.01)

    armature = imported(glb)
    # the animation's pose is expected (info, no fix offered); Rest Position, the fix a bone posed by
    # hand gets and the artist's own toggle in the Armature properties, must still change nothing
    assert [(f.severity, f.fix) for f in run_checks(bpy.context, armature) if f.id == "posed"] == [("INFO", "")]
    with bpy.context.temp_override(active_object=armature, object=armature):
        assert bpy.ops.overanim.fix_check(fix="rest_position") == {"FINISHED"}
    assert armature.data.pose_position == "REST"
    fixed = later_steps(armature, tmp_path / "fixed.fbx")
    assert armature.data.pose_position == "REST"  # the artist's toggle, as they left it
    assert_same_results(plain, fixed)

    curves, curves_fixed = animation_curves(tmp_path / "plain.fbx"), animation_curves(tmp_path / "fixed.fbx")
    assert len(curves_fixed) == len(curves)
    for (times, values), (times_fixed, values_fixed) in zip(curves, curves_fixed, strict=True):
        np.testing.assert_array_equal(times_fixed, times)
        np.testing.assert_allclose(values_fixed, values, rtol=1e-6, atol=1e-5)
    assert ankle_travel_cm(tmp_path / "fixed.fbx") == pytest.approx(travel, abs=0.05)  # the take walks


def test_the_rest_position_is_kept_when_an_export_fails_while_posed(glb, tmp_path, monkeypatch):
    armature = imported(glb)
    with bpy.context.temp_override(active_object=armature, object=armature):
        assert bpy.ops.overanim.bake_foot_ik() == {"FINISHED"}  # animated values: the curves are written
    armature.data.pose_position = "REST"

    def full_disk(path, _root, _version):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(fbx_file, "write", full_disk)
    with bpy.context.temp_override(active_object=armature, object=armature), pytest.raises(
            RuntimeError, match=r"could not write hero\.fbx: the disk is full"):
        bpy.ops.overanim.export_fbx(filepath=str(tmp_path / "hero.fbx"))
    assert armature.data.pose_position == "REST"
    assert not list(tmp_path.iterdir())


# -- Apply Scale ------------------------------------------------------------------------------------
COMPARED = (1, 7, 22, 37, mixamo.FRAMES)  # keys of the artist's layer and frames between them


@pytest.fixture(scope="module")
def glb_at(addon, tmp_path_factory):
    """The character written once per object scale."""
    folder, written = tmp_path_factory.mktemp("mixamo_scales"), {}

    def path(scale):
        if scale not in written:
            written[scale] = folder / f"mixamo_{scale:g}.glb"
            mixamo.write_mixamo_glb(written[scale], scale)
        return written[scale]

    return path


def add_artist_layer(armature):
    """What an artist adds on top of an import: an action of their own ('Bob', Bezier keys with free
    handles, moving the Hips) played by two NLA tracks (one action, scaled once), the imported take
    made to add onto them; on layered actions a second slot of 'Bob' moves an empty (not the rig's:
    untouched). Returns the empty (None without slots)."""
    adt = armature.animation_data
    take, unit = adt.action, 0.01 / armature.scale[0]  # data units per cm
    bob = bpy.data.actions.new("Bob")
    adt.action = bob
    hips = armature.pose.bones["mixamorig:Hips"]
    for frame, lift in ((1, 0.0), (22, 6.0), (mixamo.FRAMES, 0.0)):
        hips.location = (0.0, lift * unit, 0.0)
        hips.keyframe_insert("location", frame=frame)
    for curve in fcurves(bob):
        for key in curve.keyframe_points:
            key.handle_left_type = key.handle_right_type = "FREE"
            key.handle_right = (key.co[0] + 4.0, key.co[1] + 3.0 * unit)  # a shape only the handles give
    adt.action = take
    adt.action_blend_type = "COMBINE"
    for name, blend in (("Bob", "REPLACE"), ("Bob again", "ADD")):
        track = adt.nla_tracks.new()
        track.name = name
        strip = track.strips.new(name, 1, bob)
        strip.blend_type = blend
        assert not is_layered(bob) or strip.action_slot.identifier == adt.action_slot.identifier
    if not is_layered(bob):
        return None
    empty = bpy.data.objects.new("Prop", None)
    bpy.context.scene.collection.objects.link(empty)
    empty.animation_data_create().action = bob
    empty.animation_data.action_slot = bob.slots.new(id_type="OBJECT", name="Prop")
    for frame, x in ((1, 0.0), (mixamo.FRAMES, 0.5)):
        empty.location = (x, 0.0, 0.0)
        empty.keyframe_insert("location", frame=frame)
    return empty


def fix_scale(armature):
    assert [f.fix for f in run_checks(bpy.context, armature) if f.id == "armature_scale"] == ["apply_armature_scale"]
    with bpy.context.temp_override(active_object=armature, object=armature):
        assert bpy.ops.overanim.fix_check(fix="apply_armature_scale") == {"FINISHED"}
    assert tuple(armature.scale) == pytest.approx((1.0, 1.0, 1.0), abs=1e-6)


def world_cm(obj, frames):
    out = []
    for frame in frames:
        bpy.context.scene.frame_set(frame)
        out.append(tuple(obj.matrix_world.translation))
    return np.array(out) * cm()


@pytest.mark.parametrize("scale", [0.01, 100.0])
def test_apply_scale_keeps_every_bone_of_an_animated_rig_where_it_was(glb_at, scale):
    armature = mixamo.import_mixamo(glb_at(scale))
    empty = add_artist_layer(armature)
    # and a foot-IK bake on top (over a floor 5 cm up, so it keys the Hips up on every frame)
    mixamo.set_foot_ik_bones(armature)
    plane(z=5.0, half=200.0)
    with bpy.context.temp_override(active_object=armature, object=armature):
        assert bpy.ops.overanim.bake_foot_ik() == {"FINISHED"}
    unbaked = with_bake_muted(armature, lambda: mixamo.world_bones_cm(armature, COMPARED))
    before = mixamo.world_bones_cm(armature, COMPARED)
    assert np.abs(before - unbaked).max() == pytest.approx(5.0, abs=0.01)  # the bake lifts the body
    prop = world_cm(empty, COMPARED) if empty is not None else None
    bpy.context.scene.frame_set(1)

    fix_scale(armature)
    np.testing.assert_allclose(mixamo.world_bones_cm(armature, COMPARED), before, atol=0.01)
    if empty is not None:
        np.testing.assert_allclose(world_cm(empty, COMPARED), prop, atol=1e-6)
    with bpy.context.temp_override(active_object=armature, object=armature):
        assert bpy.ops.overanim.remove_foot_ik_bake() == {"FINISHED"}
    np.testing.assert_allclose(mixamo.world_bones_cm(armature, COMPARED), unbaked, atol=0.01)


def world_take_cm(path):
    """Every bone's world head (joint) over the take of an exported file, read back with Blender's
    FBX importer (cm); not the tails, which the importer makes up from the file's node scale."""
    bpy.ops.wm.read_homefile(use_empty=True)
    assert bpy.ops.import_scene.fbx(filepath=str(path)) == {"FINISHED"}
    armature = next(o for o in bpy.data.objects if o.type == "ARMATURE")
    start, end = (round(f) for f in armature.animation_data.action.frame_range)
    return mixamo.world_bones_cm(armature, (start, (start + end) // 2, end))[:, :, 0]


@pytest.mark.parametrize("scale", [0.01, 100.0])
def test_after_apply_scale_probe_bake_and_export_give_what_they_give_without_it(glb_at, tmp_path, scale):
    armature = imported(glb_at(scale))
    plain = later_steps(armature, tmp_path / "plain.fbx")
    baked_pose = mixamo.world_bones_cm(armature, COMPARED)
    armature = imported(glb_at(scale))
    fix_scale(armature)
    fixed = later_steps(armature, tmp_path / "fixed.fbx")
    assert_same_results(plain, fixed)
    # float32 poses: a tail 19 m out carries ~1e-5 of relative noise through the bake's Two Bone IK
    np.testing.assert_allclose(mixamo.world_bones_cm(armature, COMPARED), baked_pose, atol=0.01, rtol=1e-5)
    np.testing.assert_allclose(world_take_cm(tmp_path / "fixed.fbx"), world_take_cm(tmp_path / "plain.fbx"),
                               atol=0.01)


def rig_state(armature):
    """What a refused fix must leave as it was: the bones, the object, every action's keys."""
    return {"bones": [tuple(b.head_local) + tuple(b.tail_local) for b in armature.data.bones],
            "world": [tuple(row) for row in armature.matrix_world],
            "pose": [tuple(pb.location) for pb in armature.pose.bones],
            "actions": {a.name: action_snapshot(a) for a in bpy.data.actions}}


def shared_with_another_rig(armature):
    other = armature.copy()
    other.data = armature.data.copy()
    bpy.context.scene.collection.objects.link(other)
    assert other.animation_data.action == armature.animation_data.action
    return "also plays on 'Armature.001'"


def linked_layer(armature, tmp_path):
    bob = bpy.data.actions["Bob"]
    bpy.data.libraries.write(str(tmp_path / "takes.blend"), {bob})
    with bpy.data.libraries.load(str(tmp_path / "takes.blend"), link=True) as (_source, target):
        target.actions = ["Bob"]
    linked = target.actions[0]
    strip = armature.animation_data.nla_tracks["Bob"].strips[0]
    strip.action = linked
    if is_layered(linked):
        strip.action_slot = linked.slots[0]
    return r"Actions 'Bob' \(animating 'Armature'\) are linked from a library"


def non_uniform(armature):
    armature.scale = (armature.scale[0], armature.scale[0], armature.scale[0] * 1.3)
    return r"non-uniform or mirrored scale and its bones are animated \('ArmatureAction[^']*', 'Bob'\)"


def keyed_object_scale(armature):
    armature.keyframe_insert("scale", frame=1)
    return r"'Armature' has its scale keyed \('ArmatureAction[^']*'\)"


def noise_on_a_location(armature):
    curve = next(c for c in fcurves(bpy.data.actions["Bob"]) if c.data_path.endswith(".location"))
    curve.modifiers.new("NOISE")
    return r"Bone locations in 'Bob' have F-curve modifiers"


def driven_location(armature):
    armature.pose.bones["mixamorig:Spine"].driver_add("location", 0)
    return r"Bone locations of 'Armature' are driven \('mixamorig:Spine'\)"


def keyed_location_under_a_parent(armature):
    holder = bpy.data.objects.new("Holder", None)  # as an importer's group above the skeleton
    bpy.context.scene.collection.objects.link(holder)
    armature.parent = holder
    armature.keyframe_insert("location", frame=1)
    return r"'Armature' has its location keyed \('ArmatureAction[^']*'\)"


@pytest.mark.parametrize("spoil", [shared_with_another_rig, linked_layer, non_uniform, keyed_object_scale,
                                   keyed_location_under_a_parent, noise_on_a_location, driven_location])
def test_apply_scale_refuses_animation_it_cannot_rescale_and_changes_nothing(glb_at, tmp_path, spoil):
    armature = mixamo.import_mixamo(glb_at(0.01))
    add_artist_layer(armature)
    message = spoil(armature, tmp_path) if spoil is linked_layer else spoil(armature)
    bpy.context.view_layer.update()
    before = rig_state(armature)
    with bpy.context.temp_override(active_object=armature, object=armature), pytest.raises(RuntimeError,
                                                                                           match=message):
        bpy.ops.overanim.fix_check(fix="apply_armature_scale")
    assert rig_state(armature) == before
