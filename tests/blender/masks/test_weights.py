"""The bulk weight read keeps its Geometry Nodes groups between reads, out of the artist's way."""

import bpy
import numpy as np

from overanim_addon.blender.shared import weights

from ..mask_reads import body, naive_region_weight


def ensure_uv_pin(uv_layer):
    """The pin values of a UV map (a sequence of items with ``.value``)."""
    if hasattr(uv_layer, "pin_ensure"):
        # 5.0 and later make the layer only on request, and there ``uv_layer.pin`` is not it (5.2
        # returns float2 values): take the values from the bool attribute pin_ensure() returns
        return uv_layer.pin_ensure().data
    return uv_layer.pin  # 4.2 to 4.5: made by the first write to it


ARM = ["clavicle_l", "upperarm_l", "lowerarm_l", "hand_l"]


def kept_trees():
    return [t for t in bpy.data.node_groups if t.name.startswith(weights.TREE_NAME)]


def test_one_kept_group_per_width_serves_every_read(sample):
    weights.forget_node_groups()
    first = weights.region_weights(body(), {"Arm": ARM})["Arm"]
    other = weights.region_weights(body(), {"Legs": ["thigh_l", "calf_l", "foot_l", "thigh_r"]})["Legs"]
    trees = kept_trees()
    assert len(trees) == 1 and trees[0].users == 0 and trees[0].name.startswith(".")  # hidden from menus
    np.testing.assert_allclose(first, naive_region_weight(body(), ARM), atol=1e-6)
    np.testing.assert_allclose(other, naive_region_weight(body(), ["thigh_l", "calf_l", "foot_l", "thigh_r"]),
                               atol=1e-6)
    weights.region_weights(body(), {"Hand": ["hand_l"]})
    assert len(kept_trees()) == 2  # widths 4 and 1


def test_a_removed_group_is_built_again_and_buffers_are_filled(sample):
    weights.region_weights(body(), {"Arm": ARM})
    for tree in kept_trees():  # as a purge of unused data or an undo would
        bpy.data.node_groups.remove(tree)
    out = np.full(len(body().data.vertices), -1.0, np.float32)
    assert weights.region_weights(body(), {"Arm": ARM}, out={"Arm": out})["Arm"] is out
    np.testing.assert_allclose(out, naive_region_weight(body(), ARM), atol=1e-6)


def test_a_sum_over_more_groups_than_one_node_group_takes_is_clamped_the_same(sample):
    groups = [g.name for g in body().vertex_groups][: weights.WIDTH + 3]
    out = np.full(len(body().data.vertices), -1.0, np.float32)
    weights.region_weights(body(), {"Many": groups}, out={"Many": out})
    expected = np.minimum(naive_region_weight(body(), groups), 1.0)
    np.testing.assert_allclose(out, expected, atol=1e-6)
    assert out.max() <= 1.0


def test_kept_groups_are_not_saved_with_the_file(sample, tmp_path):
    weights.region_weights(body(), {"Arm": ARM})
    assert kept_trees()
    path = str(tmp_path / "saved.blend")
    bpy.ops.wm.save_as_mainfile(filepath=path)
    bpy.ops.wm.open_mainfile(filepath=path)
    assert kept_trees() == []


def test_the_read_copy_keeps_only_required_attributes_and_the_groups(sample):
    """The copy the groups are read from drops every attribute Blender does not require (removed
    by index, the last first, so nothing is looked up by name), however they are interleaved."""
    mesh = body().data
    uv = mesh.uv_layers.new(name="Second")
    ensure_uv_pin(uv)[0].value = True
    for name, kind, domain in [("Paint", "FLOAT_COLOR", "POINT"), ("Crease", "FLOAT", "EDGE"),
                               ("Bytes", "BYTE_COLOR", "CORNER"), ("Flag", "BOOLEAN", "FACE")]:
        mesh.attributes.new(name, kind, domain)
    before = [a.name for a in mesh.attributes]
    assert any(name.startswith(".pn.") for name in before) and "Paint" in before
    holder, alias = weights._aliased_copy(body(), set(ARM))
    try:
        left = [a.name for a in holder.data.attributes]
        assert left == [a.name for a in mesh.attributes if a.is_required]
        assert set(alias) == set(ARM) and all(name in holder.vertex_groups for name in alias.values())
    finally:
        bpy.data.batch_remove([holder, holder.data])
    assert [a.name for a in mesh.attributes] == before  # the artist's mesh keeps all of them


def test_keys_of_different_widths_read_together_each_get_a_node_group_of_their_width(sample):
    weights.forget_node_groups()
    many = [g.name for g in body().vertex_groups][: weights.WIDTH + 2]  # parts of 8 and 2
    read = weights.region_weights(body(), {"Arm": ARM, "Hand": ["hand_l"], "Many": many})
    assert sorted(t[weights.TREE_WIDTH] for t in kept_trees()) == [1, 2, 4, 8]
    for key, groups in (("Arm", ARM), ("Hand", ["hand_l"]), ("Many", many)):
        np.testing.assert_allclose(read[key], np.minimum(naive_region_weight(body(), groups), 1.0), atol=1e-6)
