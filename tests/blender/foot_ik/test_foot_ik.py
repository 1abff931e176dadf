"""Foot IK with the real bpy: the probe on generated ground, the bake into the NLA, bad input."""

import math

import bpy
import pytest
from mathutils import Vector

from overanim_addon.blender.foot_ik import nla, values
from overanim_addon.blender.foot_ik.bake import MAX_FRAMES, BakeSession, baked_values
from overanim_addon.blender.shared.fcurves import fcurves
from overanim_addon.core.foot_ik import VALUE_NAMES

from ..foot_ik_scenes import (
    BAD_INPUT,
    action_snapshot,
    bake,
    box_under,
    check,
    cm,
    foot_cm,
    key_artist_action,
    normal_rising,
    plane,
    probe,
    rises_over_a_left_dip,
    spoiled,
    with_bake_muted,
    world_head_z,
    world_matrix,
)
from ..helpers import benchmark_prints, custom_props, linked_copy, printed_reports

FORWARD, RIGHT = (0.0, -1.0, 0.0), (-1.0, 0.0, 0.0)  # the sample faces -Y; its right is -X


# -- the probe --------------------------------------------------------------------------------------
def test_flat_ground_at_the_reference_gives_zeros_and_two_hits(rig):
    plane()
    found = probe(rig)
    assert list(found) == list(VALUE_NAMES)
    check(found, **dict.fromkeys(VALUE_NAMES[:7], 0.0), LeftHit=1, RightHit=1)
    # 50 cm authored, character-relative: x the measured ground-probe scale (WS)
    assert found["TraceDistance"] == pytest.approx(50.0 * rig["OverAnim_GroundProbeScaleWS"])
    assert rig.overanim.foot_ik.left_foot == "foot_l" and rig.overanim.foot_ik.left_ik_target == "ik_foot_l"
    assert rig.overanim.foot_ik.body_bone == "pelvis"


def test_a_10_cm_box_under_the_left_foot(rig):
    plane()
    box_under(rig, "foot_l", 10.0)
    check(probe(rig), LeftOffset=10, RightOffset=0, BodyOffset=0, LeftHit=1, RightHit=1)


def test_the_left_foot_over_a_5_cm_dip(rig):
    plane(z=-5.0, half=10.0, centre=tuple(foot_cm(rig, "foot_l"))[:2])  # the dip's floor...
    plane(name="Floor_right", half=10.0, centre=tuple(foot_cm(rig, "foot_r"))[:2])  # ...and the ground beside it
    check(probe(rig), BodyOffset=-5, RightOffset=5, LeftOffset=0)


@pytest.mark.parametrize(("direction", "expected"), [
    (FORWARD, {"LeftPitch": 10, "RightPitch": 10, "LeftRoll": 0, "RightRoll": 0}),
    (RIGHT, {"LeftPitch": 0, "RightPitch": 0, "LeftRoll": 10, "RightRoll": 10}),
], ids=["rising-ahead", "rising-right"])
def test_a_10_degree_slope(rig, direction, expected):
    plane(rise=direction, degrees=10.0)
    check(probe(rig), **expected)


def test_no_ground_under_a_foot_misses_and_lifts_nothing(rig):
    box_under(rig, "foot_r", 4.0)
    check(probe(rig), LeftHit=0, RightHit=1, LeftOffset=0, RightOffset=4, BodyOffset=0, LeftPitch=0, LeftRoll=0)


def test_the_characters_own_meshes_are_never_hit(rig):
    """Standing on nothing: the rays go down through the character's legs and feet and miss."""
    sole = box_under(rig, "foot_l", 2.0)  # parented to the foot bone: it is the character's too
    where = sole.matrix_world.copy()
    sole.parent, sole.parent_type, sole.parent_bone = rig, "BONE", "foot_l"
    bpy.context.view_layer.update()
    sole.matrix_world = where
    character = bpy.data.collections.new("Character")
    bpy.context.scene.collection.children.link(character)
    for obj in (rig, sole, *bpy.data.objects["SK_OverAnimSample_Body"].users_collection[0].objects):
        if obj.name not in character.objects:
            character.objects.link(obj)
    check(probe(rig), LeftHit=0, RightHit=0, BodyOffset=0)
    rig.overanim.foot_ik.ground_collection = character  # even when named as the ground
    check(probe(rig), LeftHit=0, RightHit=0, BodyOffset=0)
    where = sole.matrix_world.copy()
    sole.parent = None  # the same box, no longer the character's, is ground
    sole.matrix_world = where
    check(probe(rig), LeftHit=1, RightHit=0)


