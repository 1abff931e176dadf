"""The ground the feet are probed against (Foot IK's probe and bake, Motion's foot contacts): its
geometry, gathered once into BVH trees.

``scene.ray_cast`` would hit the character itself and rebuilds deforming meshes on every call; BVH
trees built once per bake or analysis cast thousands of rays at little cost (docs/performance.md).
The ground is what the scene shows: meshes, curves, surfaces and text with their modifiers, and the instances
objects make (collection instances, Geometry Nodes instances), as the evaluated depsgraph has them.
The small pieces are merged into one tree in world space; a large mesh (a dense terrain) gets a tree
of its own built in C in its object's space (copying its triangles out through Python would cost
several times more). Ground that moves (a deck another armature deforms, named in the Ground
Collection; an animated lift) has a tree of its own, built again at every frame. Without a Ground
Collection, what an armature deforms or carries is a character, never ground; so is a mesh whose Armature
modifier names no armature yet (a character being rigged, or whose rig was deleted: a floor has no
Armature modifier), and the logs say which were left out and why.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, cast

import bpy
import numpy as np
from mathutils import Matrix, Vector
from mathutils.bvhtree import BVHTree

from ...core.messages import Message, joined
from .typed import mesh_data

DOWN = Vector((0.0, 0.0, -1.0))
UP = Vector((0.0, 0.0, 1.0))
SOLIDS = 4  # how many solids around a ray's start it passes through before it gives up
PAST = 1e-5  # how far past a face a continued ray starts (Blender units)
GEOMETRY = {"MESH", "CURVE", "SURFACE", "FONT", "META"}  # object types with a surface to stand on


def _followed(obj: bpy.types.Object) -> list[bpy.types.Object]:
    """The objects ``obj`` follows or takes its shape from: its parent, its constraints' targets and
    its modifiers' objects (Armature, Surface Deform, Mesh Deform, Lattice, Shrinkwrap...)."""
    sources = [obj.parent, *(getattr(c, "target", None) for c in obj.constraints),
               *(getattr(m, name, None) for m in obj.modifiers for name in ("object", "target"))]
    return [s for s in sources if isinstance(s, bpy.types.Object)]


def _reaches(obj: bpy.types.Object, found: Callable[[bpy.types.Object], bool]) -> bool:
    """Whether ``found`` holds for ``obj`` or for an object it follows, at any depth."""
    seen: set[int] = set()
    todo = [obj]
    while todo:
        current = todo.pop()
        if current.as_pointer() in seen:
            continue
        if found(current):
            return True
        seen.add(current.as_pointer())
        todo += _followed(current)
    return False


def is_own(obj: bpy.types.Object, armature: bpy.types.Object) -> bool:
    """A part of the character: the armature, or an object parented to a part of it (to a bone or
    not), or whose modifiers or constraints make it follow or take its shape from one (an
    Armature, Surface Deform, Mesh Deform, Lattice or Shrinkwrap modifier; Child Of, Copy
    Transforms... constraints): skinned meshes, clothes, held props."""
    return _reaches(obj, lambda current: current == armature)


def _awaits_rig(obj: bpy.types.Object) -> bool:
    """An Armature modifier that names no armature: the mesh deforms nothing yet, but it is a
    character's skin being rigged (or left without its rig), never a floor."""
    return any(m.type == "ARMATURE" and cast(bpy.types.ArmatureModifier, m).object is None for m in obj.modifiers)


def is_character_part(obj: bpy.types.Object) -> bool:
    """A part of some character: an object that follows or takes its shape from an armature, as
    ``is_own`` reads it (another character's skin, clothes, held props; issue 31: X Bot beside
    Michelle was taken for her ground), or from a mesh whose Armature modifier awaits its rig."""
    return _reaches(obj, lambda current: current.type == "ARMATURE" or _awaits_rig(current))


def _animated(owner: bpy.types.ID | None) -> bool:
    adt = getattr(owner, "animation_data", None)
    return adt is not None and bool(adt.action or adt.nla_tracks or adt.drivers)


def _reads_time(tree: bpy.types.NodeTree | None) -> bool:
    """Geometry Nodes that read the scene's time (or simulate) change from frame to frame."""
    if tree is None:
        return False
    return any(node.bl_idname in ("GeometryNodeInputSceneTime", "GeometryNodeSimulationInput")
               or _reads_time(getattr(node, "node_tree", None)) for node in tree.nodes)


