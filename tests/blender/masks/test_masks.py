"""Paint Region Masks on the sample: the masks against the spec's falloff, what the paint leaves of the
artist's data, the mask vertex groups, bad input."""

import bpy
import numpy as np
import pytest

from overanim_addon.blender.masks.paint import mask_name
from overanim_addon.blender.sample.build import add_sample_deltas

from ..mask_reads import assert_same, body, legend_colours, naive_region_weight, read_color, snapshot, spec_mask


@pytest.mark.parametrize("mode", ["LINEAR", "SMOOTH_STEP", "POWER"])
def test_masks_match_the_core_for_every_falloff_mode(sample, mode):
    region = sample.overanim.regions["LeftArm"]
    region.falloff_mode, region.zero_weight, region.full_weight, region.falloff_exponent = mode, 0.1, 0.8, 2.5
    assert bpy.ops.overanim.paint_region_masks() == {"FINISHED"}
    obj = body()
    weight = naive_region_weight(obj, ["clavicle_l", "upperarm_l", "lowerarm_l", "hand_l"])
    expected = spec_mask(weight, mode, 0.1, 0.8, 2.5)
    painted = read_color(obj.data, mask_name("LeftArm"))
    np.testing.assert_allclose(painted[:, 0], expected, atol=1e-6)
    np.testing.assert_array_equal(painted[:, 0], painted[:, 1])
    assert 0 < (expected > 0).sum() < len(expected)  # a real, partial mask


def test_preview_is_displayed_and_legend_colours_are_set(sample):
    bpy.ops.overanim.paint_region_masks()
    mesh = body().data
    assert mesh.color_attributes.active_color.name == "OverAnim_Preview"
    assert mesh.color_attributes[mesh.color_attributes.render_color_index].name == "OverAnim_Preview"
    colours = legend_colours()
    assert len(colours) == len(sample.overanim.regions)


def region_values(armature) -> list[dict[str, object]]:
    """Every registered field of every Region, as Python values."""
    def plain(value):
        return value if isinstance(value, str) or not hasattr(value, "__len__") else tuple(value)

    return [{prop.identifier: plain(getattr(region, prop.identifier)) for prop in region.bl_rna.properties
             if prop.identifier != "rna_type"} for region in armature.overanim.regions]


def test_a_paint_writes_nothing_into_the_regions(sample):
    """The Regions are the artist's settings: painting (and painting again after a Region was added)
    leaves every field of every Region as it was; the legend's colours are the masks' own."""
    before = region_values(sample)
    assert bpy.ops.overanim.paint_region_masks() == {"FINISHED"}
    assert region_values(sample) == before
    sample.data.collections.active = sample.data.collections["Leg_R"]
    assert bpy.ops.overanim.region_add() == {"FINISHED"}
    before = region_values(sample)
    assert bpy.ops.overanim.paint_region_masks() == {"FINISHED"}
    assert region_values(sample) == before
    assert len(legend_colours()) == len(sample.overanim.regions)


def test_nothing_outside_overanim_changes_and_clear_restores(sample):
    obj = body()
    artist = obj.data.color_attributes.new("ArtistPaint", "BYTE_COLOR", "CORNER")
    obj.data.color_attributes.active_color = artist
    obj.data.color_attributes.render_color_index = obj.data.color_attributes.find("ArtistPaint")
    add_sample_deltas(sample)
    before = snapshot(obj)
    bpy.ops.overanim.paint_region_masks(write_vertex_groups=True)
    bpy.ops.overanim.check_lod_coverage()
    bpy.ops.overanim.compose_region_deltas()
    assert "OverAnim_MaskGroup_LeftArm" in obj.vertex_groups
    assert_same(before, snapshot(obj))
    bpy.ops.overanim.clear_region_preview()
    assert_same(before, snapshot(obj))
    assert not [a for a in obj.data.attributes if a.name.startswith("OverAnim_")]
    assert not [g for g in obj.vertex_groups if g.name.startswith("OverAnim_")]
    assert obj.data.color_attributes.active_color.name == "ArtistPaint"
    assert "OverAnim_PreviousActiveColor" not in obj.data


def test_clear_on_a_mesh_without_colours_leaves_no_colour_named(sample):
    """5.2 and later keep a removed attribute's name as the active and default colour: Clear must
    put back the '' that was there, not leave OverAnim_Preview named."""
    colors = body().data.color_attributes
    assert len(colors) == 0 and (colors.active_color_name, colors.default_color_name) == ("", "")
    bpy.ops.overanim.paint_region_masks()
    assert colors.active_color_name == colors.default_color_name == "OverAnim_Preview"
    bpy.ops.overanim.clear_region_preview()
    assert len(colors) == 0
    assert (colors.active_color_name, colors.default_color_name) == ("", "")


