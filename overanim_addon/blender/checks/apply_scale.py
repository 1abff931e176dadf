"""The Apply Scale fixes: bake an object scale into the data of the armature, its deformed meshes
and the objects parented to them, so that every one of them ends at scale 1 and everything stays
where the viewport shows it.

Blender's own Apply Scale on the armature keeps its children in place by hiding the old scale in
their parent-inverse matrices: the meshes end at a world scale of 2 and export wrong to Unreal.
Here each object's world matrix is split into rotation R and stretch S (polar decomposition, as
Measure splits it). The armature gets S baked into its bones (its parent's scale included: the FBX
importer may put the file's unit scale on a group above the skeleton; envelope and B-Bone sizes
scale with the bones) and keeps R and its location; a mesh gets S baked into its vertices (shape
keys included) and keeps R and its location; an object with no data to bake into (an empty, a
camera) keeps its world matrix exactly. Its local scale is then 1, and its parent inverse takes
what its parent's change would otherwise move. A scale given by constraints is refused: the
constraint would scale the object again.
"""

from __future__ import annotations

from collections.abc import Iterable

import bpy
import numpy as np
from mathutils import Matrix

from ...core.errors import OverAnimError
from ...core.measurement import polar
from ...core.messages import Message
from ..shared.fcurves import animated
from ..shared.scene import deformed_meshes
from ..shared.typed import armature_data, mesh_data, scene_of, view_layer_of
from . import scaled_animation

TOLERANCE = 1e-5


def _descendants(roots: Iterable[bpy.types.Object], scene: bpy.types.Scene) -> list[bpy.types.Object]:
    out: list[bpy.types.Object] = []
    stack = list(roots)
    while stack:
        obj = stack.pop()
        for child in scene.objects:
            if child.parent is obj and child not in out:
                out.append(child)
                stack.append(child)
    return out


def _depth(obj: bpy.types.Object) -> int:
    depth = 0
    while obj.parent is not None:
        obj, depth = obj.parent, depth + 1
    return depth


def _split(world: Matrix) -> tuple[Matrix, Matrix]:
    """(world without its stretch, the stretch S as a 4x4) with world = that @ S."""
    # the split Measure uses: a mirror goes to the stretch on the axis that keeps the object's up
    rotation, stretch = polar(np.array(world.to_3x3(), dtype=np.float64))
    rigid = Matrix.Translation(world.translation[:]) @ Matrix(rotation.tolist()).to_4x4()
    return rigid, Matrix(stretch.tolist()).to_4x4()


def _is_identity(matrix: Matrix) -> bool:
    return all(abs(matrix[i][j] - (1.0 if i == j else 0.0)) < TOLERANCE for i in range(3) for j in range(3))


def targets(context: bpy.types.Context, armature: bpy.types.Object, with_armature: bool) -> list[bpy.types.Object]:
    """The objects a fix touches, parents first: the deformed meshes, and everything parented to the
    armature (when its scale is applied too) or to those meshes."""
    scene = scene_of(context)
    meshes = deformed_meshes(armature, scene)
    roots = [*meshes, armature] if with_armature else meshes
    found = list(dict.fromkeys([*meshes, *_descendants(roots, scene)]))
    return sorted((o for o in found if o is not armature), key=_depth)


def scaled_by_constraints(obj: bpy.types.Object) -> bool:
    """True when the object's constraints give it a scale that its own transform and its parent do
    not: no Apply Scale can keep such an object in place (the constraint scales it again)."""
    if not any(not c.mute and c.influence > 0.0 for c in obj.constraints):
        return False
    if obj.parent is not None and obj.parent_type != "OBJECT":
        return True  # a bone or vertex parent is not recomputed here: assume the worst
    unconstrained = obj.matrix_basis if obj.parent is None else (
        obj.parent.matrix_world @ obj.matrix_parent_inverse @ obj.matrix_basis)
    return not np.allclose(polar(np.array(obj.matrix_world.to_3x3()))[1],
                           polar(np.array(unconstrained.to_3x3()))[1], atol=TOLERANCE)


