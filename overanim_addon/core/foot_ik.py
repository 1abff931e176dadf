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

Angles are taken in the character's own frame (forward, right = forward x up, up), not in world
axes: Pitch is positive when the ground rises ahead of the character (toes up), Roll positive when
it rises towards the character's right. ``R`` rolls about the forward axis first, then pitches
about the right axis (Unreal's ``FRotator(Pitch, 0, Roll)`` order, extrinsic X then Y for an
X-forward actor), so the two angles rebuild ``R`` exactly and ``R`` keeps the forward axis in its
own vertical plane: pitch = atan2(-n.forward, n.up), roll = asin(-n.right). The walkthrough's atan2
for roll is only right when the pitch is 0, its pitch/roll signs are for Unreal's left-handed
X-forward axes, and its call site swaps the left and right rotations: none of that is ported.

Everything works on N frames at once (arrays); ``solve_frame`` is the one-frame view.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

import numpy as np

from ._numeric import is_finite_positive
from .errors import InvalidInputError
from .messages import Message
from .rotations import axis_angle_matrices

UP = np.array([0.0, 0.0, 1.0])

# custom property suffixes (OverAnim_FootIK_<suffix>) in the order they are listed and keyed
VALUE_NAMES = ("BodyOffset", "LeftOffset", "RightOffset", "LeftPitch", "LeftRoll", "RightPitch", "RightRoll",
               "LeftHit", "RightHit", "TraceDistance")


@dataclass(frozen=True)
class ProbeRay:
    """One foot's ray, relative to the ground reference: it starts ``start_height`` above it and is
    ``length`` long (down to ``trace_distance`` below it)."""

    start_height: float
    length: float

    @property
    def trace_distance(self) -> float:
        return self.length - self.start_height


def probe_ray(half_height: float, trace_distance: float) -> ProbeRay:
    """The ray of the walkthrough (``HalfHeight / 2`` above the reference down to ``TraceDistance``
    below it) for a character of half height ``half_height`` cm."""
    if not is_finite_positive(half_height):
        raise InvalidInputError(Message("The character's measured height is {height:g} cm: it must be above 0 to "
                                        "probe the ground", height=2.0 * float(half_height)))
    if not (math.isfinite(trace_distance) and trace_distance >= 0.0):
        raise InvalidInputError(Message("Trace distance must be 0 or more (it is {trace:g} cm)", trace=trace_distance))
    start = half_height * 0.5
    return ProbeRay(start_height=start, length=start + trace_distance)


