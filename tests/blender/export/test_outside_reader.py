"""Every kind of export the tests make, read by software we did not write (outside_fbx.py: ufbx through
pufbx and pyufbx, assimp's command line) and compared with the scene as Blender evaluates it: the
measurement on the skeleton's root, the animated values as curves, the packed Region masks per
polygon corner, the unit and axes, the bones and their rest pose. docs/unreal.md says which reader
checks what."""

from __future__ import annotations

import bpy
import pytest

from .. import imported_characters as mixamo
from ..foot_ik_scenes import bake, plane
from ..motion_scenes import analyze
from ..outside_checks import (
    PREFIX,
    check_colours,
    check_curves,
    check_file,
    check_properties,
    deformed,
    export,
    reported,
)
from ..outside_fbx import read_ufbx, require_readers, skeleton_root


@pytest.fixture(autouse=True)
def readers():
    require_readers()


# -- every kind of export ----------------------------------------------------------------------------------------

def test_the_sample_is_180_cm_tall_with_its_measurement_on_the_root(sample, tmp_path, reports):
    path = tmp_path / "hero.fbx"
    export(sample, path)
    read, root, _assimp = check_file(sample, path, tmp_path, reports)
    assert root == sample.name
    points = read.mesh_points["SK_OverAnimSample_Body"]
    assert points[:, 1].max() * read.unit_cm == pytest.approx(180.0, abs=0.01)  # the top of the head; the ground at 0
    assert not [n for n, p in read.props[root].items() if "ANIMATED" in p.flags and n.startswith(PREFIX)]
    assert reported(reports, "animated custom properties as animation curves") is None


@pytest.fixture
def packed(sample):
    regions = sample.overanim.regions
    regions["LeftArm"].mask_channel, regions["Head"].mask_channel = "R", "G"
    regions["Spine"].mask_channel, regions["RightArm"].mask_channel = "B", "A"
    regions["LeftArm"].falloff_mode, regions["LeftArm"].zero_weight = "LINEAR", 0.2  # bytes between 0 and 255
    assert bpy.ops.overanim.paint_region_masks() == {"FINISHED"}
    return sample


def test_packed_region_channels_are_the_only_colours_byte_for_byte(packed, tmp_path, reports):
    path = tmp_path / "hero.fbx"
    export(packed, path)
    _read, _root, assimp_meshes = check_file(packed, path, tmp_path, reports)
    body = bpy.data.objects["SK_OverAnimSample_Body"]
    corners = check_colours(body, assimp_meshes[body.name])
    assert corners is not None and ((corners > 0) & (corners < 255)).any()  # a falloff between 0 and 255
    assert all(corners[:, channel].max() == 255 for channel in range(4))


def test_each_lod_file_holds_its_meshes_and_nothing_of_the_preview(packed, tmp_path, reports):
    path = tmp_path / "hero.fbx"
    export(packed, path)
    lods = sorted(tmp_path.glob("hero_LOD*.fbx"))
    assert [p.name for p in lods] == ["hero_LOD1.fbx"]
    for lod in lods:
        _read, root, assimp_meshes = check_file(packed, lod, tmp_path, reports, lod=int(lod.stem[-1]))
        assert root == packed.name
        assert set(assimp_meshes) == {m.name for m in deformed(packed, 1)}


def animated_in_export(walker, tmp_path, reports):
    """Export the walker and read it: the animated OverAnim properties, each checked against the scene."""
    path = tmp_path / "walk.fbx"
    export(walker, path)
    read, root, _meshes = check_file(walker, path, tmp_path, reports)
    return check_curves(walker, read, root, reports)


def test_a_foot_ik_bake_reaches_the_reader_as_curves(walker, tmp_path, reports):
    bake(walker)
    animated = animated_in_export(walker, tmp_path, reports)
    assert {n for n in animated if n.startswith(PREFIX + "FootIK_")} and len(animated) == 10


def test_motion_curves_reach_the_reader(walker, tmp_path, reports):
    analyze(walker)
    animated = animated_in_export(walker, tmp_path, reports)
    assert animated and all(n.startswith(PREFIX + "Motion_") for n in animated)
    # the sample's node is its skeleton's root in Unreal (it is not named "Armature"): no word of a dropped node
    assert reported(reports, "under a node named Armature") is None
    assert reported(reports, "Unreal drops the node") is None


