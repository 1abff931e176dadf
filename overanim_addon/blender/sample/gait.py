"""The sample's walk cycle as numbers: where each foot stands and how it rolls heel to toe, how the
pelvis bobs, sways and turns, how the arms swing, at any time of the walk. Pure arithmetic (no
scene): ``walk.py`` keys it. Lengths in cm along the character's own axes: ``ahead`` (its -Y),
``left`` (+X) and ``up`` (+Z); the feet from where the walk starts (the ground), the pelvis from
the ``root`` bone, which carries the travel."""

from __future__ import annotations

import math
from dataclasses import dataclass

SPEED_CM_S = 140.0  # a brisk adult walk: 1.4 m/s
CYCLE_S = 1.0  # two steps, 120 steps a minute
STRIDE_CM = SPEED_CM_S * CYCLE_S  # one foot's plant to its next: two 70 cm steps
# the left foot's events as fractions of the cycle (the right foot's come half a cycle later)
FLAT, HEEL_OFF, TOE_OFF = 0.10, 0.38, 0.60  # heel strike at 0: stance is 60 % of the cycle
HEEL_STRIKE_PITCH = 20.0  # degrees, toes up as the heel lands
TOE_OFF_PITCH = 55.0  # degrees, heel up as the toes leave: the toes stay flat (the ball bends)
SWING_LIFT_CM = 12.0  # the ankle's rise above its straight path, highest a third into the swing (the knee bends)
PLANT_AHEAD_CM = 36.0  # where a foot lands, ahead of the root, at its heel strike
# the foot's joints in the rest pose (cm, ahead / up): the ankle (foot head), the ball, and the
# heel the foot rolls over as it lands (below and behind the ankle)
ANKLE, BALL, HEEL = (-2.0, 9.0), (10.0, 3.0), (-6.0, 0.0)
PELVIS_LOW_CM, PELVIS_BOB_CM = 6.0, 4.0  # below the rest pose at double support; the rise at mid stance
HIP, FOOT_LEFT = (10.0, 93.0), 12.0  # the left hip (left, up) and the feet's width in the rest pose, cm
LOWEST = 0.05  # the bob's low point, in the middle of double support (fraction of the cycle)
PELVIS_EASE = 150.0  # cm/s²: how sharply the pelvis may turn from sinking to rising
REACH_CM = 82.0  # hip to ankle at most: the IK legs (84 cm) never straighten, so the planted feet hold
PELVIS_SWAY_CM = 2.5  # over the standing foot
PELVIS_TURN, PELVIS_TILT = 5.0, 3.0  # degrees: the hip of the leg ahead goes ahead; the swinging side drops
ARM_SWING, ELBOW_BEND, ELBOW_SWING = 18.0, 12.0, 14.0  # degrees, arms swing against the legs


@dataclass(frozen=True)
class Foot:
    """One foot at one time: the ankle (ahead, up) from where the walk starts, its pitch (degrees, toes up
    positive) and the ball's bend against it (degrees: keeps the toes flat while the heel rises)."""

    ankle: tuple[float, float]
    pitch: float
    toes: float


def _smooth(s: float) -> float:
    s = min(max(s, 0.0), 1.0)
    return s * s * (3.0 - 2.0 * s)


def _rolled(pivot: tuple[float, float], pitch: float, plant: float) -> tuple[float, float]:
    """The ankle of a foot planted ``plant`` cm ahead of the start, pitched ``pitch`` degrees (toes
    up) about ``pivot`` (its rest position on the foot)."""
    a = math.radians(pitch)
    dx, dz = ANKLE[0] - pivot[0], ANKLE[1] - pivot[1]  # toes up turns ahead towards up
    return (plant + pivot[0] + dx * math.cos(a) - dz * math.sin(a), pivot[1] + dx * math.sin(a) + dz * math.cos(a))


def _stance(phase: float, plant: float) -> Foot:
    if phase < FLAT:  # the heel has landed: the foot rolls down onto its sole over the heel
        pitch = HEEL_STRIKE_PITCH * (1.0 - _smooth(phase / FLAT))
        return Foot(_rolled(HEEL, pitch, plant), pitch, 0.0)
    if phase < HEEL_OFF:
        return Foot((plant + ANKLE[0], ANKLE[1]), 0.0, 0.0)
    pitch = -TOE_OFF_PITCH * _smooth((phase - HEEL_OFF) / (TOE_OFF - HEEL_OFF))  # the heel rises over the ball
    return Foot(_rolled(BALL, pitch, plant), pitch, -pitch)


