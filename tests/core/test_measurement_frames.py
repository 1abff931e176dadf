"""Heights along world up in both spaces (WS: world lengths; CS: the rig's own lengths, along the
local axis the object's rotation turns into world up), and what a Region's settings resolve to."""

import math

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from overanim_addon.core import CalibrationSettings, InvalidInputError, MotionMeasurementBasis, SpatialCalibrationMode
from overanim_addon.core.measurement import RegionSpaces, calibrate_region, frames, measure_character, measure_region
from overanim_addon.core.skeleton import BoneInfo, Skeleton

from .skeletons import humanoid

ROT_X_90 = np.array([[1.0, 0, 0], [0, 0, -1], [0, 1, 0]])  # turns local +Y into world +Z
POINTS = np.array([[0, 0, 0], [5, -3, 180.0], [20, 4, 120.0]])  # the crown is the highest vertex


def carried(skeleton, linear):
    return skeleton.transformed(linear)


def fbx_shape(skeleton, points, scale=0.01):
    """What Blender's FBX importer makes of an upright rig: Y-up data in the file's unit (the
    data 1/scale as large), object rotation +90 degrees about X, object scale ``scale``."""
    to_data = ROT_X_90.T / scale
    return carried(skeleton, to_data), points @ to_data.T, ROT_X_90 * scale


CHARACTER_FIELDS = ("character_height", "locomotion_height", "ground_probe_radius")


def test_the_fbx_import_shape_measures_like_the_applied_rig():
    cal = CalibrationSettings()
    applied = measure_character(cal, humanoid(), POINTS, np.eye(3))
    skeleton, points, linear = fbx_shape(humanoid(), POINTS)
    imported = measure_character(cal, skeleton, points, linear)
    assert imported.locomotion_root_bone == "pelvis"
    a, b = applied.proportions, imported.proportions
    for field in CHARACTER_FIELDS:
        assert getattr(b, f"{field}_ws") == pytest.approx(getattr(a, f"{field}_ws"))
        assert getattr(b, f"{field}_cs") == pytest.approx(getattr(b, f"{field}_ws") / 0.01)
    assert b.character_height_ws == pytest.approx(180.0) and b.locomotion_height_ws == pytest.approx(95.0)
    assert b.character_scale_ws == pytest.approx(1.0)
    assert b.character_scale_cs == cal.maximum_character_scale  # 18,000 cm clamps at the maximum


def test_an_unnamed_root_is_found_on_the_upright_rig():
    skeleton, points, linear = fbx_shape(humanoid("torso_base"), POINTS)
    m = measure_character(CalibrationSettings(), skeleton, points, linear)
    assert m.locomotion_root_bone == "torso_base"
    assert m.proportions.ground_probe_radius_ws == pytest.approx(46.5)  # its legs are found too


def test_a_rig_lying_on_its_back_measures_its_thickness():
    lying = carried(humanoid(), ROT_X_90.T)  # head along -Y, no object rotation to stand it up
    m = measure_character(CalibrationSettings(locomotion_root_bone="pelvis"), lying, np.zeros((0, 3)), np.eye(3))
    assert m.proportions.character_height_ws < 20 and m.proportions.locomotion_height_ws == pytest.approx(0.0)


@given(st.tuples(*[st.floats(-1, 1)] * 4).filter(lambda q: np.linalg.norm(q) > 0.1), st.floats(0.01, 100))
def test_heights_are_along_world_up_whatever_the_rotation_and_scale(q, scale):
    w, x, y, z = np.asarray(q) / np.linalg.norm(q)
    rotation = np.array([[1 - 2 * (y * y + z * z), 2 * (x * y - z * w), 2 * (x * z + y * w)],
                         [2 * (x * y + z * w), 1 - 2 * (x * x + z * z), 2 * (y * z - x * w)],
                         [2 * (x * z - y * w), 2 * (y * z + x * w), 1 - 2 * (x * x + y * y)]])
    # data turned away by the inverse rotation, stood up again by the object's rotation and scale
    skeleton, points = carried(humanoid(), rotation.T), POINTS @ rotation
    m = measure_character(CalibrationSettings(), skeleton, points, rotation * scale).proportions
    assert m.character_height_cs == pytest.approx(180.0)
    assert m.locomotion_height_cs == pytest.approx(95.0)
    assert m.character_height_ws == pytest.approx(180.0 * scale)
    assert m.ground_probe_radius_ws == pytest.approx(46.5 * scale)