def _refuse_what_cannot_change(armature: bpy.types.Object, objects: list[bpy.types.Object], with_armature: bool,
                               stretches: dict[str, Matrix]) -> None:
    for obj in ([armature] if with_armature else []) + objects:
        if obj.library is not None or (obj.data is not None and obj.data.library is not None):
            raise OverAnimError(Message("'{name}' is linked from a library: its scale cannot be applied",
                                        name=obj.name))
    if with_armature and armature_data(armature).users > 1:
        raise OverAnimError(Message("The armature data of '{name}' is shared by other objects: make it single-user",
                                    name=armature.name))
    if with_armature and scaled_by_constraints(armature):
        raise OverAnimError(Message("'{name}' is scaled by its constraints: Apply Scale cannot keep it in place; "
                                    "remove or apply those constraints first", name=armature.name))
    sharing: dict[str, list[bpy.types.Object]] = {}
    for obj in objects:
        if obj.type == "MESH":
            sharing.setdefault(mesh_data(obj).name, []).append(obj)
    for users in sharing.values():
        mesh = mesh_data(users[0])
        if mesh.users > len(users):
            raise OverAnimError(Message("Mesh data '{mesh}' of '{name}' is also used outside the rig: make it "
                                        "single-user (Object > Relations) before applying its scale",
                                        mesh=mesh.name, name=users[0].name))
        first = stretches[users[0].name]
        if any(not np.allclose(np.array(stretches[o.name]), np.array(first), atol=TOLERANCE) for o in users[1:]):
            raise OverAnimError(Message("Mesh data '{mesh}' is shared by objects of different scales: make them "
                                        "single-user first", mesh=mesh.name))


def _place(obj: bpy.types.Object, world: Matrix, basis: Matrix) -> None:
    """Give ``obj`` the local matrix ``basis`` and the world matrix ``world``, whatever its parent
    did meanwhile: its parent inverse takes the difference."""
    if obj.parent is None:
        obj.matrix_world = world
        return
    # world = parent part @ parent inverse @ basis; the parent part (object, bone or vertex parent)
    # is read back from the current state rather than recomputed for each parent type
    parent_part = obj.matrix_world @ obj.matrix_basis.inverted() @ obj.matrix_parent_inverse.inverted()
    obj.matrix_parent_inverse = parent_part.inverted() @ world @ basis.inverted()
    obj.matrix_basis = basis


