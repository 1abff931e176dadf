"""Region names as artists type them: long, non-ASCII, look-alike, duplicate. One naming rule
(core.naming) for every derived name; every feature keys or refuses a name the same way, and a
refusal leaves everything as it was."""

import bpy
import numpy as np
import pytest

from overanim_addon.blender.masks.paint import group_name, mask_name
from overanim_addon.blender.sample.build import add_sample_deltas
from overanim_addon.core.naming import MAX_NAME_BYTES, region_key

from ..helpers import custom_props

FEATURES = ["measure_proportions", "paint_region_masks", "check_lod_coverage", "compose_region_deltas"]


def meshes():
    return [o for o in bpy.context.scene.objects if o.type == "MESH"]


def body():
    return bpy.data.objects["SK_OverAnimSample_Body"]


def mesh_state(obj):
    keys = obj.data.shape_keys
    return (sorted(a.name for a in obj.data.attributes), sorted(g.name for g in obj.vertex_groups),
            [k.name for k in keys.key_blocks] if keys else [], obj.active_shape_key_index)


def everything(armature):
    rows = [(r.region, r.lod, r.verdict) for r in armature.overanim.lod_rows]
    return custom_props(armature), [mesh_state(o) for o in meshes()], rows


def run_everything(armature):
    for feature in FEATURES:
        assert getattr(bpy.ops.overanim, feature)() == {"FINISHED"}, feature


def our_names(obj):
    return ([a.name for a in obj.data.attributes if a.name.startswith("OverAnim_")]
            + [g.name for g in obj.vertex_groups if g.name.startswith("OverAnim_")])


def read_mask(obj, name):
    attr = obj.data.color_attributes[name]
    out = np.empty(len(obj.data.vertices) * 4, np.float32)
    attr.data.foreach_get("color", out)
    return out.reshape(-1, 4)[:, 0]


@pytest.mark.parametrize(("first", "second", "message"), [
    ("Arm", "Arm", "Two Regions are named 'Arm'"),
    ("Left Arm", region_key("Left Arm"), "give the same name key"),
    ("", "Arm", "A Region has no name"),
])
@pytest.mark.parametrize("feature", FEATURES)
def test_names_that_cannot_be_keyed_are_refused_by_every_feature_and_nothing_changes(
        sample, first, second, message, feature):
    add_sample_deltas(sample)
    run_everything(sample)
    regions = sample.overanim.regions
    regions["LeftArm"].name, regions["RightArm"].name = first, second
    before = everything(sample)
    with pytest.raises(RuntimeError, match=message):
        getattr(bpy.ops.overanim, feature)()
    assert everything(sample) == before
    checks = [f.message for f in sample.overanim.checks if f.check_id == "region_names"]
    if feature == "measure_proportions":  # Measure runs the checks: the same words there
        assert len(checks) == 1 and message.split("'")[0] in checks[0]


def test_look_alike_names_are_kept_apart_by_every_feature(sample):
    add_sample_deltas(sample)
    regions = sample.overanim.regions
    regions["LeftArm"].name, regions["RightArm"].name = "Left Arm", "Left-Arm"
    run_everything(sample)
    left, right = region_key("Left Arm"), region_key("Left-Arm")
    assert left != right
    props = custom_props(sample)
    assert props[f"OverAnim_Region_{left}_ChainLength"] == pytest.approx(props[f"OverAnim_Region_{right}_ChainLength"])
    masks = [a.name for a in body().data.color_attributes if a.name.startswith("OverAnim_Mask_")]
    assert len(masks) == len(regions) == 5  # no two Regions merged into one mask
    assert not np.array_equal(read_mask(body(), mask_name("Left Arm")), read_mask(body(), mask_name("Left-Arm")))
    assert {r.region for r in sample.overanim.lod_rows} == {r.name for r in regions}
    assert not [f for f in sample.overanim.checks if f.check_id == "region_names"]


def long_names(kind, length):
    """Two Region names of ``length`` characters that differ only at their end."""
    unit = {"ascii": "LeftArmUpperTwistCorrective", "korean": "왼쪽팔위쪽비틀림보정", "emoji": "🦾 arm "}[kind]
    stem = (unit * length)[:length - 1]
    return stem + "L", stem + "R"


