"""What a bone is in a body, read from its name, bpy-free: the naming profiles of the rigs artists
bring (Unreal's mannequin, Mixamo with or without its ``mixamorig:`` prefix, CMU and other BVH
motion capture, Rigify's metarig and its ``DEF-``/``ORG-`` bones).

A name is read as its words (``bone_names.words``: the Mixamo prefix gone, cut at separators and
camelCase humps), without a side word and without Rigify's ``def``/``org`` prefix, joined: its
*key* (``mixamorig:LeftUpLeg`` -> ``upleg``, ``thigh_l`` -> ``thigh``, ``DEF-spine.003`` ->
``spine003``). Each profile maps keys to roles; the profile of a rig is the one that finds the most
of the body's key roles. Words mean other things in other profiles (a BVH ``LeftShoulder`` is the
upper arm, Mixamo's the clavicle; Rigify's ``spine`` is the pelvis), hence whole profiles rather
than one table. Fingers read the same in every profile (``thumb``, ``index``... and a number).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from .bone_names import LEFT, RIGHT, side, words

# the roles a body's chains are made of (``bone_map.CHAIN_ROLES`` orders them)
FINGERS = ("thumb", "index", "middle", "ring", "pinky")
KEY_ROLES = ("pelvis", "head", "upperarm", "forearm", "thigh", "shin", "foot")  # what a profile must find
_PREFIX_WORDS = {"def", "org"}
_FINGER = re.compile(r"^(?:hand|f)?(thumb|index|middle|ring|pinky|pinkie|little)(?:metacarpal)?(\d*)$")
_FINGER_ALIASES = {"little": "pinky", "pinkie": "pinky"}


def _spine(*keys: str) -> dict[str, str]:
    return dict.fromkeys(keys, "spine")


PROFILES: dict[str, dict[str, str]] = {
    "Unreal": {"pelvis": "pelvis", **_spine("spine01", "spine02", "spine03", "spine04", "spine05"),
               "neck01": "neck", "neck02": "neck", "neck": "neck", "head": "head", "clavicle": "clavicle",
               "upperarm": "upperarm", "lowerarm": "forearm", "hand": "hand", "thigh": "thigh", "calf": "shin",
               "foot": "foot", "ball": "toe"},
    "Mixamo": {"hips": "pelvis", **_spine("lowerback", "spine", "spine1", "spine2", "spine3"), "neck": "neck",
               "neck1": "neck", "head": "head", "shoulder": "clavicle", "arm": "upperarm", "forearm": "forearm",
               "hand": "hand", "upleg": "thigh", "leg": "shin", "foot": "foot", "toebase": "toe"},
    "BVH": {"hips": "pelvis", **_spine("abdomen", "spine", "chest", "chest2", "chest3"), "neck": "neck",
            "head": "head", "collar": "clavicle", "shoulder": "upperarm", "shldr": "upperarm", "elbow": "forearm",
            "forearm": "forearm", "wrist": "hand", "hand": "hand", "hip": "thigh", "thigh": "thigh", "knee": "shin",
            "shin": "shin", "ankle": "foot", "foot": "foot", "toe": "toe", "toes": "toe"},
    "Rigify": {"spine": "pelvis", **_spine("spine001", "spine002", "spine003"), "spine004": "neck",
               "spine005": "neck", "spine006": "head", "shoulder": "clavicle", "upperarm": "upperarm",
               "upperarm001": "upperarm", "forearm": "forearm", "forearm001": "forearm", "hand": "hand",
               "thigh": "thigh", "thigh001": "thigh", "shin": "shin", "shin001": "shin", "foot": "foot", "toe": "toe"},
}
PROFILE_LABELS = {"Unreal": "Unreal (UE4/UE5 mannequin)", "Mixamo": "Mixamo / CMU", "BVH": "BVH",
                  "Rigify": "Rigify", "Structure": "found by the hierarchy and rest positions"}


@dataclass(frozen=True)
class NamedBone:
    """A bone's reading: its role, side ('L', 'R' or '') and the rank among same-role candidates
    (deforming ``DEF-`` first, a plain name, then ``ORG-``)."""

    name: str
    role: str
    side: str
    rank: int


def name_key(name: str) -> tuple[str, str, int]:
    """(key, side, prefix rank) of a bone name (see the module docstring)."""
    w = words(name)
    prefix = w[0] if w and w[0] in _PREFIX_WORDS else ""
    rest = [x for x in w if x not in LEFT | RIGHT and x not in _PREFIX_WORDS]
    # CMU's "LHipJoint", "LThumb": a lone "l"/"r" hump before the words is the side
    return "".join(rest), side(w), {"def": 0, "": 1, "org": 2}[prefix]


def finger_role(key: str) -> str | None:
    found = _FINGER.match(key)
    return _FINGER_ALIASES.get(found.group(1), found.group(1)) if found else None


def read_names(names: Sequence[str], deforms: Sequence[bool], profile: str) -> list[NamedBone]:
    """Every bone ``profile`` gives a role (fingers in every profile), in the rig's order."""
    table = PROFILES[profile]
    out = []
    for name, deform in zip(names, deforms, strict=True):
        key, where, rank = name_key(name)
        role = table.get(key) or finger_role(key)
        if role is None:
            continue
        sided = role not in ("pelvis", "spine", "neck", "head")
        if sided != bool(where):
            continue
        out.append(NamedBone(name, role, where, rank if deform else rank + 3))
    return out


def profile_score(found: Sequence[NamedBone]) -> int:
    """How many of the body's key roles (each side's for limbs) ``found`` holds."""
    have = {(b.role, b.side) for b in found}
    wanted = [(r, "") for r in ("pelvis", "head")] + [(r, s) for r in KEY_ROLES[2:] for s in "LR"]
    return sum(1 for slot in wanted if slot in have)


def best_profile(names: Sequence[str], deforms: Sequence[bool]) -> tuple[str, list[NamedBone]]:
    """The profile that reads the most key roles, and its reading; ties go to the first profile."""
    readings = {p: read_names(names, deforms, p) for p in PROFILES}
    best = max(PROFILES, key=lambda p: profile_score(readings[p]))
    return best, readings[best]


def full_score() -> int:
    return 2 + 2 * (len(KEY_ROLES) - 2)
