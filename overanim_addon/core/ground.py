"""Where a rig's ground is, bpy-free (cm, Z up): a rig stands on the plane through its origin unless
it hangs from it (a BVH rest pose hangs from a Hips joint at the origin) or stands on its head, and
its height is its highest point above that ground. Heuristics with thresholds, apart from the
skeleton's geometry (skeleton.py)."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from .skeleton import Skeleton

BELOW_FRACTION = 0.2  # a rig reaching this share of its size below its origin does not stand on it
# of the rig's height: a bone this low is at ground level (the Checks' locomotion root, the ground reference)
GROUND_LEVEL_FRACTION = 0.003


@dataclass(frozen=True)
class Hang:
    """A rig reaching more than BELOW_FRACTION of its size below its origin along up (cm)."""

    depth: float  # how far below the origin its lowest point is
    above: float  # how far above the origin its highest point is (0 when it is all below)

    @property
    def upside_down(self) -> bool:
        """Nearly all of it below its origin: it stands on its head rather than hangs from a joint."""
        return self.above <= BELOW_FRACTION * (self.depth + self.above)


def hang(z: np.ndarray) -> Hang | None:
    """How the points (their heights ``z``) hang below the origin; None for a rig standing on its
    origin (feet a little below it are fine)."""
    values = np.asarray(z, dtype=np.float64).reshape(-1)
    values = values[np.isfinite(values)]
    if not values.size:
        return None
    top, bottom = float(values.max()), float(values.min())
    if -bottom <= BELOW_FRACTION * (top - bottom):
        return None
    return Hang(-bottom, max(top, 0.0))


def measuring_ground(z: np.ndarray) -> float:
    """How far below the origin the ground is measured from: 0 (the plane through the origin) for a
    rig standing on it or upside down (which the Checks refuse), its lowest point for a rig that
    hangs from its origin (a BVH rest pose hangs from a Hips joint at the origin)."""
    found = hang(z)
    return found.depth if found is not None and not found.upside_down else 0.0


def rig_points(skeleton: Skeleton, vertices: np.ndarray) -> np.ndarray:
    """The rig's extent: its bones' heads and ends, and the vertices (in the same space)."""
    return np.concatenate([skeleton.joint_points(), np.asarray(vertices, dtype=np.float64).reshape(-1, 3)])


def character_height(points: np.ndarray) -> float:
    """Highest point above the ground (Z = 0). Non-finite points are ignored; 0 if none."""
    z = np.asarray(points, dtype=np.float64).reshape(-1, 3)[:, 2]
    z = z[np.isfinite(z)]
    return float(max(z.max(), 0.0)) if z.size else 0.0