def moves(obj: bpy.types.Object) -> bool:
    """Whether the object's surface can change from frame to frame: it, its data or its shape keys
    are animated (or driven), or an object it follows is (a parent, another armature deforming
    it...), or its Geometry Nodes read the scene's time."""
    def animated(current: bpy.types.Object) -> bool:
        keys = getattr(current.data, "shape_keys", None)
        return (_animated(current) or _animated(current.data) or _animated(keys)
                or any(m.type == "NODES" and _reads_time(cast(bpy.types.NodesModifier, m).node_group)
                       for m in current.modifiers))

    return _reaches(obj, animated)


def ground_objects(scene: bpy.types.Scene, armature: bpy.types.Object,
                   collection: bpy.types.Collection | None) -> list[bpy.types.Object]:
    """The objects probed, with the instances they make: those of ``collection`` (hidden ones too:
    a collision stand-in may be hidden), else every visible one of the scene but other characters'
    parts (``is_character_part``: a deck another armature deforms is ground once the collection
    names it); never the character's own. Sorted by name."""
    candidates: Iterable[bpy.types.Object] = (
        collection.all_objects if collection is not None
        else (o for o in scene.objects if o.visible_get() and not is_character_part(o))
    )
    return sorted((o for o in candidates if (o.type in GEOMETRY or o.instance_type != "NONE")
                   and not is_own(o, armature)), key=lambda o: o.name)


def _listed(names: list[str]) -> dict[str, str]:
    """The first three names quoted and how many more: a message's ``names`` and ``more``."""
    more = Message(" and {count} more", count=len(names) - 3) if len(names) > 3 else ""
    return {"names": ", ".join(f"'{name}'" for name in names[:3]), "more": more}


def left_out_characters(scene: bpy.types.Scene, armature: bpy.types.Object) -> Message | None:
    """The visible surfaces left out of the ground as characters' parts (``is_character_part``), each
    kind said with why and with the way to stand on them: else "no ground" reads as an empty scene
    beside a floor another rig carries, and a ground found says nothing of a mesh it passed over.
    None when there are none."""
    parts = [o for o in scene.objects if o.visible_get() and (o.type in GEOMETRY or o.instance_type != "NONE")
             and is_character_part(o) and not is_own(o, armature)]
    others = sorted(o.name for o in parts if _reaches(o, lambda current: current.type == "ARMATURE"))
    awaiting = sorted(o.name for o in parts if o.name not in others)
    said = []
    if others:
        said.append(Message("other characters' parts ({names}{more}) are no ground unless Ground names their "
                            "collection", **_listed(others)))
    if awaiting:
        said.append(Message("meshes whose Armature modifier names no armature ({names}{more}) are taken for "
                            "characters being rigged: no ground unless Ground names their collection",
                            **_listed(awaiting)))
    return None if not said else said[0] if len(said) == 1 else joined(said)


def _makes_instances(obj: bpy.types.Object) -> bool:
    """A collection or vertex/face instancer, particles, or Geometry Nodes (which may output instances)."""
    return obj.instance_type != "NONE" or bool(obj.particle_systems) or any(m.type == "NODES" for m in obj.modifiers)


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
        evaluated = obj.evaluated_get(depsgraph)
        world = evaluated.matrix_world
        self.triangle_count = len(mesh_data(evaluated).loop_triangles)
        # the stubs want _bpy_types.Object: the same class at run time
        self.tree = BVHTree.FromObject(obj, depsgraph)  # type: ignore[arg-type]
        self.to_local = world.inverted_safe()
        self.normal_to_world = self.to_local.to_3x3().transposed()

    def cast(self, origin: Vector, direction: Vector, length: float) -> tuple[float, Vector] | None:
        local = self.to_local.to_3x3() @ direction
        scale = local.length  # local length of one world unit along ``direction``
        if not scale > 0.0:
            return None
        location, normal, _index, distance = self.tree.ray_cast(self.to_local @ origin, local / scale, length * scale)
        if location is None or normal is None or distance is None:  # a miss: all None
            return None
        return distance / scale, (self.normal_to_world @ normal).normalized()


