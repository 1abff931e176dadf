"""Foot IK over time, bpy-free: what the per-frame probe (``foot_ik.solve``) becomes once the bake
has seen the whole clip.

- **Plants.** A foot is planted where its source animation plants it (Motion's contact rule,
  ``motion.foot_contacts``: the lower of its head and toe slower than Unreal's Speed Threshold and
  nearer the source ground than its Distance To Ground). Through a plant its lift, pitch and roll
  are held at one value (the median of what its ray met over the plant), so the foot cannot slide
  or tip while it carries the body; between plants they ease from one plant's values to the next
  (a smoothstep over the swing: no snap at a step edge, zero speed where the foot lifts and lands).
- **Body (pelvis).** The body offset follows the lower foot, as in the walkthrough, but smoothly:
  a critically damped spring (Unreal's Foot Placement: Linear Stiffness, Linear Damping as its
  critical damping factor) run over the clip forwards and then backwards, so it starts moving
  before a step as much as after it (a runtime node cannot look ahead; a bake can), with no lag
  and no jump. The spring runs on the lower envelope of the feet's lifts over its own settling
  time, so the body is never higher than its lower foot lets it be (the legs are never asked to
  reach further than in the source), and within Max Offset of the source.
- **Heel Lift Ratio.** Where the ground under a foot is lower than in the source, the body must
  drop for the leg to reach it; Unreal's Heel Lift Ratio is the share of that drop the foot takes
  instead: a planted foot by peeling its heel (pitching down about its toe, at most MAX_HEEL_PEEL),
  a swinging one by staying higher. The body then follows the lower of the lifted ankles, and each
  foot lifts only as far as that smoothed body still needs (``heels_needed``): never a heel lifted
  where the body already lets the foot down.
"""

from __future__ import annotations

import itertools
import math
from dataclasses import dataclass

import numpy as np

from ._numeric import is_finite_positive
from .errors import InvalidInputError
from .foot_ik import character_frames
from .messages import Message

# Unreal's defaults where ours are the same; Linear Stiffness is lower than Foot Placement's 350 because
# a baked body goes the whole step in one swing: 350 takes a 20 cm step at 86 cm/s, 100 at 49 cm/s.
MAX_OFFSET = 50.0  # cm
LINEAR_STIFFNESS = 100.0  # 1/s²: the spring's natural frequency is its square root, in rad/s
LINEAR_DAMPING = 1.0  # critical damping factor (1: critically damped, no overshoot)
SPEED_THRESHOLD = 60.0  # cm/s, Motion's contact speed (Unreal's plant SpeedThreshold)
DISTANCE_TO_GROUND = 10.0  # cm, Motion's contact height (Unreal's plant DistanceToGround)
MAX_EXTENSION_RATIO = 1.0  # of the leg's length (Unreal's plant MaxExtensionRatio)
# Unreal's Foot Placement defaults to 0.5; ours to 0: a baked planted sole stays flat on its ground
# (what an animator checks first), and the body alone makes the reach
HEEL_LIFT_RATIO = 0.0
MAX_HEEL_PEEL = 40.0  # degrees: the most a heel peels about the toe (a walker's push-off, not tiptoe)
SETTLE = 5.0  # the spring's settling time in 1/omega: its forward-backward response is within 2 % of a step past it


@dataclass(frozen=True)
class SmoothingSettings:
    """The bake's settings over time, named as Unreal's Foot Placement names them (cm, seconds)."""

    max_offset: float = MAX_OFFSET
    linear_stiffness: float = LINEAR_STIFFNESS
    linear_damping: float = LINEAR_DAMPING
    speed_threshold: float = SPEED_THRESHOLD
    distance_to_ground: float = DISTANCE_TO_GROUND
    max_extension_ratio: float = MAX_EXTENSION_RATIO
    heel_lift_ratio: float = HEEL_LIFT_RATIO

    def checked(self) -> SmoothingSettings:
        for label, value in (("Max Offset", self.max_offset), ("Linear Stiffness", self.linear_stiffness),
                             ("Linear Damping", self.linear_damping), ("Speed Threshold", self.speed_threshold),
                             ("Distance To Ground", self.distance_to_ground),
                             ("Max Extension Ratio", self.max_extension_ratio)):
            if not is_finite_positive(value):
                raise InvalidInputError(Message("{label} must be above 0 (it is {value:g})", label=label,
                                                value=float(value)))
        if not 0.0 <= float(self.heel_lift_ratio) <= 1.0:  # also refuses NaN
            raise InvalidInputError(Message("{label} must be from 0 to 1 (it is {value:g})", label="Heel Lift Ratio",
                                            value=float(self.heel_lift_ratio)))
        return self


