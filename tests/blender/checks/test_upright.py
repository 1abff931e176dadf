"""Rigs as they arrive: stood upright by their object transform (Blender's FBX import of an Unreal
or Maya file), lying on their back, scaled; and the one-click Apply Scale fixes."""

import json
import math

import bpy
import numpy as np
import pytest
from mathutils import Matrix

from overanim_addon.blender.checks.rig_checks import run_checks
from overanim_addon.core import CalibrationSettings, MotionMeasurementBasis, SpatialCalibrationMode

from ..helpers import custom_props

UP_FROM_Y = Matrix.Rotation(math.radians(90), 4, "X")  # turns local +Y into world +Z
CHARACTER = ("CharacterHeight", "CharacterScale", "LocomotionHeight", "LocomotionScale",
             "GroundProbeRadius", "GroundProbeScale")


def meshes():
    return [o for o in bpy.context.scene.objects if o.type == "MESH"]


def findings(armature):
    return {(f.id, f.severity): f.message for f in run_checks(bpy.context, armature)}


def measure():
    assert bpy.ops.overanim.measure_proportions() == {"FINISHED"}
    return custom_props(bpy.data.objects["SK_OverAnimSample"])


def reshape_data(armature, matrix):
    """Carry the bones and every mesh's vertices by ``matrix`` (the sample's meshes sit on the
    armature with identity transforms, so they stay on their bones)."""
    armature.data.transform(matrix)
    for obj in meshes():
        obj.data.transform(matrix)


def fbx_shape(armature):
    """What Blender's FBX importer makes of the same rig exported from Unreal or Maya: Y-up bone
    data in the file's centimetres, object rotation +90 degrees about X, object scale 0.01."""
    reshape_data(armature, UP_FROM_Y.inverted() @ Matrix.Scale(100.0, 4))
    armature.matrix_world = UP_FROM_Y @ Matrix.Scale(0.01, 4)
    bpy.context.view_layer.update()


def world_vertices(obj):
    """The evaluated (deformed) vertices in world space."""
    evaluated = obj.evaluated_get(bpy.context.evaluated_depsgraph_get())
    mesh = evaluated.to_mesh()
    co = np.empty(len(mesh.vertices) * 3)
    mesh.vertices.foreach_get("co", co)
    evaluated.to_mesh_clear()
    m = np.array(obj.matrix_world)
    return co.reshape(-1, 3) @ m[:3, :3].T + m[:3, 3]


def test_the_fbx_import_shape_measures_like_the_applied_rig(sample):
    applied = measure()
    fbx_shape(sample)
    found = findings(sample)
    assert not {key for key in found if key[0] in ("locomotion_root", "orientation", "unit_scale")}
    explained = found[("armature_scale", "WARNING")]
    assert "0.01" in explained and "FBX" in explained and "CS" in explained and "180 cm tall" in explained
    imported = measure()
    for key in CHARACTER:
        assert imported[f"OverAnim_{key}WS"] == pytest.approx(applied[f"OverAnim_{key}WS"], rel=1e-4), key
    for key in ("CharacterHeight", "LocomotionHeight", "GroundProbeRadius"):
        assert imported[f"OverAnim_{key}CS"] == pytest.approx(imported[f"OverAnim_{key}WS"] / 0.01, rel=1e-4)
    assert imported["OverAnim_CharacterScaleCS"] == CalibrationSettings().maximum_character_scale
    chain = "OverAnim_Region_Head_ChainLength"
    assert imported[chain] == pytest.approx(100 * applied[chain])  # CS: the rig's own data
    assert imported["OverAnim_LocomotionRootBone"] == "pelvis"


