"""What Motion and Foot IK take for the ground (issue 31, defect 5 and window finding 9; the rule:
docs/foot-ik.md). Another character is never ground: with X Bot beside Michelle and no floor,
Michelle's Motion and Foot IK named X Bot's meshes as her ground ("no ground under it on 407
frames"); meshes another armature deforms (or that hang from one) are ground only when the Foot IK
Ground Collection names them. A solid around the feet (the startup Cube around a character at the
origin) is not ground; a cube the character stands on is."""

from __future__ import annotations

import bpy
import pytest

from overanim_addon.blender.motion.engine import MotionOptions, analyze_motion
from overanim_addon.blender.motion.under_feet import ContactRule
from overanim_addon.blender.sample.build import build_sample_character
from overanim_addon.blender.sample.walk import add_foot_ik_bones


@pytest.fixture
def beside(walker):
    """A second character beside the walking sample, no floor: its meshes are its armature's skin."""
    bpy.data.objects.remove(bpy.data.objects["OverAnimSample_Terrain"])  # no floor
    other = build_sample_character(bpy.context, "Other")
    skin = [o for o in bpy.context.scene.objects
            if o.type == "MESH" and any(m.type == "ARMATURE" and m.object == other for m in o.modifiers)]
    assert skin and not [o for o in bpy.context.scene.objects if o.type == "MESH" and o not in skin
                         and not any(m.type == "ARMATURE" and m.object == walker for m in o.modifiers)]
    add_foot_ik_bones(walker)
    bpy.context.view_layer.objects.active = walker
    return walker, other, skin


def said(result):
    return [str(message) for _level, message in result.log]


def test_motion_measures_the_feet_above_the_ground_reference_not_the_other_character(beside):
    walker, _other, _skin = beside
    result = analyze_motion(bpy.context, walker, MotionOptions())
    assert result.contact_rule is ContactRule.GROUND_REFERENCE, said(result)
    assert not [line for line in said(result) if "no ground under it" in line]
    # what was left out is said, with the way to stand on it (not "no mesh but the character's own")
    assert "Foot contacts: height above the ground reference (no ground in the scene: other characters' parts " \
        "('Other_Body', 'Other_Body_LOD1') are no ground unless Ground names their collection)" in said(result)


def test_a_box_another_rig_carries_is_named_where_no_ground_is_found(walker):
    """A floor parented to another armature (a vehicle's deck, a set on a rig) is that rig's part: the
    Motion log names it and how to make it ground, where it said the scene had no mesh at all."""
    bpy.data.objects.remove(bpy.data.objects["OverAnimSample_Terrain"])
    carrier = bpy.data.objects.new("Carrier", bpy.data.armatures.new("Carrier"))
    bpy.context.scene.collection.objects.link(carrier)
    bpy.ops.mesh.primitive_cube_add(size=1.0, location=(0.0, -1.0, -0.4))
    deck = bpy.context.object
    deck.parent = carrier
    bpy.context.view_layer.objects.active = walker
    result = analyze_motion(bpy.context, walker, MotionOptions())
    assert result.contact_rule is ContactRule.GROUND_REFERENCE, said(result)
    assert [line for line in said(result) if "'Cube'" in line and "unless Ground names their collection" in line]


def test_foot_ik_finds_no_ground_in_the_scene(beside, reports):
    walker, _other, _skin = beside
    with bpy.context.temp_override(active_object=walker, object=walker):
        bpy.ops.overanim.probe_ground()
    assert [str(m) for level, m in reports if "ground under neither foot" in str(m)] == [
        "Frame 1: ground under neither foot: there is no ground in the scene: other characters' parts ('Other_Body', "
        "'Other_Body_LOD1') are no ground unless Ground names their collection; put the ground under the character, "
        "or set Ground in the Foot IK panel to the collection that holds it"]


def test_named_in_the_ground_collection_the_other_character_is_ground(beside):
    walker, _other, skin = beside
    ground = bpy.data.collections.new("Ground")
    bpy.context.scene.collection.children.link(ground)
    for obj in skin:
        ground.objects.link(obj)
    walker.overanim.foot_ik.ground_collection = ground
    assert analyze_motion(bpy.context, walker, MotionOptions()).contact_rule is ContactRule.GROUND


def planted(armature):
    result = analyze_motion(bpy.context, armature, MotionOptions())
    return result.contact_rule, {side: result.contact_frames(side) for side in ("Left", "Right")}


@pytest.fixture
def alone(walker):
    """The walking sample on no floor: its feet planted above the ground reference (its root)."""
    bpy.data.objects.remove(bpy.data.objects["OverAnimSample_Terrain"])
    bpy.context.view_layer.objects.active = walker
    rule, frames = planted(walker)
    assert rule is ContactRule.GROUND_REFERENCE and frames["Left"] and frames["Right"]
    return walker, frames


def feet_z_range(armature):
    """The lowest and highest foot head over the clip, world m, from the evaluated pose."""
    scene, z = bpy.context.scene, []
    for frame in range(scene.frame_start, scene.frame_end + 1):
        scene.frame_set(frame)
        z += [(armature.matrix_world @ armature.pose.bones[f"foot_{s}"].head).z for s in "lr"]
    scene.frame_set(scene.frame_start)
    return min(z), max(z)


