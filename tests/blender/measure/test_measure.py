import json

import bpy
import pytest
from mathutils import Matrix

from overanim_addon.blender.measure.results import CHARACTER_PROPS

from ..helpers import custom_props


def measure():
    assert bpy.ops.overanim.measure_proportions() == {"FINISHED"}


def test_sample_is_measured_in_centimetres(sample):
    measure()
    p = custom_props(sample)
    assert p["OverAnim_CharacterHeightCS"] == pytest.approx(180.0, abs=0.01)
    assert p["OverAnim_CharacterScaleCS"] == pytest.approx(1.0, abs=1e-4)
    assert p["OverAnim_LocomotionRootBone"] == "pelvis"
    assert p["OverAnim_LocomotionHeightCS"] == pytest.approx(95.0, abs=0.01)
    assert p["OverAnim_LocomotionScaleCS"] == pytest.approx(95 / 90, abs=1e-4)
    assert p["OverAnim_GroundProbeRadiusCS"] == pytest.approx(46.5, abs=0.01)
    for key in CHARACTER_PROPS:
        assert f"OverAnim_{key}CS" in p and f"OverAnim_{key}WS" in p
    # the head Region: neck_01 + head, 12 + 24 cm
    assert p["OverAnim_Region_Head_ChainLength"] == pytest.approx(36.0, abs=0.1)
    assert p["OverAnim_Region_Head_SpanScale"] == pytest.approx(36.0 / 60.0, abs=1e-3)
    assert p["OverAnim_Region_LeftArm_BoundsRadius"] > 30


def test_properties_are_described_as_computed(sample):
    measure()
    ui = sample.id_properties_ui("OverAnim_CharacterHeightCS").as_dict()
    assert "Computed by OverAnim" in ui["description"] and "(cm)" in ui["description"]


def test_same_results_at_unit_scale_0_01_with_180_units(sample):
    measure()
    reference = custom_props(sample)
    # the same character modelled in centimetres: 180 units tall, 1 unit = 1 cm
    objects = [sample, *[o for o in bpy.context.scene.objects if o.type == "MESH"]]
    sample.scale = (100, 100, 100)
    with bpy.context.temp_override(selected_editable_objects=objects, selected_objects=objects,
                                   active_object=sample):
        bpy.ops.object.transform_apply(location=False, rotation=False, scale=True)
    bpy.context.scene.unit_settings.scale_length = 0.01
    assert sample.data.bones["head"].tail_local.z == pytest.approx(180.0, abs=1e-3)
    measure()
    again = custom_props(sample)
    assert again.keys() == reference.keys()
    for key, value in reference.items():
        if isinstance(value, float):
            assert again[key] == pytest.approx(value, rel=1e-4, abs=1e-3), key


def test_object_scale_2_doubles_ws_not_cs(sample):
    measure()
    before = custom_props(sample)
    sample.scale = (2, 2, 2)
    bpy.context.view_layer.update()
    measure()
    after = custom_props(sample)
    for key in ("CharacterHeight", "LocomotionHeight", "GroundProbeRadius"):
        assert after[f"OverAnim_{key}CS"] == pytest.approx(before[f"OverAnim_{key}CS"])
        assert after[f"OverAnim_{key}WS"] == pytest.approx(2 * before[f"OverAnim_{key}WS"], rel=1e-5)
    assert after["OverAnim_CharacterScaleWS"] == pytest.approx(2.0, rel=1e-4)
    assert after["OverAnim_CharacterScaleCS"] == pytest.approx(1.0, rel=1e-4)


def test_measuring_again_removes_stale_region_properties(sample):
    measure()
    assert "OverAnim_Region_LeftLeg_ChainLength" in sample
    sample.overanim.regions.remove(len(sample.overanim.regions) - 1)
    measure()
    assert not [k for k in sample.keys() if "LeftLeg" in k]  # noqa: SIM118


def test_measure_works_from_the_active_mesh(sample):
    mesh = bpy.data.objects["SK_OverAnimSample_Body"]
    bpy.context.view_layer.objects.active = mesh
    measure()
    assert "OverAnim_CharacterHeightCS" in sample


def test_explicit_locomotion_root(sample):
    sample.overanim.calibration.locomotion_root_bone = "spine_02"
    measure()
    assert sample["OverAnim_LocomotionRootBone"] == "spine_02"
    assert sample["OverAnim_LocomotionHeightCS"] == pytest.approx(118.0, abs=0.01)


def test_json_export(sample, tmp_path):
    measure()
    path = tmp_path / "results.json"
    assert bpy.ops.overanim.export_results_json(filepath=str(path)) == {"FINISHED"}
    data = json.loads(path.read_text())
    assert data["units"] == "cm" and data["armature"] == sample.name
    assert data["custom_properties"]["OverAnim_CharacterHeightCS"] == pytest.approx(180.0, abs=0.01)
    assert data["calibration"]["reference_character_height"] == 180.0


def test_fbx_round_trip_keeps_the_custom_properties(sample, tmp_path):
    measure()
    written = custom_props(sample)
    path = tmp_path / "character.fbx"
    bpy.ops.export_scene.fbx(filepath=str(path), use_custom_props=True, add_leaf_bones=False)
    bpy.ops.wm.read_homefile(use_empty=True)
    bpy.ops.import_scene.fbx(filepath=str(path), use_custom_props=True)
    armatures = [o for o in bpy.data.objects if o.type == "ARMATURE"]
    assert len(armatures) == 1
    back = custom_props(armatures[0])
    assert back.keys() == written.keys()
    for key, value in written.items():
        if isinstance(value, float):
            assert back[key] == pytest.approx(value, rel=1e-5, abs=1e-4), key
        else:
            assert back[key] == value


@pytest.mark.parametrize(("name", "lod"), [("Body_LOD1.001", 1), ("Body_lod2", 2), ("Body_LOD03.012", 3),
                                           ("Body.001", 0), ("Body_LOD1_Cloth", 0), ("Body_LOD", 0)])
def test_lod_index_reads_blenders_duplicate_suffix(addon, empty_scene, name, lod):
    from overanim_addon.blender.shared.scene import lod_index

    obj = bpy.data.objects.new(name, None)
    assert obj.name == name and lod_index(obj) == lod


def test_a_copied_lod_mesh_is_not_measured_as_lod0(sample):
    """Blender names a copy of Body_LOD1 'Body_LOD1.001': it is still LOD1, not a LOD0 mesh."""
    measure()
    reference = custom_props(sample)
    lod1 = bpy.data.objects["SK_OverAnimSample_Body_LOD1"]
    copy = lod1.copy()
    copy.data = lod1.data.copy()
    copy.data.transform(Matrix.Scale(1.5, 4))  # taller: it would show if measured
    bpy.context.scene.collection.objects.link(copy)
    assert copy.name == "SK_OverAnimSample_Body_LOD1.001"
    measure()
    assert custom_props(sample)["OverAnim_CharacterHeightWS"] == reference["OverAnim_CharacterHeightWS"]