def character_frames(forward: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The character's horizontal forward and right unit vectors (N x 3 each; right = forward x
    up) from forward directions in world space (N x 3); their vertical part is ignored."""
    f = np.array(forward, dtype=np.float64).reshape(-1, 3)
    f[:, 2] = 0.0
    length = np.linalg.norm(f, axis=1)
    if not np.all(np.isfinite(length) & (length > 1e-6)):
        raise InvalidInputError(Message("The character's Forward Axis points straight up or down in the world: pick "
                                        "the axis of the armature object the character faces (Detect Forward Axis "
                                        "finds it from its toes)"))
    f /= length[:, None]
    right = np.stack([f[:, 1], -f[:, 0], np.zeros(len(f))], axis=1)  # f x up
    return f, right


FACING_TOLERANCE = math.cos(math.radians(45.0))  # the toes this near an axis point along it


def facing_axis(linear_world: np.ndarray, toes: Sequence[np.ndarray],
                axes: Mapping[str, Sequence[float]]) -> str | None:
    """The axis (a key of ``axes``, directions in the armature object's space) the character faces:
    where its toes point ahead of its heels. ``toes``: each foot's heel-to-toe direction (its head to
    its end, in the object's space); ``linear_world``: the object's world rotation/scale (3 x 3).
    Of the axes that are horizontal enough in the world, the one nearest the feet's mean horizontal
    direction, within 45 degrees; None when the feet give no direction (vertical, or apart)."""
    m = np.asarray(linear_world, dtype=np.float64).reshape(3, 3)
    flat = []
    for toe in toes:
        d = m @ np.asarray(toe, dtype=np.float64)
        d[2] = 0.0
        length = float(np.linalg.norm(d))
        if math.isfinite(length) and length > 1e-9:
            flat.append(d / length)
    if not flat:
        return None
    mean = np.mean(flat, axis=0)
    if not float(np.linalg.norm(mean)) > 0.5:  # the feet point apart: no one facing
        return None
    mean /= np.linalg.norm(mean)
    best, best_cos = None, FACING_TOLERANCE
    for name, axis in axes.items():
        w = m @ np.asarray(axis, dtype=np.float64)
        size = float(np.linalg.norm(w))
        cos = float(w @ mean) / size if size > 0.0 else 0.0  # an axis near the vertical is far from any facing
        if cos > best_cos:
            best, best_cos = name, cos
    return best


def _up_normals(normals: np.ndarray) -> np.ndarray:
    n = np.asarray(normals, dtype=np.float64).reshape(-1, 3)
    length = np.linalg.norm(n, axis=1)
    if not np.all(np.isfinite(length) & (length > 0.0)):
        raise InvalidInputError(Message("A ground normal is zero or not a number"))
    n = n / length[:, None]
    # a downward ray meets the top of the ground whatever way its faces are wound
    return np.where(n[:, 2:] < 0.0, -n, n)


def ground_angles(normals: np.ndarray, forward: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(pitch, roll) in degrees (N each) of the ground with these normals (N x 3), for a character
    facing ``forward`` (N x 3, or one 3-vector for all)."""
    n = _up_normals(normals)
    f, r = character_frames(np.broadcast_to(np.asarray(forward, dtype=np.float64).reshape(-1, 3), n.shape))
    pitch = np.degrees(np.arctan2(-(n * f).sum(axis=1), n[:, 2]))
    roll = np.degrees(np.arcsin(np.clip(-(n * r).sum(axis=1), -1.0, 1.0)))
    return pitch + 0.0, roll + 0.0  # + 0.0: no "-0.0" in reports


def ground_rotations(pitch: np.ndarray, roll: np.ndarray, forward: np.ndarray) -> np.ndarray:
    """World rotations (N x 3 x 3) of (pitch, roll) degrees for a character facing ``forward``:
    roll about the forward axis, then pitch about the right axis; they map up onto the normals."""
    p = np.asarray(pitch, dtype=np.float64).reshape(-1)
    f, r = character_frames(np.broadcast_to(np.asarray(forward, dtype=np.float64).reshape(-1, 3), (len(p), 3)))
    # right = forward x up, so a right-handed turn about forward tips up towards the right and one
    # about right tips it backwards. Ground rising to the right tips the normal left: -roll about
    # forward; ground rising ahead tips it back: +pitch about right.
    return axis_angle_matrices(r, np.radians(p)) @ axis_angle_matrices(f, -np.radians(roll))


@dataclass(frozen=True)
class FootIKSolution:
    """N frames of the probe: per foot its hit, lift (cm), pitch and roll (degrees) and rotation
    (N x 3 x 3, identity on a miss); the walkthrough's body offset and foot offsets (cm)."""

    left_hit: np.ndarray
    right_hit: np.ndarray
    left_lift: np.ndarray
    right_lift: np.ndarray
    left_pitch: np.ndarray
    left_roll: np.ndarray
    right_pitch: np.ndarray
    right_roll: np.ndarray
    left_rotation: np.ndarray
    right_rotation: np.ndarray
    body_offset: np.ndarray
    left_offset: np.ndarray
    right_offset: np.ndarray
    trace_distance: float

    def values(self) -> dict[str, np.ndarray]:
        """The ten values by property suffix (``VALUE_NAMES``), N each: cm, degrees, hits 0/1."""
        return {
            "BodyOffset": self.body_offset, "LeftOffset": self.left_offset, "RightOffset": self.right_offset,
            "LeftPitch": self.left_pitch, "LeftRoll": self.left_roll,
            "RightPitch": self.right_pitch, "RightRoll": self.right_roll,
            "LeftHit": self.left_hit.astype(np.float64), "RightHit": self.right_hit.astype(np.float64),
            "TraceDistance": np.full(len(self.body_offset), self.trace_distance),
        }


def _foot(ray: ProbeRay, distances: np.ndarray, normals: np.ndarray,
          forward: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    d = np.asarray(distances, dtype=np.float64).reshape(-1)
    hit = np.isfinite(d)
    pitch, roll = np.zeros(len(d)), np.zeros(len(d))
    rotation = np.broadcast_to(np.eye(3), (len(d), 3, 3)).copy()
    if hit.any():
        n = np.asarray(normals, dtype=np.float64).reshape(-1, 3)[hit]
        f = forward[hit]
        pitch[hit], roll[hit] = ground_angles(n, f)
        rotation[hit] = ground_rotations(pitch[hit], roll[hit], f)
    lift = np.where(hit, ray.start_height - np.where(hit, d, 0.0), 0.0) + 0.0
    return hit, lift, pitch, roll, rotation


def solve(ray: ProbeRay, left_distance: np.ndarray, left_normal: np.ndarray, right_distance: np.ndarray,
          right_normal: np.ndarray, forward: np.ndarray) -> FootIKSolution:
    """N frames: hit distances in cm from the ray start (NaN = miss), hit normals (N x 3), the
    character's forward direction in world space (N x 3)."""
    count = len(np.asarray(left_distance).reshape(-1))
    fwd = np.broadcast_to(np.asarray(forward, dtype=np.float64).reshape(-1, 3), (count, 3))
    character_frames(fwd)  # refuse a vertical forward axis even where both feet miss
    lh, ll, lp, lr, lrot = _foot(ray, left_distance, left_normal, fwd)
    rh, rl, rp, rr, rrot = _foot(ray, right_distance, right_normal, fwd)
    body = np.minimum(ll, rl)
    return FootIKSolution(left_hit=lh, right_hit=rh, left_lift=ll, right_lift=rl, left_pitch=lp, left_roll=lr,
                          right_pitch=rp, right_roll=rr, left_rotation=lrot, right_rotation=rrot, body_offset=body,
                          left_offset=ll - body, right_offset=rl - body, trace_distance=ray.trace_distance)


def solve_frame(ray: ProbeRay, left: tuple[float, tuple[float, float, float]] | None,
                right: tuple[float, tuple[float, float, float]] | None,
                forward: tuple[float, float, float]) -> dict[str, float]:
    """One frame's ten values (``VALUE_NAMES``); a hit is (distance cm, normal), None a miss."""
    def parts(hit: tuple[float, tuple[float, float, float]] | None) -> tuple[list[float], list[tuple[float, ...]]]:
        return ([math.nan], [(0.0, 0.0, 1.0)]) if hit is None else ([hit[0]], [hit[1]])

    (ld, ln), (rd, rn) = parts(left), parts(right)
    values = solve(ray, np.array(ld), np.array(ln), np.array(rd), np.array(rn), np.array([forward])).values()
    return {name: float(v[0]) for name, v in values.items()}
