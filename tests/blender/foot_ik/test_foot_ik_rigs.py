"""Foot IK on rigs and animation as they arrive from artists and other tools: cycles, blended
actions, FBX-imported axes, driven and oddly parented controls, ground that is not a plain mesh."""

import math

import bpy
import pytest
from mathutils import Quaternion, Vector

from overanim_addon.blender.foot_ik import values
from overanim_addon.blender.foot_ik.bake import baked_values
from overanim_addon.blender.shared.fcurves import fcurves

from ..foot_ik_scenes import (
    as_fbx_import,
    bake,
    box_under,
    check,
    cm,
    foot_cm,
    normal_rising,
    plane,
    probe,
    rises_over_a_left_dip,
    with_bake_muted,
    world_head_z,
    world_matrix,
)


def key_lift(armature, bone, frames_and_lifts, action_name="Walk_Cycle"):
    """A new active action keying ``bone``'s location so its head rises by the given cm at the given frames."""
    pose = armature.pose.bones[bone]
    # world up in the bone's location axes (a bone under unposed parents)
    up = pose.bone.matrix_local.to_3x3().inverted() @ armature.matrix_world.to_3x3().inverted() @ Vector((0, 0, 1))
    for frame, lift in frames_and_lifts:
        pose.location = up * (lift / cm())
        pose.keyframe_insert("location", frame=frame)
    pose.location = (0.0, 0.0, 0.0)
    action = armature.animation_data.action
    action.name = action_name
    return action


def remove_bake(armature):
    with bpy.context.temp_override(active_object=armature, object=armature):
        assert bpy.ops.overanim.remove_foot_ik_bake() == {"FINISHED"}


def played(armature, bone, frames):
    return [world_head_z(armature, bone, f) for f in frames]


def test_a_cycled_action_plays_on_over_the_whole_bake_after_the_push_down(rig):
    """A walk cycle is one cycle of keys and a Cycles modifier; pushed down into a strip that ended
    at its last key, it would stand still after one cycle while the bake was probed on it playing."""
    action = key_lift(rig, "ik_foot_l", [(1, 0.0), (5, 6.0), (9, 0.0)])
    for curve in fcurves(action):
        curve.modifiers.new("CYCLES")
    bpy.context.scene.frame_start, bpy.context.scene.frame_end = 1, 30
    plane()
    box_under(rig, "foot_l", 10.0)
    frames = (5, 13, 21, 29)
    before = played(rig, "ik_foot_l", frames)
    assert before[1:] == pytest.approx(before[:1] * 3)  # it cycles
    bake(rig)
    assert with_bake_muted(rig, lambda: played(rig, "ik_foot_l", frames)) == pytest.approx(before, abs=1e-4)
    assert played(rig, "ik_foot_l", frames) == pytest.approx([z + 10.0 for z in before], abs=0.01)
    # editing the walk in the NLA's tweak mode does not shrink its strip back to one cycle
    adt = rig.animation_data
    adt.nla_tracks.active = adt.nla_tracks[0]
    adt.nla_tracks[0].strips[0].select = True
    adt.use_tweak_mode = True
    adt.use_tweak_mode = False
    assert played(rig, "ik_foot_l", frames) == pytest.approx([z + 10.0 for z in before], abs=0.01)
    remove_bake(rig)
    assert played(rig, "ik_foot_l", frames) == pytest.approx(before, abs=1e-4)


@pytest.mark.parametrize("under", [False, True], ids=["alone", "over-a-track"])
def test_an_action_blended_at_half_influence_plays_the_same_pushed_down_and_comes_back_as_it_was(rig, under):
    """Blender blends the active action by its influence and blend type only over NLA strips; alone
    it plays whole. Pushed down, it must play as it did, and Remove must give back its settings."""
    if under:
        key_lift(rig, "pelvis", [(1, 0.0), (5, -2.0)], action_name="Base")
        base = rig.animation_data.action
        rig.animation_data.action = None
        rig.animation_data.nla_tracks.new().strips.new("Base", 1, base)
    key_lift(rig, "ik_foot_l", [(1, 0.0), (5, 8.0)])
    adt = rig.animation_data
    adt.action_blend_type, adt.action_influence = "ADD", 0.5
    bpy.context.scene.frame_start, bpy.context.scene.frame_end = 1, 5
    plane()
    frames = (1, 3, 5)
    before = played(rig, "ik_foot_l", frames)
    assert before[2] - before[0] == pytest.approx(4.0 if under else 8.0, abs=1e-3)
    bake(rig)
    assert with_bake_muted(rig, lambda: played(rig, "ik_foot_l", frames)) == pytest.approx(before, abs=1e-4)
    assert played(rig, "ik_foot_l", frames) == pytest.approx(before, abs=0.01)  # flat ground: no offset
    remove_bake(rig)
    assert (adt.action_blend_type, adt.action_influence) == ("ADD", pytest.approx(0.5))
    assert played(rig, "ik_foot_l", frames) == pytest.approx(before, abs=1e-4)
    assert [t.name for t in adt.nla_tracks] == (["NlaTrack"] if under else [])