def test_only_the_ground_collection_is_probed(rig):
    plane(z=3.0)
    ground = bpy.data.collections.new("Ground")
    bpy.context.scene.collection.children.link(ground)
    floor = plane(name="Hidden_Floor", z=-2.0)
    bpy.context.scene.collection.objects.unlink(floor)
    ground.objects.link(floor)
    floor.hide_set(True)  # a hidden collision stand-in still counts when its collection is named
    check(probe(rig), BodyOffset=3)
    rig.overanim.foot_ik.ground_collection = ground
    check(probe(rig), BodyOffset=-2)


def _scale_scene(armature, factor):
    objects = [armature, *[o for o in bpy.context.scene.objects if o.type == "MESH"]]
    armature.scale = (factor,) * 3
    with bpy.context.temp_override(selected_editable_objects=objects, selected_objects=objects,
                                   active_object=armature):
        bpy.ops.object.transform_apply(location=False, rotation=False, scale=True)


def _box_scene(armature, scale=1.0):
    plane(half=150.0 * scale)
    box_under(armature, "foot_l", 10.0 * scale, half=8.0 * scale)
    # a small slope under the right foot, 2 cm above the floor there
    plane(name="Slope", z=2.0 * scale, rise=FORWARD, degrees=10.0, half=10.0 * scale,
          centre=tuple(foot_cm(armature, "foot_r"))[:2])
    return probe(armature)


def test_unit_scale_001_and_a_2x_character_give_the_same_results_relative_to_the_character(rig):
    reference = _box_scene(rig)
    check(reference, BodyOffset=2, LeftOffset=8, RightOffset=0, RightPitch=10, LeftPitch=0)
    bpy.ops.wm.read_homefile(use_empty=True)
    from overanim_addon.blender.sample.build import build_sample_character
    from overanim_addon.blender.sample.walk import add_foot_ik_bones

    in_cm = build_sample_character(bpy.context)  # the same character modelled in centimetres
    add_foot_ik_bones(in_cm)
    _scale_scene(in_cm, 100.0)
    bpy.context.scene.unit_settings.scale_length = 0.01
    assert cm() == pytest.approx(1.0)
    again = _box_scene(in_cm)
    for name in VALUE_NAMES:
        assert again[name] == pytest.approx(reference[name], abs=0.01), name

    bpy.ops.wm.read_homefile(use_empty=True)
    twice = build_sample_character(bpy.context)
    add_foot_ik_bones(twice)
    twice.scale = (2.0, 2.0, 2.0)  # a 2x character (object scale) on 2x terrain
    bpy.context.view_layer.update()
    doubled = _box_scene(twice, scale=2.0)
    for name in VALUE_NAMES:
        factor = 1.0 if name.endswith(("Pitch", "Roll", "Hit")) else 2.0
        assert doubled[name] == pytest.approx(factor * reference[name], abs=0.02), name


def test_forward_plus_x_on_a_rig_turned_to_face_plus_x_gives_the_same_results(rig):
    reference = _box_scene(rig)
    bpy.ops.wm.read_homefile(use_empty=True)
    from overanim_addon.blender.sample.build import build_sample_character
    from overanim_addon.blender.sample.walk import add_foot_ik_bones

    turned = build_sample_character(bpy.context)
    add_foot_ik_bones(turned)
    objects = [turned, *[o for o in bpy.context.scene.objects if o.type == "MESH"]]
    turned.rotation_euler.z = math.pi / 2  # -Y turns to +X
    with bpy.context.temp_override(selected_editable_objects=objects, selected_objects=objects,
                                   active_object=turned):
        bpy.ops.object.transform_apply(location=False, rotation=True, scale=False)
    turned.overanim.foot_ik.forward_axis = "+X"
    plane()
    box_under(turned, "foot_l", 10.0)
    plane(name="Slope", z=2.0, rise=(1.0, 0.0, 0.0), degrees=10.0, half=10.0,
          centre=tuple(foot_cm(turned, "foot_r"))[:2])
    again = probe(turned)
    for name in VALUE_NAMES:
        assert again[name] == pytest.approx(reference[name], abs=0.01), name