def foot(side: str, t: float) -> Foot:
    """``side`` ("l" or "r") at ``t`` seconds from the left heel's first strike."""
    cycles = t / CYCLE_S + (0.5 if side == "r" else 0.0)
    k = math.floor(cycles)
    phase = cycles - k
    plant = k * STRIDE_CM + PLANT_AHEAD_CM - (0.5 * STRIDE_CM if side == "r" else 0.0)
    if phase < TOE_OFF:
        return _stance(phase, plant)
    s = (phase - TOE_OFF) / (1.0 - TOE_OFF)  # the swing, from toe off to the next heel strike
    start, end = _stance(TOE_OFF - 1e-9, plant), _stance(0.0, plant + STRIDE_CM)
    ease = _smooth(s)
    ahead = start.ankle[0] + ease * (end.ankle[0] - start.ankle[0])
    up = start.ankle[1] + s * (end.ankle[1] - start.ankle[1]) + SWING_LIFT_CM * 6.75 * s * (1.0 - s) ** 2
    pitch = start.pitch + ease * (end.pitch - start.pitch)
    return Foot((ahead, up), pitch, start.toes * (1.0 - _smooth(s / 0.4)))


@dataclass(frozen=True)
class Body:
    """The rest of the pose at one time: the root's travel (cm ahead), the pelvis's offset (cm:
    left, up) and turns (degrees: yaw to the left, tilt raising the right hip), each arm's swing
    (degrees ahead) and elbow bend (degrees)."""

    travel: float
    pelvis: tuple[float, float]
    yaw: float
    tilt: float
    arm: dict[str, float]
    elbow: dict[str, float]


def _sway(t: float) -> float:
    return PELVIS_SWAY_CM * math.sin(2.0 * math.pi * t / CYCLE_S)


def _pelvis_limit(t: float) -> float:
    """The pelvis's height (cm from the rest pose) at ``t``: the bob, lowest at double support and
    highest at mid stance, but never so high that a leg cannot reach its foot."""
    angle = 2.0 * math.pi * (t / CYCLE_S - LOWEST)
    height = PELVIS_BOB_CM * 0.5 * (1.0 - math.cos(2.0 * angle)) - PELVIS_LOW_CM
    for side, sign in (("l", 1.0), ("r", -1.0)):
        ankle = foot(side, t).ankle
        across = sign * (FOOT_LEFT - HIP[0]) - _sway(t)
        room = REACH_CM ** 2 - (ankle[0] - SPEED_CM_S * t) ** 2 - across ** 2
        height = min(height, ankle[1] + math.sqrt(max(room, 0.0)) - HIP[1])
    return height


def pelvis_height(t: float) -> float:
    """``_pelvis_limit`` smoothed from below (the lowest parabola of curvature ``PELVIS_EASE`` that
    stays under it): the pelvis eases in and out of the dips the legs' reach makes, never higher."""
    window = [t + i / 120.0 for i in range(-36, 37)]  # 0.3 s each side, 120 samples a second
    return min(_pelvis_limit(u) + PELVIS_EASE * (t - u) ** 2 for u in window)


def body(t: float) -> Body:
    """The body at ``t`` seconds: the pelvis bobbing and swaying over the standing foot, turning
    the hip of the leg ahead forward and dropping the swinging side; each arm ahead when the other
    side's leg is."""
    angle = 2.0 * math.pi * t / CYCLE_S  # 0 at the left heel strike
    left_arm_ahead = -math.cos(angle)  # the left arm leads while the right leg does (half a cycle on)
    arm = {"l": ARM_SWING * left_arm_ahead, "r": -ARM_SWING * left_arm_ahead}
    elbow = {side: ELBOW_BEND + ELBOW_SWING * 0.5 * (1.0 + swing / ARM_SWING) for side, swing in arm.items()}
    return Body(travel=SPEED_CM_S * t, pelvis=(_sway(t), pelvis_height(t)),
                yaw=-PELVIS_TURN * math.cos(angle), tilt=-PELVIS_TILT * math.sin(angle), arm=arm, elbow=elbow)