def test_clear_puts_back_the_artists_active_and_render_colours_by_name(sample):
    colors = body().data.color_attributes
    colors.new("Render", "BYTE_COLOR", "CORNER")
    colors.new("Active", "FLOAT_COLOR", "POINT")
    colors.active_color_name, colors.default_color_name = "Active", "Render"
    bpy.ops.overanim.paint_region_masks()
    bpy.ops.overanim.clear_region_preview()
    assert (colors.active_color_name, colors.default_color_name) == ("Active", "Render")
    bpy.ops.overanim.clear_region_preview()  # nothing remembered now: the artist's names stay
    assert (colors.active_color_name, colors.default_color_name) == ("Active", "Render")


def test_mask_vertex_groups_match_the_mask(sample):
    bpy.ops.overanim.paint_region_masks(write_vertex_groups=True)
    obj = body()
    painted = read_color(obj.data, mask_name("Spine"))[:, 0]
    grouped = naive_region_weight(obj, ["OverAnim_MaskGroup_Spine"])
    np.testing.assert_allclose(grouped, painted, atol=1 / 255)


def test_repainting_mask_vertex_groups_follows_the_new_falloff_and_keeps_the_artists_groups(sample):
    obj = body()
    bpy.ops.overanim.paint_region_masks(write_vertex_groups=True)
    artist = obj.vertex_groups.new(name="ArtistAfterOurs")  # a group made after ours, and active
    artist.add([0, 1, 2], 0.25, "REPLACE")
    obj.vertex_groups.active_index = artist.index
    before = snapshot(obj)
    region = bpy.data.objects["SK_OverAnimSample"].overanim.regions["Spine"]
    region.zero_weight = 0.6  # a narrower mask: vertices painted before must leave the group
    bpy.ops.overanim.paint_region_masks(write_vertex_groups=True)
    painted = read_color(obj.data, mask_name("Spine"))[:, 0]
    assert (painted == 0).sum() > 0
    np.testing.assert_allclose(naive_region_weight(obj, ["OverAnim_MaskGroup_Spine"]), painted, atol=1 / 255)
    members = {v.index for v in obj.data.vertices for g in v.groups
               if g.group == obj.vertex_groups["OverAnim_MaskGroup_Spine"].index}
    assert members == set(np.flatnonzero(np.round(painted * 255) > 0).tolist())
    assert_same(before, snapshot(obj))
    assert obj.vertex_groups.active.name == "ArtistAfterOurs"


@pytest.mark.parametrize("modifier", ["SUBSURF", "DECIMATE"])
def test_topology_changing_modifiers_do_not_change_the_masks(sample, modifier):
    bpy.ops.overanim.paint_region_masks()
    reference = read_color(body().data, mask_name("LeftArm"))
    mod = body().modifiers.new("Topology", modifier)
    if modifier == "DECIMATE":
        mod.ratio = 0.3
    bpy.ops.overanim.clear_region_preview()
    bpy.ops.overanim.paint_region_masks()
    np.testing.assert_array_equal(read_color(body().data, mask_name("LeftArm")), reference)
    assert [m.name for m in body().modifiers] == ["Armature", "Topology"]


BUILT_IN = ["position", "sharp_face", "material_index", ".select_vert", "UVMap"]


@pytest.mark.parametrize("name", BUILT_IN)
def test_a_bone_named_like_a_mesh_attribute_is_read_as_its_vertex_group(sample, name):
    """Geometry Nodes finds a built-in or existing attribute before a vertex group of that name:
    the masks and the bounds radius must still come from the bone's vertex group."""
    for obj in [o for o in bpy.context.scene.objects if o.type == "MESH"]:
        mesh = obj.data  # make every such attribute exist, with values unlike the weights
        mesh.uv_layers.new(name="UVMap")
        mesh.polygons.foreach_set("use_smooth", [i % 2 == 0 for i in range(len(mesh.polygons))])
        mesh.polygons.foreach_set("material_index", [i % 3 for i in range(len(mesh.polygons))])
        mesh.vertices.foreach_set("select", [i % 2 == 0 for i in range(len(mesh.vertices))])
    bpy.ops.overanim.measure_proportions()
    radius = sample["OverAnim_Region_LeftArm_BoundsRadius"]
    bpy.ops.overanim.paint_region_masks()
    reference = read_color(body().data, mask_name("LeftArm"))
    sample.data.bones["hand_l"].name = name  # Blender renames the vertex groups with the bone
    assert name in body().vertex_groups and name in body().data.attributes
    assert bpy.ops.overanim.measure_proportions() == {"FINISHED"}
    assert sample["OverAnim_Region_LeftArm_BoundsRadius"] == pytest.approx(radius)
    bpy.ops.overanim.paint_region_masks()
    np.testing.assert_array_equal(read_color(body().data, mask_name("LeftArm")), reference)


