"""Skeletons the core tests build by hand (cm, Z up)."""

from overanim_addon.core.skeleton import BoneInfo, Skeleton


def humanoid(root_name="pelvis"):
    b = BoneInfo
    bones = [
        b("root", None, (0, 0, 0), (0, 10, 0)),
        b(root_name, "root", (0, 0, 95), (0, 0, 105)),
        b("spine_01", root_name, (0, 0, 105), (0, 0, 130)),
        b("head", "spine_01", (0, 0, 130), (0, 0, 170)),
        b("thigh_l", root_name, (10, 0, 93), (11, 0, 51)),
        b("calf_l", "thigh_l", (11, 0, 51), (12, 0, 9)),
        b("foot_l", "calf_l", (12, 0, 9), (12, -15, 3)),
        b("thigh_r", root_name, (-10, 0, 93), (-11, 0, 51)),
        b("calf_r", "thigh_r", (-11, 0, 51), (-12, 0, 9)),
        b("foot_r", "calf_r", (-12, 0, 9), (-12, -15, 3)),
    ]
    return Skeleton(bones)