def test_an_object_rotation_turns_the_forward_axis_with_it(rig):
    rig.rotation_euler.z = math.pi / 2  # the object faces +X; its Forward Axis stays -Y of the object
    bpy.context.view_layer.update()
    plane(rise=(1.0, 0.0, 0.0), degrees=10.0)
    check(probe(rig), LeftPitch=10, RightPitch=10, LeftRoll=0, RightRoll=0)


def test_the_ground_reference_is_the_ground_level_root_bone_as_posed(rig):
    from overanim_addon.blender.foot_ik.rig import ground_root

    plane()
    probe(rig)
    assert ground_root(rig, rig["OverAnim_CharacterHeightWS"], cm()) == "root"
    rig.pose.bones["root"].location = (0.0, 0.0, 0.1)  # the root (the reference) 10 cm up
    bpy.context.view_layer.update()
    check(probe(rig), BodyOffset=-10, LeftOffset=0, RightOffset=0)


def test_a_rig_without_a_ground_level_root_uses_the_object_origin(rig):
    from overanim_addon.blender.foot_ik.rig import ground_root

    bpy.context.view_layer.objects.active = rig
    bpy.ops.object.mode_set(mode="EDIT")
    rig.data.edit_bones["pelvis"].parent = None  # Mixamo-like: the hips are the top of the hierarchy
    bpy.ops.object.mode_set(mode="OBJECT")
    plane()
    rig.location.z = 0.07  # the origin 7 cm above the ground
    bpy.context.view_layer.update()
    found = probe(rig)
    assert ground_root(rig, rig["OverAnim_CharacterHeightWS"], cm()) == ""
    check(found, BodyOffset=-7)


# -- the bake ---------------------------------------------------------------------------------------
def test_bake_layers_on_top_and_leaves_the_artists_action_untouched(rig):
    artist = key_artist_action(rig)
    before = action_snapshot(artist)
    plane()
    box_under(rig, "foot_l", 10.0)
    played = [world_head_z(rig, "pelvis", f) for f in (1, 2, 4, 5)]
    bake(rig)
    adt = rig.animation_data
    assert adt.action is None
    assert [(t.name, [(s.action.name, s.blend_type) for s in t.strips]) for t in adt.nla_tracks] == [
        (artist.name, [(artist.name, "REPLACE")]), ("OverAnim_FootIK", [("OverAnim_FootIK", "COMBINE")])]
    assert action_snapshot(artist) == before
    # pushed down, the artist's action plays as it did when it was active
    assert with_bake_muted(rig, lambda: [world_head_z(rig, "pelvis", f) for f in (1, 2, 4, 5)]) == pytest.approx(
        played, abs=1e-5)
    baked = baked_values(rig)
    assert list(baked) == list(VALUE_NAMES)
    assert [tuple(k) for k in baked["LeftOffset"]] == [(f, pytest.approx(10.0, abs=0.01)) for f in range(1, 6)]
    for frame in (2, 4):
        on = world_head_z(rig, "ik_foot_l", frame), world_head_z(rig, "ik_foot_r", frame)
        off = with_bake_muted(rig, lambda f=frame: (world_head_z(rig, "ik_foot_l", f),
                                                    world_head_z(rig, "ik_foot_r", f)))
        assert on[0] - off[0] == pytest.approx(10.0, abs=0.01) and on[1] - off[1] == pytest.approx(0.0, abs=0.01)
    bpy.context.scene.frame_set(3)
    assert rig["OverAnim_FootIK_LeftOffset"] == pytest.approx(10.0, abs=0.01)  # the curve reaches the property


