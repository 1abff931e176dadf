"""The radius of an (approximately minimal) bounding sphere of a set of points, bpy-free: a Region's
bounds radius. Pure geometry: extreme points seed the sphere, Welzl's move-to-front grows it."""

from __future__ import annotations

import numpy as np

# 13 directions (axes, face and corner diagonals): their extreme points seed the sphere
_DIRECTIONS = np.array(
    [[1, 0, 0], [0, 1, 0], [0, 0, 1], [1, 1, 0], [1, -1, 0], [1, 0, 1], [1, 0, -1], [0, 1, 1], [0, 1, -1],
     [1, 1, 1], [1, 1, -1], [1, -1, 1], [-1, 1, 1]], dtype=np.float64
)


def _ball_on_boundary(boundary: list[np.ndarray]) -> tuple[np.ndarray, float]:
    """Centre and squared radius of the smallest sphere through 1 to 4 points (its centre lies in
    their affine hull: 2 q_i . c = |q_i|^2 with q_i = p_i - p_0). Degenerate sets (collinear,
    coplanar four) take the least-squares centre; the radius reaches the farthest of them, so the
    sphere still holds every boundary point."""
    p0 = boundary[0]
    if len(boundary) == 1:
        return p0, 0.0
    q = np.array([point - p0 for point in boundary[1:]])
    lam = np.linalg.lstsq(2.0 * (q @ q.T), (q * q).sum(axis=1), rcond=None)[0]
    centre = p0 + lam @ q
    return centre, max(float(((point - centre) ** 2).sum()) for point in boundary)


def _minimal_ball(points: np.ndarray) -> np.ndarray:
    """Centre of the minimal enclosing sphere of a small point set: Welzl's algorithm with the
    move-to-front heuristic (Gärtner). The recursion is never deeper than the four support points."""
    span2 = float(((points.max(axis=0) - points.min(axis=0)) ** 2).sum())
    slack = 1e-12 * span2 + 1e-300  # "outside" by more than float noise at the set's own scale
    order = list(points)

    def ball(n: int, boundary: list[np.ndarray]) -> tuple[np.ndarray | None, float]:
        centre, r2 = _ball_on_boundary(boundary) if boundary else (None, -1.0)
        if len(boundary) == 4:
            return centre, r2
        for i in range(n):
            point = order[i]
            if centre is None or float(((point - centre) ** 2).sum()) > r2 + slack:
                centre, r2 = ball(i, [*boundary, point])
                order.insert(0, order.pop(i))
        return centre, r2

    centre, _ = ball(len(order), [])
    return centre if centre is not None else points[0]


def bounding_sphere_radius(points: np.ndarray) -> float:
    """Radius of the minimal bounding sphere (0 for fewer than two points).

    The exact minimal sphere is fitted on a small "core set" (the extreme points along 13
    directions); the farthest point still outside it joins the core set and the fit repeats, one
    full pass over all points per round. When no point is outside, the core's minimal sphere is
    the minimal sphere of all points. The radius always encloses every point (it is the farthest
    point's distance from the centre) and changes continuously with the points.
    """
    p = np.asarray(points, dtype=np.float64).reshape(-1, 3)
    p = p[np.all(np.isfinite(p), axis=1)]
    if len(p) < 2:
        return 0.0
    core: list[int] = []
    for direction in _DIRECTIONS:
        projection = p @ direction
        core += [int(np.argmax(projection)), int(np.argmin(projection))]
    core = list(dict.fromkeys(core))
    radius = 0.0
    for _ in range(32):
        centre = _minimal_ball(p[core])
        d2 = ((p - centre) ** 2).sum(axis=1)
        far = int(np.argmax(d2))
        radius = float(np.sqrt(d2[far]))
        core_radius = float(np.sqrt(((p[core] - centre) ** 2).sum(axis=1).max()))
        if radius <= core_radius * (1.0 + 1e-9) or far in core:
            break
        core.append(far)
    # the bounding box's own sphere encloses everything too: never return more than it
    box_centre = (p.min(axis=0) + p.max(axis=0)) * 0.5
    return min(radius, float(np.sqrt(((p - box_centre) ** 2).sum(axis=1).max())))
