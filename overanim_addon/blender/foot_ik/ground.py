"""The ground the feet are probed against: its meshes, gathered once into BVH trees.

``scene.ray_cast`` would hit the character itself and rebuilds deforming meshes on every call
(measured 4-5 s for 300 frames); BVH trees built once per bake cast thousands of rays in
milliseconds. The small meshes are merged into one tree in world space; a large one (a dense
terrain) gets a tree of its own built in C in its object's space (0.3 s for 500,000 triangles,
where copying them out through Python took 1.8 s). The ground is taken as it is when the trees are
built: a bake assumes it does not move.
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


LARGE = 20_000  # polygons: a mesh this big gets a tree of its own, built in C in its own space


def _world_triangles(evaluated: bpy.types.Object) -> tuple[np.ndarray, np.ndarray]:
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


class _LocalTree:
    """One large mesh's tree in its object's space; rays go in and hits come out in world space."""

    def __init__(self, obj: bpy.types.Object, depsgraph: bpy.types.Depsgraph) -> None:
        world = obj.evaluated_get(depsgraph).matrix_world
        self.tree = BVHTree.FromObject(obj, depsgraph)
        self.to_local = world.inverted_safe()
        down = self.to_local.to_3x3() @ DOWN
        self.scale = down.length  # local length of one world unit down
        self.down = down / self.scale if self.scale > 0.0 else DOWN
        self.normal_to_world = self.to_local.to_3x3().transposed()

    def cast(self, origin: Vector, length: float) -> tuple[float, Vector] | None:
        if not self.scale > 0.0:
            return None
        location, normal, _index, distance = self.tree.ray_cast(self.to_local @ origin, self.down, length * self.scale)
        if location is None:
            return None
        return distance / self.scale, (self.normal_to_world @ normal).normalized()


class Ground:
    """The probed meshes as BVH trees: the small ones merged into one in world space, each large one
    (``large`` polygons or more: copying it out through Python would cost seconds) in its own
    object's space. Lengths in Blender units."""

    def __init__(self, objects: list[bpy.types.Object], depsgraph: bpy.types.Depsgraph, large: int = LARGE) -> None:
        self.names = [o.name for o in objects]
        points, triangles, offset = [], [], 0
        self.local_trees: list[_LocalTree] = []
        self.triangle_count = 0
        for obj in objects:
            evaluated = obj.evaluated_get(depsgraph)
            if len(evaluated.data.polygons) >= large and evaluated.is_evaluated:
                self.local_trees.append(_LocalTree(obj, depsgraph))
                self.triangle_count += len(evaluated.data.loop_triangles)
                continue
            p, t = _world_triangles(evaluated)
            points.append(p)
            triangles.append(t + offset)
            offset += len(p)
            self.triangle_count += len(t)
        self.tree: BVHTree | None = None
        if offset:
            self.tree = BVHTree.FromPolygons(np.concatenate(points).tolist(), np.concatenate(triangles).tolist())

    @property
    def empty(self) -> bool:
        return self.tree is None and not self.local_trees

    def cast_down(self, origin: Vector, length: float) -> tuple[float, Vector] | None:
        """The nearest ground straight below ``origin`` within ``length``: (distance, unit normal)."""
        best: tuple[float, Vector] | None = None
        if self.tree is not None:
            location, normal, _index, distance = self.tree.ray_cast(origin, DOWN, length)
            if location is not None and normal is not None and distance is not None:
                best = (distance, normal)
        for local in self.local_trees:
            hit = local.cast(origin, length)
            if hit is not None and (best is None or hit[0] < best[0]):
                best = hit
        return best
