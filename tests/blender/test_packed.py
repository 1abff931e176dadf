"""Region masks packed for Unreal: channels of the byte colour attribute OverAnim_RegionMasks."""

import bpy
import numpy as np
import pytest

from overanim_addon.blender.regions.masks import mask_name
from overanim_addon.blender.regions.packed import PACKED

from .test_masks import body, read_color, snapshot


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
    from overanim_addon.blender.regions.packed import write_packed

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
    from .test_masks import assert_same

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