def _steps_and_slope(armature):
    """A 10 cm box under the left foot and a 10 degree slope rising ahead (-Y) under the right one, 2
    cm above the floor there."""
    plane()
    box_under(armature, "foot_l", 10.0)
    plane(name="Slope", z=2.0, rise=(0.0, -1.0, 0.0), degrees=10.0, half=10.0,
          centre=tuple(foot_cm(armature, "foot_r"))[:2])


def test_an_fbx_imported_rig_faces_plus_z_of_its_object(rig):
    """Unreal and Mixamo characters come in from FBX turned +90 degrees about X at scale 0.01: the
    character faces -Y of the world, which is +Z of its object."""
    as_fbx_import(rig)
    assert tuple(foot_cm(rig, "foot_l")) == pytest.approx((12.0, 2.0, 9.0), abs=1e-3)  # where it stood
    _steps_and_slope(rig)
    rig.overanim.foot_ik.forward_axis = "+Z"
    check(probe(rig), BodyOffset=2, LeftOffset=8, RightOffset=0, RightPitch=10, RightRoll=0, LeftPitch=0)
    before = {bone: (world_head_z(rig, bone, 1), world_matrix(rig, bone, 1)) for bone in ("ik_foot_l", "ik_foot_r")}
    bake(rig, frame_start=1, frame_end=1)
    rises = {bone: world_head_z(rig, bone, 1) - z for bone, (z, _) in before.items()}
    assert rises == pytest.approx({"ik_foot_l": 10.0, "ik_foot_r": 2.0}, abs=0.01)
    turned = (world_matrix(rig, "ik_foot_r", 1) @ before["ik_foot_r"][1].inverted()) @ Vector((0, 0, 1))
    assert math.degrees(turned.angle(normal_rising((0.0, -1.0, 0.0), 10.0))) < 0.1


def _no_local_location(armature):
    armature.data.bones["ik_foot_l"].use_local_location = False


def _hinge_under_a_tilted_parent(armature):
    armature.data.bones["ik_foot_l"].use_inherit_rotation = False
    armature.pose.bones["ik_foot_root"].rotation_quaternion = Quaternion((1.0, 0.0, 0.0), 0.3)


def _no_inherited_scale_under_a_scaled_parent(armature):
    armature.data.bones["ik_foot_l"].inherit_scale = "NONE"
    armature.pose.bones["ik_foot_root"].scale = (1.2, 1.2, 1.2)


@pytest.mark.parametrize("setup", [_no_local_location, _hinge_under_a_tilted_parent,
                                   _no_inherited_scale_under_a_scaled_parent],
                         ids=["local-location-off", "inherit-rotation-off", "inherit-scale-none"])
def test_an_ik_target_that_does_not_inherit_everything_still_rises_straight_up(rig, setup):
    """Bone options that change how a bone's location channels move it: the keys must still move
    the IK target straight up by its lift."""
    setup(rig)
    bpy.context.view_layer.update()
    plane()
    box_under(rig, "foot_l", 10.0)
    before = {bone: foot_cm(rig, bone) for bone in ("ik_foot_l", "ik_foot_r")}
    bake(rig, frame_start=1, frame_end=1)
    bpy.context.scene.frame_set(1)
    moves = {bone: tuple(foot_cm(rig, bone) - where) for bone, where in before.items()}
    assert moves == {"ik_foot_l": pytest.approx((0.0, 0.0, 10.0), abs=0.01),
                     "ik_foot_r": pytest.approx((0.0, 0.0, 0.0), abs=0.01)}


