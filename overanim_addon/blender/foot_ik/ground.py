"""The ground the feet are probed against: its geometry, gathered once into BVH trees.

``scene.ray_cast`` would hit the character itself and rebuilds deforming meshes on every call
(measured 4-5 s for 300 frames); BVH trees built once per bake cast thousands of rays in
milliseconds. The ground is what the scene shows: meshes, curves, surfaces and text with their
modifiers, and the instances objects make (collection instances, Geometry Nodes instances), as
the evaluated depsgraph has them. The small pieces are merged into one tree in world space; a
large mesh (a dense terrain) gets a tree of its own built in C in its object's space (0.3 s for
500,000 triangles, where copying them out through Python took 1.8 s). The ground is taken as it
is when the trees are built: a bake assumes it does not move.
"""

from __future__ import annotations

from collections.abc import Iterable

import bpy
import numpy as np
from mathutils import Matrix, Vector
from mathutils.bvhtree import BVHTree

DOWN = Vector((0.0, 0.0, -1.0))
GEOMETRY = {"MESH", "CURVE", "SURFACE", "FONT", "META"}  # object types with a surface to stand on


def is_own(obj: bpy.types.Object, armature: bpy.types.Object) -> bool:
    """A part of the character: the armature, or an object parented to a part of it (to a bone or
    not), or whose modifiers or constraints make it follow or take its shape from one (an
    Armature, Surface Deform, Mesh Deform, Lattice or Shrinkwrap modifier; Child Of, Copy
    Transforms... constraints): skinned meshes, clothes, held props."""
    seen: set[int] = set()
    todo = [obj]
    while todo:
        current = todo.pop()
        if current == armature:
            return True
        if current.as_pointer() in seen:
            continue
        seen.add(current.as_pointer())
        sources = [current.parent, *(getattr(c, "target", None) for c in current.constraints),
                   *(getattr(m, name, None) for m in current.modifiers for name in ("object", "target"))]
        todo += [s for s in sources if isinstance(s, bpy.types.Object)]
    return False


def ground_objects(scene: bpy.types.Scene, armature: bpy.types.Object,
                   collection: bpy.types.Collection | None) -> list[bpy.types.Object]:
    """The objects probed, with the instances they make: those of ``collection`` (hidden ones too:
    a collision stand-in may be hidden), else every visible one of the scene; never the
    character's own. Sorted by name."""
    candidates: Iterable[bpy.types.Object] = (
        collection.all_objects if collection is not None else (o for o in scene.objects if o.visible_get())
    )
    return sorted((o for o in candidates if (o.type in GEOMETRY or o.instance_type != "NONE")
                   and not is_own(o, armature)), key=lambda o: o.name)


LARGE = 20_000  # polygons: a mesh this big gets a tree of its own, built in C in its own space


def _world_triangles(evaluated: bpy.types.Object, matrix_world: Matrix) -> tuple[np.ndarray, np.ndarray]:
    mesh = evaluated.to_mesh()
    if mesh is None:  # a curve or metaball without a surface
        return np.empty((0, 3)), np.empty((0, 3), np.int32)
    try:
        mesh.calc_loop_triangles()
        co = np.empty(len(mesh.vertices) * 3, np.float32)
        mesh.vertices.foreach_get("co", co)
        tris = np.empty(len(mesh.loop_triangles) * 3, np.int32)
        mesh.loop_triangles.foreach_get("vertices", tris)
    finally:
        evaluated.to_mesh_clear()
    matrix = np.array(matrix_world, dtype=np.float64)
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
    """The probed objects' geometry and instances as BVH trees: the small pieces merged into one in
    world space, each large mesh (``large`` polygons or more: copying it out through Python would
    cost seconds) in its own object's space. Lengths in Blender units."""

    def __init__(self, objects: list[bpy.types.Object], depsgraph: bpy.types.Depsgraph, large: int = LARGE) -> None:
        chosen = {o.as_pointer(): o for o in objects}
        self.local_trees: list[_LocalTree] = []
        self.triangle_count = 0
        pieces: list[tuple[np.ndarray, np.ndarray]] = []
        shown: set[int] = set()
        # what the scene shows: the visible objects and the instances they make, evaluated
        for instance in depsgraph.object_instances:
            owner = (instance.parent if instance.is_instance else instance.object).original
            evaluated = instance.object
            if owner.as_pointer() not in chosen or evaluated.type not in GEOMETRY:
                continue
            if not instance.is_instance:
                shown.add(owner.as_pointer())
                if evaluated.type == "MESH" and len(evaluated.data.polygons) >= large:
                    self.local_trees.append(_LocalTree(owner, depsgraph))
                    self.triangle_count += len(evaluated.data.loop_triangles)
                    continue
            pieces.append(_world_triangles(evaluated, instance.matrix_world))
        # hidden objects of the ground collection (the depsgraph shows no instances of those)
        for key, obj in chosen.items():
            if key not in shown and obj.type in GEOMETRY:
                evaluated = obj.evaluated_get(depsgraph)
                pieces.append(_world_triangles(evaluated, evaluated.matrix_world))
        points, triangles, offset = [], [], 0
        for p, t in pieces:
            points.append(p)
            triangles.append(t + offset)
            offset += len(p)
            self.triangle_count += len(t)
        self.tree: BVHTree | None = None
        if any(len(t) for t in triangles):
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