@pytest.mark.parametrize("kind", ["ascii", "korean", "emoji"])
@pytest.mark.parametrize("length", [25, 50, 70])
def test_long_and_non_ascii_names_measure_and_paint(sample, kind, length):
    bpy.ops.overanim.measure_proportions()
    reference = custom_props(sample)
    regions = sample.overanim.regions
    names = long_names(kind, length)
    regions["LeftArm"].name, regions["RightArm"].name = names
    assert bpy.ops.overanim.measure_proportions() == {"FINISHED"}
    props = custom_props(sample)
    assert all(len(name.encode()) <= MAX_NAME_BYTES for name in props)
    for name, old in zip(names, ("LeftArm", "RightArm"), strict=True):
        new = f"OverAnim_Region_{region_key(name)}_ChainLength"
        assert props[new] == pytest.approx(reference[f"OverAnim_Region_{old}_ChainLength"])
        assert not [k for k in props if f"_{old}_" in k]  # the renamed Regions' old properties left
    for _ in range(2):  # painting again replaces, never adds "….001"
        assert bpy.ops.overanim.paint_region_masks(write_vertex_groups=True) == {"FINISHED"}
    for obj in meshes():
        ours = our_names(obj)
        assert not [n for n in ours if "." in n] and len(ours) == len(set(ours))
        assert {mask_name(n) for n in names} <= set(ours) and {group_name(n) for n in names} <= set(ours)
    assert not np.array_equal(read_mask(body(), mask_name(names[0])), read_mask(body(), mask_name(names[1])))


@pytest.mark.parametrize("taken", ["OverAnim_Preview", "mask"])
def test_a_vertex_group_named_like_our_attribute_is_refused_before_writing(sample, taken):
    name = "OverAnim_Preview" if taken == "OverAnim_Preview" else mask_name("Spine")
    lod1 = bpy.data.objects["SK_OverAnimSample_Body_LOD1"]
    lod1.vertex_groups.new(name=name)  # on the second mesh: the first must not be painted either
    before = [mesh_state(o) for o in meshes()]
    with pytest.raises(RuntimeError, match=f"has a vertex group named '{name}'"):
        bpy.ops.overanim.paint_region_masks()
    assert [mesh_state(o) for o in meshes()] == before


@pytest.mark.parametrize("group", [False, True])
def test_an_artists_attribute_named_like_ours_is_refused_not_renamed(sample, group):
    name = group_name("Head") if group else mask_name("Head")
    body().data.attributes.new(name, "FLOAT", "FACE")
    before = [mesh_state(o) for o in meshes()]
    with pytest.raises(RuntimeError, match=f"attribute named '{name}'"):
        bpy.ops.overanim.paint_region_masks(write_vertex_groups=group)
    assert [mesh_state(o) for o in meshes()] == before


def test_measure_replaces_only_its_own_properties(sample):
    sample["OverAnim_FootIK_BodyOffset"] = 3.5  # another feature's, on the same armature
    sample["OverAnim_ExportPreset"] = "UE5"
    bpy.ops.overanim.measure_proportions()
    sample.overanim.regions.remove(sample.overanim.regions.find("LeftLeg"))
    bpy.ops.overanim.measure_proportions()
    props = custom_props(sample)
    assert props["OverAnim_FootIK_BodyOffset"] == 3.5 and props["OverAnim_ExportPreset"] == "UE5"
    assert not [k for k in props if "LeftLeg" in k]
    assert "OverAnim_Region_LeftArm_ChainLength" in props


@pytest.mark.parametrize(("prop", "label", "feature"), [
    ("falloff_mode", "Falloff Mode", "paint_region_masks"), ("lod_policy", "LOD Policy", "check_lod_coverage"),
    ("composition_policy", "Composition Policy", "compose_region_deltas"),
    ("measurement_basis", "Measurement Basis", "measure_proportions"),
    ("spatial_calibration_mode", "Spatial Calibration", "measure_proportions"),
])
def test_a_raw_out_of_range_enum_value_is_an_error_not_a_traceback(sample, prop, label, feature):
    add_sample_deltas(sample)
    sample.overanim.regions["LeftArm"][prop] = 99  # past the UI, as a script or a bad file can
    before = everything(sample)
    with pytest.raises(RuntimeError, match=rf"Region 'LeftArm': {label} holds an unknown value"):
        getattr(bpy.ops.overanim, feature)()
    assert everything(sample) == before


def test_the_reports_say_what_a_region_is_written_as(sample, capfd):
    sample.overanim.regions["LeftArm"].name = "Left Arm"
    capfd.readouterr()
    bpy.ops.overanim.measure_proportions()
    bpy.ops.overanim.paint_region_masks()
    out = capfd.readouterr().out
    assert out.count(f"'Left Arm' as '{region_key('Left Arm')}'") == 2
    assert "'Spine' as" not in out


def test_the_batch_report_lists_the_region_keys(sample):
    from overanim_addon.blender.pipeline import process_armature

    sample.overanim.regions["LeftArm"].name = "왼팔 🦾"
    report = process_armature(sample)
    assert report["ok"]
    assert report["steps"]["measure"]["region_keys"]["왼팔 🦾"] == region_key("왼팔 🦾")