# -- ground that is not a plain visible mesh ---------------------------------------------------------
def _filled_curve(name, z_cm, half_cm=150.0):
    """A flat, filled 2D curve (a road, a rug) at ``z_cm``."""
    curve = bpy.data.curves.new(name, "CURVE")
    curve.dimensions, curve.fill_mode = "2D", "BOTH"
    spline = curve.splines.new("POLY")
    spline.points.add(3)
    h = half_cm / cm()
    for point, (x, y) in zip(spline.points, ((-h, -h), (h, -h), (h, h), (-h, h)), strict=True):
        point.co = (x, y, 0.0, 1.0)
    spline.use_cyclic_u = True
    obj = bpy.data.objects.new(name, curve)
    obj.location.z = z_cm / cm()
    bpy.context.scene.collection.objects.link(obj)
    return obj


def _collection_instance(name, z_cm, *members):
    """``members`` moved into a collection that is not in the scene, instanced ``z_cm`` up by an Empty."""
    collection = bpy.data.collections.new(name)
    for obj in members:
        for owner in obj.users_collection:
            owner.objects.unlink(obj)
        collection.objects.link(obj)
    instancer = bpy.data.objects.new(f"{name}_Instance", None)
    instancer.instance_type, instancer.instance_collection = "COLLECTION", collection
    instancer.location.z = z_cm / cm()
    bpy.context.scene.collection.objects.link(instancer)
    return instancer


def test_a_curve_floor_is_ground(rig):
    _filled_curve("Road", 3.0)
    check(probe(rig), BodyOffset=3, LeftHit=1, RightHit=1)


def test_an_instanced_collection_is_ground_where_its_instance_stands(rig):
    """Set dressing usually arrives as collection instances (linked assets): the plane lies at 0 in
    its collection and its instance 4 cm up; under the left foot a curve step inside it, 6 cm higher."""
    step = _filled_curve("Step", 6.0, half_cm=8.0)
    step.location.xy = (foot_cm(rig, "foot_l") / cm()).xy
    _collection_instance("Set", 4.0, plane(name="Set_Floor"), step)
    check(probe(rig), BodyOffset=4, LeftOffset=6, RightOffset=0)


def test_geometry_nodes_instances_are_ground(rig):
    """A scatter: a mesh whose Geometry Nodes put a 3 m grid instance on a point 5 cm up (and
    output no mesh of their own)."""
    tree = bpy.data.node_groups.new("Scatter", "GeometryNodeTree")
    tree.interface.new_socket("Geometry", in_out="INPUT", socket_type="NodeSocketGeometry")
    tree.interface.new_socket("Geometry", in_out="OUTPUT", socket_type="NodeSocketGeometry")
    point, grid = tree.nodes.new("GeometryNodePoints"), tree.nodes.new("GeometryNodeMeshGrid")
    on_points, output = tree.nodes.new("GeometryNodeInstanceOnPoints"), tree.nodes.new("NodeGroupOutput")
    point.inputs["Position"].default_value = (0.0, 0.0, 5.0 / cm())
    grid.inputs["Size X"].default_value = grid.inputs["Size Y"].default_value = 300.0 / cm()
    tree.links.new(point.outputs[0], on_points.inputs["Points"])
    tree.links.new(grid.outputs[0], on_points.inputs["Instance"])
    tree.links.new(on_points.outputs[0], output.inputs[0])
    plane(name="Scatter", z=-20.0, half=1.0).modifiers.new("Scatter", "NODES").node_group = tree
    check(probe(rig), BodyOffset=5, LeftHit=1, RightHit=1)


def test_a_ground_collection_with_instances_is_probed_and_the_rest_is_not(rig):
    plane(z=9.0)  # not in the ground collection
    instancer = _collection_instance("Set", 4.0, plane(name="Set_Floor"))
    ground = bpy.data.collections.new("Ground")
    bpy.context.scene.collection.children.link(ground)
    bpy.context.scene.collection.objects.unlink(instancer)
    ground.objects.link(instancer)
    rig.overanim.foot_ik.ground_collection = ground
    check(probe(rig), BodyOffset=4)


