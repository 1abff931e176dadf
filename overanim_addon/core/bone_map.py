"""A bone map between two skeletons, found by itself, bpy-free: each rig read as a body of chains
(spine, neck and head, each arm, each leg, each finger), then the chains paired.

- **A body** (``find_body``): by the rig's naming profile (``bone_profiles``) when it finds every
  key role; else by its structure (``structural_body``): the feet are the two lowest leaves, the
  pelvis their common ancestor, the arms the leaves farthest out to each side, the chest the arms'
  common ancestor, the head the top of the branch above it; each limb's bones by their joints
  (thigh and shin are the first long downward segments). Points are world rest positions, Z up.
- **A map** (``map_bodies``): per chain, each target bone takes the source bone of the same role
  (the n-th of n, or at the same fraction along the chain where the counts differ: three spine
  bones onto five). A chain the target has and the source lacks is named (``unmapped``).

Rows are target bone -> source bone: several target bones may follow one source bone (Rigify's
two upper-arm segments), a target bone left out follows its parent.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace

import numpy as np

from .bone_profiles import FINGERS, best_profile, full_score, name_key, profile_score
from .skeleton import Skeleton

CHAINS = ("spine", "neck", "arm_L", "arm_R", "leg_L", "leg_R")  # a map lacking one of these says so
CHAIN_ROLES = {"spine": ("pelvis", "spine"), "neck": ("neck", "head"),
               "arm": ("clavicle", "upperarm", "forearm", "hand"), "leg": ("thigh", "shin", "foot", "toe")}
TINY = 0.005  # of the rig's height: a joint-to-joint length this short is no segment (CMU's zero-length bones)
THIGH_DROP = 0.2  # of the hip height: a leg segment falling this much is the thigh (then the shin)


@dataclass(frozen=True)
class Body:
    """A rig read as chains: chain name -> ((bone, role), ...) root to tip; how it was read."""

    chains: Mapping[str, tuple[tuple[str, str], ...]]
    profile: str  # a ``bone_profiles.PROFILES`` name, or "Structure"

    def bones(self, role: str, chain: str) -> list[str]:
        return [b for b, r in self.chains.get(chain, ()) if r == role]

    def role_bone(self, role: str, chain: str) -> str | None:
        found = self.bones(role, chain)
        return found[0] if found else None


def chain_of(role: str, where: str) -> str:
    if role in FINGERS:
        return f"{role}_{where}"
    group = next(g for g, roles in CHAIN_ROLES.items() if role in roles)
    return f"{group}_{where}" if where else group


def _depth(skeleton: Skeleton, name: str) -> int:
    depth, bone = 0, skeleton.by_name[name]
    while bone.parent is not None:
        depth, bone = depth + 1, skeleton.by_name[bone.parent]
    return depth


def named_body(skeleton: Skeleton) -> Body | None:
    """The body by the rig's naming profile, None when no profile finds every key role."""
    names = [b.name for b in skeleton.bones]
    profile, found = best_profile(names, [b.deforms for b in skeleton.bones])
    if profile_score(found) < full_score():
        return None
    best: dict[tuple[str, str, str], tuple[int, str]] = {}  # (role, side, key) -> the best-ranked bone
    for bone in found:
        slot = (bone.role, bone.side, name_key(bone.name)[0])
        if slot not in best or bone.rank < best[slot][0]:
            best[slot] = (bone.rank, bone.name)
    chains: dict[str, list[tuple[str, str]]] = {}
    for (role, where, _key), (_rank, name) in best.items():
        chains.setdefault(chain_of(role, where), []).append((name, role))
    ordered = {c: tuple(sorted(bones, key=lambda b: _depth(skeleton, b[0]))) for c, bones in chains.items()}
    return Body(ordered, profile)


def chain_ends(body: Body, skeleton: Skeleton) -> dict[str, tuple[float, float, float]]:
    """Where each chain bone ends for its direction: the next bone of its chain (the chest: the neck's
    first bone), else its joint-to-joint end (``Skeleton.end``). A joint with several children (a
    chest, whose tail an importer may point at an arm) thus ends where the body goes on."""
    out: dict[str, tuple[float, float, float]] = {}
    neck = body.chains.get("neck", ())
    for chain, bones in body.chains.items():
        names = [b for b, _r in bones]
        after = [*names[1:], neck[0][0] if chain == "spine" and neck else None]
        for name, following in zip(names, after, strict=True):
            point = skeleton.by_name[following].head if following else None
            far = point is not None and float(np.linalg.norm(np.subtract(point, skeleton.by_name[name].head))) > 0.0
            end = point if far and point is not None else skeleton.end(name).point
            out[name] = (float(end[0]), float(end[1]), float(end[2]))
    return out


