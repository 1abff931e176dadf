"""Feet planted where the source's are, bpy-free, every frame at once (NumPy).

A foot has two points that plant: its ankle (the foot bone's head) and its ball (the toe bone's
head). Each is in contact on the frames it is slow and near its own lowest height over the clip
(``point_contacts``: Motion's thresholds, authored at a 95 cm hip height and followed by the
character's). On the target, each contact run of the source holds the point still at the run's
mean place (``held``); the ankle's target follows from them (``ankle_targets``): during a ball
contact the ankle sits where the held ball and the foot's own turn put it (the heel rises, the ball
stays), during an ankle contact alone at its held place; between runs the hold fades out over a
few frames, so the leg eases into and out of each plant. Two Bone IK then brings the ankle there.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from .motion import CONTACT_HEIGHT, CONTACT_SPEED, speeds

REFERENCE_HIP_CM = 95.0  # the hip height Motion's contact thresholds are authored at
BLEND_FRAMES = 4  # a hold fades in and out over this many frames either side of its run


def runs(mask: np.ndarray) -> list[tuple[int, int]]:
    """(first, past the last) of each run of True."""
    flags = np.concatenate([[False], np.asarray(mask, dtype=bool), [False]])
    edges = np.flatnonzero(np.diff(flags.astype(np.int8)))
    return [(int(a), int(b)) for a, b in zip(edges[::2], edges[1::2], strict=True)]


def point_contacts(points: np.ndarray, fps: float, hip_height_cm: float) -> np.ndarray:
    """(F,) whether a point (F, 3, world cm) is planted: slower than the contact speed and within the
    contact height of its own lowest height, both scaled by the character's hip height."""
    p = np.asarray(points, dtype=np.float64).reshape(-1, 3)
    if len(p) < 2:
        return np.zeros(len(p), dtype=bool)
    scale = float(hip_height_cm) / REFERENCE_HIP_CM
    height = p[:, 2] - p[:, 2].min()
    return (speeds(p, fps) < CONTACT_SPEED * scale) & (height < CONTACT_HEIGHT * scale)


def held(points: np.ndarray, contact: np.ndarray, blend: int = BLEND_FRAMES) -> tuple[np.ndarray, np.ndarray]:
    """(places (F, 3), weights (F,)): each contact run's mean place, weight 1 on the run, fading
    linearly to 0 over ``blend`` frames either side (the nearer run's place there)."""
    p = np.asarray(points, dtype=np.float64).reshape(-1, 3)
    count = len(p)
    places, weights = p.copy(), np.zeros(count)
    distance = np.full(count, np.inf)
    for first, last in runs(contact):
        mean = p[first:last].mean(axis=0)
        frames = np.arange(count)
        away = np.maximum(np.maximum(first - frames, frames - (last - 1)), 0).astype(np.float64)
        nearer = away < distance
        places[nearer], distance[nearer] = mean, away[nearer]
        weights = np.maximum(weights, np.clip(1.0 - away / (blend + 1.0), 0.0, 1.0))
    return places, weights


@dataclass(frozen=True)
class FootTargets:
    """Where a foot goes (F frames): its ankle's place, how much that is held (0 where the foot swings
    free), and the way its ball points from the ankle where both are held (flat on the ground)."""

    ankle: np.ndarray  # (F, 3)
    weight: np.ndarray  # (F,)
    ball_direction: np.ndarray  # (F, 3) from the held ankle to the held ball
    flat: np.ndarray  # (F,) how much the foot turns to point that way


def _ball_places(ankle: np.ndarray, ball: np.ndarray, ball_contact: np.ndarray, ankle_contact: np.ndarray,
                 ankle_place: np.ndarray, ball_place: np.ndarray) -> np.ndarray:
    """The ball's held places, each one that is held with the ankle (flat) moved to a foot's length
    from the ankle's hold, towards its own: the flat foot, then the heel rising about the ball, leave
    neither point where it was not."""
    out = ball_place.copy()
    length = np.linalg.norm(ball - ankle, axis=1)
    for first, last in runs(ball_contact):
        both = np.flatnonzero(ankle_contact[first:last])
        if not len(both):
            continue
        at = first + int(both[0])
        towards = ball_place[at] - ankle_place[at]
        span = float(np.linalg.norm(towards))
        if span > 1e-9:
            out[np.all(ball_place == ball_place[at], axis=1)] = (  # this run's frames and its fades
                ankle_place[at] + towards * (float(length[first:last].mean()) / span))
    return out


def ankle_targets(ankle: np.ndarray, ball: np.ndarray, ankle_contact: np.ndarray, ball_contact: np.ndarray,
                  blend: int = BLEND_FRAMES) -> FootTargets:
    """The ankle held where it is planted, else where the held ball and the foot's own turn put it
    (the heel rises, the ball stays); where both are planted the foot turns to its held ball, so
    neither slides. Blended with the foot's own path by the holds' weights."""
    a, b = np.asarray(ankle, dtype=np.float64), np.asarray(ball, dtype=np.float64)
    on_ankle, on_ball = np.asarray(ankle_contact, dtype=bool), np.asarray(ball_contact, dtype=bool)
    ball_place, ball_weight = held(b, on_ball, blend)
    ankle_place, ankle_weight = held(a, on_ankle, blend)
    ball_place = _ball_places(a, b, on_ball, on_ankle, ankle_place, ball_place)
    # a held ball carries the ankle once the heel is up: the ankle's hold does not fade into it
    ankle_weight = np.where(on_ball & ~on_ankle, 0.0, ankle_weight)
    from_ball = ball_place - (b - a)  # the ankle where the foot's turn puts it about the held ball
    target = a + ball_weight[:, None] * (from_ball - a)
    target += ankle_weight[:, None] * (ankle_place - target)
    return FootTargets(target, np.maximum(ball_weight, ankle_weight), ball_place - ankle_place,
                       ankle_weight * ball_weight)


REACH = 0.995  # of a leg's length: a held foot is reached with the knee this little bent, never locked straight
MOST_DROP = 0.15  # of a leg's length: the most the pelvis sinks to reach a held foot
SMOOTH_SECONDS = 0.2  # the sink rises and falls over this long, so the pelvis does not jolt


def pelvis_drop(hips: np.ndarray, goals: np.ndarray, lengths: np.ndarray, fps: float) -> np.ndarray:
    """(F,) how far (cm, along world up) the pelvis sinks so that every leg (L, F, 3 hips and ankle
    goals; L, F lengths hip to knee to ankle) reaches its goal with its knee a little bent: the
    most any leg needs, at most ``MOST_DROP`` of its length, spread over ``SMOOTH_SECONDS`` (the
    largest need around each frame, then averaged over the same window)."""
    hip, goal = np.asarray(hips, dtype=np.float64), np.asarray(goals, dtype=np.float64)
    reach = REACH * np.asarray(lengths, dtype=np.float64)
    across = np.linalg.norm((goal - hip)[..., :2], axis=-1)
    below = np.sqrt(np.maximum(reach**2 - across**2, 0.0))
    need = np.clip((hip[..., 2] - goal[..., 2]) - below, 0.0, MOST_DROP * reach).max(axis=0)
    half = max(1, round(SMOOTH_SECONDS * float(fps) / 2.0))
    padded = np.pad(need, half, mode="edge")
    windows = np.lib.stride_tricks.sliding_window_view(padded, 2 * half + 1)
    widest = np.pad(windows.max(axis=1), half, mode="edge")
    return np.lib.stride_tricks.sliding_window_view(widest, 2 * half + 1).mean(axis=1)