@pytest.mark.parametrize("mode", ["QUATERNION", "XYZ", "ZXY"])
def test_the_baked_ik_targets_turn_up_onto_the_ground_normal(rig, mode):
    key_artist_action(rig)  # the right target's rotation is animated, the left one's is not
    rig.pose.bones["ik_foot_l"].rotation_mode = mode
    plane(rise=FORWARD, degrees=10.0)
    before = {bone: world_matrix(rig, bone, 3) for bone in ("ik_foot_l", "ik_foot_r")}
    bake(rig)
    normal = normal_rising(FORWARD, 10.0)
    for bone in ("ik_foot_l", "ik_foot_r"):
        turned = (world_matrix(rig, bone, 3) @ before[bone].inverted()) @ Vector((0, 0, 1))
        assert math.degrees(turned.angle(normal)) < 0.1, bone
    # muted, the bake leaves the rotation the artist's animation gives (the right one), and
    # Blender leaves its last value in the one only the bake animates (the left one)
    muted = with_bake_muted(rig, lambda: world_matrix(rig, "ik_foot_r", 3))
    assert (muted @ before["ik_foot_r"].inverted()).to_quaternion().angle < 1e-5


def test_ik_targets_land_the_feet_and_the_body_takes_the_body_offset(rig):
    """Over a dip the body goes down 5 cm; the IK targets (children of the root, not of the body)
    move by their lifts: the left foot down into the dip, the right one stays on the floor."""
    key_artist_action(rig)
    plane(z=-5.0, half=10.0, centre=tuple(foot_cm(rig, "foot_l"))[:2])
    plane(name="Floor_right", half=10.0, centre=tuple(foot_cm(rig, "foot_r"))[:2])
    bones = ("ik_foot_l", "ik_foot_r", "pelvis")
    before = {bone: world_head_z(rig, bone, 3) for bone in bones}
    bake(rig)
    rises = {bone: world_head_z(rig, bone, 3) - before[bone] for bone in bones}
    assert rises == pytest.approx({"ik_foot_l": -5.0, "ik_foot_r": 0.0, "pelvis": -5.0}, abs=0.01)


def test_ik_targets_that_follow_the_body_are_keyed_relative_to_it(rig):
    bpy.context.view_layer.objects.active = rig
    bpy.ops.object.mode_set(mode="EDIT")
    rig.data.edit_bones["ik_foot_root"].parent = rig.data.edit_bones["pelvis"]
    bpy.ops.object.mode_set(mode="OBJECT")
    assert rises_over_a_left_dip(rig) == pytest.approx({"ik_foot_l": -5.0, "ik_foot_r": 0.0, "pelvis": -5.0}, abs=0.01)


def test_baking_again_replaces_the_bake_and_remove_brings_the_action_back(rig):
    artist = key_artist_action(rig)
    own = rig.pose.bones["ik_foot_l"]
    own.rotation_quaternion = (0.9, 0.1, 0.2, 0.0)  # a static value the artist's action does not animate
    own_rotation = tuple(own.rotation_quaternion)
    adt = rig.animation_data
    blending = (adt.action_blend_type, adt.action_extrapolation, adt.action_influence)
    slot = getattr(adt, "action_slot", None)
    plane(rise=FORWARD, degrees=10.0)
    before = [world_head_z(rig, "pelvis", f) for f in (1, 3, 5)]
    turned = world_matrix(rig, "ik_foot_l", 3)
    bake(rig)
    plane(name="Floor_2")
    box_under(rig, "foot_l", 10.0)
    bake(rig, frame_start=2, frame_end=4)
    # sampled from the left target's own rotation, not from the first bake's turn left in it
    bpy.context.scene.frame_set(3)
    assert (world_matrix(rig, "ik_foot_l", 3) @ turned.inverted()).to_quaternion().angle < 1e-5
    assert [t.name for t in adt.nla_tracks] == [artist.name, "OverAnim_FootIK"]
    assert [a.name for a in bpy.data.actions if a.name.startswith("OverAnim_FootIK")] == ["OverAnim_FootIK"]
    assert [k[0] for k in baked_values(rig)["LeftOffset"]] == [2, 3, 4]
    assert baked_values(rig)["LeftOffset"][0][1] == pytest.approx(10.0, abs=0.01)  # not fed by the first bake
    with bpy.context.temp_override(active_object=rig, object=rig):
        assert bpy.ops.overanim.remove_foot_ik_bake() == {"FINISHED"}
    assert len(adt.nla_tracks) == 0 and adt.action == artist
    assert (adt.action_blend_type, adt.action_extrapolation, adt.action_influence) == blending
    if slot is not None:
        assert adt.action_slot == slot
    assert not any(a.name.startswith("OverAnim_FootIK") for a in bpy.data.actions)
    assert [world_head_z(rig, "pelvis", f) for f in (1, 3, 5)] == pytest.approx(before, abs=1e-4)
    assert not rig.overanim.foot_ik.pushed_action
    assert tuple(own.rotation_quaternion) == pytest.approx(own_rotation)


