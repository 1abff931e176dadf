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
from ...core.foot_ik_motion import (
    CLEARANCE_TIME,
    SmoothingSettings,
    body_offsets,
    cleared,
    heel_lifts,
    heel_peels,
    heel_room,
    heels_needed,
    held_normals,
    held_through_plants,
    lift_along,
    rigid_moves,
)
from ...core.foot_ik_quality import BakeQuality, largest_slide, penetration, unreachable_runs, vertical_extremes
from ..shared.names import PREFIX
from ..shared.typed import pose_of
from .legs import SolvedLeg, ankle_points, fk_legs, solve_leg, toe_points
from .probe import Sampler

LOCOMOTION_SCALE_WS = f"{PREFIX}LocomotionScaleWS"  # Measure's, as Motion's contact thresholds follow it
TIP = 20.0  # degrees: the most a sole tips up to lie on a slope that begins under it (past it: a step)


def smoothing_settings(settings: Any) -> SmoothingSettings:
    return SmoothingSettings(max_offset=settings.max_offset, linear_stiffness=settings.linear_stiffness,
                             linear_damping=settings.linear_damping, speed_threshold=settings.speed_threshold,
                             distance_to_ground=settings.distance_to_ground,
                             max_extension_ratio=settings.max_extension_ratio,
                             heel_lift_ratio=settings.heel_lift_ratio).checked()


def fps_of(scene: Any) -> float:
    return float(scene.render.fps / scene.render.fps_base)


@dataclass(frozen=True)
class Feet:
    """Each foot's source ankle and toe (world cm, N x 3), and its plants."""

    ankles: tuple[np.ndarray, np.ndarray]
    toes: tuple[np.ndarray, np.ndarray]
    planted: tuple[np.ndarray, np.ndarray]
    reference: np.ndarray  # the ground reference's world height (cm, N)
    rest: tuple[tuple[float, float], tuple[float, float]]  # each foot's (ankle, toe) cm above the ground at rest

    def needed(self, side: int, plane: np.ndarray, toe_lift: np.ndarray, hit: np.ndarray) -> np.ndarray:
        """How far (cm, N) the foot's toe must rise for its sole to stay above the ground its rays
        met: the ankle's plane carried to the toe (``plane``), or the toe's own ray's lift, less how
        far that part of its sole is above the source's ground; -inf where a ray met nothing."""
        ankle_clear = self.ankles[side][:, 2] - self.reference - self.rest[side][0]
        toe_clear = self.toes[side][:, 2] - self.reference - self.rest[side][1]
        by_ankle = np.where(hit, plane - ankle_clear, -np.inf)
        by_toe = np.where(np.isfinite(toe_lift), toe_lift - toe_clear, -np.inf)
        return np.maximum(by_ankle, by_toe)


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
    return Feet(ankles, toes, planted, reference, rig.rest_heights)  # type: ignore[arg-type]


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


@dataclass(frozen=True)
class Plan:
    """The bake over time: the solution it keys (lifts as the ankles' rises, the body offset
    smoothed) and, per foot (left, right), how far its toe is raised and how it is turned."""

    solution: FootIKSolution
    toe_lifts: tuple[np.ndarray, np.ndarray]  # cm
    turns: tuple[np.ndarray, np.ndarray]  # N x 3 x 3, world
    feet: Feet
    toe_rays: np.ndarray  # N x 2: the lift (cm) of the ground each toe's ray met, NaN: none

    def moves(self, side: int, points: np.ndarray) -> np.ndarray:
        """How far (N x 3, world cm) the bake moves points (N x 3, world cm) carried by a foot."""
        return rigid_moves(self.toe_lifts[side], self.turns[side], points, self.feet.toes[side])


@dataclass(frozen=True)
class _Foot:
    """One foot on the ground the plan gives it: its toe's lift (cm), its turn (N x 3 x 3, world),
    its ankle's rise (cm), pitch and roll (degrees)."""

    toe_lift: np.ndarray
    turn: np.ndarray
    rise: np.ndarray
    pitch: np.ndarray
    roll: np.ndarray