def test_apply_scale_on_the_fbx_shape_leaves_scale_1_everywhere_and_cs_equal_to_ws(sample):
    applied = measure()
    fbx_shape(sample)
    before = {o.name: world_vertices(o) for o in meshes()}
    assert bpy.ops.overanim.fix_check(fix="apply_armature_scale") == {"FINISHED"}
    for obj in [sample, *meshes()]:
        assert tuple(obj.scale) == pytest.approx((1, 1, 1))
        assert tuple(obj.matrix_world.to_scale()) == pytest.approx((1, 1, 1))
    for obj in meshes():
        np.testing.assert_allclose(world_vertices(obj), before[obj.name], atol=1e-5)
    again = measure()
    for key in CHARACTER:
        assert again[f"OverAnim_{key}CS"] == pytest.approx(applied[f"OverAnim_{key}CS"], rel=1e-4), key
        assert again[f"OverAnim_{key}WS"] == pytest.approx(applied[f"OverAnim_{key}WS"], rel=1e-4), key


def refused_until_turned(sample, match, degrees_about_x):
    """Measure refuses the rig and writes nothing; turned as the message advises, it measures."""
    with pytest.raises(RuntimeError, match=match):
        bpy.ops.overanim.measure_proportions()
    assert custom_props(sample) == {}
    sample.rotation_euler = (math.radians(degrees_about_x), 0, 0)  # the advice works
    bpy.context.view_layer.update()
    assert ("orientation", "ERROR") not in findings(sample)
    assert measure()["OverAnim_CharacterHeightWS"] == pytest.approx(180.0, abs=0.01)


def test_a_rig_lying_on_its_back_is_named_with_its_axis(sample):
    reshape_data(sample, UP_FROM_Y.inverted())  # head along +Y, no rotation to stand it up
    found = findings(sample)
    message = found[("orientation", "ERROR")]
    assert "lies along world +Y" in message and "+90° about X" in message
    assert not [key for key in found if key[0] == "locomotion_root"]  # not blamed on the root
    refused_until_turned(sample, r"lies along world \+Y", 90)


def add_props(armature):
    """A child empty, a prop parented to a bone, and a deformed mesh that is not a child."""
    socket = bpy.data.objects.new("Socket", None)
    sword = bpy.data.objects.new("Sword", bpy.data.meshes.new("Sword"))
    sword.data.from_pydata([(0, 0, 0), (0.1, 0, 0), (0, 0.5, 0)], [], [(0, 1, 2)])
    cloak = bpy.data.objects.new("Cloak", bpy.data.meshes.new("Cloak"))
    cloak.data.from_pydata([(0, 0.2, 1.0), (0.3, 0.2, 1.2), (0, 0.2, 1.5)], [], [(0, 1, 2)])
    cloak.vertex_groups.new(name="spine_02").add([0, 1, 2], 1.0, "REPLACE")
    for obj in (socket, sword, cloak):
        bpy.context.scene.collection.objects.link(obj)
    socket.parent = armature
    socket.location = (0.2, 0, 1)
    sword.parent, sword.parent_type, sword.parent_bone = armature, "BONE", "hand_l"
    cloak.modifiers.new("Armature", "ARMATURE").object = armature
    cloak.scale = (1.5, 1.5, 1.5)  # its own scale as well
    bpy.context.view_layer.update()
    return socket, sword, cloak


@pytest.mark.parametrize("posed", [False, True])
def test_apply_scale_keeps_every_object_where_it_was(sample, posed):
    socket, sword, cloak = add_props(sample)
    sample.scale = (2, 2, 2)
    if posed:  # rotations only: Blender's own Apply Scale leaves keyed or posed bone offsets alone
        sample.pose.bones["upperarm_l"].rotation_quaternion = (0.9, 0.3, 0.1, 0.0)
        sample.pose.bones["spine_02"].rotation_quaternion = (0.95, 0.0, 0.3, 0.0)
    bpy.context.view_layer.update()
    before = {o.name: world_vertices(o) for o in meshes()}
    socket_world = socket.matrix_world.copy()
    assert bpy.ops.overanim.fix_check(fix="apply_armature_scale") == {"FINISHED"}
    for obj in [sample, *meshes()]:
        assert tuple(obj.scale) == pytest.approx((1, 1, 1), abs=1e-5), obj.name
        assert tuple(obj.matrix_world.to_scale()) == pytest.approx((1, 1, 1), abs=1e-5), obj.name
    for obj in meshes():
        np.testing.assert_allclose(world_vertices(obj), before[obj.name], atol=1e-5, err_msg=obj.name)
    np.testing.assert_allclose(np.array(socket.matrix_world), np.array(socket_world), atol=1e-5)
    assert (sword.parent, sword.parent_bone, cloak.parent) == (sample, "hand_l", None)  # relations kept
    assert not {key for key in findings(sample) if key[0] in ("armature_scale", "mesh_scale")}