def test_a_cancelled_bake_writes_nothing(rig):
    artist = key_artist_action(rig)
    plane()
    bake(rig)
    box_under(rig, "foot_l", 10.0)
    adt = rig.animation_data
    state = (custom_props(rig), [t.name for t in adt.nla_tracks], sorted(a.name for a in bpy.data.actions))
    bpy.context.scene.frame_set(4)
    session = BakeSession(bpy.context, rig, rig.overanim.foot_ik, 1, 5)
    assert adt.nla_tracks["OverAnim_FootIK"].strips[0].action is None  # the previous bake is silent while sampling
    assert not session.step(0.0)  # one frame
    session.cancel()
    assert nla.bake_strips(rig) and bpy.context.scene.frame_current == 4
    assert (custom_props(rig), [t.name for t in adt.nla_tracks], sorted(a.name for a in bpy.data.actions)) == state
    assert baked_values(rig)["LeftOffset"][0][1] == pytest.approx(0.0, abs=0.01)
    assert adt.nla_tracks[0].strips[0].action == artist


def test_a_rig_without_animation_gets_a_bake_and_nothing_to_push_down(rig):
    plane()
    bake(rig, frame_start=3, frame_end=3)
    assert [t.name for t in rig.animation_data.nla_tracks] == ["OverAnim_FootIK"]
    assert not rig.overanim.foot_ik.pushed_action
    assert len(list(fcurves(rig.animation_data.nla_tracks[0].strips[0].action))) == len(VALUE_NAMES) + 3 + 4 + 3 + 4 + 3


# -- bad input --------------------------------------------------------------------------------------
def _state(armature):
    adt = armature.animation_data
    tracks = [t.name for t in adt.nla_tracks] if adt else []
    return custom_props(armature), tracks, sorted(a.name for a in bpy.data.actions), adt.action if adt else None


CASES = [pytest.param(op, spoil, message, id=f"{name}-{op}") for name, ops, spoil, message in BAD_INPUT for op in ops]


@pytest.mark.parametrize(("operator", "spoil", "message"), CASES)
def test_bad_input_is_an_error_report_and_writes_nothing(rig, operator, spoil, message):
    spoiled(rig, spoil)
    before = _state(rig)
    with bpy.context.temp_override(active_object=rig, object=rig), pytest.raises(RuntimeError, match=message):
        getattr(bpy.ops.overanim, operator)()
    assert _state(rig) == before


def test_frame_end_before_frame_start_is_refused(rig):
    plane()
    before = _state(rig)
    with pytest.raises(RuntimeError, match=r"ends \(2\) before it starts \(5\)"):
        bake(rig, frame_start=5, frame_end=2)
    assert _state(rig) == before


def test_a_range_above_the_limit_is_refused_at_once_and_writes_nothing(rig):
    """Issue 19.11: a 1,000,000-frame bake took 628 s and 5 GB (past the batch's 600 s per file)."""
    key_artist_action(rig)
    plane()
    bpy.context.scene.frame_end = 1_000_000
    before = _state(rig)
    frames_stepped = []  # refused "at once": before a single frame is evaluated
    handler = lambda scene, *args: frames_stepped.append(scene.frame_current)  # noqa: E731
    bpy.app.handlers.frame_change_pre.append(handler)
    try:
        with pytest.raises(RuntimeError, match=r"at most 100,000 frames at once; 1 to 1000000 is 1,000,000 frames"):
            bake(rig)  # the scene's range
    finally:
        bpy.app.handlers.frame_change_pre.remove(handler)
    assert frames_stepped == [] and _state(rig) == before
    session = BakeSession(bpy.context, rig, rig.overanim.foot_ik, -5, MAX_FRAMES - 6)  # the limit itself bakes
    assert session.total == MAX_FRAMES == 100_000
    session.cancel()