def _on_ground(i: int, raw: FootIKSolution, rays: tuple[np.ndarray, np.ndarray], feet: Feet, fps: float,
               forward: np.ndarray, hold: bool) -> _Foot:
    """Foot ``i`` on its ground, held through its plants and eased between, turned about its toe.
    The toe stands on the higher of its own ray's ground and the ankle's plane carried to it (a slope
    that begins under the foot)."""
    normals, toe_rays = rays
    hit, lift = (raw.left_hit, raw.left_lift) if i == 0 else (raw.right_hit, raw.right_lift)
    ground = np.where(hit[:, None], normals[:, i], [0.0, 0.0, 1.0])
    ground = np.where(ground[:, 2:] < 0.0, -ground, ground)
    toe_offset = feet.toes[i] - feet.ankles[i]
    plane = lift_along(lift, ground, toe_offset)
    under_toe = np.where(np.isfinite(toe_rays[:, i]), np.fmax(plane, toe_rays[:, i]), plane)
    toe_lift = held_through_plants(under_toe, feet.planted[i], hit, hold)
    # a swinging foot clears what is under it (a step's edge): raised early enough, smoothly; a
    # planted one stands where the ground is (at its source height above it)
    needed = np.where(feet.planted[i], -np.inf, feet.needed(i, plane, toe_rays[:, i], hit))
    toe_lift = cleared(toe_lift, needed, math.ceil(CLEARANCE_TIME * fps))
    # a slope that begins under the foot: its sole tips up to lie on both (within TIP)
    ahead = np.maximum(np.abs(np.sum(toe_offset[:, :2] * forward[:, :2], axis=1)), 1e-6)
    above = np.where(under_toe - plane > 1e-3, under_toe - plane, 0.0)  # float noise is no slope
    tip = np.degrees(np.arctan2(held_through_plants(above, feet.planted[i], hit, hold), ahead))
    pitch, roll = ground_angles(held_normals(normals[:, i], feet.planted[i], hit, hold), forward)
    pitch = pitch + np.minimum(tip, TIP)
    turn = ground_rotations(pitch, roll, forward)
    rise = rigid_moves(toe_lift, turn, feet.ankles[i], feet.toes[i])[:, 2]
    return _Foot(toe_lift, turn, rise, pitch, roll)


def _with_heels(on: list[_Foot], feet: Feet, smoothing: SmoothingSettings, fps: float, forward: np.ndarray,
                hold: bool) -> tuple[list[_Foot], np.ndarray]:
    """The body offset (smoothed, or frame by frame on ground that moves) under the lower foot, each
    foot offering Heel Lift Ratio of its drop first; and the feet lifted as far as that body still
    needs: a planted foot by peeling its heel about its toe, a swinging one by staying higher
    (``core.foot_ik_motion.heel_lifts``)."""
    rises = np.stack([foot.rise for foot in on], axis=1)
    turned = [np.einsum("nij,nj->ni", foot.turn, feet.ankles[i] - feet.toes[i]) for i, foot in enumerate(on)]
    rooms = np.stack([heel_room(v, forward) for v in turned], axis=1)
    offered = heel_lifts(rises, rooms, np.stack(feet.planted, axis=1), smoothing.heel_lift_ratio)
    lower = np.min(rises + offered, axis=1)
    body = body_offsets(lower, smoothing, fps) if hold else np.clip(lower, -smoothing.max_offset,
                                                                    smoothing.max_offset)
    heels = heels_needed(body, rises, offered)
    out = []
    for i, foot in enumerate(on):
        if not np.any(heels[:, i] > 0.0):
            out.append(foot)
            continue
        peel = np.minimum(heels[:, i], rooms[:, i])
        pitch = foot.pitch + heel_peels(turned[i], forward, peel)
        turn = ground_rotations(pitch, foot.roll, forward)
        toe_lift = foot.toe_lift + (heels[:, i] - peel)  # off the ground: the rest by staying higher
        rise = rigid_moves(toe_lift, turn, feet.ankles[i], feet.toes[i])[:, 2]
        out.append(_Foot(toe_lift, turn, rise, pitch, foot.roll))
    return out, body