def test_a_deformed_mesh_with_its_own_scale_is_reported_and_fixed(sample):
    body = bpy.data.objects["SK_OverAnimSample_Body"]
    body.scale = (1.2, 1.2, 1.2)
    bpy.context.view_layer.update()
    before = world_vertices(body)
    found = findings(sample)
    assert "'SK_OverAnimSample_Body' (1.2)" in found[("mesh_scale", "WARNING")]
    bpy.ops.overanim.run_checks()
    assert [c.fix for c in sample.overanim.checks] == ["apply_mesh_scale"]
    assert bpy.ops.overanim.fix_check(fix="apply_mesh_scale") == {"FINISHED"}
    assert tuple(body.scale) == pytest.approx((1, 1, 1)) and tuple(sample.scale) == (1, 1, 1)
    np.testing.assert_allclose(world_vertices(body), before, atol=1e-5)
    assert ("mesh_scale", "WARNING") not in findings(sample)


def apply_scale_refused_unchanged(items, attribute, match):
    """Apply Scale refuses with a message matching ``match``; True if the items' vectors stayed."""
    before = np.empty(len(items) * 3)
    items.foreach_get(attribute, before)
    with pytest.raises(RuntimeError, match=match):
        bpy.ops.overanim.fix_check(fix="apply_armature_scale")
    after = np.empty_like(before)
    items.foreach_get(attribute, after)
    return np.array_equal(before, after)


def test_apply_scale_refuses_mesh_data_shared_outside_the_rig_and_changes_nothing(sample):
    body = bpy.data.objects["SK_OverAnimSample_Body"]
    elsewhere = bpy.data.objects.new("Statue", body.data)  # the same mesh data, not on the rig
    bpy.context.scene.collection.objects.link(elsewhere)
    sample.scale = (2, 2, 2)
    bpy.context.view_layer.update()
    assert apply_scale_refused_unchanged(body.data.vertices, "co", "also used outside the rig")
    assert tuple(sample.scale) == (2, 2, 2)


def test_a_bone_at_nan_is_a_finding_and_measure_keeps_the_previous_results(sample):
    before = measure()
    with bpy.context.temp_override(active_object=sample, object=sample):
        bpy.ops.object.mode_set(mode="EDIT")
        sample.data.edit_bones["hand_l"].head = (math.nan, 0.0, 1.0)  # (5.0 turns a NaN tail into the head)
        bpy.ops.object.mode_set(mode="OBJECT")
    assert not math.isfinite(sample.data.bones["hand_l"].head_local.x)
    assert "hand_l" in findings(sample)[("bone_positions", "ERROR")]
    with pytest.raises(RuntimeError, match="not a number"):
        bpy.ops.overanim.measure_proportions()
    assert custom_props(sample) == before


