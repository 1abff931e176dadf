"""Foot IK on uneven ground: the footstep-IK walkthrough's ground trace, bpy-free.

World space, Z up, lengths in centimetres. Per foot, a ray goes straight down at the foot bone's
X, Y, from ``H / 2`` above the ground reference (H = half the character height) to the calibrated
trace distance below it:

- hit: ``lift = H / 2 - hit distance`` (positive when the ground is above the reference), and a
  pitch-and-roll rotation ``R`` (no yaw) that maps world up onto the hit normal;
- miss: lift 0, no rotation.

``body offset = min(left lift, right lift)`` (the walkthrough's code takes the signed minimum; its
text says "absolute maximum", the code is right), and each foot's offset is its lift minus the body
offset, so one foot's offset is always 0 and the other's is at least 0.

Angles are taken in the character's own frame (forward, right, up), not in world axes: Pitch is
positive when the ground rises ahead of the character (toes up), Roll positive when it rises
towards the character's right. ``R`` rolls about the forward axis first, then pitches about the
right axis (Unreal's ``FRotator(Pitch, 0, Roll)`` order, extrinsic X then Y for an X-forward actor),
so the two angles rebuild ``R`` exactly and ``R`` keeps the forward axis in its own vertical plane:
pitch = atan2(-n.forward, n.up), roll = asin(-n.right). The walkthrough's atan2 for roll is only
right when the pitch is 0, its pitch/roll signs are for Unreal's left-handed X-forward axes, and
its call site swaps the left and right rotations: none of that is ported.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from ._numeric import is_finite_positive
from .errors import InvalidInputError

UP = np.array([0.0, 0.0, 1.0])

# custom property suffixes (OverAnim_FootIK_<suffix>) in the order they are listed and keyed
VALUE_NAMES = ("BodyOffset", "LeftOffset", "RightOffset", "LeftPitch", "LeftRoll", "RightPitch", "RightRoll",
               "LeftHit", "RightHit", "TraceDistance")


@dataclass(frozen=True)
class GroundHit:
    """Where a downward ray met the ground: distance from the ray start (cm) and the surface normal."""

    distance: float
    normal: tuple[float, float, float]


@dataclass(frozen=True)
class ProbeRay:
    """One foot's ray, relative to the ground reference: it starts ``start_height`` above it and is
    ``length`` long (down to ``trace_distance`` below it)."""

    start_height: float
    length: float


@dataclass(frozen=True)
class FootResult:
    hit: bool
    lift: float  # cm, positive when the ground under the foot is above the reference
    pitch: float  # degrees, positive when the ground rises ahead
    roll: float  # degrees, positive when the ground rises towards the character's right
    rotation: np.ndarray  # 3x3 world rotation mapping world up onto the ground normal (identity on a miss)


@dataclass(frozen=True)
class FootIKFrame:
    """Everything one frame's probe gives: the walkthrough's body offset and foot offsets, plus the
    lifts and rotations the Blender bake keys."""

    left: FootResult
    right: FootResult
    body_offset: float
    left_offset: float
    right_offset: float
    trace_distance: float

    def values(self) -> dict[str, float]:
        """The ten values by property suffix (``VALUE_NAMES``), lengths in cm, angles in degrees."""
        return {
            "BodyOffset": self.body_offset, "LeftOffset": self.left_offset, "RightOffset": self.right_offset,
            "LeftPitch": self.left.pitch, "LeftRoll": self.left.roll,
            "RightPitch": self.right.pitch, "RightRoll": self.right.roll,
            "LeftHit": float(self.left.hit), "RightHit": float(self.right.hit),
            "TraceDistance": self.trace_distance,
        }


def probe_ray(half_height: float, trace_distance: float) -> ProbeRay:
    """The ray of the walkthrough (``HalfHeight / 2`` above the reference down to ``TraceDistance``
    below it) for a character of half height ``half_height`` cm."""
    if not is_finite_positive(half_height):
        raise InvalidInputError(f"The character's measured height is {2.0 * float(half_height):g} cm: "
                                "it must be above 0 to probe the ground")
    if not (math.isfinite(trace_distance) and trace_distance >= 0.0):
        raise InvalidInputError(f"Trace distance must be 0 or more (it is {trace_distance:g} cm)")
    start = half_height * 0.5
    return ProbeRay(start_height=start, length=start + trace_distance)


def character_frame(forward: Sequence[float]) -> tuple[np.ndarray, np.ndarray]:
    """The character's horizontal forward and right unit vectors (right = forward x up) from a
    forward direction in world space; its vertical part is ignored."""
    f = np.array([float(forward[0]), float(forward[1]), 0.0])
    length = float(np.linalg.norm(f))
    if not (math.isfinite(length) and length > 1e-6):
        raise InvalidInputError("The character's forward axis points straight up or down: pick another Forward Axis")
    f /= length
    return f, np.cross(f, UP)


def _unit_up_normal(normal: Sequence[float]) -> np.ndarray:
    n = np.asarray(normal, dtype=np.float64).reshape(3)
    length = float(np.linalg.norm(n))
    if not (math.isfinite(length) and length > 0.0):
        raise InvalidInputError("A ground normal is zero or not a number")
    n = n / length
    # a downward ray meets the top of the ground whatever way its faces are wound
    return -n if n[2] < 0.0 else n


def _axis_rotation(axis: np.ndarray, angle: float) -> np.ndarray:
    """Right-handed rotation by ``angle`` radians about the unit ``axis`` (Rodrigues)."""
    x, y, z = axis
    k = np.array([[0.0, -z, y], [z, 0.0, -x], [-y, x, 0.0]])
    return np.eye(3) + math.sin(angle) * k + (1.0 - math.cos(angle)) * (k @ k)


def ground_angles(normal: Sequence[float], forward: Sequence[float]) -> tuple[float, float]:
    """(pitch, roll) in degrees of the ground with this normal, for a character facing ``forward``."""
    n = _unit_up_normal(normal)
    f, r = character_frame(forward)
    nf, nr, nu = float(n @ f), float(n @ r), float(n[2])
    pitch = math.atan2(-nf, nu)
    roll = math.asin(max(-1.0, min(1.0, -nr)))
    return math.degrees(pitch) + 0.0, math.degrees(roll) + 0.0  # + 0.0: no "-0.0" in reports


def ground_rotation(pitch: float, roll: float, forward: Sequence[float]) -> np.ndarray:
    """The world rotation of (pitch, roll) degrees for a character facing ``forward``: roll about
    the forward axis, then pitch about the right axis; it maps world up onto the ground normal."""
    f, r = character_frame(forward)
    # right = forward x up, so a right-handed turn about forward tips up towards the right and one
    # about right tips it backwards. Ground rising to the right tips the normal left: -roll about
    # forward; ground rising ahead tips it back: +pitch about right.
    return _axis_rotation(r, math.radians(pitch)) @ _axis_rotation(f, -math.radians(roll))


def foot_result(ray: ProbeRay, hit: GroundHit | None, forward: Sequence[float]) -> FootResult:
    if hit is None:
        return FootResult(hit=False, lift=0.0, pitch=0.0, roll=0.0, rotation=np.eye(3))
    if not math.isfinite(hit.distance):
        raise InvalidInputError("A ground hit distance is not a number")
    pitch, roll = ground_angles(hit.normal, forward)
    return FootResult(hit=True, lift=ray.start_height - float(hit.distance), pitch=pitch, roll=roll,
                      rotation=ground_rotation(pitch, roll, forward))


def solve_frame(ray: ProbeRay, left: GroundHit | None, right: GroundHit | None,
                forward: Sequence[float]) -> FootIKFrame:
    """One frame: both feet, the body offset (signed minimum of the lifts) and the foot offsets."""
    left_foot = foot_result(ray, left, forward)
    right_foot = foot_result(ray, right, forward)
    body = min(left_foot.lift, right_foot.lift)
    return FootIKFrame(left=left_foot, right=right_foot, body_offset=body,
                       left_offset=left_foot.lift - body, right_offset=right_foot.lift - body,
                       trace_distance=ray.length - ray.start_height)
