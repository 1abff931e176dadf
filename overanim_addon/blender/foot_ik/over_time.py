"""The bake over the whole clip: the per-frame probe held through each foot's plants and eased
between them, the body offset smoothed under the lower foot (``core.foot_ik_motion``), the legs
without IK targets solved (``legs.py``), and how good the result is (``core.foot_ik_quality``),
measured on the positions the bake puts the pelvis, ankles and toes at."""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from typing import Any

import numpy as np

from ...core import motion
from ...core.foot_ik import FootIKSolution, ground_angles, ground_rotations
from ...core.foot_ik_motion import SmoothedFeet, SmoothingSettings, smoothed_feet
from ...core.foot_ik_quality import BakeQuality, largest_slide, penetration, unreachable_runs, vertical_extremes
from ..shared.names import PREFIX
from ..shared.typed import pose_of
from .legs import SolvedLeg, ankle_points, fk_legs, solve_leg, toe_points
from .probe import Sampler

LOCOMOTION_SCALE_WS = f"{PREFIX}LocomotionScaleWS"  # Measure's, as Motion's contact thresholds follow it


def smoothing_settings(settings: Any) -> SmoothingSettings:
    return SmoothingSettings(max_offset=settings.max_offset, linear_stiffness=settings.linear_stiffness,
                             linear_damping=settings.linear_damping, speed_threshold=settings.speed_threshold,
                             distance_to_ground=settings.distance_to_ground,
                             max_extension_ratio=settings.max_extension_ratio).checked()


def fps_of(scene: Any) -> float:
    return float(scene.render.fps / scene.render.fps_base)


@dataclass(frozen=True)
class Feet:
    """Each foot's source ankle and toe (world cm, N x 3), and its plants."""

    ankles: tuple[np.ndarray, np.ndarray]
    toes: tuple[np.ndarray, np.ndarray]
    planted: tuple[np.ndarray, np.ndarray]
    reference: np.ndarray  # the ground reference's world height (cm, N)


def source_feet(sampler: Sampler, smoothing: SmoothingSettings, fps: float) -> Feet:
    """The feet as the animation plays them, and where it plants them: Motion's contact rule at the
    foot's joints (the lower of ankle and toe, under the Speed Threshold and within Distance To
    Ground of the ground reference, both following the character's measured size)."""
    rig, cm = sampler.rig, sampler.rig.cm
    scale = float(rig.armature.get(LOCOMOTION_SCALE_WS, 1.0))
    speed, height = motion.contact_thresholds(smoothing.speed_threshold, smoothing.distance_to_ground,
                                              scale if math.isfinite(scale) and scale > 0.0 else 1.0)
    reference = sampler.references[:sampler.count] * cm
    names = ((rig.bones.left_foot, toe_bone(sampler, rig.bones.left_foot)),
             (rig.bones.right_foot, toe_bone(sampler, rig.bones.right_foot)))
    ankles = tuple(ankle_points(sampler, foot) * cm for foot, _ in names)
    toes = tuple(toe_points(sampler, foot, toe) * cm for foot, toe in names)
    planted = tuple(_planted(a, t, reference, fps, speed, height) for a, t in zip(ankles, toes, strict=True))
    return Feet(ankles, toes, planted, reference)  # type: ignore[arg-type]


def _planted(ankle: np.ndarray, toe: np.ndarray, reference: np.ndarray, fps: float, speed: float,
             height: float) -> np.ndarray:
    if len(ankle) < 2:  # one frame: nothing moves, it stands
        return np.ones(len(ankle), dtype=bool)
    return motion.foot_contacts(ankle, toe, reference, fps, speed, height).contact


def toe_bone(sampler: Sampler, foot: str) -> str:
    children = sampler.pose_bones[foot].children
    return children[0].name if len(children) else ""


def tracked_bones(rig: Any) -> list[str]:
    """What the sampler reads besides the keyed bones: the feet, their toes, the FK legs."""
    names = []
    legs, _ = fk_legs(rig.armature, rig.bones)
    for foot in (rig.bones.left_foot, rig.bones.right_foot):
        names.append(foot)
        children = pose_of(rig.armature).bones[foot].children
        if len(children):
            names.append(children[0].name)
    for leg in legs:
        names += [leg.thigh, leg.calf]
    return names