def runs(mask: np.ndarray) -> list[tuple[int, int]]:
    """(first, last) indices of each run of True in ``mask``."""
    m = np.asarray(mask, dtype=bool).astype(np.int8)
    edges = np.diff(np.concatenate([[0], m, [0]]))
    return list(zip(np.flatnonzero(edges == 1).tolist(), (np.flatnonzero(edges == -1) - 1).tolist(), strict=True))


def _smoothstep(t: np.ndarray) -> np.ndarray:
    t = np.clip(t, 0.0, 1.0)
    return t * t * (3.0 - 2.0 * t)


def held_through_plants(values: np.ndarray, planted: np.ndarray, valid: np.ndarray, hold: bool = True) -> np.ndarray:
    """``values`` (N, or N x K) held at one value through each plant and eased between plants.

    A plant's value is the median of its ``valid`` frames (a ray that met ground); a plant without
    any takes the median of all valid frames, and a clip without plants or valid frames keeps
    ``values`` as they are. Between two plants a smoothstep goes from one to the next over the
    frames between them; so it does from the clip's first frame to the first plant and from the last
    plant to the last frame, where those frames are valid (else the plant's value holds).
    With ``hold`` off (ground that moves: a plant rides it) a plant keeps its frames' own values
    and only the frames between plants are eased, from the last planted value to the next.
    """
    v = np.asarray(values, dtype=np.float64)
    flat = v.reshape(len(v), -1)
    ok = np.asarray(valid, dtype=bool)
    plants = runs(planted)
    if not plants or not ok.any():
        return v.copy()
    fallback = np.median(flat[ok], axis=0)
    out = flat.copy()
    for a, b in plants:
        inside = ok[a:b + 1]
        if hold or not inside.all():
            out[a:b + 1] = np.median(flat[a:b + 1][inside], axis=0) if inside.any() else fallback
    # the clip's ends: from the first frame's own value (a foot that lands after it starts, on
    # ground of its own), else the nearest plant's, held
    ends = [(0, 0)] if plants[0][0] > 0 and ok[0] else []
    ends += plants + ([(len(v) - 1, len(v) - 1)] if plants[-1][1] < len(v) - 1 and ok[-1] else [])
    first, last = ends[0][0], ends[-1][1]
    out[:first] = out[first]
    out[last + 1:] = out[last]
    for (_, end), (start, _) in itertools.pairwise(ends):
        gap = np.arange(end + 1, start)
        t = _smoothstep((gap - end) / float(start - end))
        out[gap] = out[end] + t[:, None] * (out[start] - out[end])
    return out.reshape(v.shape)


def _spring_pass(target: np.ndarray, omega: float, damping: float, dt: float) -> np.ndarray:
    """A damped spring following ``target`` frame by frame (x'' = w^2 (target - x) - 2 z w x'),
    starting at rest on the first target; integrated exactly over each frame for a critically
    damped spring, in small semi-implicit steps otherwise."""
    out = np.empty_like(target)
    x, v = float(target[0]), 0.0
    steps = max(1, math.ceil(omega * dt * 4.0))
    h = dt / steps
    for i, goal in enumerate(target.tolist()):
        for _ in range(steps):
            v += (omega * omega * (goal - x) - 2.0 * damping * omega * v) * h
            x += v * h
        out[i] = x
    return out


def spring_smoothed(target: np.ndarray, stiffness: float, damping: float, fps: float) -> np.ndarray:
    """``target`` (N) through the spring forwards, then that backwards: zero phase (no lag: it
    starts before a change as much as it ends after), and smooth in speed and acceleration."""
    t = np.asarray(target, dtype=np.float64)
    if len(t) < 2:
        return t.copy()
    omega, dt = math.sqrt(float(stiffness)), 1.0 / float(fps)
    forward = _spring_pass(t, omega, float(damping), dt)
    return _spring_pass(forward[::-1].copy(), omega, float(damping), dt)[::-1].copy()


