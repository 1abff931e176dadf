"""A Live Preview slider step recomputes and rewrites only the vertices the change can move (issue 33.2),
and what it leaves is bit for bit what a fresh Paint Region Masks writes: after one step, after several
in a row, after a Falloff Mode change, with one Region (the preview written by rows) and with several."""

import bpy
import numpy as np
import pytest

from overanim_addon.blender.masks import mask_work, mask_write


def overanim_bits():
    """Every OverAnim_ colour attribute of every mesh, as raw bits (a byte colour as Blender gives it)."""
    out = {}
    for mesh in bpy.data.meshes:
        for attr in mesh.color_attributes:
            if attr.name.startswith("OverAnim_"):
                values = np.empty(len(mesh.vertices) * 4, np.float32)
                attr.data.foreach_get("color" if attr.data_type == "FLOAT_COLOR" else "color_srgb", values)
                out[(mesh.name, attr.name)] = values.view(np.uint32)
    return out


def assert_equals_a_fresh_paint():
    live = overanim_bits()
    assert bpy.ops.overanim.paint_region_masks() == {"FINISHED"}
    fresh = overanim_bits()
    assert fresh and fresh.keys() == live.keys()
    for key in fresh:
        np.testing.assert_array_equal(live[key], fresh[key], err_msg=str(key))


def slide(region, **values):
    """A slider step as the UI makes it: set, the rig tagged, evaluated."""
    for name, value in values.items():
        setattr(region, name, value)
    region.id_data.update_tag()
    bpy.context.view_layer.update()


@pytest.fixture
def rows_written(monkeypatch):
    """(attribute name, rows written) of every colour write (None: the whole attribute)."""
    written = []
    write = mask_write._write_color

    def spy(mesh, name, work, fill, rows=None, fill_rows=None, *kind):
        written.append((name, None if rows is None or fill_rows is None else len(rows), work.vertices))
        return write(mesh, name, work, fill, rows, fill_rows, *kind)

    monkeypatch.setattr(mask_write, "_write_color", spy)
    return written


def live_on(sample, regions):
    for name in [r.name for r in sample.overanim.regions if r.name not in regions]:
        sample.overanim.regions.remove(sample.overanim.regions.find(name))
    bpy.context.view_layer.objects.active = sample
    assert bpy.ops.overanim.live_preview() == {"FINISHED"}


STEPS = [
    {"zero_weight": 0.1}, {"zero_weight": 0.2}, {"zero_weight": 0.35}, {"full_weight": 0.9},
    {"full_weight": 0.8}, {"falloff_mode": "POWER", "falloff_exponent": 0.37}, {"zero_weight": 0.05},
    {"falloff_exponent": 2.5}, {"falloff_mode": "LINEAR"}, {"full_weight": 0.2},  # a hard step: full <= zero
    {"full_weight": 1.0, "zero_weight": 0.0},
]


@pytest.mark.parametrize("regions", [("LeftArm",), ("LeftArm", "Head", "Spine")], ids=["one", "several"])
def test_steps_in_a_row_write_only_what_moves_and_end_as_a_fresh_paint(sample, regions, rows_written):
    live_on(sample, regions)
    region = sample.overanim.regions["LeftArm"]
    partial = []
    for step in STEPS:
        rows_written.clear()
        slide(region, **step)
        masks = [(rows, vertices) for name, rows, vertices in rows_written if name.startswith("OverAnim_Mask_")]
        assert masks, step  # each step repaints LeftArm's mask
        partial += [rows < vertices for rows, vertices in masks if rows is not None]
        if len(regions) == 1:  # the preview follows the mask's rows
            preview = [rows for name, rows, _v in rows_written if name == mask_write.PREVIEW]
            assert preview == [rows for rows, _v in masks]
    assert partial and all(partial)  # the sample's sums are mostly 0 or 1: most steps moved few vertices
    assert_equals_a_fresh_paint()


@pytest.mark.parametrize("mode", ["LINEAR", "SMOOTH_STEP", "POWER"])
def test_one_step_after_each_falloff_mode_equals_a_fresh_paint(sample, mode):
    live_on(sample, ("LeftArm",))
    region = sample.overanim.regions["LeftArm"]
    slide(region, falloff_mode=mode, falloff_exponent=0.61)
    slide(region, zero_weight=0.27)
    assert_equals_a_fresh_paint()


def test_the_band_holds_every_vertex_whose_mask_can_change():
    """Against every float32 sum on a grid and at the edges: outside the band, the old and the new
    policy give the same bits."""
    from overanim_addon.core import RegionMaskPolicy
    from overanim_addon.core.region_mask import RegionFalloffMode

    sums = np.concatenate([np.linspace(0.0, 1.0, 20001, dtype=np.float32),
                           np.array([0.0, 1.0, 0.25, np.nextafter(np.float32(0.25), np.float32(1))], np.float32)])
    policies = [RegionMaskPolicy(mode, zero, full, exponent)
                for mode in RegionFalloffMode for zero, full in ((0.0, 1.0), (0.25, 0.75), (0.6, 0.3), (0.25, 0.25))
                for exponent in (0.37, 2.0)]
    buckets = mask_work.Buckets.of(sums)
    for old in policies:
        for new in policies:
            low, high = mask_work.changed_band(old, new)
            outside = np.ones(len(sums), bool)
            outside[buckets.between(low, high)] = False
            np.testing.assert_array_equal(old.evaluate(sums[outside]).view(np.uint32),
                                          new.evaluate(sums[outside]).view(np.uint32), err_msg=f"{old} -> {new}")
