"""Two Bone IK, N frames at once (NumPy): a root, a middle and an end joint (hip, knee, ankle) moved
so that the end reaches a target, the bone lengths kept and the middle joint kept in the plane of
the root, the target and a pole (Unreal's Two Bone IK node with its Joint Target). Plus the
rotations that turn a bone from its old direction onto its new one, for an FK bake."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from .errors import InvalidInputError
from .messages import Message
from .rotations import axis_angle_matrices

# Below this a length counts as zero: a target on the root, a pole on the root-target line.
_TINY = 1e-9


@dataclass(frozen=True)
class TwoBoneSolution:
    """The solved chain, in the space the joints were given in.

    ``reached`` is False where the target lies beyond the chain's reach (times the Max Extension
    Ratio) or closer to the root than the bones can fold; ``extension_ratio`` is the root-target
    distance over the chain's length (1.0 fully extended), before any clamping.
    """

    mid: np.ndarray
    end: np.ndarray
    reached: np.ndarray
    extension_ratio: np.ndarray


def _rows(value: np.ndarray, count: int | None, name: str) -> np.ndarray:
    array = np.asarray(value, dtype=np.float64)
    if array.ndim == 1:
        array = array.reshape(1, 3)
    if array.ndim != 2 or array.shape[1] != 3 or (count is not None and len(array) not in (1, count)):
        raise InvalidInputError(Message("Two Bone IK: {name} must be N x 3 points", name=name))
    if not np.all(np.isfinite(array)):
        raise InvalidInputError(Message("Two Bone IK: {name} holds a value that is not a number", name=name))
    return array


def _unit(vectors: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    length = np.linalg.norm(vectors, axis=1)
    safe = np.where(length > _TINY, length, 1.0)
    return vectors / safe[:, None], length


def any_perpendicular(vectors: np.ndarray) -> np.ndarray:
    """A unit vector perpendicular to each (unit) row: crossed with the world axis it is least
    aligned with, so never degenerate."""
    v = np.asarray(vectors, dtype=np.float64).reshape(-1, 3)
    axes = np.eye(3)[np.argmin(np.abs(v), axis=1)]
    return _unit(np.cross(v, axes))[0]


def _bend_directions(root: np.ndarray, direction: np.ndarray, *hints: np.ndarray) -> np.ndarray:
    """The unit direction, perpendicular to the root-target line, the middle joint bends towards:
    the first hint (pole, then the old middle joint) not on that line, else any perpendicular."""
    bend = any_perpendicular(direction)
    chosen = np.zeros(len(direction), dtype=bool)
    for hint in hints:
        offset = hint - root
        offset = offset - np.sum(offset * direction, axis=1)[:, None] * direction
        unit, length = _unit(offset)
        use = ~chosen & (length > 1e-6 * (1.0 + np.linalg.norm(hint - root, axis=1)))
        bend[use] = unit[use]
        chosen |= use
    return bend


def solve_two_bone(root: np.ndarray, mid: np.ndarray, end: np.ndarray, target: np.ndarray,
                   pole: np.ndarray, *, max_extension_ratio: float | np.ndarray = 1.0) -> TwoBoneSolution:
    """Solve the chain root-mid-end for the end to reach ``target``, all (N, 3) in one space.

    The middle joint stays in the plane through the root, the target and ``pole`` (on the pole's
    side; where the pole lies on the root-target line, the old middle joint's side). A target out
    of reach gets the end on the root-target line at full reach; with ``max_extension_ratio`` above
    1 the two bones stretch alike up to that ratio of their length (Unreal's Max Extension Ratio),
    below 1 the chain stops short of straight. The ratio may be one value or one a frame (N).
    """
    root = _rows(root, None, "root")
    count = len(root)
    mid, end = _rows(mid, count, "mid"), _rows(end, count, "end")
    target, pole = _rows(target, count, "target"), _rows(pole, count, "pole")
    count = max(len(a) for a in (root, mid, end, target, pole))
    root, mid, end, target, pole = (np.broadcast_to(a, (count, 3)) for a in (root, mid, end, target, pole))
    ratio = np.broadcast_to(np.asarray(max_extension_ratio, dtype=np.float64).reshape(-1), (count,))
    if not np.all(np.isfinite(ratio) & (ratio > 0.0)):
        raise InvalidInputError(Message("Two Bone IK: Max Extension Ratio must be above 0"))

    upper = np.linalg.norm(mid - root, axis=1)
    lower = np.linalg.norm(end - mid, axis=1)
    chain = upper + lower
    direction, distance = _unit(target - root)
    # A target on the root: reach along the old end's direction.
    fallback, old_reach = _unit(end - root)
    fallback = np.where((old_reach > _TINY)[:, None], fallback, np.array([0.0, 0.0, -1.0]))
    direction = np.where((distance > _TINY)[:, None], direction, fallback)
    extension = np.where(chain > _TINY, distance / np.where(chain > _TINY, chain, 1.0), 0.0)

    longest = chain * ratio
    shortest = np.abs(upper - lower)
    reached = (distance <= longest * (1.0 + 1e-12)) & (distance >= shortest * (1.0 - 1e-12))
    reach = np.clip(distance, shortest, longest)
    # Stretch both bones alike where the reach passes the chain's own length.
    scale = np.where((reach > chain) & (chain > _TINY), reach / np.where(chain > _TINY, chain, 1.0), 1.0)
    a_len, b_len = upper * scale, lower * scale

    # Law of cosines: the middle joint's distance along the line and off it.
    safe_reach = np.where(reach > _TINY, reach, 1.0)
    along = np.where(reach > _TINY, (a_len ** 2 - b_len ** 2 + reach ** 2) / (2.0 * safe_reach), a_len)
    along = np.clip(along, -a_len, a_len)
    off = np.sqrt(np.maximum(a_len ** 2 - along ** 2, 0.0))
    bend = _bend_directions(root, direction, pole, mid)

    new_end = root + direction * reach[:, None]
    new_mid = root + direction * along[:, None] + bend * off[:, None]
    return TwoBoneSolution(mid=new_mid, end=new_end, reached=reached, extension_ratio=extension)


def aim_rotations(rest_dir: np.ndarray, new_dir: np.ndarray) -> np.ndarray:
    """The shortest-arc rotations (N x 3 x 3) turning each ``rest_dir`` onto ``new_dir`` (any
    lengths above 0); opposite directions turn half a turn about a perpendicular axis."""
    a = _unit(np.asarray(rest_dir, dtype=np.float64).reshape(-1, 3))[0]
    b = _unit(np.asarray(new_dir, dtype=np.float64).reshape(-1, 3))[0]
    a, b = np.broadcast_arrays(a, b)
    axis = np.cross(a, b)
    sin = np.linalg.norm(axis, axis=1)
    cos = np.clip(np.sum(a * b, axis=1), -1.0, 1.0)
    angle = np.arctan2(sin, cos)
    unit_axis = np.where((sin > 1e-12)[:, None], axis / np.where(sin > 1e-12, sin, 1.0)[:, None],
                         any_perpendicular(a))
    return axis_angle_matrices(unit_axis, angle)


def frame_rotations(from_primary: np.ndarray, from_secondary: np.ndarray, to_primary: np.ndarray,
                    to_secondary: np.ndarray) -> np.ndarray:
    """The rotations (N x 3 x 3) turning ``from_primary`` onto ``to_primary`` and the plane of
    (``from_primary``, ``from_secondary``) onto that of (``to_primary``, ``to_secondary``), the
    secondary on the same side: a thigh turned onto its new direction with its knee's bend plane
    following, no twist added. A secondary parallel to its primary falls back to the shortest arc."""
    def basis(primary: np.ndarray, secondary: np.ndarray) -> np.ndarray:
        x = _unit(np.asarray(primary, dtype=np.float64).reshape(-1, 3))[0]
        s = np.asarray(secondary, dtype=np.float64).reshape(-1, 3)
        y = s - np.sum(s * x, axis=1)[:, None] * x
        y, length = _unit(y)
        y = np.where((length > 1e-9 * (1.0 + np.linalg.norm(s, axis=1)))[:, None], y, any_perpendicular(x))
        return np.stack([x, y, np.cross(x, y)], axis=2)

    fp, fs, tp, ts = np.broadcast_arrays(*(np.asarray(v, dtype=np.float64).reshape(-1, 3)
                                          for v in (from_primary, from_secondary, to_primary, to_secondary)))
    degenerate = (np.linalg.norm(np.cross(_unit(fp)[0], fs), axis=1) <= 1e-9 * (1.0 + np.linalg.norm(fs, axis=1))) | (
        np.linalg.norm(np.cross(_unit(tp)[0], ts), axis=1) <= 1e-9 * (1.0 + np.linalg.norm(ts, axis=1)))
    result = basis(tp, ts) @ basis(fp, fs).transpose(0, 2, 1)
    if np.any(degenerate):
        result[degenerate] = aim_rotations(fp[degenerate], tp[degenerate])
    return result
