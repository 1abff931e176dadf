"""Finding the body root (the automatic Locomotion Root Bone) and the legs under it, bpy-free: a
heuristic over bone names and the rig's shape, apart from the skeleton's geometry (skeleton.py).

- body root: searched first among the deforming bones, then among a Rigify rig's ``ORG-``
  skeleton (the metarig's bones, whose hierarchy the ``DEF-`` bones lack), then among all bones,
  so that a control (Rigify's ``hips``) never wins over the skeleton: in each, the first bone named
  like a pelvis/hips (``pelvis``, ``hips``, ``hip`` after prefixes such as ``mixamorig:`` or
  ``DEF-``), else the first bone, in hierarchy order, with two or more leg-like child chains (a
  chain whose lowest joint is below half of the bone's own height);
- locomotion height: the height of the locomotion root bone's head above the ground;
- ground probe radius: half the hip-joint height of the tallest leg (the head height of the first
  bone of each leg-like child chain of the body root). The footstep-IK walkthrough starts its foot
  probe a quarter of the capsule (about half a leg) above the ground; for Unreal's mannequin this
  comes to about 45 cm, beside the spec's 42 cm reference.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from .errors import InvalidInputError
from .messages import Message
from .skeleton import BoneInfo, Skeleton

_ROOT_NAME = re.compile(r"(?:^|[^a-z])(pelvis|hips?)$")
_NAME_PREFIX = re.compile(r"^(mixamorig\d*:|def[-_]|org[-_]|bip\d*[ _]|c_)", re.IGNORECASE)


def _is_root_name(name: str) -> bool:
    return bool(_ROOT_NAME.search(_NAME_PREFIX.sub("", name).lower()))


def leg_chains(skeleton: Skeleton, bone_name: str) -> list[str]:
    """The child bones of ``bone_name`` that start leg-like chains (reaching below half its height)."""
    bone = skeleton.by_name[bone_name]
    threshold = bone.head[2] * 0.5
    legs = []
    for child in skeleton.children.get(bone_name, []):
        chain = [child, *skeleton.descendants(child)]
        lowest = min(min(skeleton.by_name[n].head[2], skeleton.end(n).point[2]) for n in chain)
        if lowest < threshold:
            legs.append(child)
    return legs


def _root_candidates(skeleton: Skeleton) -> list[list[BoneInfo]]:
    """Where the body root is searched, in order: the deforming bones, a Rigify rig's ``ORG-``
    skeleton, every bone (each once, the first place it is in)."""
    tiers = [[b for b in skeleton.bones if b.deforms],
             [b for b in skeleton.bones if b.name.lower().startswith(("org-", "org_"))], list(skeleton.bones)]
    seen: set[str] = set()
    out = []
    for tier in tiers:
        fresh = [b for b in tier if b.name not in seen]
        seen.update(b.name for b in fresh)
        if fresh:
            out.append(fresh)
    return out


def find_body_root(skeleton: Skeleton) -> str:
    """The automatic locomotion root (see the module docstring for the rule)."""
    for tier in _root_candidates(skeleton):
        for bone in tier:
            if _is_root_name(bone.name):
                return bone.name
        for bone in tier:
            if len(leg_chains(skeleton, bone.name)) >= 2:
                return bone.name
    raise InvalidInputError(Message(
        "No body root found (no bone named pelvis/hips and no bone with two legs below it): "
        "set Locomotion Root Bone"
    ))


def locomotion_height(skeleton: Skeleton, root: str) -> float:
    return float(skeleton.require(root).head[2])


def ground_probe_radius(skeleton: Skeleton, root: str, legs: Sequence[str] | None = None) -> float:
    """Half the hip-joint height (the head of the first bone of each leg-like chain under ``root``)
    of the tallest leg; 0 when it has no legs. ``legs`` gives chains found on another frame of the
    same skeleton (measuring finds them upright, then reads their heights in both spaces)."""
    found = leg_chains(skeleton, root) if legs is None else legs
    return max((float(skeleton.by_name[leg].head[2]) for leg in found), default=0.0) * 0.5