def lower_envelope(values: np.ndarray, half_width: int) -> np.ndarray:
    """The lowest of ``values`` within ``half_width`` frames either side of each frame."""
    v = np.asarray(values, dtype=np.float64)
    if half_width <= 0 or len(v) == 0:
        return v.copy()
    padded = np.concatenate([np.full(half_width, v[0]), v, np.full(half_width, v[-1])])
    windows = np.lib.stride_tricks.sliding_window_view(padded, 2 * half_width + 1)
    return windows.min(axis=1)


def body_offsets(lower_lift: np.ndarray, settings: SmoothingSettings, fps: float) -> np.ndarray:
    """The smoothed body offset (N, cm) for the per-frame lift of the lower foot: within Max Offset,
    through the spring forwards and backwards, run on the lower envelope of the lift over the
    spring's settling time so that it stays below the lift where the lift changes."""
    if not is_finite_positive(fps):
        raise InvalidInputError(Message("The frame rate must be above 0 (it is {fps})", fps=fps))
    s = settings.checked()
    limited = np.clip(np.asarray(lower_lift, dtype=np.float64), -s.max_offset, s.max_offset)
    omega = math.sqrt(s.linear_stiffness)
    settle = SETTLE / (omega * min(s.linear_damping, 1.0))
    half = math.ceil(settle * fps)
    return spring_smoothed(lower_envelope(limited, half), s.linear_stiffness, s.linear_damping, fps)


def held_normals(normals: np.ndarray, planted: np.ndarray, hit: np.ndarray, hold: bool = True) -> np.ndarray:
    """Unit ground normals (N x 3) held through the plants and eased between (``held_through_plants``);
    a frame whose ray met nothing counts as flat ground. The normal is held, not the pitch and roll:
    a foot that pivots while planted keeps its ground, which turns relative to the character."""
    n = np.where(np.asarray(hit, bool)[:, None], np.asarray(normals, dtype=np.float64), [0.0, 0.0, 1.0])
    n = np.where(n[:, 2:] < 0.0, -n, n)  # a face wound downwards is the same ground
    held = held_through_plants(n, planted, hit, hold)
    length = np.linalg.norm(held, axis=1, keepdims=True)
    return np.where(length > 1e-9, held / np.where(length > 1e-9, length, 1.0), [0.0, 0.0, 1.0])


MIN_NORMAL_UP = 0.2  # a steeper face (a wall's, a step's riser) is not a plane to carry a height along


def lift_along(lift: np.ndarray, normals: np.ndarray, offsets: np.ndarray) -> np.ndarray:
    """The lift (cm, N) of the ground plane a ray met (``lift`` at the ray, ``normals`` N x 3 up
    facing) at points ``offsets`` (N x 3, cm) away from the ray: the plane's height there."""
    n = np.asarray(normals, dtype=np.float64)
    d = np.asarray(offsets, dtype=np.float64)
    up = np.maximum(n[:, 2], MIN_NORMAL_UP)
    return np.asarray(lift, dtype=np.float64) - (n[:, 0] * d[:, 0] + n[:, 1] * d[:, 1]) / up


def rigid_moves(toe_lift: np.ndarray, turns: np.ndarray, points: np.ndarray, toes: np.ndarray) -> np.ndarray:
    """How far (N x 3, cm) the bake moves points of a foot (``points``, N x 3) that it turns by
    ``turns`` (N x 3 x 3) about its toe (``toes``) and raises by ``toe_lift`` there: the toe, which
    carries a rolling foot, stays where the animation puts it over the ground, so a planted toe
    cannot slide however the foot is turned."""
    relative = np.asarray(points, dtype=np.float64) - np.asarray(toes, dtype=np.float64)
    turned = np.einsum("nij,nj->ni", turns, relative) - relative
    turned[:, 2] += toe_lift
    return turned


CLEARANCE_TIME = 0.15  # s: a swinging foot starts rising this long before an edge it must clear


