import bpy
import numpy as np
import pytest

from overanim_addon.blender.masks.paint import mask_name
from overanim_addon.blender.sample.build import add_sample_deltas

from ...layout_recorder import draw_panel


def legend_colours() -> set[tuple[float, ...]]:
    """The distinct colours of the Region Masks panel's legend, as drawn."""
    layout = draw_panel(bpy.types.OVERANIM_PT_region_masks, bpy.context)
    return {tuple(round(c, 3) for c in call.kwargs["color"]) for call in layout.of("template_node_socket")}


def body():
    return bpy.data.objects["SK_OverAnimSample_Body"]


def read_color(mesh, name):
    attr = mesh.color_attributes[name]
    out = np.empty(len(mesh.vertices) * 4, np.float32)
    attr.data.foreach_get("color", out)
    return out.reshape(-1, 4)


def naive_region_weight(obj, bones):
    """The slow, obvious reference: a per-vertex loop over the vertex groups."""
    indices = {obj.vertex_groups[b].index for b in bones if b in obj.vertex_groups}
    return np.array([min(1.0, sum(g.weight for g in v.groups if g.group in indices)) for v in obj.data.vertices])


def spec_mask(weight, mode="SMOOTH_STEP", zero=0.0, full=1.0, exponent=1.0):
    """The spec's falloff, written out here (not the add-on's RegionMaskPolicy): t is the weight
    remapped from Zero Weight..Full Weight onto 0..1, then shaped by the Falloff Mode (the spec's
    defaults: SmoothStep from 0 to 1)."""
    t = np.clip((np.asarray(weight, np.float64) - zero) / (full - zero), 0.0, 1.0)
    return {"LINEAR": t, "SMOOTH_STEP": t * t * (3.0 - 2.0 * t), "POWER": t ** exponent}[mode]


def spec_composition(policy, deltas, limit):
    """The spec's two policies per vertex, a loop over vertices (not the add-on's vectorised code):
    the single longest delta (the first Region on a tie), or the sum shortened to ``limit``."""
    out = np.zeros(deltas.shape[1:])
    for v in range(deltas.shape[1]):
        lengths = np.linalg.norm(deltas[:, v], axis=1)
        if policy == "STRONGEST_DELTA":
            out[v] = deltas[int(np.argmax(lengths)), v]
        else:
            total = deltas[:, v].sum(axis=0)
            length = np.linalg.norm(total)
            out[v] = total * (limit[v] / length) if length > limit[v] else total
    return out


def snapshot(obj):
    """Everything of the artist's on a mesh object that is not OverAnim_: attributes, groups, keys."""
    mesh = obj.data
    state = {}
    for attr in mesh.attributes:
        if attr.name.startswith("OverAnim_") or attr.name.startswith("."):
            continue
        width = {"FLOAT_VECTOR": 3, "FLOAT_COLOR": 4, "BYTE_COLOR": 4, "FLOAT2": 2, "QUATERNION": 4,
                 "INT32_2D": 2}.get(attr.data_type, 1)
        field = {"FLOAT_VECTOR": "vector", "FLOAT_COLOR": "color", "BYTE_COLOR": "color",
                 "FLOAT2": "vector", "INT32_2D": "value", "QUATERNION": "value"}.get(attr.data_type, "value")
        dtype = np.int32 if attr.data_type in ("INT", "INT8", "INT32_2D", "BOOLEAN") else np.float32
        if attr.data_type == "BOOLEAN":
            dtype = bool
        buf = np.empty(len(attr.data) * width, dtype)
        attr.data.foreach_get(field, buf)
        state[f"attr:{attr.name}:{attr.domain}"] = buf
    for group in obj.vertex_groups:
        if not group.name.startswith("OverAnim_"):
            state[f"group:{group.name}"] = naive_region_weight(obj, [group.name])
    if mesh.shape_keys:
        for key in mesh.shape_keys.key_blocks:
            if not key.name.startswith("OverAnim_"):
                co = np.empty(len(key.data) * 3, np.float32)
                key.data.foreach_get("co", co)
                state[f"key:{key.name}:{key.value}"] = co
    state["modifiers"] = [m.name for m in obj.modifiers]
    return state


def assert_same(a, b):
    assert a.keys() == b.keys()
    for key in a:
        assert np.array_equal(a[key], b[key]), key


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


# -- LOD coverage ------------------------------------------------------------------------------------
def lod_rows(armature):
    return {(r.region, r.lod): (r.covered, r.verdict, r.attachment_dependency) for r in armature.overanim.lod_rows}


def strip_lod1(bones):
    lod1 = bpy.data.objects["SK_OverAnimSample_Body_LOD1"]
    for bone in bones:
        lod1.vertex_groups.remove(lod1.vertex_groups[bone])


@pytest.mark.parametrize(
    "policy, attached, verdict",
    [("ALLOW_INACTIVE", False, "OK"), ("WARN_IF_INACTIVE", False, "WARNING"), ("REQUIRE_COVERAGE", False, "ERROR"),
     ("ALLOW_INACTIVE", True, "ERROR"), ("WARN_IF_INACTIVE", True, "ERROR"), ("REQUIRE_COVERAGE", True, "ERROR")],
)
def test_lod_table_for_every_policy(sample, policy, attached, verdict):
    strip_lod1(["neck_01", "head"])
    head = sample.overanim.regions["Head"]
    head.lod_policy, head.is_attachment_dependency = policy, attached
    if verdict == "ERROR":
        with pytest.raises(RuntimeError, match="Region 'Head' is inactive at LOD1"):
            bpy.ops.overanim.check_lod_coverage()
    else:
        assert bpy.ops.overanim.check_lod_coverage() == {"FINISHED"}
    rows = lod_rows(sample)
    assert rows[("Head", 0)] == (True, "OK", attached)
    assert rows[("Head", 1)] == (False, verdict, attached)
    assert rows[("Spine", 1)][:2] == (True, "OK")


