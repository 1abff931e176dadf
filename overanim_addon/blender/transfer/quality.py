"""A retarget's quality measured on what it wrote (``core.retarget_quality``): the solved target pose
against the source's sampled pose, both in the world."""

from __future__ import annotations

import numpy as np

from ...core.bone_map import BoneMap
from ...core.plant import point_contacts
from ...core.retarget import direction_errors, orthonormal
from ...core.retarget_quality import MOST_DEGREES, RetargetQuality, largest_slide, step_length
from .feet import hip_height
from .rigs import Rig
from .solve import Solved, target_ends


def _directions(rig: Rig, bone: int, name: str, rotations: np.ndarray) -> np.ndarray:
    """(F, 3) the bone's rest direction carried by its world rotation at each frame (rest -> now)."""
    turn = rotations @ rig.rest_world[bone].T
    return np.einsum("fij,j->fi", turn, rig.direction(name))


def chain_errors(source: Rig, target: Rig, bone_map: BoneMap, solved: Solved, worlds: np.ndarray,
                 poses: np.ndarray) -> tuple[dict[str, float], dict[str, float]]:
    """Per chain: (its largest direction error, degrees; the share of frames all its bones are within
    ``MOST_DEGREES``)."""
    source_rot = orthonormal(worlds[:, :3, :3])
    target_rot = orthonormal(target.world[:3, :3])
    largest: dict[str, float] = {}
    within: dict[str, float] = {}
    for chain, rows in bone_map.chains().items():
        errors = [np.zeros(len(worlds))]
        for row in rows:
            if not row.source or row.role == "pelvis" or row.source not in source.index:
                continue
            s, t = source.index[row.source], target.index[row.target]
            a = _directions(source, s, row.source, orthonormal(source_rot @ poses[:, s, :3, :3]))
            b = _directions(target, t, row.target, target_rot @ orthonormal(solved.pose[:, t, :3, :3]))
            errors.append(direction_errors(a @ solved.carry.T, b))
        if any(r.source for r in rows):
            worst = np.max(errors, axis=0)
            largest[chain], within[chain] = float(worst.max()), float(np.mean(worst <= MOST_DEGREES))
    return largest, within


def measure(source: Rig, target: Rig, bone_map: BoneMap, solved: Solved, worlds: np.ndarray, poses: np.ndarray,
            fps: float) -> RetargetQuality:
    heads = target_ends(target, solved.pose)[0]
    slides, agreement = {}, {}
    source_feet, target_feet = [], []
    target_hip = hip_height(target)
    for leg in solved.legs:
        points = [heads[:, leg.foot], heads[:, leg.ball] if leg.ball >= 0 else heads[:, leg.foot]]
        if solved.planted is None:
            continue
        held = [solved.planted.ankle[leg.side], solved.planted.ball[leg.side]]
        slides[leg.side] = max(largest_slide(p, h) for p, h in zip(points, held, strict=True))
        ours = point_contacts(points[0], fps, target_hip) | point_contacts(points[1], fps, target_hip)
        agreement[leg.side] = float(np.mean(ours == (held[0] | held[1])))
        source_feet.append(step_length(solved.source_heads[:, leg.source_foot], held[0] | held[1]))
        target_feet.append(step_length(points[0], held[0] | held[1]))
    stride = sum(target_feet) / sum(source_feet) if sum(source_feet) > 0 else 0.0
    lengths = [_leg_length(rig) for rig in (source, target)]
    legs = lengths[1] / lengths[0] if lengths[0] > 0 else 0.0
    return RetargetQuality(*chain_errors(source, target, bone_map, solved, worlds, poses), slides, agreement,
                           stride, legs)


def _leg_length(rig: Rig) -> float:
    """Hip to knee to ankle of the left leg (else the right), world cm."""
    assert rig.body is not None
    for side in "LR":
        bones = [rig.body.role_bone(r, f"leg_{side}") for r in ("thigh", "shin", "foot")]
        if None not in bones:
            points = [rig.head(b) for b in bones if b is not None]
            return float(np.linalg.norm(points[1] - points[0]) + np.linalg.norm(points[2] - points[1]))
    return 0.0