@pytest.mark.parametrize("operator", ["probe_ground", "bake_foot_ik"])
def test_edit_mode_is_refused(rig, operator):
    plane()
    bpy.context.view_layer.objects.active = rig
    bpy.ops.object.mode_set(mode="EDIT")
    before = _state(rig)
    with pytest.raises(RuntimeError, match="is in Edit Mode"):
        getattr(bpy.ops.overanim, operator)()
    bpy.ops.object.mode_set(mode="OBJECT")
    assert _state(rig) == before


def test_a_linked_rig_is_refused(rig, tmp_path):
    linked = linked_copy(rig, tmp_path)
    plane()
    for operator in ("probe_ground", "bake_foot_ik"):
        with bpy.context.temp_override(active_object=linked, object=linked), \
                pytest.raises(RuntimeError, match="linked from a library"):
            getattr(bpy.ops.overanim, operator)()


def test_a_failed_measurement_is_reported_and_nothing_is_written(rig):
    plane()
    rig.overanim.calibration.locomotion_root_bone = "root"  # at ground level: Measure refuses it
    with pytest.raises(RuntimeError, match=r"Measure Proportions .* at ground level"):
        probe(rig)
    assert values.read(rig) == {}


def test_detect_foot_bones_fills_every_field(rig):
    settings = rig.overanim.foot_ik
    settings.left_foot = "head"
    with bpy.context.temp_override(active_object=rig, object=rig):
        assert bpy.ops.overanim.detect_foot_bones() == {"FINISHED"}
    assert (settings.left_foot, settings.right_foot, settings.left_ik_target, settings.right_ik_target,
            settings.body_bone) == ("foot_l", "foot_r", "ik_foot_l", "ik_foot_r", "pelvis")
    settings.body_bone = ""  # after detection an empty field means "none": it stays empty
    plane()
    probe(rig)
    assert settings.body_bone == ""


# -- what the artist is told -----------------------------------------------------------------------
def test_a_probe_that_meets_no_ground_warns_and_says_what_was_probed(rig, capfd):
    """The sample stands beside the default cube: no ground under its feet."""
    bpy.ops.mesh.primitive_cube_add(size=2.0, location=(-3.0, 0.0, 1.0))
    bpy.context.view_layer.objects.active = rig
    lines = printed_reports(capfd, lambda: probe(rig))
    warnings = [line for line in lines if line.startswith("Warning:")]
    assert len(warnings) == 1, lines
    assert "neither foot" in warnings[0] and "'Cube'" in warnings[0] and "Ground" in warnings[0]
    assert "cm below" in warnings[0]  # how far down the rays reached
    box_under(rig, "foot_l", 0.0)  # one foot on the ground: nothing to warn about
    lines = printed_reports(capfd, lambda: probe(rig))
    assert not [line for line in lines if line.startswith("Warning:")], lines


def test_a_bake_where_no_frame_meets_the_ground_writes_nothing(rig):
    key_artist_action(rig)
    plane()
    bake(rig)  # an earlier bake, on the ground

    def state():
        tracks = [t.name for t in rig.animation_data.nla_tracks]
        return custom_props(rig), tracks, sorted(a.name for a in bpy.data.actions)

    before = state()
    bpy.data.objects["Floor"].location.x += 10.0  # the floor moved away: every ray misses
    with bpy.context.temp_override(active_object=rig, object=rig), \
            pytest.raises(RuntimeError, match=r"neither foot.*'Floor'.*nothing was baked.*Ground"):
        bpy.ops.overanim.bake_foot_ik()
    assert state() == before and not nla.bake_tracks(rig)[0].mute  # the earlier bake as it was