def smoothed_solution(raw: FootIKSolution, normals: np.ndarray, feet: Feet, smoothing: SmoothingSettings,
                      fps: float, forward: np.ndarray, ground_moves: bool) -> tuple[FootIKSolution, SmoothedFeet]:
    """The probe's solution once the clip is seen whole: the same values, held, eased and smoothed.
    ``normals``: the rays' hit normals (N x 2 x 3, the sampler's). On ground that moves a planted
    foot rides it: its values are not held."""
    over = smoothed_feet((raw.left_lift, raw.right_lift), (normals[:, 0], normals[:, 1]),
                         (raw.left_hit, raw.right_hit), feet.planted, smoothing, fps, hold=not ground_moves)
    lp, lr = ground_angles(over.left_normal, forward)
    rp, rr = ground_angles(over.right_normal, forward)
    body = over.body_offset
    solution = replace(raw, left_lift=over.left_lift, right_lift=over.right_lift, left_pitch=lp, left_roll=lr,
                       right_pitch=rp, right_roll=rr, left_rotation=ground_rotations(lp, lr, forward),
                       right_rotation=ground_rotations(rp, rr, forward), body_offset=body,
                       left_offset=over.left_lift - body, right_offset=over.right_lift - body)
    return solution, over


def solved_legs(sampler: Sampler, solution: FootIKSolution,
                smoothing: SmoothingSettings) -> tuple[list[SolvedLeg], list[Any]]:
    """The legs without IK targets, solved for the smoothed solution (a leg hanging from the body
    bone rises with it); and the warnings of legs that could not be (a foot without two parents)."""
    rig = sampler.rig
    legs, log = fk_legs(rig.armature, rig.bones)
    out = []
    for leg in legs:
        thigh = pose_of(rig.armature).bones[leg.thigh]
        follows = bool(rig.bones.body_bone) and any(b.name == rig.bones.body_bone for b in thigh.parent_recursive)
        rise = solution.body_offset / rig.cm if follows else np.zeros(sampler.count)
        lift = (solution.left_lift if leg.side == "left" else solution.right_lift) / rig.cm
        turn = solution.left_rotation if leg.side == "left" else solution.right_rotation
        out.append(solve_leg(sampler, leg, rise, lift, turn, smoothing.max_extension_ratio, sampler.forward()))
    return out, log


def quality(sampler: Sampler, raw: FootIKSolution, solution: FootIKSolution, feet: Feet,
            legs: list[SolvedLeg], fps: float, first_frame: int) -> BakeQuality:
    """The bake's numbers, before (as the animation plays) and after (where the bake puts things)."""
    rig, cm = sampler.rig, sampler.rig.cm
    pelvis: tuple[tuple[float, float], tuple[float, float]] | None = None
    if rig.bones.body_bone:
        z = ankle_points(sampler, rig.bones.body_bone)[:, 2] * cm
        source, baked = vertical_extremes(z, fps), vertical_extremes(z + solution.body_offset, fps)
        pelvis = ((source[0], baked[0]), (source[1], baked[1]))
    solved = {leg.leg.side: leg for leg in legs}
    slides, depth, unreachable = [], 0.0, {}
    for i, side in enumerate(("left", "right")):
        ankle, toe = feet.ankles[i], feet.toes[i]
        lift = solution.left_lift if side == "left" else solution.right_lift
        turn = solution.left_rotation if side == "left" else solution.right_rotation
        after = solved[side].ankle * cm if side in solved else ankle + lift[:, None] * np.array([0.0, 0.0, 1.0])
        toe_after = after + np.einsum("nij,nj->ni", turn, toe - ankle)
        slides.append((largest_slide(toe, feet.planted[i]), largest_slide(toe_after, feet.planted[i])))
        hit = raw.left_hit if side == "left" else raw.right_hit
        ground = feet.reference + (raw.left_lift if side == "left" else raw.right_lift)
        depth = max(depth, penetration(after[:, 2] - rig.rest_heights[i], ground, hit))
        if side in solved and solved[side].missed.any():
            unreachable[side] = unreachable_runs(solved[side].missed, first_frame)
    return BakeQuality(fps=fps, pelvis_speed=pelvis[0] if pelvis else None,
                       pelvis_acceleration=pelvis[1] if pelvis else None,
                       slide=(max(s[0] for s in slides), max(s[1] for s in slides)), penetration=depth,
                       unreachable=unreachable)
