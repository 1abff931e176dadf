"""The target's feet planted on the source's contacts (``core.plant``): per leg, the ankle brought to
where the held ankle and ball put it by Two Bone IK (``core.two_bone_ik``), the thigh turned with
its knee's bend plane and the shin after it; the foot keeps the world rotation the retarget gave it."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ...core.plant import ankle_targets, pelvis_drop, point_contacts
from ...core.retarget import orthonormal
from ...core.two_bone_ik import aim_rotations, frame_rotations, solve_two_bone
from .rigs import Rig


@dataclass(frozen=True)
class Leg:
    """One leg on both rigs: the source's foot and ball (its toe bone, "" without one), the target's
    thigh, shin, foot and ball (indices; -1 without a toe)."""

    side: str
    source_foot: int
    source_ball: int
    thigh: int
    shin: int
    foot: int
    ball: int


@dataclass(frozen=True)
class Planted:
    """What the source's feet do, per side: contact frames of the ankle and of the ball."""

    ankle: dict[str, np.ndarray]
    ball: dict[str, np.ndarray]


def legs(source: Rig, target: Rig) -> list[Leg]:
    """The legs both rigs have (thigh, shin and foot on the target, a foot on the source)."""
    assert source.body is not None and target.body is not None
    out = []
    for side in "LR":
        chain = f"leg_{side}"
        found = [target.body.role_bone(r, chain) for r in ("thigh", "shin", "foot")]
        source_foot = source.body.role_bone("foot", chain)
        if None in found or source_foot is None:
            continue
        source_ball, ball = source.body.role_bone("toe", chain), target.body.role_bone("toe", chain)
        thigh, shin, foot = (target.index[n] for n in found if n is not None)
        out.append(Leg(side, source.index[source_foot], source.index[source_ball] if source_ball else -1,
                       thigh, shin, foot, target.index[ball] if ball and source_ball else -1))
    return out


def hip_height(rig: Rig) -> float:
    """The rest pelvis head's height over the lowest rest head of the feet's bones (cm)."""
    assert rig.body is not None
    pelvis = rig.body.role_bone("pelvis", "spine")
    feet = [b for s in "LR" for r in ("foot", "toe") if (b := rig.body.role_bone(r, f"leg_{s}"))]
    if pelvis is None or not feet:
        return 0.0
    return float(rig.head(pelvis)[2] - min(rig.head(b)[2] for b in feet))


def source_contacts(source: Rig, found: list[Leg], heads: np.ndarray, fps: float) -> Planted:
    hip = hip_height(source)
    ankle = {leg.side: point_contacts(heads[:, leg.source_foot], fps, hip) for leg in found}
    ball = {leg.side: point_contacts(heads[:, leg.source_ball], fps, hip) if leg.source_ball >= 0
            else np.zeros(len(heads), dtype=bool) for leg in found}
    return Planted(ankle, ball)


def plant(target: Rig, found: list[Leg], planted: Planted, rotations: dict[int, np.ndarray],
          pose: np.ndarray, heads: np.ndarray, fps: float) -> tuple[dict[int, np.ndarray], np.ndarray]:
    """(``rotations`` (world-in-armature, F x 3 x 3 per bone) with each leg's thigh and shin solved so
    its ankle reaches its target, the pelvis's sink (F, world cm) that lets it); ``pose`` and
    ``heads`` (world cm) are the unplanted solution's."""
    out = dict(rotations)
    world_rot = orthonormal(target.world[:3, :3])
    to_armature = world_rot.T
    feet = [ankle_targets(heads[:, leg.foot], heads[:, leg.ball] if leg.ball >= 0 else heads[:, leg.foot],
                          planted.ankle[leg.side], planted.ball[leg.side]) for leg in found]
    goals = [foot.ankle for foot in feet]
    lengths = [np.linalg.norm(heads[:, leg.shin] - heads[:, leg.thigh], axis=1)
               + np.linalg.norm(heads[:, leg.foot] - heads[:, leg.shin], axis=1) for leg in found]
    drop = pelvis_drop(np.stack([heads[:, leg.thigh] for leg in found]), np.stack(goals), np.stack(lengths), fps)
    down = drop[:, None] * np.array([0.0, 0.0, 1.0])
    for leg, goal, foot in zip(found, goals, feet, strict=True):
        hip, knee, ankle = heads[:, leg.thigh] - down, heads[:, leg.shin] - down, heads[:, leg.foot] - down
        solution = solve_two_bone(hip, knee, ankle, goal, knee)
        turn = frame_rotations(knee - hip, ankle - knee, solution.mid - hip, solution.end - solution.mid)
        bend = aim_rotations(np.einsum("fij,fj->fi", turn, ankle - knee), solution.end - solution.mid) @ turn
        turns = [(leg.thigh, turn), (leg.shin, bend)]
        if leg.ball >= 0:  # flat on the ground: the foot turns to its held ball
            along = heads[:, leg.ball] - heads[:, leg.foot]
            wanted = along + foot.flat[:, None] * (foot.ball_direction * (
                np.linalg.norm(along, axis=1) / np.maximum(np.linalg.norm(foot.ball_direction, axis=1), 1e-9))[:, None]
                - along)
            turns.append((leg.foot, aim_rotations(along, wanted)))
        for bone, world_turn in turns:
            current = out.get(bone, pose[:, bone, :3, :3])
            out[bone] = to_armature @ world_turn @ world_rot @ current
    return out, drop
