"""The ground the feet are probed against: its meshes, gathered once into one world-space BVHTree.

``scene.ray_cast`` would hit the character itself and rebuilds deforming meshes on every call
(measured 4-5 s for 300 frames); a ``BVHTree`` built once per bake casts thousands of rays in
milliseconds. The ground is taken as it is when the tree is built: a bake assumes it does not move.
"""

from __future__ import annotations

from collections.abc import Iterable

import bpy
import numpy as np
from mathutils import Vector
from mathutils.bvhtree import BVHTree

from ..common import deforms

DOWN = Vector((0.0, 0.0, -1.0))


def is_own(obj: bpy.types.Object, armature: bpy.types.Object) -> bool:
    """A mesh of the character: deformed by the armature, or parented to it (to a bone or not)."""
    if deforms(obj, armature):
        return True
    parent = obj.parent
    while parent is not None:
        if parent is armature:
            return True
        parent = parent.parent
    return False


def ground_objects(scene: bpy.types.Scene, armature: bpy.types.Object,
                   collection: bpy.types.Collection | None) -> list[bpy.types.Object]:
    """The meshes probed: those of ``collection`` (hidden ones too: a collision stand-in may be hidden),
    else every visible mesh of the scene; never the character's own. Sorted by name."""
    candidates: Iterable[bpy.types.Object] = (
        collection.all_objects if collection is not None else (o for o in scene.objects if o.visible_get())
    )
    return sorted((o for o in candidates if o.type == "MESH" and not is_own(o, armature)), key=lambda o: o.name)


def _world_triangles(obj: bpy.types.Object, depsgraph: bpy.types.Depsgraph) -> tuple[np.ndarray, np.ndarray]:
    evaluated = obj.evaluated_get(depsgraph)
    mesh = evaluated.to_mesh()
    try:
        mesh.calc_loop_triangles()
        co = np.empty(len(mesh.vertices) * 3, np.float32)
        mesh.vertices.foreach_get("co", co)
        tris = np.empty(len(mesh.loop_triangles) * 3, np.int32)
        mesh.loop_triangles.foreach_get("vertices", tris)
    finally:
        evaluated.to_mesh_clear()
    matrix = np.array(evaluated.matrix_world, dtype=np.float64)
    points = co.reshape(-1, 3).astype(np.float64) @ matrix[:3, :3].T + matrix[:3, 3]
    return points, tris.reshape(-1, 3)


class Ground:
    """The probed meshes as one BVHTree in world space (Blender units)."""

    def __init__(self, objects: list[bpy.types.Object], depsgraph: bpy.types.Depsgraph) -> None:
        self.names = [o.name for o in objects]
        points, triangles, offset = [], [], 0
        for obj in objects:
            p, t = _world_triangles(obj, depsgraph)
            points.append(p)
            triangles.append(t + offset)
            offset += len(p)
        self.triangle_count = int(sum(len(t) for t in triangles))
        self.tree: BVHTree | None = None
        if self.triangle_count:
            self.tree = BVHTree.FromPolygons(np.concatenate(points).tolist(), np.concatenate(triangles).tolist())
