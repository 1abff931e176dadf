"""Region masks packed for Unreal: channels of the byte colour attribute OverAnim_RegionMasks."""

import bpy
import numpy as np
import pytest

from overanim_addon.blender.masks.packed import PACKED
from overanim_addon.blender.masks.paint import mask_name

from ..mask_reads import body, read_color, snapshot


def read_bytes(mesh):
    """The stored bytes of the packed attribute, as Unreal gets them."""
    attr = mesh.color_attributes[PACKED]
    out = np.empty(len(mesh.vertices) * 4, np.float32)
    attr.data.foreach_get("color_srgb", out)
    return np.round(out.reshape(-1, 4) * 255).astype(int)


def test_each_channel_holds_its_regions_mask_as_bytes(sample):
    regions = sample.overanim.regions
    regions["LeftArm"].mask_channel = "R"
    regions["Head"].mask_channel = "B"
    regions["Spine"].mask_channel = "A"
    regions["LeftArm"].falloff_mode, regions["LeftArm"].zero_weight = "LINEAR", 0.2  # partial values too
    assert bpy.ops.overanim.paint_region_masks() == {"FINISHED"}
    mesh = body().data
    attr = mesh.color_attributes[PACKED]
    assert (attr.domain, attr.data_type) == ("POINT", "BYTE_COLOR")
    stored = read_bytes(mesh)
    for column, region in ((0, "LeftArm"), (2, "Head"), (3, "Spine")):
        mask = read_color(mesh, mask_name(region))[:, 0]
        np.testing.assert_array_equal(stored[:, column], np.round(mask * 255).astype(int))
    assert (stored[:, 1] == 0).all()  # G: no Region
    assert ((stored[:, 0] > 0) & (stored[:, 0] < 255)).sum() > 0  # the falloff survives the packing
    assert mesh.color_attributes.active_color.name == "OverAnim_Preview"  # packing leaves the display alone


def test_a_mesh_without_colour_attributes_keeps_none_active(sample):
    sample.overanim.regions["Head"].mask_channel = "R"
    lod1 = bpy.data.objects["SK_OverAnimSample_Body_LOD1"].data
    from overanim_addon.blender.masks.packed import write_packed

    write_packed(lod1, {"Head": np.ones(len(lod1.vertices))}, {"R": "Head"})
    assert PACKED in lod1.color_attributes
    assert (lod1.color_attributes.active_color_name, lod1.color_attributes.default_color_name) == ("", "")


def test_two_regions_on_one_channel_are_refused_and_change_nothing(sample):
    regions = sample.overanim.regions
    regions["LeftArm"].mask_channel = regions["Head"].mask_channel = "G"
    before = snapshot(body())
    names = [a.name for a in body().data.attributes]
    with pytest.raises(RuntimeError, match="Regions 'LeftArm' and 'Head' both use channel G"):
        bpy.ops.overanim.paint_region_masks()
    assert [a.name for a in body().data.attributes] == names
    from ..mask_reads import assert_same

    assert_same(before, snapshot(body()))
    bpy.ops.overanim.run_checks()
    assert [c.check_id for c in sample.overanim.checks if c.severity == "ERROR"] == ["mask_channels"]


def test_no_channel_no_attribute_and_clear_removes_it(sample):
    bpy.ops.overanim.paint_region_masks()
    assert PACKED not in body().data.color_attributes
    sample.overanim.regions["Spine"].mask_channel = "R"
    bpy.ops.overanim.paint_region_masks()
    assert PACKED in body().data.color_attributes
    sample.overanim.regions["Spine"].mask_channel = "NONE"
    bpy.ops.overanim.paint_region_masks()  # the stale attribute goes with the last channel
    assert PACKED not in body().data.color_attributes
    sample.overanim.regions["Spine"].mask_channel = "R"
    bpy.ops.overanim.paint_region_masks()
    bpy.ops.overanim.clear_region_preview()
    assert PACKED not in body().data.color_attributes


def _stored_through_color_srgb(values):
    """The reference path: Blender's own color_srgb setter, value by value."""
    side = int(np.ceil(np.sqrt(len(values) / 4)))
    bpy.ops.mesh.primitive_grid_add(x_subdivisions=side, y_subdivisions=side)
    mesh = bpy.context.active_object.data
    count = len(mesh.vertices) * 4
    padded = np.zeros(count, np.float32)
    padded[:len(values)] = values
    attr = mesh.color_attributes.new("Reference", "BYTE_COLOR", "POINT")
    attr.data.foreach_set("color_srgb", padded)
    back = np.empty(count, np.float32)
    attr.data.foreach_get("color_srgb", back)
    return np.rint(back * 255).astype(np.uint8)[:len(values)]  # byte / 255 read back: exact


