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
"""

from __future__ import annotations

import itertools
import math
from dataclasses import dataclass

import numpy as np

from ._numeric import is_finite_positive
from .errors import InvalidInputError
from .messages import Message

# Unreal's defaults where ours are the same; Linear Stiffness is lower than Foot Placement's 350 because
# a baked body goes the whole step in one swing: 350 takes a 20 cm step at 86 cm/s, 100 at 49 cm/s.
MAX_OFFSET = 50.0  # cm
LINEAR_STIFFNESS = 100.0  # 1/s²: the spring's natural frequency is its square root, in rad/s
LINEAR_DAMPING = 1.0  # critical damping factor (1: critically damped, no overshoot)
SPEED_THRESHOLD = 60.0  # cm/s, Motion's contact speed (Unreal's plant SpeedThreshold)
DISTANCE_TO_GROUND = 10.0  # cm, Motion's contact height (Unreal's plant DistanceToGround)
MAX_EXTENSION_RATIO = 1.0  # of the leg's length (Unreal's plant MaxExtensionRatio)
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

    def checked(self) -> SmoothingSettings:
        for label, value in (("Max Offset", self.max_offset), ("Linear Stiffness", self.linear_stiffness),
                             ("Linear Damping", self.linear_damping), ("Speed Threshold", self.speed_threshold),
                             ("Distance To Ground", self.distance_to_ground),
                             ("Max Extension Ratio", self.max_extension_ratio)):
            if not is_finite_positive(value):
                raise InvalidInputError(Message("{label} must be above 0 (it is {value:g})", label=label,
                                                value=float(value)))
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