def test_the_weight_read_leaves_no_data_behind(sample):
    from overanim_addon.blender.shared.weights import TREE_NAME

    add_sample_deltas(sample)  # shape keys: the mesh copy must not leave a copy of them
    collections = ("objects", "meshes", "scenes", "node_groups", "shape_keys")

    def counts():  # the kept node groups aside: user-less, never saved (tests/blender/masks/test_weights.py)
        return {name: len([d for d in getattr(bpy.data, name) if not d.name.startswith(TREE_NAME)])
                for name in collections}

    before = counts()
    bpy.ops.overanim.measure_proportions()
    bpy.ops.overanim.paint_region_masks()
    bpy.ops.overanim.check_lod_coverage()
    assert counts() == before


def test_painting_twice_is_stable(sample):
    bpy.ops.overanim.paint_region_masks()
    first = read_color(body().data, "OverAnim_Preview")
    bpy.ops.overanim.paint_region_masks()
    np.testing.assert_array_equal(read_color(body().data, "OverAnim_Preview"), first)


def test_a_region_without_bones_is_left_out_with_a_warning_and_the_others_are_painted(sample, reports):
    sample.data.collections.new("Empty")
    sample.overanim.regions["Head"].bone_collection = "Empty"
    bpy.ops.overanim.region_add()  # a new Region, no collection picked yet
    sample.overanim.regions[-1].bone_collection = ""
    assert bpy.ops.overanim.paint_region_masks() == {"FINISHED"}
    painted = {a.name for a in body().data.color_attributes}
    assert mask_name("LeftArm") in painted and mask_name("Spine") in painted
    assert mask_name("Head") not in painted and mask_name(sample.overanim.regions[-1].name) not in painted
    warnings = [str(message) for level, message in reports if level == "WARNING"]
    assert any("Region 'Head' has no bones: bone collection 'Empty' is empty" in w for w in warnings), warnings
    assert any(f"Region '{sample.overanim.regions[-1].name}' has no bones: no bone collection is set" in w
               for w in warnings), warnings


def test_bad_input_no_region_with_bones_paints_nothing(sample):
    sample.data.collections.new("Empty")
    for region in sample.overanim.regions:
        region.bone_collection = "Empty"
    with pytest.raises(RuntimeError, match=r"Region '.*' has no bones"):
        bpy.ops.overanim.paint_region_masks()
    assert not [a for a in body().data.attributes if a.name.startswith("OverAnim_")]


def test_bad_input_mesh_without_groups_and_empty_mesh(sample):
    obj = body()
    obj.vertex_groups.clear()
    empty = bpy.data.objects.new("Empty_LOD2", bpy.data.meshes.new("Empty_LOD2"))
    bpy.context.scene.collection.objects.link(empty)
    empty.modifiers.new("Armature", "ARMATURE").object = sample
    assert bpy.ops.overanim.paint_region_masks() == {"FINISHED"}
    assert np.all(read_color(obj.data, mask_name("LeftArm"))[:, 0] == 0.0)
    assert len(empty.data.color_attributes) == 0


def test_the_region_table_names_each_region_with_its_bones(sample):
    from overanim_addon.blender.regions.region import region_bones, region_table

    table = region_table(sample)
    assert [entry.region.name for entry in table] == [r.name for r in sample.overanim.regions]
    assert [list(entry.mask.bones) for entry in table] == [region_bones(sample, r) for r in sample.overanim.regions]
    assert all(entry.mask.bones for entry in table)


def test_no_regions(sample):
    sample.overanim.regions.clear()
    assert not bpy.ops.overanim.paint_region_masks.poll()