def test_packed_bytes_are_the_bytes_color_srgb_stores(empty_scene):
    from overanim_addon.blender.masks.packed import srgb_bytes

    # every float32 within 64 steps of each rounding boundary (k + 0.5) / 255 and of each k / 255,
    # the ends, the smallest values and random ones
    centres = np.concatenate([(np.arange(256) + 0.5) / 255, np.arange(256) / 255]).astype(np.float32)
    near = (centres.view(np.int32)[:, None] + np.arange(-64, 65, dtype=np.int32)).reshape(-1).view(np.float32)
    values = np.concatenate([near, np.float32([0.0, -0.0, 1.0, 1e-45, 1e-38, 1 - 2**-24]),
                             np.random.default_rng(3).random(4000, dtype=np.float32)])
    values = values[(values >= 0.0) & (values <= 1.0)]
    stored = srgb_bytes(values, np.empty(len(values), np.uint8))
    np.testing.assert_array_equal(stored, _stored_through_color_srgb(values))


def test_painting_without_the_attribute_arrays_writes_the_same_bytes(sample, monkeypatch):
    """Where Blender would not lay an attribute out as one array, paint writes through foreach_set
    (color_srgb for the bytes): the reference path, bit for bit what the direct writes give."""
    from overanim_addon.blender.masks import mask_write, packed

    regions = sample.overanim.regions
    regions["LeftArm"].mask_channel, regions["LeftArm"].falloff_mode = "G", "LINEAR"
    regions["LeftArm"].zero_weight = 0.3
    regions["Head"].mask_channel, regions["Head"].falloff_mode = "A", "POWER"
    regions["Head"].falloff_exponent = 0.37

    def painted():
        bpy.ops.overanim.clear_region_preview()
        assert bpy.ops.overanim.paint_region_masks() == {"FINISHED"}
        mesh = body().data
        return {name: read_color(mesh, name) for name in (mask_name("LeftArm"), mask_name("Head"), "OverAnim_Preview")
                } | {PACKED: read_bytes(mesh)}

    def count_direct(calls):
        real = mask_write.attribute_array

        def counted(*args):
            calls.append(args)
            return real(*args)
        return counted

    direct_calls: list = []
    monkeypatch.setattr(mask_write, "attribute_array", count_direct(direct_calls))
    direct = painted()
    assert direct_calls  # the direct path did run
    for module in (mask_write, packed):
        monkeypatch.setattr(module, "attribute_array", lambda *args: None)
    reference = painted()

    def bits(values):
        return values.view(np.uint32) if values.dtype == np.float32 else values
    for name, values in reference.items():
        np.testing.assert_array_equal(bits(direct[name]), bits(values), err_msg=name)


def test_direct_writes_leave_the_evaluated_copy_alone(sample):
    """The evaluated mesh shares the attributes' arrays after an update: a paint writes the mesh's
    own copies (as foreach_set would), never the shared arrays."""
    regions = sample.overanim.regions
    regions["LeftArm"].mask_channel = "R"
    bpy.ops.overanim.paint_region_masks()
    bpy.context.view_layer.update()
    mesh = body().data
    before = {name: read_color(mesh, name) for name in (mask_name("LeftArm"), "OverAnim_Preview")}
    before_bytes = read_bytes(mesh)
    bpy.context.view_layer.update()  # those reads gave the mesh its own arrays: share them again
    regions["LeftArm"].zero_weight, regions["LeftArm"].falloff_mode = 0.6, "LINEAR"
    from overanim_addon.blender.masks import paint

    paint.paint(bpy.context, sample)  # no view-layer update after it, as in the middle of an operator
    assert not np.array_equal(read_bytes(mesh), before_bytes)
    evaluated = body().evaluated_get(bpy.context.view_layer.depsgraph).data  # not evaluated again yet
    np.testing.assert_array_equal(read_bytes(evaluated), before_bytes)
    for name, values in before.items():
        assert not np.array_equal(read_color(mesh, name), values)
        np.testing.assert_array_equal(read_color(evaluated, name), values)