def apply_scale(context: bpy.types.Context, armature: bpy.types.Object, with_armature: bool) -> int:
    """Apply the scale of the armature (``with_armature``) and of its deformed meshes and their
    children, the armature's animation with it (scaled_animation); returns how many objects were
    changed. Refuses, changing nothing, when an object is linked or its data is shared with objects
    outside the rig, or its animation cannot take the scale."""
    objects = targets(context, armature, with_armature)
    worlds = {obj.name: obj.matrix_world.copy() for obj in objects}
    split = {name: _split(world) for name, world in worlds.items()}
    _refuse_what_cannot_change(armature, objects, with_armature, {n: s for n, (_, s) in split.items()})
    armature_rigid, armature_stretch = _split(armature.matrix_world)
    animation = None
    if with_armature and not _is_identity(armature_stretch):  # its bone keys scale with the bones
        animation = scaled_animation.plan(armature, armature_stretch.to_3x3())
        scaled_animation.refuse_keyed_transforms(armature, np.array(armature_stretch.to_3x3()), scale_to_one=True)
    for obj in objects:
        if obj.type == "MESH":  # the others keep their world matrix, keyed or not
            scaled_animation.refuse_keyed_transforms(obj, np.array(split[obj.name][1].to_3x3()), scale_to_one=True)

    changed = 0
    if animation is not None:
        # the world stretch, its parent's included, into the bones; their envelope distances, radii
        # and B-Bone sizes are lengths of the rig and scale with them (Armature.transform), so a
        # mesh deformed by envelopes stays where it was
        armature_data(armature).transform(armature_stretch)
        armature_data(armature).update_tag()  # or the pose keeps the old rest matrices: a posed mesh would jump
        animation.apply()
        if armature.parent is None:  # the stretch off its own transform (constraints that do not scale it stay)
            armature.matrix_basis = armature.matrix_basis @ armature_stretch.inverted()
        else:  # its own scale to 1, and its parent inverse takes the parent's
            location, rotation, _ = armature.matrix_basis.decompose()
            _place(armature, armature_rigid, Matrix.LocRotScale(location[:], rotation, None))
        changed += 1
    baked: set[str] = set()
    for obj in objects:
        view_layer_of(context).update()  # the parent's new matrix, before reading this one's parent part
        rigid, stretch = split[obj.name]
        location, rotation, _ = obj.matrix_basis.decompose()
        if obj.type == "MESH":
            mesh = mesh_data(obj)
            if mesh.name not in baked and not _is_identity(stretch):
                mesh.transform(stretch, shape_keys=True)
                mesh.update()
            baked.add(mesh.name)
            _place(obj, rigid, Matrix.LocRotScale(location[:], rotation, None))
        else:  # nothing to bake the scale into: the object stays exactly where it was
            _place(obj, worlds[obj.name], obj.matrix_basis.copy())
        changed += 1
    view_layer_of(context).update()
    return changed


KEYED_PLACEMENT = ("location", "scale", "delta_location", "delta_scale")


def scale_character(context: bpy.types.Context, armature: bpy.types.Object, factor: float) -> int:
    """Make the character ``factor`` times its size about its armature's origin, alone: the armature
    and the meshes it deforms (with what hangs from them) scaled, then the scale applied
    (``apply_scale``: bones, vertices and bone keys take it). Nothing else in the scene changes, its
    Unit Scale neither. Returns how many objects changed; refuses, changing nothing, what
    ``apply_scale`` refuses, and a keyed object location or scale (its keys would undo the scale)."""
    keyed = sorted({path for path, _ in animated(armature) if path in KEYED_PLACEMENT})
    if keyed:
        raise OverAnimError(Message("'{name}' has keyed {paths}: its keys would undo a scale of the character; use "
                                    "Match Unit Scale, or remove those keys first", name=armature.name,
                                    paths=", ".join(keyed)))
    scene = scene_of(context)
    # a character hanging from this one would change size with it (and the fix says none did)
    carried = sorted(o.name for o in scene.objects if o.type == "ARMATURE" and o is not armature
                     and _hangs_from(o, armature))
    if carried:
        raise OverAnimError(Message("{others} hang from '{name}': scaling it would scale them too; unparent them "
                                    "first, or use Match Unit Scale", name=armature.name,
                                    others=", ".join(f"'{n}'" for n in carried)))
    origin = armature.matrix_world.translation[:]
    about = Matrix.Translation(origin) @ Matrix.Scale(factor, 4) @ Matrix.Translation([-c for c in origin])
    # a mesh parented to the armature moves with it; one that is not would stay its old size
    moved = [armature, *(m for m in deformed_meshes(armature, scene) if not _hangs_from(m, armature))]
    before = [obj.matrix_world.copy() for obj in moved]
    for obj in moved:
        obj.matrix_world = about @ obj.matrix_world
    view_layer_of(context).update()
    try:
        return apply_scale(context, armature, with_armature=True)
    except OverAnimError:  # refused before it changed anything: the character goes back as it was
        for obj, world in zip(moved, before, strict=True):
            obj.matrix_world = world
        view_layer_of(context).update()
        raise


def _hangs_from(obj: bpy.types.Object, ancestor: bpy.types.Object) -> bool:
    parent = obj.parent
    while parent is not None and parent is not ancestor:
        parent = parent.parent
    return parent is ancestor