# -- every Region field acts ---------------------------------------------------------------------------
def test_each_measurement_basis_changes_the_written_motion_scale(sample):
    region = sample.overanim.regions["LeftArm"]
    written = {}
    for basis in MotionMeasurementBasis:
        region.measurement_basis = basis.name
        props = measure()
        written[basis.name] = props["OverAnim_Region_LeftArm_MotionScaleCS"]
        assert props["OverAnim_Region_LeftArm_MotionScaleWS"] == pytest.approx(written[basis.name])  # scale 1
    assert written["CHARACTER_HEIGHT"] == pytest.approx(props["OverAnim_CharacterScaleCS"])
    assert written["LOCOMOTION_HEIGHT"] == pytest.approx(props["OverAnim_LocomotionScaleCS"])
    assert written["REGION_SPAN"] == pytest.approx(props["OverAnim_Region_LeftArm_SpanScale"])
    assert written["REGION_BOUNDS_RADIUS"] == pytest.approx(props["OverAnim_Region_LeftArm_BoundsRadiusScale"])
    assert written["AUTO"] == written["REGION_CHAIN_LENGTH"] == pytest.approx(
        props["OverAnim_Region_LeftArm_ChainLengthScale"])
    assert written["AVERAGE_BONE_LENGTH"] == pytest.approx(props["OverAnim_Region_LeftArm_AverageBoneLengthScale"])
    assert written["ABSOLUTE"] == 1.0
    assert len({round(v, 5) for v in written.values()}) >= 5


def test_each_spatial_mode_changes_the_written_distance_and_scale_2_doubles_ws(sample):
    region = sample.overanim.regions["LeftArm"]
    region.authored_distance, region.region_ratio = 10.0, 0.5
    sample.overanim.calibration.reference_character_height = 150.0  # character scale 1.2
    written = {}
    for mode in SpatialCalibrationMode:
        region.spatial_calibration_mode = mode.name
        props = measure()
        written[mode.name] = props["OverAnim_Region_LeftArm_SpatialDistanceCS"]
    assert written["ABSOLUTE"] == pytest.approx(10.0)
    assert written["CHARACTER_RELATIVE"] == pytest.approx(10.0 * 1.2)
    assert written["REGION_RELATIVE"] == pytest.approx(0.5 * props["OverAnim_Region_LeftArm_OffsetReferenceLength"])
    for mode in ("CHARACTER_RELATIVE", "REGION_RELATIVE"):
        region.spatial_calibration_mode = mode
        sample.scale = (1, 1, 1)
        bpy.context.view_layer.update()
        one = measure()["OverAnim_Region_LeftArm_SpatialDistanceWS"]
        sample.scale = (2, 2, 2)
        bpy.context.view_layer.update()
        two = measure()
        assert two["OverAnim_Region_LeftArm_SpatialDistanceWS"] == pytest.approx(2 * one), mode
        assert two["OverAnim_Region_LeftArm_SpatialDistanceCS"] == pytest.approx(written[mode]), mode


def test_region_values_reach_the_json_export_and_the_batch_report(sample, tmp_path):
    from overanim_addon.blender.pipeline import process_armature

    sample.overanim.regions["Head"].measurement_basis = "REGION_SPAN"
    measure()
    path = tmp_path / "results.json"
    assert bpy.ops.overanim.export_results_json(filepath=str(path)) == {"FINISHED"}
    exported = json.loads(path.read_text())["custom_properties"]
    report = process_armature(sample)["steps"]["measure"]["properties"]
    for name in ("MotionScaleCS", "MotionScaleWS", "SpatialDistanceCS", "SpatialDistanceWS"):
        key = f"OverAnim_Region_Head_{name}"
        assert exported[key] == pytest.approx(sample[key]) and report[key] == pytest.approx(sample[key])
    assert exported["OverAnim_Region_Head_MotionScaleCS"] == pytest.approx(exported["OverAnim_Region_Head_SpanScale"])


