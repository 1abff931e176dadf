"""Bone maps found by themselves (core.bone_map, core.bone_profiles): each naming profile read into
the same body, the structure read where names say nothing, whatever the rig's facing, size and
place, and the chains paired."""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from overanim_addon.core.bone_map import CHAINS, find_body, map_bodies, named_body, structural_body
from overanim_addon.core.skeleton import BoneInfo, Skeleton

# a humanoid's joints (cm, Z up, facing -Y, its left at +X): role -> (parent role, head)
JOINTS = {
    "pelvis": (None, (0, 0, 95)), "spine1": ("pelvis", (0, 0, 105)), "spine2": ("spine1", (0, 1, 118)),
    "chest": ("spine2", (0, 1, 132)), "neck": ("chest", (0, 0, 145)), "head": ("neck", (0, -1, 156)),
    "headtop": ("head", (0, -1, 178)),
}
for _s, _x in (("L", 1), ("R", -1)):
    JOINTS.update({
        f"clavicle{_s}": ("chest", (_x * 3, 0, 140)), f"upperarm{_s}": (f"clavicle{_s}", (_x * 17, 1, 142)),
        f"forearm{_s}": (f"upperarm{_s}", (_x * 42, 3, 122)), f"hand{_s}": (f"forearm{_s}", (_x * 62, 0, 105)),
        f"finger{_s}": (f"hand{_s}", (_x * 71, -1, 98)),
        f"thigh{_s}": ("pelvis", (_x * 10, 0, 93)), f"shin{_s}": (f"thigh{_s}", (_x * 11, -1, 51)),
        f"foot{_s}": (f"shin{_s}", (_x * 12, 2, 9)), f"toe{_s}": (f"foot{_s}", (_x * 12, -10, 3)),
        f"toeend{_s}": (f"toe{_s}", (_x * 12, -17, 2)),
    })

PROFILE_NAMES = {
    "Unreal": {"pelvis": "pelvis", "spine1": "spine_01", "spine2": "spine_02", "chest": "spine_03", "neck": "neck_01",
               "head": "head", "headtop": "head_end", **{f"{r}{s}": f"{n}_{s.lower()}" for s in "LR" for r, n in (
                   ("clavicle", "clavicle"), ("upperarm", "upperarm"), ("forearm", "lowerarm"), ("hand", "hand"),
                   ("finger", "middle_01"), ("thigh", "thigh"), ("shin", "calf"), ("foot", "foot"), ("toe", "ball"),
                   ("toeend", "ball_end"))}},
    "Mixamo": {"pelvis": "Hips", "spine1": "Spine", "spine2": "Spine1", "chest": "Spine2", "neck": "Neck",
               "head": "Head", "headtop": "HeadTop_End", **{f"{r}{s}": f"{side}{n}" for s, side in (
                   ("L", "Left"), ("R", "Right")) for r, n in (
                   ("clavicle", "Shoulder"), ("upperarm", "Arm"), ("forearm", "ForeArm"), ("hand", "Hand"),
                   ("finger", "HandMiddle1"), ("thigh", "UpLeg"), ("shin", "Leg"), ("foot", "Foot"),
                   ("toe", "ToeBase"), ("toeend", "Toe_End"))}},
    "BVH": {"pelvis": "Hips", "spine1": "Abdomen", "spine2": "Chest", "chest": "Chest2", "neck": "Neck",
            "head": "Head", "headtop": "Head_End", **{f"{r}{s}": f"{side}{n}" for s, side in (
                ("L", "Left"), ("R", "Right")) for r, n in (
                ("clavicle", "Collar"), ("upperarm", "Shoulder"), ("forearm", "Elbow"), ("hand", "Wrist"),
                ("finger", "HandMiddle1"), ("thigh", "Hip"), ("shin", "Knee"), ("foot", "Ankle"), ("toe", "Toe"),
                ("toeend", "Toe_End"))}},
    "Rigify": {"pelvis": "spine", "spine1": "spine.001", "spine2": "spine.002", "chest": "spine.003",
               "neck": "spine.004", "head": "spine.006", "headtop": "spine.007", **{f"{r}{s}": f"{n}.{s}" for s in "LR"
                                                                                   for r, n in (
                   ("clavicle", "shoulder"), ("upperarm", "upper_arm"), ("forearm", "forearm"), ("hand", "hand"),
                   ("finger", "f_middle.01"), ("thigh", "thigh"), ("shin", "shin"), ("foot", "foot"), ("toe", "toe"),
                   ("toeend", "toe_end"))}},
}
EXPECTED = {"spine": ("pelvis", "spine1", "spine2", "chest"), "leg_L": ("thighL", "shinL", "footL", "toeL"),
            "arm_L": ("clavicleL", "upperarmL", "forearmL", "handL"), "arm_R": ("clavicleR", "upperarmR", "forearmR",
                                                                                "handR"),
            "leg_R": ("thighR", "shinR", "footR", "toeR")}


def humanoid(names: dict[str, str], turn: float = 0.0, size: float = 1.0, offset=(0.0, 0.0, 0.0),
             prefix: str = "") -> Skeleton:
    c, s = math.cos(turn), math.sin(turn)
    rotate = np.array([[c, -s, 0], [s, c, 0], [0, 0, 1]])

    def place(p):
        return tuple(float(v) for v in rotate @ (np.asarray(p, float) * size) + np.asarray(offset))

    bones = []
    for role, (parent, head) in JOINTS.items():
        kids = [h for p, h in JOINTS.values() if p == role]
        tail = kids[0] if kids else tuple(np.add(head, (0, 0, 3)))
        bones.append(BoneInfo(prefix + names[role], prefix + names[parent] if parent else None, place(head),
                              place(tail), deforms=role not in ("headtop", "toeendL", "toeendR")))
    return Skeleton(bones)


