import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra.numpy import arrays

from overanim_addon.core import CalibrationSettings, InvalidInputError
from overanim_addon.core.body_root import find_body_root, ground_probe_radius
from overanim_addon.core.bounding_ball import bounding_sphere_radius
from overanim_addon.core.measurement import measure_character, measure_region
from overanim_addon.core.skeleton import (
    BoneInfo,
    Skeleton,
    TipPoint,
    region_chain_measures,
    region_tip,
    region_tip_point,
)

from .skeletons import humanoid


@pytest.mark.parametrize("name", ["pelvis", "Hips", "mixamorig:Hips", "DEF-pelvis", "Bip01 Pelvis"])
def test_body_root_by_name(name):
    assert find_body_root(humanoid(name)) == name


def test_body_root_by_legs_when_no_name_matches():
    assert find_body_root(humanoid("torso_base")) == "torso_base"


def test_no_body_root_is_a_domain_error():
    s = Skeleton([BoneInfo("a", None, (0, 0, 0), (0, 0, 1)), BoneInfo("b", "a", (0, 0, 1), (0, 0, 2))])
    with pytest.raises(InvalidInputError, match="Locomotion Root Bone"):
        find_body_root(s)


def test_ground_probe_radius_is_half_the_hip_joint_height():
    assert ground_probe_radius(humanoid(), "pelvis") == 46.5
    assert ground_probe_radius(humanoid(), "head") == 0.0  # no legs below the head


def test_region_chain_measures_of_a_leg():
    m = region_chain_measures(humanoid(), ["thigh_l", "calf_l", "foot_l"])
    lengths = [math.dist((10, 0, 93), (11, 0, 51)), math.dist((11, 0, 51), (12, 0, 9)),
               math.dist((12, 0, 9), (12, -15, 3))]
    assert m.chain_length == pytest.approx(sum(lengths))
    assert m.span_length == pytest.approx(math.dist((10, 0, 93), (12, -15, 3)))
    assert m.average_bone_length == pytest.approx(sum(lengths) / 3)


def test_region_with_two_trees_takes_the_longest_chain():
    m = region_chain_measures(humanoid(), ["thigh_l", "calf_l", "head"])
    assert m.chain_length == pytest.approx(math.dist((10, 0, 93), (11, 0, 51)) + math.dist((11, 0, 51), (12, 0, 9)))


def test_region_tip_is_the_last_bone_of_the_longest_chain():
    s = humanoid()
    assert region_tip(s, ["thigh_l", "calf_l", "foot_l"]) == "foot_l"
    assert region_tip(s, ["head"]) == "head"  # one bone: its own tail
    # branches under the pelvis: the longest wins, the leg (about 110 cm) over the spine and head (75 cm)...
    assert region_tip(s, ["pelvis", "spine_01", "head", "thigh_l", "calf_l", "foot_l"]) == "foot_l"
    assert region_tip(s, ["pelvis", "spine_01", "head", "thigh_l"]) == "head"  # ...which outreach a thigh
    assert region_tip(s, ["calf_r", "thigh_l", "calf_l"]) == "calf_l"  # two trees: the longer one's
    with pytest.raises(InvalidInputError):
        region_tip(s, [])


def test_region_tip_point_ends_joint_to_joint():
    """The point Motion follows: a tip bone's child head (fraction 0 of that child), else along the
    leaf itself no farther than its skin reaches, else its whole tail."""
    bones = [BoneInfo("hand", None, (0, 0, 0), (0, 0, 10)), BoneInfo("finger", "hand", (0, 0, 10), (0, 0, 13)),
             BoneInfo("end", "finger", (0, 0, 13), (0, 0, 813))]  # an importer's 8 m tail
    assert region_tip_point(Skeleton(bones), ["hand"]) == TipPoint("hand", "finger", 0.0)
    assert region_tip_point(Skeleton(bones), ["hand", "finger", "end"]) == TipPoint("end", "end", 1.0)
    skinned = Skeleton(bones, {"end": np.array([[0.0, 0.5, 14.0], [0.0, 0.0, 15.0]])})
    tip = region_tip_point(skinned, ["hand", "finger", "end"])
    assert (tip.tip, tip.bone) == ("end", "end") and tip.fraction == pytest.approx(2.0 / 800.0)
    assert region_tip_point(Skeleton(bones, {}), ["hand", "finger", "end"]) == TipPoint("end", "end", 0.0)


def test_region_with_a_missing_bone_is_a_domain_error():
    with pytest.raises(InvalidInputError, match="no bone named 'tail_01'"):
        region_chain_measures(humanoid(), ["thigh_l", "tail_01"])


def test_empty_region_measures_zero():
    assert region_chain_measures(humanoid(), []).chain_length == 0.0


def test_bounding_sphere_of_a_sphere_surface():
    rng = np.random.default_rng(3)
    p = rng.normal(size=(5000, 3))
    p = p / np.linalg.norm(p, axis=1)[:, None] * 7.0 + [1, 2, 3]
    assert bounding_sphere_radius(p) == pytest.approx(7.0, rel=1e-3)