def world_normals(obj):
    """Face normals of the evaluated mesh in world space, from its winding (as a renderer sees it)."""
    evaluated = obj.evaluated_get(bpy.context.evaluated_depsgraph_get())
    mesh = evaluated.to_mesh()
    corners = np.empty(len(mesh.vertices) * 3)
    mesh.vertices.foreach_get("co", corners)
    loops = np.empty(len(mesh.loops), dtype=np.int32)
    mesh.loops.foreach_get("vertex_index", loops)
    starts = np.empty(len(mesh.polygons), dtype=np.int32)
    mesh.polygons.foreach_get("loop_start", starts)
    evaluated.to_mesh_clear()
    m = np.array(obj.matrix_world)
    world = corners.reshape(-1, 3) @ m[:3, :3].T
    a, b, c = (world[loops[starts + i]] for i in range(3))
    n = np.cross(b - a, c - a)
    return n / np.linalg.norm(n, axis=1, keepdims=True)


@pytest.mark.parametrize("mirror", [(-1, 1, 1), (1, -1, 1)])
def test_a_rig_mirrored_left_to_right_measures_upright_and_apply_scale_keeps_it(sample, mirror):
    upright = measure()
    sample.scale = mirror
    bpy.context.view_layer.update()
    found = findings(sample)
    assert not [key for key in found if key[0] in ("locomotion_root", "orientation")]  # it stands as it did
    mirrored = measure()
    for key in CHARACTER:
        assert mirrored[f"OverAnim_{key}CS"] == pytest.approx(upright[f"OverAnim_{key}CS"], rel=1e-5), key
        assert mirrored[f"OverAnim_{key}WS"] == pytest.approx(upright[f"OverAnim_{key}WS"], rel=1e-5), key
    before = {o.name: (world_vertices(o), world_normals(o)) for o in meshes()}
    assert bpy.ops.overanim.fix_check(fix="apply_armature_scale") == {"FINISHED"}
    for obj in [sample, *meshes()]:
        assert tuple(obj.matrix_world.to_scale()) == pytest.approx((1, 1, 1), abs=1e-5), obj.name
        np.testing.assert_allclose(np.array(obj.matrix_world.to_3x3()), np.eye(3), atol=1e-5)  # no turn added
    for obj in meshes():
        vertices, normals = before[obj.name]
        np.testing.assert_allclose(world_vertices(obj), vertices, atol=1e-5, err_msg=obj.name)
        np.testing.assert_allclose(world_normals(obj), normals, atol=1e-4, err_msg=obj.name)  # not inside out


def test_a_rig_upside_down_is_named_as_such_not_as_an_odd_unit_scale(sample):
    sample.scale = (-1, -1, -1)  # a point mirror: the viewport shows the rig hanging head down
    bpy.context.view_layer.update()
    found = findings(sample)
    message = found[("orientation", "ERROR")]
    assert "upside down" in message and "180° about X" in message
    assert not [key for key in found if key[0] in ("locomotion_root", "unit_scale")]
    refused_until_turned(sample, "upside down", 180)


def test_a_rig_whose_origin_is_at_its_hips_is_measured_from_its_feet(sample):
    """A rig hanging from its origin (its origin at the hips, as a BVH rest pose hangs from its Hips)
    is measured from its lowest point, not from the plane through the origin (where its pelvis would
    be at ground level); the Checks say so and advise no Set Origin, which would put an animated
    clip's origin under its feet."""
    reference = measure()
    soles = min(min((obj.matrix_world @ v.co).z for v in obj.data.vertices) for obj in meshes()) * 100.0
    reshape_data(sample, Matrix.Translation((0, 0, -0.95)))
    sample.location.z += 0.95  # the viewport shows the same rig
    bpy.context.view_layer.update()
    found = findings(sample)
    message = found[("ground", "INFO")]
    assert f"hangs {95.0 - soles:.4g} cm below its origin" in message and "Set Origin" not in message
    assert not [key for key in found if key[0] in ("locomotion_root", "unit_scale", "orientation")]
    again = measure()
    lift = -soles  # the ground is now its lowest vertex, which the sample's soles put below its feet
    for name, share in (("CharacterHeight", 1.0), ("LocomotionHeight", 1.0), ("GroundProbeRadius", 0.5)):
        for space in ("CS", "WS"):
            key = f"OverAnim_{name}{space}"
            assert again[key] == pytest.approx(reference[key] + share * lift, abs=1e-3), key