def by_role(body, names, prefix=""):
    inverse = {prefix + n: r for r, n in names.items()}
    return {chain: tuple(inverse[b] for b, _role in bones) for chain, bones in body.chains.items()}


@pytest.mark.parametrize("profile", list(PROFILE_NAMES))
def test_each_profile_reads_its_names_into_the_same_body(profile):
    names = PROFILE_NAMES[profile]
    body = named_body(humanoid(names))
    assert body is not None and body.profile == profile
    found = by_role(body, names)
    for chain, roles in EXPECTED.items():
        assert found[chain] == roles, chain
    assert found["neck"] == ("neck", "head")
    assert found["middle_L"] == ("fingerL",)


@given(st.sampled_from(["", "mixamorig:", "mixamorig1:", "mixamorig12:"]))
def test_mixamo_reads_the_same_with_or_without_its_prefix(prefix):
    body = named_body(humanoid(PROFILE_NAMES["Mixamo"], prefix=prefix))
    assert body is not None and body.profile == "Mixamo"
    assert by_role(body, PROFILE_NAMES["Mixamo"], prefix)["leg_L"] == EXPECTED["leg_L"]


def test_rigify_prefers_the_deforming_bones_over_org_and_its_controls():
    base = humanoid(PROFILE_NAMES["Rigify"])
    bones = []
    for prefix, deforms in (("DEF-", True), ("ORG-", False)):
        bones += [BoneInfo(prefix + b.name, prefix + b.parent if b.parent else None, b.head, b.tail, deforms)
                  for b in base.bones]
    body = named_body(Skeleton(bones))
    assert body is not None and body.profile == "Rigify"
    assert dict(body.chains["leg_L"])["DEF-thigh.L"] == "thigh"
    assert all(b.startswith("DEF-") for chain in body.chains.values() for b, _r in chain)


def test_a_bvh_shoulder_is_an_upper_arm_and_a_mixamo_one_a_clavicle():
    bvh, mixamo = named_body(humanoid(PROFILE_NAMES["BVH"])), named_body(humanoid(PROFILE_NAMES["Mixamo"]))
    assert dict(bvh.chains["arm_L"])["LeftShoulder"] == "upperarm"
    assert dict(mixamo.chains["arm_L"])["LeftShoulder"] == "clavicle"


NUMBERED = {role: f"joint_{i}" for i, role in enumerate(JOINTS)}


@settings(max_examples=40, deadline=None)
@given(turn=st.floats(-math.pi, math.pi), size=st.floats(0.01, 100.0),
       offset=st.tuples(*[st.floats(-1e3, 1e3)] * 3), shuffle=st.randoms())
def test_the_structure_finds_the_body_whatever_the_names_facing_size_and_place(turn, size, offset, shuffle):
    numbers = list(range(len(JOINTS)))
    shuffle.shuffle(numbers)  # numbers say nothing of the role (CesiumMan's arm joints count down on one side)
    names = {role: f"joint_{n}" for role, n in zip(JOINTS, numbers, strict=True)}
    body = structural_body(humanoid(names, turn, size, offset))
    assert body is not None and body.profile == "Structure"
    found = by_role(body, names)
    for chain, roles in EXPECTED.items():
        assert found[chain] == roles, (chain, found[chain])
    assert found["neck"] == ("neck", "head")  # the head top deforms nothing: a marker, not the head


def test_numbered_names_fall_back_to_the_structure():
    body = find_body(humanoid(NUMBERED))
    assert body is not None and body.profile == "Structure"


def test_legs_alone_are_a_body_with_the_upper_chains_unmapped():
    legs = {"pelvis", "thighL", "shinL", "footL", "toeL", "thighR", "shinR", "footR", "toeR"}
    skeleton = humanoid(PROFILE_NAMES["Unreal"])
    only = Skeleton([b for b in skeleton.bones if any(b.name == PROFILE_NAMES["Unreal"][r] for r in legs)])
    source = structural_body(only)
    assert source is not None and set(source.chains) == {"leg_L", "leg_R"}
    bone_map = map_bodies(source, named_body(skeleton))
    assert bone_map.unmapped == ("spine", "neck", "arm_L", "arm_R")
    assert bone_map.mapping["thigh_l"] == "thigh_l"


@given(st.integers(1, 6), st.integers(1, 6))
def test_a_chain_of_m_bones_drives_every_one_of_n_in_order(m, n):
    from overanim_addon.core.bone_map import Body

    source = Body({"spine": tuple((f"s{i}", "spine") for i in range(m))}, "Test")
    target = Body({"spine": tuple((f"t{i}", "spine") for i in range(n))}, "Test")
    rows = map_bodies(source, target).rows
    picked = [int(r.source[1:]) for r in rows]
    assert [r.target for r in rows] == [f"t{i}" for i in range(n)]
    assert picked == sorted(picked) and picked[0] == 0 and picked[-1] == m - 1 if n >= m else len(set(picked)) == n
    assert set(range(m)) <= set(picked) or n < m


def test_the_artist_s_row_replaces_the_found_one_and_is_remembered():
    unreal, mixamo = named_body(humanoid(PROFILE_NAMES["Unreal"])), named_body(humanoid(PROFILE_NAMES["Mixamo"]))
    bone_map = map_bodies(mixamo, unreal).with_row("spine_02", "Spine2").with_row("clavicle_l", "")
    assert bone_map.mapping["spine_02"] == "Spine2" and "clavicle_l" not in bone_map.mapping
    assert bone_map.edited == ("spine_02", "clavicle_l")
    assert set(CHAINS) <= set(bone_map.chains())