def test_clothes_that_take_their_shape_from_the_character_are_not_ground(rig):
    """A shoe deformed by the body mesh (Surface Deform) and a prop held by a Child Of constraint
    belong to the character, like its skinned meshes."""
    plane()
    shoe = box_under(rig, "foot_l", 12.0)
    shoe.modifiers.new("Follow", "SURFACE_DEFORM").target = bpy.data.objects["SK_OverAnimSample_Body"]
    prop = box_under(rig, "foot_r", 15.0)
    held = prop.constraints.new("CHILD_OF")
    held.target, held.subtarget = rig, "hand_r"
    check(probe(rig), BodyOffset=0, LeftOffset=0, RightOffset=0)


def _file_state(armature):
    adt = armature.animation_data
    settings = armature.overanim.foot_ik
    return {
        "props": {k: armature[k] for k in armature.keys() if k.startswith("OverAnim_")},  # noqa: SIM118
        "actions": sorted(a.name for a in bpy.data.actions),
        "tracks": [(t.name, [s.action.name for s in t.strips]) for t in adt.nla_tracks] if adt else [],
        "active": (adt.action, adt.action_blend_type, adt.action_influence, adt.action_extrapolation) if adt else None,
        "pose": [tuple(tuple(row) for row in b.matrix_basis) for b in armature.pose.bones],
        "kept": (settings.pushed_action, settings.pushed_track, len(settings.static_values)),
    }


def test_bake_rebake_and_remove_leave_nothing_behind(rig):
    key_lift(rig, "ik_foot_l", [(1, 0.0), (5, 3.0)])
    rig.pose.bones["ik_foot_r"].rotation_quaternion = (0.9, 0.0, 0.3, 0.1)  # the artist's static pose
    plane(rise=(0.0, -1.0, 0.0), degrees=10.0)
    with bpy.context.temp_override(active_object=rig, object=rig):
        bpy.ops.overanim.measure_proportions()
    bpy.context.scene.frame_set(3)
    before = _file_state(rig)
    bake(rig, frame_start=1, frame_end=5)
    bake(rig, frame_start=2, frame_end=4)
    remove_bake(rig)
    bpy.context.scene.frame_set(3)
    assert _file_state(rig) == before


@pytest.mark.parametrize("influence", [1.0, 0.5])
def test_ik_targets_that_follow_the_body_through_a_constraint_are_keyed_relative_to_it(rig, influence):
    """Rigify's IK Parent switch set to Torso: the IK controls' parent follows the body through a
    constraint, not as its child (here Child Of, fully or half)."""
    follow = rig.pose.bones["ik_foot_root"].constraints.new("CHILD_OF")
    follow.target, follow.subtarget, follow.influence = rig, "pelvis", influence
    follow.inverse_matrix = (rig.pose.bones["pelvis"].matrix).inverted()
    bpy.context.view_layer.update()
    assert rises_over_a_left_dip(rig) == pytest.approx({"ik_foot_l": -5.0, "ik_foot_r": 0.0, "pelvis": -5.0}, abs=0.01)


def test_ground_a_hair_below_the_reference_is_reported_as_zero_not_minus_zero(rig, capfd):
    plane(z=-1e-4)
    check(probe(rig), BodyOffset=0)
    bake(rig, frame_start=1, frame_end=2)
    reports = capfd.readouterr().out
    assert "body +0.00 cm" in reports and "body offset +0.0 to +0.0 cm" in reports, reports
    assert "-0.0" not in reports


def test_the_sample_walk_lays_its_terrain_under_the_character_where_it_was_built(addon, empty_scene):
    """The sample is built beside whatever stands at the 3D cursor; its walk's terrain goes there too."""
    from overanim_addon.blender.sample.build import build_sample_character
    from overanim_addon.blender.sample.walk import add_sample_walk

    bpy.ops.mesh.primitive_cube_add(size=2.0)
    armature = build_sample_character(bpy.context)
    assert armature.location.length > 1.0  # moved aside of the cube
    add_sample_walk(bpy.context, armature, frames=12)
    bpy.data.objects.remove(bpy.data.objects["Cube"])
    bpy.context.scene.frame_set(1)
    check(probe(armature), LeftHit=1, RightHit=1, BodyOffset=0)


