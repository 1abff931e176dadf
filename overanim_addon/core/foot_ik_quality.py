"""How good a foot IK bake is, in numbers a supervisor can check (bpy-free): the pelvis's largest
vertical speed and acceleration before and after, the largest slide of a toe within a plant before
and after, the deepest a sole goes below the ground under it, and the frames where a leg could
not reach. Each has a bound past which the bake warns (the acceptance an animator would apply)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

import numpy as np

from .foot_ik_motion import runs
from .frozen import frozen_mapping

# past these the bake's report warns
ADDED_SPEED = 60.0  # cm/s more vertical pelvis speed than the source's
MAX_ACCELERATION = 2000.0  # cm/s² of vertical pelvis acceleration (about 2 g)
ADDED_SLIDE = 0.5  # cm more toe slide within a plant than the source's
MAX_PENETRATION = 0.5  # cm below the ground under the ankle
REACH_TOLERANCE = 0.5  # cm: an ankle nearer its target than this reached it


def vertical_extremes(heights: np.ndarray, fps: float) -> tuple[float, float]:
    """(largest |vertical speed| cm/s, largest |vertical acceleration| cm/s²) of heights (N, cm):
    central differences, one-sided at the ends (as Motion measures)."""
    z = np.asarray(heights, dtype=np.float64).reshape(-1)
    if len(z) < 2:
        return 0.0, 0.0
    speed = np.gradient(z, 1.0 / fps)
    return float(np.abs(speed).max()), float(np.abs(np.gradient(speed, 1.0 / fps)).max())


def largest_slide(points: np.ndarray, planted: np.ndarray) -> float:
    """The farthest (cm) a point (N x 3) gets over the ground (horizontally) within a plant from
    where it was at the plant's first frame: a foot carried up by a lift does not slide."""
    p = np.asarray(points, dtype=np.float64).reshape(-1, 3)[:, :2]
    worst = 0.0
    for first, last in runs(planted):
        worst = max(worst, float(np.linalg.norm(p[first:last + 1] - p[first], axis=1).max()))
    return worst


@dataclass(frozen=True)
class BakeQuality:
    """The bake's numbers (cm, cm/s, cm/s²); ``None`` where the rig gave nothing to measure (no body
    bone: no pelvis numbers). ``unreachable``: per side, (first, last) scene frames of each run
    where the leg could not reach its target."""

    fps: float
    pelvis_speed: tuple[float, float] | None  # before, after
    pelvis_acceleration: tuple[float, float] | None
    slide: tuple[float, float]  # before, after: the larger of the two feet
    penetration: float  # after, at the ankles' rays; 0 when no sole is below its ground
    unreachable: Mapping[str, tuple[tuple[int, int], ...]] = field(default_factory=dict)

    def __post_init__(self) -> None:  # frozen all the way down, as every engine's result
        object.__setattr__(self, "unreachable", frozen_mapping({side: tuple(spans) for side, spans
                                                                in self.unreachable.items()}))

    @property
    def unreachable_frames(self) -> int:
        return sum(last - first + 1 for spans in self.unreachable.values() for first, last in spans)

    def out_of_bounds(self) -> list[str]:
        """The names of the numbers past their bound (``pelvis_speed``, ``pelvis_acceleration``,
        ``slide``, ``penetration``, ``unreachable``)."""
        out = []
        if self.pelvis_speed is not None and self.pelvis_speed[1] > self.pelvis_speed[0] + ADDED_SPEED:
            out.append("pelvis_speed")
        if self.pelvis_acceleration is not None and self.pelvis_acceleration[1] > max(
                MAX_ACCELERATION, self.pelvis_acceleration[0]):
            out.append("pelvis_acceleration")
        if self.slide[1] > self.slide[0] + ADDED_SLIDE:
            out.append("slide")
        if self.penetration > MAX_PENETRATION:
            out.append("penetration")
        if self.unreachable_frames:
            out.append("unreachable")
        return out


def unreachable_runs(missed: np.ndarray, first_frame: int) -> tuple[tuple[int, int], ...]:
    """Scene frame runs (first, last) of the True frames of ``missed``, the first sample being ``first_frame``."""
    return tuple((first_frame + a, first_frame + b) for a, b in runs(missed))


def penetration(sole_heights: np.ndarray, ground_heights: np.ndarray, hit: np.ndarray) -> float:
    """The deepest (cm, 0 when none) a sole goes below the ground under it, over the frames its ray met ground."""
    depth = np.asarray(ground_heights, dtype=np.float64) - np.asarray(sole_heights, dtype=np.float64)
    depth = depth[np.asarray(hit, dtype=bool)]
    return float(max(0.0, depth.max())) if len(depth) else 0.0