# -- structure -----------------------------------------------------------------------------------------------
def _path(skeleton: Skeleton, leaf: str, stop: str | None = None) -> list[str]:
    """The bones from the root (or below ``stop``) down to ``leaf``."""
    out: list[str] = []
    name: str | None = leaf
    while name is not None and name != stop:
        out.append(name)
        name = skeleton.by_name[name].parent
    return out[::-1]


def _common(a: list[str], b: list[str]) -> str | None:
    last = None
    for x, y in zip(a, b, strict=False):
        if x != y:
            break
        last = x
    return last


def _trimmed(skeleton: Skeleton, path: list[str], tiny: float) -> list[str]:
    """A path without its zero-length bones (a joint of length 0 is no segment) and a last leaf that
    deforms nothing or ends where it starts (Mixamo's ``*_End``: a marker, no body part)."""
    kept = [n for n in path if skeleton.end(n).length > tiny]
    if len(kept) > 1 and not skeleton.children.get(kept[-1]) and not skeleton.by_name[kept[-1]].deforms:
        kept.pop()
    return kept


def _leg(skeleton: Skeleton, path: list[str], hip_height: float, tiny: float) -> list[tuple[str, str]]:
    bones = _trimmed(skeleton, path, tiny)
    drops = [skeleton.by_name[n].head[2] - skeleton.end(n).point[2] for n in bones]
    start = next((i for i, d in enumerate(drops) if d > THIGH_DROP * hip_height), None)
    if start is None:
        return []
    return list(zip(bones[start:start + 4], CHAIN_ROLES["leg"], strict=False))


def _arm(skeleton: Skeleton, path: list[str], tiny: float) -> list[tuple[str, str]]:
    bones = _trimmed(skeleton, path, tiny)
    lengths = [skeleton.end(n).length for n in bones]
    if len(bones) >= 4:
        roles: tuple[str, ...] = CHAIN_ROLES["arm"]
    elif len(bones) == 3:  # a short last bone is a hand; else the first is a clavicle
        roles = ("upperarm", "forearm", "hand") if lengths[2] < 0.5 * lengths[1] else ("clavicle", "upperarm",
                                                                                         "forearm")
    else:
        roles = ("upperarm", "forearm")
    return list(zip(bones, roles, strict=False))


def facing(skeleton: Skeleton, left_foot: str, right_foot: str) -> tuple[np.ndarray, np.ndarray]:
    """(forward, left) horizontal unit vectors of a Z-up body from its feet: forward along the feet
    (ankle to toe), left from the right foot to the left one where the feet do not say."""
    up = np.array([0.0, 0.0, 1.0])
    feet = [np.subtract(skeleton.end(f).point, skeleton.by_name[f].head) for f in (left_foot, right_foot)]
    forward = np.sum(feet, axis=0) * np.array([1.0, 1.0, 0.0])
    across = np.subtract(skeleton.by_name[left_foot].head, skeleton.by_name[right_foot].head) * np.array([1, 1, 0])
    if np.linalg.norm(forward) < 0.2 * np.linalg.norm(across):
        forward = np.cross(across, up)
    forward = forward / np.linalg.norm(forward)
    return forward, np.cross(up, forward)