def _brute_force_minimal_radius(p):
    """Every sphere through 2 to 4 of the points that holds them all; the smallest one's radius."""
    from itertools import combinations

    best = math.inf
    for k in (2, 3, 4):
        for subset in combinations(p, k):
            q = np.array(subset[1:]) - subset[0]
            a = 2.0 * q @ q.T
            if abs(np.linalg.det(a)) < 1e-9:
                continue
            centre = subset[0] + np.linalg.solve(a, (q * q).sum(axis=1)) @ q
            r = np.sqrt(((p - centre) ** 2).sum(axis=1).max())
            if np.isclose(r, np.sqrt(((np.array(subset) - centre) ** 2).sum(axis=1).max()), rtol=1e-9):
                best = min(best, r)  # the subset is on the surface and everything is inside
    return best


@pytest.mark.parametrize("seed", range(12))
def test_bounding_sphere_is_the_minimal_one(seed):
    rng = np.random.default_rng(seed)
    p = rng.normal(size=(int(rng.integers(3, 9)), 3)) * rng.uniform(0.01, 100, size=3)
    assert bounding_sphere_radius(p) == pytest.approx(_brute_force_minimal_radius(p), rel=1e-9)


def test_bounding_sphere_of_points_in_a_plane_and_on_a_line():
    square = np.array([[0.0, 0, 0], [2, 0, 0], [0, 2, 0], [2, 2, 0], [1, 1, 0]])
    assert bounding_sphere_radius(square) == pytest.approx(math.sqrt(2), rel=1e-12)
    line = np.array([[0.0, 0, 0], [1, 1, 1], [3, 3, 3], [2, 2, 2]])
    assert bounding_sphere_radius(line) == pytest.approx(math.sqrt(27) / 2, rel=1e-12)


def test_bounding_sphere_is_stable_under_scaling():
    rng = np.random.default_rng(5)
    p = rng.normal(size=(2000, 3)) * [30, 10, 5]
    assert bounding_sphere_radius(p * 100) == pytest.approx(bounding_sphere_radius(p) * 100, rel=1e-6)


def test_bounding_sphere_degenerate_inputs():
    assert bounding_sphere_radius(np.zeros((0, 3))) == 0.0
    assert bounding_sphere_radius(np.array([[1.0, 2, 3]])) == 0.0
    assert bounding_sphere_radius(np.array([[0.0, 0, 0], [4.0, 0, 0], [np.nan, 0, 0]])) == pytest.approx(2.0, rel=0.05)


@settings(max_examples=50, deadline=None)
@given(arrays(np.float64, st.tuples(st.integers(2, 60), st.just(3)), elements=st.floats(-1e3, 1e3)))
def test_bounding_sphere_encloses_every_point_and_beats_the_box_sphere(p):
    r = bounding_sphere_radius(p)
    box_r = np.sqrt(((p - (p.max(0) + p.min(0)) / 2) ** 2).sum(1).max())
    half_diameter = np.sqrt(((p[:, None, :] - p[None, :, :]) ** 2).sum(-1).max()) / 2
    assert half_diameter - 1e-6 <= r <= box_r + 1e-6


def test_measure_character_cs_and_ws_under_uniform_scale():
    points = np.array([[0, 0, 0], [0, 0, 180.0]])
    cal = CalibrationSettings()
    one = measure_character(cal, humanoid(), points, np.eye(3)).proportions
    two = measure_character(cal, humanoid(), points, np.eye(3) * 2).proportions
    assert one.character_height_cs == two.character_height_cs == 180
    assert two.character_height_ws == 360 and one.character_height_ws == 180
    assert one.character_scale_cs == 1.0 and two.character_scale_ws == 2.0
    assert two.locomotion_height_ws == 2 * two.locomotion_height_cs == 190
    assert two.ground_probe_radius_ws == 2 * two.ground_probe_radius_cs == 93


def test_measure_character_rotated_armature_keeps_heights():
    c, s = math.cos(0.7), math.sin(0.7)
    rot_z = np.array([[c, -s, 0], [s, c, 0], [0, 0, 1]])
    m = measure_character(CalibrationSettings(), humanoid(), np.array([[0, 0, 180.0]]), rot_z).proportions
    assert m.character_height_ws == pytest.approx(180)


def test_measure_character_uses_bones_without_vertices_and_chosen_root():
    cal = CalibrationSettings(locomotion_root_bone="spine_01")
    m = measure_character(cal, humanoid(), np.zeros((0, 3)), np.eye(3))
    assert m.proportions.character_height_cs == 170
    assert m.locomotion_root_bone == "spine_01" and not m.root_was_automatic
    assert m.proportions.locomotion_height_cs == 105


def test_measure_character_rejects_missing_root_and_degenerate_transform():
    with pytest.raises(InvalidInputError, match="no bone named"):
        measure_character(CalibrationSettings(locomotion_root_bone="nope"), humanoid(), np.zeros((0, 3)), np.eye(3))
    with pytest.raises(InvalidInputError, match="degenerate"):
        measure_character(CalibrationSettings(), humanoid(), np.zeros((0, 3)), np.zeros((3, 3)))
    with pytest.raises(InvalidInputError, match="no bones"):
        measure_character(CalibrationSettings(), Skeleton([]), np.zeros((0, 3)), np.eye(3))


def test_measure_region_bounds_fall_back_to_bones():
    r = measure_region(humanoid(), ["head"], np.zeros((0, 3)))
    assert r.bounds_radius == pytest.approx(20.0, rel=0.01)
    assert r.chain_length == r.span_length == r.average_bone_length == 40.0