def fixed_mixamo(glb):
    """The Mixamo rig through glTF with every fix Checks offers applied, its Foot IK baked."""
    from overanim_addon.blender.checks.rig_checks import run_checks

    armature = mixamo.import_mixamo(glb)
    mixamo.set_foot_ik_bones(armature)
    plane(half=200.0)  # the ground the bake needs
    bpy.context.view_layer.objects.active = armature
    fixes = [f.fix for f in run_checks(bpy.context, armature) if f.fix]
    assert "apply_armature_scale" in fixes
    for fix in fixes:
        with bpy.context.temp_override(active_object=armature, object=armature):
            assert bpy.ops.overanim.fix_check(fix=fix) == {"FINISHED"}
    assert not [f.fix for f in run_checks(bpy.context, armature) if f.fix]
    bake(armature)
    return armature


def test_a_gltf_imported_mixamo_rig_after_its_fixes(mixamo_glb, tmp_path, reports):
    armature = fixed_mixamo(mixamo_glb)
    path = tmp_path / "mixamo.fbx"
    export(armature, path)
    # where Blender writes custom properties, the armature object's node, keeps them (Blender's own
    # importer reads them back from there)
    read, root, _meshes = check_file(armature, path, tmp_path, reports, properties_on=armature.name)
    # an armature object named Armature over one top bone: Unreal drops that node, the root is the bone,
    # and the curves are there
    assert armature.name == "Armature" and root == mixamo.PREFIX + "Hips"
    check_curves(armature, read, root, reports)


def test_a_mixamo_rigs_measurement_is_on_the_node_unreal_keeps(mixamo_glb, tmp_path, reports):
    """Found by this reader: only the animated properties used to reach the top bone, the static
    measurement stayed on the Armature node Unreal's importer drops."""
    armature = fixed_mixamo(mixamo_glb)
    path = tmp_path / "mixamo.fbx"
    export(armature, path)
    read = read_ufbx(path)
    root = skeleton_root(read)
    assert root == mixamo.PREFIX + "Hips"
    check_properties(armature, read, root)
    assert reported(reports, "the OverAnim custom properties are declared on")["node"] == root


def bone_properties(armature) -> dict[str, dict[str, object]]:
    return {bone.name: dict(bone.items()) for bone in armature.pose.bones if bone.keys()}


def test_a_still_rig_named_armature_has_its_measurement_on_its_root_bone(packed, tmp_path, reports):
    """Nothing animated, so no curve to add: the static measurement still goes onto the one top bone,
    in the main file and the LOD file; the .blend is left as it was."""
    packed.name = "Armature"
    packed.animation_data_clear()
    before = bone_properties(packed)
    path = tmp_path / "hero.fbx"
    export(packed, path)
    for lod, file in enumerate([path, tmp_path / "hero_LOD1.fbx"]):
        read, root, _meshes = check_file(packed, file, tmp_path, reports, lod=lod)
        assert root == "root"
        check_properties(packed, read, "Armature")  # the node Blender wrote keeps them too
        assert not [n for n, p in read.props[root].items() if "ANIMATED" in p.flags]
    assert reported(reports, "animated custom properties as animation curves") is None
    assert reported(reports, "the OverAnim custom properties are declared on")["node"] == "root"
    assert bone_properties(packed) == before and packed.name == "Armature"


def test_several_top_bones_under_armature_keep_the_measurement_on_the_armature_node(sample, tmp_path, reports):
    """Several top bones: Unreal's Interchange keeps the Armature node as the root, with the
    measurement; its legacy importer would find several roots, which the export warns about."""
    sample.name = "Armature"
    with bpy.context.temp_override(active_object=sample, object=sample):
        bpy.ops.object.mode_set(mode="EDIT")
        bone = sample.data.edit_bones.new("ik_foot_root")  # a second top bone, as Unreal's mannequin has
        bone.head, bone.tail, bone.use_deform = (0.0, 0.0, 0.0), (0.0, 0.1, 0.0), False
        bpy.ops.object.mode_set(mode="OBJECT")
    path = tmp_path / "hero.fbx"
    export(sample, path)
    read, root, _meshes = check_file(sample, path, tmp_path, reports)
    assert root == "Armature" and sorted(n for n, p in read.parents.items() if p == root) == ["ik_foot_root", "root"]
    assert not [n for n in read.props["root"] if n.startswith(PREFIX)]
    assert reported(reports, "has several top bones")["armature"] == "Armature"