def structural_body(skeleton: Skeleton) -> Body | None:
    """The body by its hierarchy and rest positions (see the module docstring); None when no two
    legs are found."""
    names = [b.name for b in skeleton.bones]
    leaves = [n for n in names if not skeleton.children.get(n)]
    points = skeleton.joint_points()
    floor, height = float(points[:, 2].min()), float(np.ptp(points[:, 2]))
    tiny = TINY * height
    low = sorted(leaves, key=lambda n: min(skeleton.end(n).point[2], skeleton.by_name[n].head[2]))
    if len(low) < 2:
        return None
    first = low[0]
    other = next((n for n in low[1:] if (c := _common(_path(skeleton, first), _path(skeleton, n))) is not None
                  and skeleton.by_name[c].head[2] - floor > 0.35 * height), None)
    if other is None:
        return None
    pelvis = _common(_path(skeleton, first), _path(skeleton, other))
    assert pelvis is not None
    hip_height = skeleton.by_name[pelvis].head[2] - floor
    legs = [_leg(skeleton, _path(skeleton, leaf, pelvis), hip_height, tiny) for leaf in (first, other)]
    if not all(len(leg) >= 3 for leg in legs):
        return None
    _forward, left = facing(skeleton, legs[0][2][0], legs[1][2][0])
    centre = np.asarray(skeleton.by_name[pelvis].head)
    chains: dict[str, tuple[tuple[str, str], ...]] = {}
    for leg in legs:
        where = "L" if float(np.dot(np.subtract(skeleton.by_name[leg[0][0]].head, centre), left)) > 0 else "R"
        chains[f"leg_{where}"] = tuple(leg)
    in_legs = {n for leaf in (first, other) for n in _path(skeleton, leaf, pelvis)}
    upper = [n for n in leaves if n not in in_legs and pelvis in _path(skeleton, n)]
    if not upper:
        return Body(chains, "Structure")
    out = {n: float(np.dot(np.subtract(skeleton.end(n).point, centre), left)) for n in upper}
    hands = [max(upper, key=out.__getitem__), min(upper, key=out.__getitem__)]
    chest = _common(_path(skeleton, hands[0]), _path(skeleton, hands[1]))
    if chest is None or out[hands[0]] <= 0 or out[hands[1]] >= 0:
        return Body(chains, "Structure")
    spine = _path(skeleton, chest)[_path(skeleton, chest).index(pelvis):]
    chains["spine"] = tuple((n, "pelvis" if n == pelvis else "spine") for n in spine)
    for hand, where in zip(hands, "LR", strict=True):
        chains[f"arm_{where}"] = tuple(_arm(skeleton, _path(skeleton, hand, chest), tiny))
    tops = [n for n in upper if n not in hands and chest in _path(skeleton, n)[:-1]
            and not any(n in _path(skeleton, h) for h in hands)]
    if tops:
        top = max(tops, key=lambda n: skeleton.end(n).point[2])
        neck = _trimmed(skeleton, _path(skeleton, top, chest), tiny)
        if neck:
            chains["neck"] = tuple((n, "head" if n == neck[-1] else "neck") for n in neck)
    return Body(chains, "Structure")


def find_body(skeleton: Skeleton) -> Body | None:
    """The body by name when the profile finds every key role, else by structure (the names' fingers
    kept where the structure finds the rest)."""
    named = named_body(skeleton)
    if named is not None:
        return named
    return structural_body(skeleton)


# -- the map ---------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class MapRow:
    chain: str
    target: str
    source: str  # "" where the target bone follows its parent
    role: str


@dataclass(frozen=True)
class BoneMap:
    rows: tuple[MapRow, ...]
    source_profile: str = ""
    target_profile: str = ""
    unmapped: tuple[str, ...] = ()  # chains of ``CHAINS`` with no pair of bones
    edited: tuple[str, ...] = field(default=())  # target bones whose row the artist set

    @property
    def mapping(self) -> dict[str, str]:
        """Target bone -> source bone, for the rows that have a source."""
        return {r.target: r.source for r in self.rows if r.source}

    def chains(self) -> dict[str, list[MapRow]]:
        out: dict[str, list[MapRow]] = {}
        for row in self.rows:
            out.setdefault(row.chain, []).append(row)
        return out

    def with_row(self, target: str, source: str) -> BoneMap:
        """The map with ``target`` following ``source`` ("" : its parent), as the artist set it."""
        rows = tuple(replace(r, source=source) if r.target == target else r for r in self.rows)
        if not any(r.target == target for r in self.rows):
            rows += (MapRow("other", target, source, ""),)
        return replace(self, rows=rows, edited=tuple(dict.fromkeys((*self.edited, target))))


def _pair(source: list[str], target: list[str]) -> list[str]:
    """Each target bone's source bone among a role's bones: the n-th of n, else at the same fraction."""
    if not source:
        return [""] * len(target)
    if len(source) == len(target):
        return list(source)
    return [source[min(len(source) - 1, int((i + 0.5) * len(source) / len(target)))] for i in range(len(target))]


def map_bodies(source: Body, target: Body) -> BoneMap:
    rows: list[MapRow] = []
    for chain, bones in target.chains.items():
        roles = list(dict.fromkeys(role for _b, role in bones))
        for role in roles:
            wanted = [b for b, r in bones if r == role]
            for bone, found in zip(wanted, _pair(source.bones(role, chain), wanted), strict=True):
                rows.append(MapRow(chain, bone, found, role))
    paired = {r.chain for r in rows if r.source}
    unmapped = tuple(c for c in CHAINS if c not in paired)
    return BoneMap(tuple(rows), source.profile, target.profile, unmapped)
