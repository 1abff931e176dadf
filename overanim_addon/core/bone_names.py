"""Finding the foot-IK bones of a rig by the names common rig conventions give them, bpy-free.

A name is cut into lower-case words at separators (``_ . - : |`` and spaces) and at camelCase
humps, after a Mixamo ``mixamorig:`` prefix: ``foot_l``, ``foot.L``, ``DEF-foot.L``, ``LeftFoot``,
``mixamorig:LeftFoot``, ``Bip01 L Foot``, ``CC_Base_L_Foot`` all read as a foot word and a side.

- Foot: the word ``foot`` (or ``ankle``, Biovision BVH's ``LeftAnkle``) and one side (``l``/``left``
  or ``r``/``right``), and none of the words of controls and helpers (``ik``, ``fk``, ``mch``,
  ``pole``, ``heel``, ``toe``, ``roll``...). Among several, a deforming bone wins over a
  non-deforming one, then ``foot`` over ``ankle``, then ``DEF-`` over a plain name over ``ORG-``,
  then the name with the fewest other words, then the first in the rig.
- IK target: the words ``ik`` and ``foot`` (or ``ankle``) and one side, none of ``pole``, ``mch``,
  ``fk``, ``heel``, ``toe``, ``roll``...: Unreal's ``ik_foot_l``, Rigify's ``foot_ik.L``, Auto-Rig
  Pro's ``c_foot_ik.l``. Fewest other words first.
- Numbered names (``numbered_names``): a glTF file's unnamed joints come in as ``Node_12``; most of
  a rig's names being a number, alone or after ``node``, ``bone``, ``joint``..., nothing can be
  found by name and the artist is asked to pick the bones.
- Body: a sideless bone named ``torso`` or ``cog`` (a rig's body control, e.g. Rigify's), else
  ``pelvis``, ``hips`` or ``hip``; not ``mch``/``ik``/``fk``/``tweak``. Plain names before ``DEF-``
  and ``ORG-`` ones. It is proposed only when both IK targets are found: without IK legs, moving
  the body would move the feet with it.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

_MIXAMO = re.compile(r"^mixamorig\d*:", re.IGNORECASE)
_SEPARATORS = re.compile(r"[\s_.\-:|]+")
_HUMPS = re.compile(r"[A-Z]+(?![a-z])|[A-Z]?[a-z]+|\d+")

LEFT, RIGHT = {"l", "left"}, {"r", "right"}
_HELPER_WORDS = {"mch", "pole", "heel", "toe", "toes", "ball", "roll", "tweak", "spin", "twist", "socket", "pivot",
                 "vis", "parent", "helper", "rot", "tgt", "target", "ctrl", "ctl", "master", "bank", "tip"}
_FOOT_EXCLUDED = _HELPER_WORDS | {"ik", "fk"}
_IK_EXCLUDED = (_HELPER_WORDS - {"tgt", "target", "ctrl", "ctl"}) | {"fk", "def", "org", "root"}
_BODY_EXCLUDED = {"mch", "ik", "fk", "tweak", "pivot", "parent", "helper", "socket", "twist"}
_BODY_WORDS = {"torso": 0, "cog": 0, "pelvis": 1, "hips": 1, "hip": 2}
_PREFIX_RANK = {"def": 0, "org": 2}  # a plain name ranks 1
_FOOT_WORDS = {"foot": 0, "ankle": 1}


def words(name: str) -> list[str]:
    """The lower-case words of a bone name (see the module docstring)."""
    out: list[str] = []
    for part in _SEPARATORS.split(_MIXAMO.sub("", name)):
        out.extend(hump.lower() for hump in _HUMPS.findall(part))
    return out


def side(name_words: Iterable[str]) -> str:
    """'L', 'R', or '' when the words name no side or both."""
    found = set(name_words)
    left, right = bool(found & LEFT), bool(found & RIGHT)
    return "L" if left and not right else "R" if right and not left else ""


_NUMBER_WORDS = {"node", "bone", "joint", "jnt", "j", "b", "n", "transform", "object", "group"}


def numbered_names(names: Sequence[str]) -> bool:
    """Whether at least half of the names are numbers, alone or after a word such as ``node``."""
    def numbered(name: str) -> bool:
        w = words(name)
        return any(x.isdigit() for x in w) and all(x.isdigit() or x in _NUMBER_WORDS for x in w)

    return bool(names) and 2 * sum(1 for name in names if numbered(name)) >= len(names)


def _prefix_rank(name_words: Sequence[str]) -> int:
    return _PREFIX_RANK.get(name_words[0], 1) if name_words else 1


@dataclass(frozen=True)
class FootIKBones:
    """Bone names for foot IK; "" where none was found."""

    left_foot: str = ""
    right_foot: str = ""
    left_ik_target: str = ""
    right_ik_target: str = ""
    body_bone: str = ""


def detect_foot_ik_bones(bones: Sequence[tuple[str, bool]]) -> FootIKBones:
    """Propose the five foot-IK bones from ``(name, deforms)`` pairs in the rig's order."""
    best: dict[str, tuple[tuple[int, ...], str]] = {}

    def offer(slot: str, rank: tuple[int, ...], name: str) -> None:
        if slot not in best or rank < best[slot][0]:
            best[slot] = (rank, name)

    for index, (name, deforms) in enumerate(bones):
        w = words(name)
        found = set(w)
        where = side(w)
        extra = len(found - set(_FOOT_WORDS) - {"ik"} - LEFT - RIGHT)
        foot = min((_FOOT_WORDS[x] for x in found if x in _FOOT_WORDS), default=None)
        if where and foot is not None and not found & _FOOT_EXCLUDED:
            offer(f"foot_{where}", (0 if deforms else 1, foot, _prefix_rank(w), extra, index), name)
        if where and foot is not None and "ik" in found and not found & _IK_EXCLUDED:
            offer(f"ik_{where}", (foot, extra, index), name)
        body_words = [_BODY_WORDS[x] for x in w if x in _BODY_WORDS]
        if body_words and not found & (LEFT | RIGHT | _BODY_EXCLUDED):
            offer("body", (min(body_words), _prefix_rank(w), len(found), index), name)

    def pick(slot: str) -> str:
        return best[slot][1] if slot in best else ""

    has_ik = bool(pick("ik_L") and pick("ik_R"))
    return FootIKBones(left_foot=pick("foot_L"), right_foot=pick("foot_R"), left_ik_target=pick("ik_L"),
                       right_ik_target=pick("ik_R"), body_bone=pick("body") if has_ik else "")