def test_frames_split_rotation_and_scale_and_keep_mirrors_proper():
    f = frames(ROT_X_90 * 2.0)
    np.testing.assert_allclose(f.cs, ROT_X_90, atol=1e-12)
    assert f.object_scale == pytest.approx(2.0)
    mirrored = frames(np.diag([-1.0, 1.0, 1.0]))
    assert np.linalg.det(mirrored.cs) == pytest.approx(1.0)
    with pytest.raises(InvalidInputError, match="degenerate"):
        frames(np.full((3, 3), np.nan))


def test_non_finite_bones_are_refused():
    bones = [*humanoid().bones[:-1], BoneInfo("foot_r", "calf_r", (-12, 0, 9), (math.nan, -15, 3))]
    with pytest.raises(InvalidInputError, match="Bone 'foot_r' has a rest position that is not a number"):
        measure_character(CalibrationSettings(), Skeleton(bones), np.zeros((0, 3)), np.eye(3))


def test_region_spaces():
    bones = ["thigh_l", "calf_l", "foot_l"]
    points = np.array([[10, 0, 90.0], [12, -14, 3.0], [11, 2, 50.0]])
    cs, ws = RegionSpaces(humanoid(), ROT_X_90 * 2.0).measure(bones, points)
    assert cs == measure_region(humanoid(), bones, points)
    for field in ("span_length", "bounds_radius", "chain_length", "average_bone_length"):
        assert getattr(ws, field) == pytest.approx(2.0 * getattr(cs, field))


# -- a Region's Measurement Basis and Spatial Calibration --------------------------------------------
def arm_calibration(basis="AUTO", mode="CHARACTER_RELATIVE", distance=10.0, ratio=0.5, scale=1.0, cal=None):
    cal = cal or CalibrationSettings()
    bones = ["spine_01", "head"]
    character = measure_character(cal, humanoid(), POINTS, np.eye(3) * scale).proportions
    cs, ws = RegionSpaces(humanoid(), np.eye(3) * scale).measure(bones, np.zeros((0, 3)))
    return calibrate_region(cal, character, cs, ws, basis, mode, distance, ratio), cs, character


def test_each_measurement_basis_gives_its_own_motion_scale():
    _, region, character = arm_calibration()
    cal = CalibrationSettings()
    expected = {
        "AUTO": cal.resolve_measurement_scale(region.chain_length, cal.reference_region_chain_length),
        "CHARACTER_HEIGHT": character.character_scale_cs,
        "LOCOMOTION_HEIGHT": character.locomotion_scale_cs,
        "REGION_SPAN": cal.resolve_measurement_scale(region.span_length, cal.reference_region_span_length),
        "REGION_BOUNDS_RADIUS": cal.resolve_measurement_scale(region.bounds_radius,
                                                              cal.reference_region_bounds_radius),
        "REGION_CHAIN_LENGTH": cal.resolve_measurement_scale(region.chain_length, cal.reference_region_chain_length),
        "AVERAGE_BONE_LENGTH": cal.resolve_measurement_scale(region.average_bone_length,
                                                             cal.reference_average_bone_length),
        "ABSOLUTE": 1.0,
    }
    assert set(expected) == {b.name for b in MotionMeasurementBasis}
    got = {basis: arm_calibration(basis=basis)[0] for basis in expected}
    for basis, value in expected.items():
        assert got[basis].motion_resolved_cs and got[basis].motion_scale_cs == pytest.approx(value), basis
    assert len({round(g.motion_scale_cs, 6) for g in got.values()}) >= 5  # the basis really changes it


def test_a_basis_that_cannot_resolve_gives_0():
    cal = CalibrationSettings()
    character = measure_character(cal, humanoid(), POINTS, np.eye(3)).proportions
    empty = measure_region(Skeleton([]), [], np.zeros((0, 3)))  # nothing measured
    result = calibrate_region(cal, character, empty, empty, "REGION_SPAN", "ABSOLUTE", 1.0, 1.0)
    assert (result.motion_resolved_cs, result.motion_scale_cs) == (False, 0.0)
    assert (result.motion_resolved_ws, result.motion_scale_ws) == (False, 0.0)