def plan(raw: FootIKSolution, rays: tuple[np.ndarray, np.ndarray], feet: Feet, smoothing: SmoothingSettings,
         fps: float, forward: np.ndarray, ground_moves: bool) -> Plan:
    """The probe's solution once the clip is seen whole. Each foot's ground (the plane its ray met,
    carried to its toe) and normal are held through its plants and eased between; it is turned by
    the held ground about its toe and raised there; the body follows the lower ankle, smoothed.
    ``rays``: the ankles' hit normals (N x 2 x 3) and the toes' rays' lifts (N x 2, cm, NaN: a miss).
    On ground that moves a planted foot rides it: its values are not held, and the body follows frame
    by frame."""
    hold = not ground_moves
    on, body = _with_heels([_on_ground(i, raw, rays, feet, fps, forward, hold) for i in range(2)], feet,
                           smoothing, fps, forward, hold)
    left, right = on
    solution = replace(raw, left_lift=left.rise, right_lift=right.rise, left_pitch=left.pitch + 0.0,
                       left_roll=left.roll + 0.0, right_pitch=right.pitch + 0.0, right_roll=right.roll + 0.0,
                       left_rotation=left.turn, right_rotation=right.turn, body_offset=body,
                       left_offset=left.rise - body, right_offset=right.rise - body)
    return Plan(solution, (left.toe_lift, right.toe_lift), (left.turn, right.turn), feet, rays[1])


def solved_legs(sampler: Sampler, planned: Plan, smoothing: SmoothingSettings) -> tuple[list[SolvedLeg], list[Any]]:
    """The legs without IK targets, solved for the plan (a leg hanging from the body bone rises with
    it); and the warnings of legs that could not be (a foot without two parents)."""
    rig, solution = sampler.rig, planned.solution
    legs, log = fk_legs(rig.armature, rig.bones)
    out = []
    for leg in legs:
        side = 0 if leg.side == "left" else 1
        thigh = pose_of(rig.armature).bones[leg.thigh]
        follows = bool(rig.bones.body_bone) and any(b.name == rig.bones.body_bone for b in thigh.parent_recursive)
        rise = solution.body_offset / rig.cm if follows else np.zeros(sampler.count)
        ankle_moves = planned.moves(side, planned.feet.ankles[side]) / rig.cm
        out.append(solve_leg(sampler, leg, rise, ankle_moves, planned.turns[side], smoothing.max_extension_ratio,
                             sampler.forward()))
    return out, log


def quality(sampler: Sampler, raw: FootIKSolution, planned: Plan, legs: list[SolvedLeg], fps: float,
            first_frame: int) -> BakeQuality:
    """The bake's numbers, before (as the animation plays) and after (where the bake puts things):
    the pelvis, each toe over its plants, each sole (under its ankle and its toe: their heights less
    theirs at rest) against the ground their rays met."""
    rig, cm, feet = sampler.rig, sampler.rig.cm, planned.feet
    pelvis: tuple[tuple[float, float], tuple[float, float]] | None = None
    if rig.bones.body_bone:
        z = ankle_points(sampler, rig.bones.body_bone)[:, 2] * cm
        source, baked = vertical_extremes(z, fps), vertical_extremes(z + planned.solution.body_offset, fps)
        pelvis = ((source[0], baked[0]), (source[1], baked[1]))
    solved = {0 if leg.leg.side == "left" else 1: leg for leg in legs}
    slides, depth, unreachable = [], 0.0, {}
    for i, side in enumerate(("left", "right")):
        ankle, toe = feet.ankles[i], feet.toes[i]
        after = solved[i].ankle * cm if i in solved else ankle + planned.moves(i, ankle)
        toe_after = toe + planned.moves(i, toe)
        slides.append((largest_slide(toe, feet.planted[i]), largest_slide(toe_after, feet.planted[i])))
        hit, lift = (raw.left_hit, raw.left_lift) if i == 0 else (raw.right_hit, raw.right_lift)
        toe_ground = planned.toe_rays[:, i]
        depth = max(depth, penetration(after[:, 2] - rig.rest_heights[i][0], feet.reference + lift, hit),
                    penetration(toe_after[:, 2] - rig.rest_heights[i][1], feet.reference + np.nan_to_num(toe_ground),
                                np.isfinite(toe_ground)))
        if i in solved and solved[i].missed.any():
            unreachable[side] = unreachable_runs(solved[i].missed, first_frame)
    return BakeQuality(fps=fps, pelvis_speed=pelvis[0] if pelvis else None,
                       pelvis_acceleration=pelvis[1] if pelvis else None,
                       slide=(max(s[0] for s in slides), max(s[1] for s in slides)), penetration=depth,
                       unreachable=unreachable)