class Ground:
    """The probed objects' geometry and instances as BVH trees: the small pieces merged into one in
    world space, each large mesh (``large`` polygons or more: copying it out through Python would
    cost seconds) in its own object's space. Ground that moves (see ``moves``) is kept apart, in a
    tree ``refresh`` builds again as it stands at the current frame. Lengths in Blender units."""

    def __init__(self, objects: list[bpy.types.Object], depsgraph: bpy.types.Depsgraph, large: int = LARGE) -> None:
        self.depsgraph = depsgraph
        self.names = [o.name for o in objects]  # what is probed, for the reports
        self.local_trees: list[_LocalTree] = []
        self._moving = {o.as_pointer(): o for o in objects if moves(o)}
        still = {o.as_pointer(): o for o in objects if o.as_pointer() not in self._moving}
        self.tree, merged = self._tree(self._pieces(still, large))
        self.triangle_count = merged + sum(local.triangle_count for local in self.local_trees)
        self.moving_tree: BVHTree | None = None
        self.refresh()

    def refresh(self) -> None:
        """Build the tree of the ground that moves again, as it stands now (after ``frame_set``)."""
        if self._moving:
            self.moving_tree, _count = self._tree(self._pieces(self._moving, None))

    def _pieces(self, owners: dict[int, bpy.types.Object], large: int | None) -> list[tuple[np.ndarray, np.ndarray]]:
        """World-space points and triangles of the owners, evaluated, and of the instances they make;
        a large mesh (``large`` polygons or more; None: none is) gets a tree of its own in
        ``local_trees``."""
        pieces = []
        for obj in owners.values():
            if obj.type not in GEOMETRY:
                continue
            evaluated = obj.evaluated_get(self.depsgraph)
            if large is not None and obj.type == "MESH" and evaluated.is_evaluated and \
                    len(mesh_data(evaluated).polygons) >= large:
                self.local_trees.append(_LocalTree(obj, self.depsgraph))
                continue
            pieces.append(_world_triangles(evaluated, evaluated.matrix_world))
        if any(_makes_instances(obj) for obj in owners.values()):  # only the depsgraph lists instances
            # Any: an instance always has the parent that makes it and its object (Optional in the stubs)
            instances: Any = self.depsgraph.object_instances
            for instance in instances:
                # a character's skin among the instances (a linked character as a collection instance) is no ground
                if instance.is_instance and instance.parent.original.as_pointer() in owners and \
                        instance.object.type in GEOMETRY and not is_character_part(instance.object.original):
                    pieces.append(_world_triangles(instance.object, instance.matrix_world))
        return pieces

    def _tree(self, pieces: list[tuple[np.ndarray, np.ndarray]]) -> tuple[BVHTree | None, int]:
        """One tree of the pieces merged (None: no triangles), and its triangle count."""
        points, triangles, offset = [], [], 0
        for p, t in pieces:
            points.append(p)
            triangles.append(t + offset)
            offset += len(p)
        count = sum(len(t) for t in triangles)
        if not count:
            return None, 0
        return BVHTree.FromPolygons(np.concatenate(points).tolist(), np.concatenate(triangles).tolist()), count

    @property
    def empty(self) -> bool:
        return self.tree is None and not self.local_trees and not self._moving

    def cast_down(self, origin: Vector, length: float) -> tuple[float, Vector] | None:
        """The nearest ground straight below ``origin`` within ``length``: (distance, unit normal).
        A ray that starts inside a closed solid (the startup Cube around a character at the origin)
        meets its bottom from inside: that solid is around the feet, not under them, so the ray goes
        on below it (docs/foot-ik.md). A face wound downwards with open sky above stays ground."""
        travelled = 0.0
        for _ in range(SOLIDS):
            hit = self._cast(origin, DOWN, length - travelled)
            if hit is None or hit[1].z >= 0.0 or not self._inside(origin):
                return None if hit is None else (travelled + hit[0], hit[1])
            step = hit[0] + PAST
            origin, travelled = origin + DOWN * step, travelled + step
        return None

    def _inside(self, origin: Vector) -> bool:
        """Whether ``origin`` is inside a solid: straight up, the first face is seen from behind."""
        hit = self._cast(origin, UP, 1e9)
        return hit is not None and hit[1].z > 0.0

    def _cast(self, origin: Vector, direction: Vector, length: float) -> tuple[float, Vector] | None:
        """The nearest face along ``direction`` from ``origin`` within ``length``: (distance, unit normal)."""
        best: tuple[float, Vector] | None = None
        if not length > 0.0:
            return None
        for tree in (self.tree, self.moving_tree):
            if tree is None:
                continue
            location, normal, _index, distance = tree.ray_cast(origin, direction, length)
            if location is None or normal is None or distance is None:
                continue
            if best is None or distance < best[0]:
                best = (distance, normal)
        for local in self.local_trees:
            hit = local.cast(origin, direction, length)
            if hit is not None and (best is None or hit[0] < best[0]):
                best = hit
        return best