def test_a_bake_without_ik_targets_warns_that_only_curves_are_keyed(sample, capfd):
    plane()
    settings = sample.overanim.foot_ik
    with bpy.context.temp_override(active_object=sample, object=sample):
        bpy.ops.overanim.detect_foot_bones()  # the sample has no IK bones: feet and body only
    assert (settings.left_ik_target, settings.right_ik_target) == ("", "")
    lines = printed_reports(capfd, lambda: bake(sample, frame_start=1, frame_end=2))
    (warning,) = [line for line in lines if line.startswith("Warning:")]
    assert "No IK target" in warning and "only the OverAnim_FootIK_ curves." in warning
    settings.body_bone = "pelvis"  # what else is keyed is named
    lines = printed_reports(capfd, lambda: bake(sample, frame_start=1, frame_end=2))
    (warning,) = [line for line in lines if line.startswith("Warning:")]
    assert "curves and the body bone 'pelvis'" in warning
    settings.left_ik_target = "clavicle_l"  # any unconnected bone can be keyed: one side set, the other is named
    lines = printed_reports(capfd, lambda: bake(sample, frame_start=1, frame_end=2))
    (warning,) = [line for line in lines if line.startswith("Warning:")]
    assert "Right IK" in warning and "Left IK" not in warning


# -- the pipeline ----------------------------------------------------------------------------------
def test_the_pipeline_bakes_where_there_are_feet_and_ground(rig):
    from overanim_addon.blender.pipeline import process_armature

    assert process_armature(rig)["steps"]["footik"] == {"ok": True, "skipped": "no ground"}  # none in the file
    plane()
    box_under(rig, "foot_l", 10.0)
    step = process_armature(rig)["steps"]["footik"]
    assert step["ok"] and step["frames"] == [1, 250] and step["frames_with_ground"] == {"left": 250, "right": 250}
    assert step["per_frame"]["LeftOffset"] == {"min": 10.0, "max": 10.0, "mean": 10.0}
    assert step["bones"]["left_ik_target"] == "ik_foot_l"


def test_the_benchmark_runs_and_prints_every_figure():
    """The benchmark is not a timed test; this only checks that it runs and reports all it promises."""
    benchmark_prints("benchmark_foot_ik.py", ["--frames", "12", "--repeat", "1", "--ray-cast-frames", "2"],
                     ("12 frames of the sample walk", "frame_set only (baseline)", "bake, own work",
                      "set-up (ground BVH)", "writing the action and track", "via bpy.ops",
                      "scene.ray_cast per frame", "target at most 1.5x"))


def test_the_bake_follows_the_scene_range_unless_given_one(rig):
    plane()
    bake(rig, frame_start=2, frame_end=3)
    assert [k[0] for k in baked_values(rig)["BodyOffset"]] == [2, 3]
    bpy.context.scene.frame_start, bpy.context.scene.frame_end = 4, 6  # a later call bakes the new range
    bake(rig)
    assert [k[0] for k in baked_values(rig)["BodyOffset"]] == [4, 5, 6]
    # nor after a click in the UI, which would reuse the last call's frames unless told not to
    rna = bpy.ops.overanim.bake_foot_ik.get_rna_type()
    assert all(rna.properties[name].is_skip_save for name in ("frame_start", "frame_end"))


def test_a_large_ground_mesh_in_its_own_space_hits_where_the_merged_tree_does(addon, empty_scene):
    """Large meshes get a tree of their own, built in their object's space: the rays must come back
    in world space the same, also through a rotated, non-uniformly scaled object."""
    import random

    from mathutils import Vector as V

    from overanim_addon.blender.shared.ground import Ground

    terrain = plane(half=100.0, rise=(0.3, -1.0, 0.0), degrees=20.0)
    terrain.modifiers.new("Bumps", "SUBSURF").levels = 2
    terrain.rotation_euler = (0.2, -0.1, 0.7)
    terrain.scale = (1.3, 0.6, 0.9)
    bpy.context.view_layer.update()
    depsgraph = bpy.context.evaluated_depsgraph_get()
    merged, own = Ground([terrain], depsgraph), Ground([terrain], depsgraph, large=0)
    assert merged.tree is not None and not merged.local_trees and own.tree is None and len(own.local_trees) == 1
    rng = random.Random(9)
    for _ in range(50):
        origin = V((rng.uniform(-0.5, 0.5), rng.uniform(-0.5, 0.5), 1.5))
        a, b = merged.cast_down(origin, 3.0), own.cast_down(origin, 3.0)
        assert (a is None) == (b is None)
        if a is not None:
            assert a[0] == pytest.approx(b[0], abs=1e-5) and (a[1] - b[1]).length < 1e-4