def test_a_walk_that_turns_through_its_root_turns_pitch_and_roll_with_it(rig):
    """Root motion: the root walks 1 m and turns 90 degrees to its left (from -Y to +X) over a slope
    rising along +X: first the ground rises to the character's left (roll -10), then ahead (pitch +10)."""
    root = rig.pose.bones["root"]
    root.rotation_mode = "XYZ"
    for frame, ahead, turn in ((1, 0.0, 0.0), (11, 1.0, 0.0), (21, 1.0, math.pi / 2)):
        root.location, root.rotation_euler = (0.0, -ahead, 0.0), (0.0, 0.0, turn)  # the root bone points +Y
        root.keyframe_insert("location", frame=frame)
        root.keyframe_insert("rotation_euler", frame=frame)
    bpy.context.scene.frame_set(11)
    assert foot_cm(rig, "foot_l").y == pytest.approx(-98.0, abs=0.01)  # it walked ahead (-Y)
    plane(rise=(1.0, 0.0, 0.0), degrees=10.0, half=400.0)
    before = {frame: world_matrix(rig, "ik_foot_l", frame) for frame in (1, 21)}
    bake(rig, frame_start=1, frame_end=21)
    for frame, pitch, roll in ((1, 0.0, -10.0), (11, 0.0, -10.0), (21, 10.0, 0.0)):
        bpy.context.scene.frame_set(frame)
        check(values.read(rig), LeftPitch=pitch, RightPitch=pitch, LeftRoll=roll, RightRoll=roll)
    normal = normal_rising((1.0, 0.0, 0.0), 10.0)
    for (frame, turned_before), forward in zip(before.items(), (Vector((0, -1, 0)), Vector((1, 0, 0))), strict=True):
        turn = world_matrix(rig, "ik_foot_l", frame) @ turned_before.inverted()
        assert math.degrees((turn @ Vector((0, 0, 1))).angle(normal)) < 0.1
        assert (turn @ forward).xy.normalized().dot(forward.xy) == pytest.approx(1.0, abs=1e-6)  # no yaw


def _platform_lifted_by_another_armature(frames_and_lifts):
    """A floor skinned to a one-bone armature that is not the character's, which lifts it (cm) as keyed."""
    floor = plane(name="Platform")
    other = bpy.data.objects.new("Platform_Rig", bpy.data.armatures.new("Platform_Rig"))
    bpy.context.scene.collection.objects.link(other)
    previous = bpy.context.view_layer.objects.active
    bpy.context.view_layer.objects.active = other
    bpy.ops.object.mode_set(mode="EDIT")
    bone = other.data.edit_bones.new("lift")
    bone.head, bone.tail = (0.0, 0.0, 0.0), (0.0, 0.0, 1.0)  # its Y axis is world up
    bpy.ops.object.mode_set(mode="OBJECT")
    bpy.context.view_layer.objects.active = previous
    floor.vertex_groups.new(name="lift").add(list(range(len(floor.data.vertices))), 1.0, "REPLACE")
    floor.modifiers.new("Lift", "ARMATURE").object = other
    for frame, lift in frames_and_lifts:
        other.pose.bones["lift"].location = (0.0, lift / cm(), 0.0)
        other.pose.bones["lift"].keyframe_insert("location", frame=frame)
    for curve in fcurves(other.animation_data.action):
        for key in curve.keyframe_points:
            key.interpolation = "LINEAR"
    return floor


def test_ground_that_moves_during_the_bake_is_probed_where_it_is_at_each_frame(rig):
    """A deck, a lift, a creature's back: the character stands on a mesh another armature deforms,
    named in the Ground Collection (unnamed, what an armature deforms is a character, not ground)."""
    floor = _platform_lifted_by_another_armature([(1, 0.0), (5, 8.0)])
    rig.overanim.foot_ik.ground_collection = bpy.data.collections.new("Ground")
    rig.overanim.foot_ik.ground_collection.objects.link(floor)
    bpy.context.scene.frame_set(3)
    check(probe(rig), BodyOffset=4)
    bake(rig, frame_start=1, frame_end=5)
    offsets = [(int(f), float(v)) for f, v in baked_values(rig)["BodyOffset"]]
    assert offsets == [(f, pytest.approx(2.0 * (f - 1), abs=0.01)) for f in range(1, 6)]