def test_the_startup_cube_around_the_feet_is_not_ground(alone):
    """The startup file's 2 m Cube at the origin, a character imported there standing inside it:
    its bottom, 1 m under the feet, is no ground they stand on (before, no foot was ever planted)."""
    walker, frames = alone
    bpy.ops.mesh.primitive_cube_add(size=2.0, location=(0.0, 0.0, 0.0))
    low, high = feet_z_range(walker)
    assert low > -1.0 and high < 1.0  # the feet inside the cube all along
    bpy.context.view_layer.objects.active = walker
    assert planted(walker)[1] == frames


def test_a_cube_the_character_stands_on_is_ground(alone):
    walker, frames = alone
    bpy.ops.mesh.primitive_cube_add(size=6.0, location=(0.0, 0.0, -3.0))  # its top at the root's height
    bpy.context.view_layer.objects.active = walker
    assert planted(walker) == (ContactRule.GROUND, frames)


def test_a_character_instanced_from_a_collection_is_not_ground(beside):
    """A character linked into a shot as a collection instance: its skin comes as instances."""
    walker, other, skin = beside
    held = bpy.data.collections.new("XBot")
    for obj in (other, *skin):
        for owner in list(obj.users_collection):
            owner.objects.unlink(obj)
        held.objects.link(obj)
    instancer = bpy.data.objects.new("XBot_Instance", None)
    instancer.instance_type, instancer.instance_collection = "COLLECTION", held
    bpy.context.scene.collection.objects.link(instancer)
    instancer.location = (0.0, 0.0, -2.0)  # under the walker: it would be a floor of skin
    assert analyze_motion(bpy.context, walker, MotionOptions()).contact_rule is ContactRule.GROUND_REFERENCE


def awaiting_rig(name, size, location):
    """A mesh with an Armature modifier that names no armature (a character being rigged)."""
    bpy.ops.mesh.primitive_cube_add(size=size, location=location)
    mesh = bpy.context.object
    mesh.name = name
    mesh.modifiers.new("Armature", "ARMATURE")
    assert mesh.modifiers["Armature"].object is None
    return mesh


def test_a_mesh_whose_armature_modifier_names_no_armature_is_not_ground_and_the_log_says_why(alone):
    """An Armature modifier with no object deforms nothing, but the mesh is a character's skin being
    rigged (or whose rig was deleted): a floor has none. Under the feet it would be a floor of skin:
    it is left out, and the log names it and says why."""
    walker, frames = alone
    awaiting_rig("Unrigged", 6.0, (0.0, 0.0, -3.0))  # its top at the root's height, as the cube that is ground
    bpy.context.view_layer.objects.active = walker
    result = analyze_motion(bpy.context, walker, MotionOptions())
    assert result.contact_rule is ContactRule.GROUND_REFERENCE, said(result)
    assert {side: result.contact_frames(side) for side in ("Left", "Right")} == frames  # as with no mesh at all
    assert "Foot contacts: height above the ground reference (no ground in the scene: meshes whose Armature " \
        "modifier names no armature ('Unrigged') are taken for characters being rigged: no ground unless Ground " \
        "names their collection)" in said(result)


def test_named_in_the_ground_collection_a_mesh_awaiting_its_rig_is_ground(alone):
    walker, frames = alone
    unrigged = awaiting_rig("Unrigged", 6.0, (0.0, 0.0, -3.0))
    ground = bpy.data.collections.new("Ground")
    bpy.context.scene.collection.children.link(ground)
    ground.objects.link(unrigged)
    walker.overanim.foot_ik.ground_collection = ground
    bpy.context.view_layer.objects.active = walker
    assert planted(walker) == (ContactRule.GROUND, frames)


def test_beside_a_ground_found_the_meshes_passed_over_are_named_with_why(alone, reports):
    """A floor under the feet and, beside it, a mesh awaiting its rig: the floor is taken, and both
    Motion's log and Probe Ground's report say the other mesh was left out, and why."""
    walker, _frames = alone
    bpy.ops.mesh.primitive_cube_add(size=6.0, location=(0.0, 0.0, -3.0))
    bpy.context.object.name = "Floor"
    awaiting_rig("Unrigged", 1.0, (5.0, 0.0, 0.5))
    add_foot_ik_bones(walker)
    bpy.context.view_layer.objects.active = walker
    result = analyze_motion(bpy.context, walker, MotionOptions())
    why = ("meshes whose Armature modifier names no armature ('Unrigged') are taken for characters being rigged: "
           "no ground unless Ground names their collection")
    assert result.contact_rule is ContactRule.GROUND
    assert "Foot contacts: height above the ground under each foot ('Floor')" in said(result)
    assert f"Not ground: {why}" in said(result)
    with bpy.context.temp_override(active_object=walker, object=walker):
        bpy.ops.overanim.probe_ground()
    assert f"Not ground: {why}" in [str(m) for _level, m in reports]
