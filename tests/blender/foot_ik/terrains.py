"""Ground built across a walk's path, in centimetres: flat until the hips are halfway along their
path, then a step up (10 or 20 cm) or a 10 degree ramp (rising 25 cm, then flat), as wide as a
corridor. Built from where the evaluated hips go, so any clip's direction does."""

from __future__ import annotations

import math

import bpy
import numpy as np

from ..foot_ik_scenes import mesh_object

KINDS = ("step10", "step20", "ramp10")
RAMP_RISE = 25.0  # cm: a ramp's top, under the ray's start for any human (a quarter of its height)


def profile(kind: str) -> list[tuple[float, float]]:
    """(distance along the path from the edge, height) cm, before and after the edge."""
    if kind.startswith("step"):
        height = float(kind[4:])
        return [(-600.0, 0.0), (0.0, 0.0), (0.0, height), (600.0, height)]
    run = RAMP_RISE / math.tan(math.radians(10.0))
    return [(-600.0, 0.0), (0.0, 0.0), (run, RAMP_RISE), (600.0, RAMP_RISE)]


def build(kind: str, hips_cm: np.ndarray, floor_z: float) -> bpy.types.Object:
    """The ground ``kind`` across the path of the hips (N x 3 world cm), its edge where they are
    halfway along it, its flat part at ``floor_z`` cm."""
    xy = hips_cm[:, :2]
    steps = np.linalg.norm(np.diff(xy, axis=0), axis=1)
    along = np.concatenate([[0.0], np.cumsum(steps)])
    middle = int(np.searchsorted(along, along[-1] / 2.0))
    direction = xy[-1] - xy[0]
    direction /= np.linalg.norm(direction)
    side = np.array([-direction[1], direction[0]])
    edge = xy[middle]
    verts, faces = [], []
    for s, h in profile(kind):
        centre = edge + direction * s
        for w in (-150.0, 150.0):
            p = centre + side * w
            verts.append((float(p[0]), float(p[1]), floor_z + h))
    for i in range(len(profile(kind)) - 1):
        a = 2 * i
        faces.append((a, a + 1, a + 3, a + 2))
    return mesh_object(f"Ground_{kind}", verts, faces)