def test_each_spatial_mode_and_an_object_scale_of_2():
    region = arm_calibration()[1]
    one = {m.name: arm_calibration(mode=m.name)[0] for m in SpatialCalibrationMode}
    assert one["ABSOLUTE"].spatial_distance_cs == 10.0
    assert one["CHARACTER_RELATIVE"].spatial_distance_cs == pytest.approx(10.0)  # character scale 1 at 180 cm
    assert one["REGION_RELATIVE"].spatial_distance_cs == pytest.approx(0.5 * region.offset_reference_length())
    two = {m.name: arm_calibration(mode=m.name, scale=2.0)[0] for m in SpatialCalibrationMode}
    for mode in ("CHARACTER_RELATIVE", "REGION_RELATIVE"):
        assert two[mode].spatial_distance_ws == pytest.approx(2 * one[mode].spatial_distance_ws), mode
        assert two[mode].spatial_distance_cs == pytest.approx(one[mode].spatial_distance_cs), mode
    assert two["ABSOLUTE"].spatial_distance_ws == 10.0  # an absolute distance follows nothing


def test_region_relative_without_a_ratio_falls_back_to_character_relative():
    fallback = arm_calibration(mode="REGION_RELATIVE", ratio=0.0, scale=1.5)[0]
    assert fallback.spatial_distance_ws == pytest.approx(10.0 * 1.5)


def quaternion_matrix(q):
    w, x, y, z = np.asarray(q) / np.linalg.norm(q)
    return np.array([[1 - 2 * (y * y + z * z), 2 * (x * y - z * w), 2 * (x * z + y * w)],
                     [2 * (x * y + z * w), 1 - 2 * (x * x + z * z), 2 * (y * z - x * w)],
                     [2 * (x * z - y * w), 2 * (y * z + x * w), 1 - 2 * (x * x + y * y)]])


@given(st.tuples(*[st.floats(-1, 1)] * 4).filter(lambda q: np.linalg.norm(q) > 0.1),
       st.sampled_from([(-1, 1, 1), (1, -1, 1), (1, 1, -1), (-1, -1, -1), (-2, 1, 1), (1, -0.5, 3), (-1, 2, 3)]),
       st.floats(0.05, 20))
def test_a_mirrored_transform_keeps_the_rig_upright_in_cs_as_it_stands_in_ws(q, mirror, scale):
    """A rig mirrored by a negative object scale stands as the viewport shows it: CS turns the same
    local axis to world up as WS does (the mirror goes to the stretch, whichever axis it is on); with
    a non-uniform stretch, which turns directions, the nearest it can, never below the horizon."""
    rotation = quaternion_matrix(q)
    linear = rotation @ np.diag(mirror) * scale
    f = frames(linear)
    np.testing.assert_allclose(f.cs @ f.cs.T, np.eye(3), atol=1e-9)
    assert np.linalg.det(f.cs) == pytest.approx(1.0)
    stretch = f.cs.T @ linear
    np.testing.assert_allclose(stretch, stretch.T, atol=1e-9 * scale * 3)
    up_ws = linear.T @ [0, 0, 1] / np.linalg.norm(linear.T @ [0, 0, 1])  # the local direction WS carries highest
    up_cs = f.cs.T @ [0, 0, 1]
    if len(set(np.abs(mirror))) == 1:
        assert up_cs @ up_ws == pytest.approx(1.0)  # the same local axis
    else:
        assert up_cs @ up_ws > 0.0


@pytest.mark.parametrize("mirror", [(-1, 1, 1), (1, -1, 1)])
def test_a_rig_mirrored_left_to_right_measures_as_it_stands(mirror):
    m = measure_character(CalibrationSettings(), humanoid(), POINTS, np.diag(mirror).astype(float))
    assert m.locomotion_root_bone == "pelvis"
    for space in ("cs", "ws"):
        assert getattr(m.proportions, f"character_height_{space}") == pytest.approx(180.0)
        assert getattr(m.proportions, f"locomotion_height_{space}") == pytest.approx(95.0)