def test_linked_mesh_is_refused_and_nothing_is_written(sample, tmp_path):
    lib_mesh = bpy.data.objects.new("LinkedBody", bpy.data.meshes.new("LinkedBody"))
    path = tmp_path / "lib.blend"
    bpy.data.libraries.write(str(path), {lib_mesh, lib_mesh.data})
    bpy.data.objects.remove(lib_mesh)
    with bpy.data.libraries.load(str(path), link=True) as (_source, target):
        target.objects = ["LinkedBody"]
    linked = target.objects[0]
    bpy.context.scene.collection.objects.link(linked)
    override = linked.override_create(remap_local_usages=True)  # a local object on linked mesh data
    override.parent = sample
    override.parent_type = "ARMATURE"
    assert override.data.library is not None
    with pytest.raises(RuntimeError, match="linked from a library"):
        bpy.ops.overanim.paint_region_masks()
    assert not [a for a in body().data.attributes if a.name.startswith("OverAnim_")]


def test_one_regions_preview_is_bytes_of_its_colour_and_several_regions_are_float(sample):
    """Issue 33.2: one Region's preview is a byte colour attribute (a quarter of the bytes a Live
    Preview step writes) showing, decoded by Blender, the float preview's colours to 8-bit sRGB; with
    several Regions it is float; the kind follows when Regions are removed or added again."""
    from overanim_addon.core.region_preview import UNMASKED_GREY, region_palette

    names = [r.name for r in sample.overanim.regions]
    for name in names[1:]:
        sample.overanim.regions.remove(sample.overanim.regions.find(name))
    for expected in ("BYTE_COLOR", "FLOAT_COLOR", "BYTE_COLOR"):
        assert bpy.ops.overanim.paint_region_masks() == {"FINISHED"}
        mesh = body().data
        attribute = mesh.color_attributes["OverAnim_Preview"]
        assert (attribute.domain, attribute.data_type) == ("POINT", expected)
        assert mesh.color_attributes.active_color.name == "OverAnim_Preview"
        if expected == "BYTE_COLOR":
            mask = read_color(mesh, mask_name(names[0]))[:, 0].astype(float)
            grey, colour = UNMASKED_GREY[:3].astype(float), region_palette(1)[0, :3].astype(float)
            shown = read_color(mesh, "OverAnim_Preview")  # linear, as Blender decodes the bytes
            np.testing.assert_allclose(shown[:, :3], grey + mask[:, None] * (colour - grey), atol=0.01)
            assert ((mask > 0) & (mask < 1)).sum() > 0  # colours between grey and the Region's shown
            sample.data.collections.active = sample.data.collections["Leg_R"]
            assert bpy.ops.overanim.region_add() == {"FINISHED"}
        else:
            sample.overanim.regions.remove(len(sample.overanim.regions) - 1)


def test_the_meshes_painted_are_the_scenes_meshes_the_rig_deforms(sample):
    """The deformed meshes are found among the objects that point at the rig (Blender's user map, not
    a walk of the scene): one parented as an armature child counts, and one in another scene, one in
    no scene and one with an Armature modifier of another rig do not."""
    scene = bpy.context.scene
    source = body()

    def body_copy(name, *collections):
        obj = source.copy()
        obj.name, obj.data = name, source.data.copy()  # a mesh of its own: what is painted shows on it
        for collection in collections:
            collection.objects.link(obj)
        return obj

    parented = bpy.data.objects.new("Parented", source.data.copy())
    scene.collection.objects.link(parented)
    parented.parent, parented.parent_type = sample, "ARMATURE"
    elsewhere = bpy.data.scenes.new("Elsewhere")
    body_copy("InAnotherScene", elsewhere.collection)
    body_copy("InNoScene")
    other_rig = bpy.data.objects.new("OtherRig", bpy.data.armatures.new("OtherRig"))
    scene.collection.objects.link(other_rig)
    foreign = body_copy("OtherRigsBody", scene.collection)
    for modifier in foreign.modifiers:
        if modifier.type == "ARMATURE":
            modifier.object = other_rig
    expected = sorted(o.name for o in scene.objects if o.type == "MESH" and (
        (o.parent == sample and o.parent_type == "ARMATURE")
        or any(m.type == "ARMATURE" and m.object == sample for m in o.modifiers)))
    assert "Parented" in expected and "OtherRigsBody" not in expected and len(expected) >= 3
    assert bpy.ops.overanim.paint_region_masks() == {"FINISHED"}
    painted = sorted(o.name for o in bpy.data.objects
                     if o.type == "MESH" and "OverAnim_Preview" in o.data.color_attributes)
    assert painted == expected
    bpy.data.scenes.remove(elsewhere)