def fbx_shape_by_parent(armature):
    """The FBX importer's shape on a group above the rig (a Maya file with the skeleton in a group):
    the Empty carries the +90 degrees about X and the scale 0.01, the armature has none of its own."""
    root = bpy.data.objects.new("FBXRoot", None)
    bpy.context.scene.collection.objects.link(root)
    reshape_data(armature, UP_FROM_Y.inverted() @ Matrix.Scale(100.0, 4))
    armature.parent = root
    root.matrix_world = UP_FROM_Y @ Matrix.Scale(0.01, 4)
    bpy.context.view_layer.update()
    return root


def test_a_rig_scaled_by_its_parent_is_explained_and_apply_scale_fixes_it(sample):
    applied = measure()
    root = fbx_shape_by_parent(sample)
    found = findings(sample)
    explained = found[("armature_scale", "WARNING")]
    assert "0.01" in explained and "'FBXRoot'" in explained and "180 cm tall" in explained
    assert not {key for key in found if key[0] in ("mesh_scale", "locomotion_root", "orientation", "unit_scale")}
    imported = measure()
    for key in CHARACTER:
        assert imported[f"OverAnim_{key}WS"] == pytest.approx(applied[f"OverAnim_{key}WS"], rel=1e-4), key
    before = {o.name: world_vertices(o) for o in meshes()}
    root_world = root.matrix_world.copy()
    assert bpy.ops.overanim.fix_check(fix="apply_armature_scale") == {"FINISHED"}
    for obj in [sample, *meshes()]:
        assert tuple(obj.matrix_world.to_scale()) == pytest.approx((1, 1, 1), abs=1e-5), obj.name
    for obj in meshes():
        np.testing.assert_allclose(world_vertices(obj), before[obj.name], atol=1e-5, err_msg=obj.name)
    assert sample.parent is root and np.allclose(np.array(root.matrix_world), np.array(root_world))
    assert not {key for key in findings(sample) if key[0] in ("armature_scale", "mesh_scale")}
    again = measure()
    for key in CHARACTER:
        assert again[f"OverAnim_{key}CS"] == pytest.approx(applied[f"OverAnim_{key}CS"], rel=1e-4), key
        assert again[f"OverAnim_{key}WS"] == pytest.approx(applied[f"OverAnim_{key}WS"], rel=1e-4), key


def test_a_scale_from_constraints_is_reported_and_apply_scale_refuses_it(sample):
    sizer = bpy.data.objects.new("Sizer", None)
    bpy.context.scene.collection.objects.link(sizer)
    sizer.scale = (2, 2, 2)
    sample.constraints.new("COPY_SCALE").target = sizer
    bpy.context.view_layer.update()
    assert tuple(sample.matrix_world.to_scale()) == pytest.approx((2, 2, 2))
    assert "constraints" in findings(sample)[("armature_scale", "WARNING")]
    assert apply_scale_refused_unchanged(sample.data.bones, "head_local", "constraints")
    assert tuple(sample.scale) == (1, 1, 1)


def test_apply_scale_keeps_a_mesh_deformed_by_envelopes_where_it_was(sample):
    """Envelope distances and radii are lengths of the rig: they scale with its bones."""
    body = bpy.data.objects["SK_OverAnimSample_Body"]
    modifier = body.modifiers["Armature"]
    modifier.use_vertex_groups, modifier.use_bone_envelopes = False, True
    sample.pose.bones["upperarm_l"].rotation_quaternion = (0.9, 0.3, 0.1, 0.0)
    sample.scale = (2, 2, 2)
    bpy.context.view_layer.update()
    before = world_vertices(body)
    assert bpy.ops.overanim.fix_check(fix="apply_armature_scale") == {"FINISHED"}
    np.testing.assert_allclose(world_vertices(body), before, atol=1e-5)