def cleared(values: np.ndarray, needed: np.ndarray, half_width: int) -> np.ndarray:
    """``values`` (N) raised, smoothly, to at least ``needed`` (N; -inf or NaN where nothing is
    needed): ``needed``'s upper envelope over ``half_width`` frames either side, averaged over as
    many under a Hann window, is at least ``needed`` at every frame (each frame's average is of
    values no lower than it), and moves without a jump where ``needed`` does."""
    v = np.asarray(values, dtype=np.float64)
    need = np.asarray(needed, dtype=np.float64)
    need = np.where(np.isfinite(need), need, -np.inf)
    if half_width <= 0 or not np.isfinite(need).any():
        return np.fmax(v, need)
    floor = float(np.min(need[np.isfinite(need)])) - 1.0
    need = np.where(np.isfinite(need), need, floor)
    upper = -lower_envelope(-need, half_width)
    window = np.hanning(2 * half_width + 3)[1:-1]
    padded = np.concatenate([np.full(half_width, upper[0]), upper, np.full(half_width, upper[-1])])
    smooth = np.convolve(padded, window / window.sum(), mode="valid")
    return np.maximum(v, smooth)


def _peel_geometry(ankle_from_toe: np.ndarray, forward: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(R, phi, c) of the ankle about the toe in the character's upright forward plane: its distance
    there, its elevation seen from the toe (radians), and its height above the toe."""
    v = np.asarray(ankle_from_toe, dtype=np.float64)
    f, _ = character_frames(forward)
    behind, c = -np.sum(v * f, axis=1), v[:, 2]
    return np.hypot(behind, c), np.arctan2(c, behind), c


def heel_room(ankle_from_toe: np.ndarray, forward: np.ndarray) -> np.ndarray:
    """How far (cm, N) a heel peel of up to MAX_HEEL_PEEL about the toe raises the ankle, for the
    ankle at ``ankle_from_toe`` (N x 3, cm) from the toe and a character facing ``forward``."""
    reach, phi, c = _peel_geometry(ankle_from_toe, forward)
    top = np.minimum(phi + math.radians(MAX_HEEL_PEEL), math.pi / 2.0)
    return np.maximum(reach * np.sin(top) - c, 0.0)


def heel_peels(ankle_from_toe: np.ndarray, forward: np.ndarray, rise: np.ndarray) -> np.ndarray:
    """The pitch (degrees, N, 0 or negative: toe down) about the toe that raises the ankle by ``rise``
    (cm, N, from 0 to ``heel_room``): exact for a turn about the character's right axis, which moves
    the ankle in its upright forward plane (R sin(theta + phi) = c + rise)."""
    reach, phi, c = _peel_geometry(ankle_from_toe, forward)
    wanted = np.clip((c + np.maximum(rise, 0.0)) / np.where(reach > 1e-9, reach, 1.0), -1.0, 1.0)
    theta = np.clip(np.arcsin(wanted) - phi, 0.0, math.radians(MAX_HEEL_PEEL))
    return -np.degrees(theta) + 0.0


def heel_lifts(rises: np.ndarray, rooms: np.ndarray, planted: np.ndarray, ratio: float) -> np.ndarray:
    """How far (cm, N x 2) each foot may rise to spare the body a drop: Heel Lift Ratio of how far
    its ground is below the source's (``rises`` N x 2 below 0); while ``planted`` (N x 2) within what
    its heel can peel (``rooms``), while swinging without a bound (a foot in the air reaches no
    ground: it can stay higher, and the body need not drop for it)."""
    share = float(ratio) * np.maximum(-np.asarray(rises, dtype=np.float64), 0.0)
    return np.where(np.asarray(planted, dtype=bool), np.minimum(share, rooms), share)


def heels_needed(body: np.ndarray, rises: np.ndarray, offered: np.ndarray) -> np.ndarray:
    """How far (cm, N x 2) each heel lifts for a ``body`` offset (N): as far as the leg still needs
    with the body where it is (its ground's rise below the body), never more than it offered."""
    needed = np.asarray(body, dtype=np.float64)[:, None] - np.asarray(rises, dtype=np.float64)
    return np.clip(needed, 0.0, offered)
