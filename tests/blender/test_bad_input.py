import bpy
import pytest

from .helpers import custom_props


def test_nothing_selected(addon, empty_scene):
    assert not bpy.ops.overanim.measure_proportions.poll()
    with pytest.raises(RuntimeError):
        bpy.ops.overanim.measure_proportions()


def test_armature_without_bones(addon, empty_scene):
    armature = bpy.data.objects.new("Empty", bpy.data.armatures.new("Empty"))
    bpy.context.scene.collection.objects.link(armature)
    bpy.context.view_layer.objects.active = armature
    with pytest.raises(RuntimeError, match="has no bones"):
        bpy.ops.overanim.measure_proportions()
    assert custom_props(armature) == {}


def test_missing_locomotion_root_bone(sample):
    sample.overanim.calibration.locomotion_root_bone = "Hips_renamed"
    with pytest.raises(RuntimeError, match="no bone named 'Hips_renamed'"):
        bpy.ops.overanim.measure_proportions()
    assert custom_props(sample) == {}


def test_renamed_bones_keep_previous_results(sample):
    bpy.ops.overanim.measure_proportions()
    before = custom_props(sample)
    sample.overanim.calibration.locomotion_root_bone = "pelvis"
    sample.data.bones["pelvis"].name = "Pelvis_new"  # the setting now names a missing bone
    with pytest.raises(RuntimeError, match="no bone named 'pelvis'"):
        bpy.ops.overanim.measure_proportions()
    assert custom_props(sample) == before  # a failure writes nothing half-way


def test_hidden_armature(sample):
    sample.hide_set(True)
    with pytest.raises(RuntimeError, match="hidden or disabled"):
        bpy.ops.overanim.measure_proportions()
    assert custom_props(sample) == {}


def test_linked_armature_is_read_only(sample, tmp_path):
    path = tmp_path / "rig.blend"
    bpy.data.libraries.write(str(path), {sample, sample.data})
    bpy.ops.wm.read_homefile(use_empty=True)
    with bpy.data.libraries.load(str(path), link=True) as (_source, target):
        target.objects = ["SK_OverAnimSample"]
    linked = target.objects[0]
    bpy.context.scene.collection.objects.link(linked)
    bpy.context.view_layer.objects.active = linked
    assert linked.library is not None
    with pytest.raises(RuntimeError, match="linked from a library"):
        bpy.ops.overanim.measure_proportions()


def test_duplicate_region_names(sample):
    sample.overanim.regions[1].name = sample.overanim.regions[0].name
    with pytest.raises(RuntimeError, match="Two Regions are named"):
        bpy.ops.overanim.measure_proportions()
    assert custom_props(sample) == {}


def test_region_names_that_clash_as_property_names(sample):
    sample.overanim.regions[0].name = "Left Arm"
    sample.overanim.regions[1].name = "Left-Arm"
    with pytest.raises(RuntimeError, match="same property name"):
        bpy.ops.overanim.measure_proportions()
    assert custom_props(sample) == {}
