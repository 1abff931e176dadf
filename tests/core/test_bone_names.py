import pytest

from overanim_addon.core.bone_names import FootIKBones, detect_foot_ik_bones, numbered_names, side, words

UNREAL = ["root", "pelvis", "spine_01", "thigh_l", "calf_l", "foot_l", "ball_l", "thigh_r", "calf_r", "foot_r",
          "ball_r", "ik_foot_root", "ik_foot_l", "ik_foot_r", "ik_hand_root", "ik_hand_gun"]
RIGIFY = ["root", "torso", "MCH-torso.parent", "hips", "chest", "DEF-pelvis.L", "DEF-pelvis.R", "ORG-foot.L",
          "DEF-foot.L", "foot_fk.L", "MCH-foot_fk.L", "foot_ik.L", "foot_heel_ik.L", "foot_spin_ik.L", "MCH-foot_ik.L",
          "thigh_ik_target.L", "ORG-foot.R", "DEF-foot.R", "foot_fk.R", "foot_ik.R", "foot_heel_ik.R"]
MIXAMO = ["mixamorig:Hips", "mixamorig:LeftUpLeg", "mixamorig:LeftLeg", "mixamorig:LeftFoot", "mixamorig:LeftToeBase",
          "mixamorig:RightUpLeg", "mixamorig:RightLeg", "mixamorig:RightFoot", "mixamorig:RightToeBase"]
BIOVISION = ["Hips", "Chest", "LeftHip", "LeftKnee", "LeftAnkle", "RightHip", "RightKnee", "RightAnkle"]
DEFORMS = {"pelvis", "foot_l", "foot_r", "DEF-pelvis.L", "DEF-pelvis.R", "DEF-foot.L", "DEF-foot.R"}


def rig(names):
    return [(n, n in DEFORMS or n.startswith("mixamorig:") or n in BIOVISION) for n in names]


@pytest.mark.parametrize(("names", "expected"), [
    (UNREAL, FootIKBones("foot_l", "foot_r", "ik_foot_l", "ik_foot_r", "pelvis")),
    (RIGIFY, FootIKBones("DEF-foot.L", "DEF-foot.R", "foot_ik.L", "foot_ik.R", "torso")),
    # no IK targets: no body bone either (moving it would move the feet with it)
    (MIXAMO, FootIKBones("mixamorig:LeftFoot", "mixamorig:RightFoot", "", "", "")),
    (BIOVISION, FootIKBones("LeftAnkle", "RightAnkle")),  # BVH: ankles, and no "LeftHip" as the body
    (["Hips", "LeftFoot", "RightFoot", "LeftFootIK", "RightFootIK"],
     FootIKBones("LeftFoot", "RightFoot", "LeftFootIK", "RightFootIK", "Hips")),
    (["Bip01 Pelvis", "Bip01 L Foot", "Bip01 R Foot"], FootIKBones("Bip01 L Foot", "Bip01 R Foot")),
    (["CC_Base_Hip", "CC_Base_L_Foot", "CC_Base_R_Foot"], FootIKBones("CC_Base_L_Foot", "CC_Base_R_Foot")),
    (["root.x", "c_root.x", "foot.l", "foot.r", "c_foot_ik.l", "c_foot_ik.r", "c_foot_fk.l", "c_foot_ik_pole.l"],
     FootIKBones("foot.l", "foot.r", "c_foot_ik.l", "c_foot_ik.r", "")),
    (["lFoot", "rFoot"], FootIKBones("lFoot", "rFoot")),
    (["spine", "head"], FootIKBones()),
])
def test_common_rig_conventions(names, expected):
    assert detect_foot_ik_bones(rig(names)) == expected


def test_a_foot_wins_over_an_ankle():
    bones = [("LeftAnkle", True), ("LeftFoot", True), ("RightFoot", True), ("RightAnkle", True)]
    assert detect_foot_ik_bones(bones) == FootIKBones("LeftFoot", "RightFoot")


def test_a_deforming_foot_wins_over_a_control_of_the_same_name_shape():
    bones = [("foot.L", False), ("DEF-foot.L", True), ("ORG-foot.L", False)]
    assert detect_foot_ik_bones(bones).left_foot == "DEF-foot.L"
    assert detect_foot_ik_bones([("ORG-foot.L", False), ("foot.L", False)]).left_foot == "foot.L"


@pytest.mark.parametrize(("name", "expected_words", "expected_side"), [
    ("mixamorig:LeftFoot", ["left", "foot"], "L"), ("foot.R", ["foot", "r"], "R"), ("ik_foot_root", ["ik", "foot",
                                                                                                     "root"], ""),
    ("IKFoot_L", ["ik", "foot", "l"], "L"), ("Bip01 L Foot", ["bip", "01", "l", "foot"], "L"),
    ("hand_l_r", ["hand", "l", "r"], ""),
])
def test_words_and_sides(name, expected_words, expected_side):
    assert words(name) == expected_words
    assert side(words(name)) == expected_side


@pytest.mark.parametrize(("names", "numbered"), [
    (["Node_0", "Node_1", "Node_12", "Node_13"], True),  # glTF's unnamed joints
    (["Bone", "Bone.001", "Bone.002"], True),  # Blender's own numbering
    (["joint1", "joint2", "root"], True),
    (UNREAL, False), (MIXAMO, False), (BIOVISION, False), ([], False),
])
def test_numbered_names(names, numbered):
    assert numbered_names(names) is numbered
