"""A Region's fields, its enums as the core names them, the Regions list's operators, a new Region
named after its collection, its bones in Edit Mode."""

import bpy
import pytest

REGION_FIELDS = {
    # name: (label, default, hard min, hard max)
    "zero_weight": ("Zero Weight", 0.0, 0.0, 1.0),
    "full_weight": ("Full Weight", 1.0, 0.0, 1.0),
    "falloff_exponent": ("Falloff Exponent", 1.0, 0.01, None),
}


def rna_prop(struct, name):
    return struct.bl_rna.properties[name]


@pytest.mark.parametrize("name, expected", REGION_FIELDS.items())
def test_region_mask_fields(sample, name, expected):
    region = sample.overanim.regions[0]
    label, default, low, high = expected
    prop = rna_prop(region, name)
    assert (prop.name, getattr(region, name)) == (label, default)
    assert prop.hard_min == pytest.approx(low)
    if high is not None:
        assert prop.hard_max == pytest.approx(high)


def test_region_enum_identifiers_are_core_member_names(sample):
    region = sample.overanim.regions[0]
    items = lambda name: [i.identifier for i in rna_prop(region, name).enum_items]  # noqa: E731
    assert items("falloff_mode") == ["LINEAR", "SMOOTH_STEP", "POWER"]
    assert region.falloff_mode == "SMOOTH_STEP"
    assert items("lod_policy") == ["ALLOW_INACTIVE", "WARN_IF_INACTIVE", "REQUIRE_COVERAGE"]
    assert items("composition_policy") == ["ADDITIVE_CLAMPED", "STRONGEST_DELTA"]
    assert items("spatial_calibration_mode") == ["CHARACTER_RELATIVE", "REGION_RELATIVE", "ABSOLUTE"]
    assert items("measurement_basis")[0] == "AUTO" and len(items("measurement_basis")) == 8


def test_region_operators_add_move_remove(sample):
    data = sample.overanim
    count = len(data.regions)
    sample.data.collections.active = sample.data.collections["Leg_R"]
    assert bpy.ops.overanim.region_add() == {"FINISHED"}
    assert data.regions[-1].bone_collection == "Leg_R" and data.active_region_index == count
    bpy.ops.overanim.region_move(direction="UP")
    assert data.regions[count - 1].bone_collection == "Leg_R"
    bpy.ops.overanim.region_remove()
    assert len(data.regions) == count and all(r.bone_collection != "Leg_R" for r in data.regions)


def pick(region, collection):
    """A collection picked in the panel: set, the rig tagged as a button's change tags it, evaluated."""
    region.bone_collection = collection
    region.id_data.update_tag()
    bpy.context.view_layer.update()


def test_a_new_region_takes_the_name_of_the_collection_picked_for_it(sample):
    data = sample.overanim
    sample.data.collections.active = None
    assert bpy.ops.overanim.region_add() == {"FINISHED"}
    region = data.regions[-1]
    assert (region.name, region.bone_collection) == ("Region", "")
    pick(region, "Leg_R")
    assert data.regions[-1].name == "Leg_R"
    pick(data.regions[-1], "Leg_L")  # named now: a second pick keeps the name
    assert data.regions[-1].name == "Leg_R"
    bpy.ops.overanim.region_add()
    pick(data.regions[-1], "Spine")  # a Region named Spine exists: the new one is Spine.002
    assert data.regions[-1].name == "Spine.002"


def test_a_regions_own_name_is_kept_when_its_collection_changes(sample):
    region = sample.overanim.regions["Head"]
    pick(region, "Spine")
    assert region.name == "Head"


def test_region_bones_are_listed_in_armature_edit_mode_too(sample, capfd):
    """The Regions list draws a Region's bones on every redraw, Edit Mode included, where
    BoneCollection.bones is unavailable (Blender prints a warning and returns nothing)."""
    from overanim_addon.blender.regions.region import region_bones

    in_object_mode = {r.name: region_bones(sample, r) for r in sample.overanim.regions}
    bpy.context.view_layer.objects.active = sample
    bpy.ops.object.mode_set(mode="EDIT")
    try:
        capfd.readouterr()
        in_edit_mode = {r.name: region_bones(sample, r) for r in sample.overanim.regions}
        assert "not available" not in capfd.readouterr().err
    finally:
        bpy.ops.object.mode_set(mode="OBJECT")
    assert in_edit_mode == in_object_mode and all(in_object_mode.values())