def test_object_parented_to_a_region_bone_makes_it_an_attachment_dependency(sample):
    strip_lod1(["hand_l", "lowerarm_l", "upperarm_l", "clavicle_l"])
    sample.overanim.regions["LeftArm"].lod_policy = "ALLOW_INACTIVE"
    assert bpy.ops.overanim.check_lod_coverage() == {"FINISHED"}
    prop = bpy.data.objects.new("Sword", None)
    bpy.context.scene.collection.objects.link(prop)
    prop.parent, prop.parent_type, prop.parent_bone = sample, "BONE", "hand_l"
    with pytest.raises(RuntimeError, match="attachment dependency"):
        bpy.ops.overanim.check_lod_coverage()
    assert lod_rows(sample)[("LeftArm", 1)] == (False, "ERROR", True)


# -- composition ------------------------------------------------------------------------------------
def composed_delta(obj):
    keys = obj.data.shape_keys.key_blocks
    n = len(obj.data.vertices)
    out, basis = np.empty(n * 3, np.float32), np.empty(n * 3, np.float32)
    keys["OverAnim_Composed"].data.foreach_get("co", out)
    keys["Basis"].data.foreach_get("co", basis)
    return (out - basis).reshape(-1, 3)


@pytest.mark.parametrize("policy", ["ADDITIVE_CLAMPED", "STRONGEST_DELTA"])
def test_composition_for_both_policies(sample, policy):
    add_sample_deltas(sample)
    for region in sample.overanim.regions:
        region.composition_policy = policy
    assert bpy.ops.overanim.compose_region_deltas(select_overlaps=True) == {"FINISHED"}
    obj = body()
    keys = obj.data.shape_keys.key_blocks
    n = len(obj.data.vertices)

    def key(name):
        co = np.empty(n * 3, np.float32)
        keys[name].data.foreach_get("co", co)
        return co.reshape(-1, 3)

    basis = key("Basis")
    spine = spec_mask(naive_region_weight(obj, ["spine_01", "spine_02", "spine_03"]))
    arm = spec_mask(naive_region_weight(obj, ["clavicle_l", "upperarm_l", "lowerarm_l", "hand_l"]))
    authored = np.stack([key("Delta_Spine") - basis, key("Delta_LeftArm") - basis])
    masks = np.stack([spine, arm])
    deltas = authored * masks[:, :, None]
    # the clamped sum's limit: the longest authored delta of the Regions present at each vertex
    present = [np.linalg.norm(authored[r], axis=1) * (masks[r] > 0) for r in range(2)]
    expected = spec_composition(policy, deltas.astype(np.float64), limit=np.maximum(*present))
    np.testing.assert_allclose(composed_delta(obj), expected, atol=1e-5)
    overlap = (np.linalg.norm(deltas, axis=2) > 0).sum(axis=0) >= 2
    assert overlap.any()
    selected = np.empty(n, bool)
    obj.data.vertices.foreach_get("select", selected)
    np.testing.assert_array_equal(selected, overlap)


def test_a_vertex_composed_result_does_not_change_when_another_vertex_changes(sample):
    add_sample_deltas(sample)
    obj = body()
    keys = obj.data.shape_keys.key_blocks
    co = np.empty(len(obj.data.vertices) * 3, np.float32)
    keys["Delta_Spine"].data.foreach_get("co", co)
    keys["Delta_LeftArm"].data.foreach_set("co", co)  # one delta for both, and masks that reach 1
    for name in ("Spine", "LeftArm"):  # early: where they overlap, the sum goes past the delta
        sample.overanim.regions[name].full_weight = 0.2
    bpy.ops.overanim.compose_region_deltas()
    before = composed_delta(obj)
    spine = keys["Delta_Spine"]
    far = int(np.argmax(np.linalg.norm(before, axis=1)))  # a vertex the spine delta moves
    spine.data[far].co = spine.data[far].co * 40.0  # an unrelated, very large delta there
    bpy.ops.overanim.compose_region_deltas()
    after = composed_delta(obj)
    others = np.arange(len(before)) != far
    assert not np.allclose(after[far], before[far])
    np.testing.assert_array_equal(after[others], before[others])


def test_clear_keeps_the_artists_active_shape_key(sample):
    add_sample_deltas(sample)
    obj = body()
    bpy.ops.overanim.compose_region_deltas()
    artist = obj.shape_key_add(name="ArtistAfterOurs", from_mix=False)  # after OverAnim_Composed
    obj.active_shape_key_index = obj.data.shape_keys.key_blocks.find(artist.name)
    bpy.ops.overanim.compose_region_deltas()  # composing again keeps it too
    assert obj.active_shape_key.name == "ArtistAfterOurs"
    bpy.ops.overanim.clear_region_preview()
    assert "OverAnim_Composed" not in obj.data.shape_keys.key_blocks
    assert obj.active_shape_key.name == "ArtistAfterOurs"


def test_composition_needs_a_delta_shape_key(sample):
    with pytest.raises(RuntimeError, match="No Region names a Delta Shape Key"):
        bpy.ops.overanim.compose_region_deltas()
    sample.overanim.regions["Head"].delta_shape_key = "Missing"
    with pytest.raises(RuntimeError, match="No deformed mesh has the Delta Shape Keys"):
        bpy.ops.overanim.compose_region_deltas()


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
