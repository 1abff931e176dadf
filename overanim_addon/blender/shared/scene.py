"""Scene queries every Blender-side feature shares: which armature the artist means and whether it
can be worked on, the meshes it deforms, units, LOD numbers, and the rig posed for a read."""

from __future__ import annotations

import contextlib
import math
import re
from collections.abc import Iterator, Sequence
from typing import cast

import bpy

from ...core.errors import OverAnimError
from ...core.messages import Message
from .typed import armature_data, view_layer_of

LOD_SUFFIX = re.compile(r"_LOD(\d+)(?:\.\d+)?$", re.IGNORECASE)


def lod_index(obj: bpy.types.Object) -> int:
    """Unreal's naming: ``Body_LOD2`` is LOD 2, no suffix is LOD 0. Blender's ``.001`` of a copy
    (``Body_LOD2.001``) is not part of the name's meaning."""
    match = LOD_SUFFIX.search(obj.name)
    return int(match.group(1)) if match else 0


def cm_per_unit(scene: bpy.types.Scene) -> float:
    """Centimetres in one Blender unit: scene units x scale_length metres x 100."""
    scale = float(scene.unit_settings.scale_length)
    if not (math.isfinite(scale) and scale > 0.0):
        raise OverAnimError(Message("The scene's Unit Scale ({scale}) is not a positive number", scale=scale))
    return scale * 100.0


def deforms(mesh_obj: bpy.types.Object, armature: bpy.types.Object) -> bool:
    if mesh_obj.type != "MESH":
        return False
    if mesh_obj.parent is armature and mesh_obj.parent_type == "ARMATURE":
        return True
    return any(m.type == "ARMATURE" and cast(bpy.types.ArmatureModifier, m).object is armature
               for m in mesh_obj.modifiers)


def deformed_meshes(armature: bpy.types.Object, scene: bpy.types.Scene) -> list[bpy.types.Object]:
    """Meshes of the scene that the armature deforms, sorted by name (all LODs): found among the
    objects that point at it (an Armature modifier's object, a parent), which Blender lists in C
    (``user_map``: 5 ms at 20,000 objects, where a walk of the scene in Python took 35 ms)."""
    users = bpy.data.user_map(subset={armature}, key_types={"OBJECT"}, value_types={"OBJECT"}).get(armature, set())
    objects = cast(set[bpy.types.Object], users)  # value_types: objects only
    return sorted((o for o in objects if deforms(o, armature) and scene in o.users_scene), key=lambda o: o.name)


def require_object_mode(armature: bpy.types.Object, scene: bpy.types.Scene,
                        meshes: Sequence[bpy.types.Object] | None = None) -> None:
    """Edit Mode, and Sculpt Mode with Dynamic Topology, keep their changes apart from the object's
    data until left: a read would see the bones or vertices from before, a write would be overwritten
    on leaving. ``meshes``: the armature's deformed meshes when the caller found them already (finding
    them reads Blender's user map of the whole file)."""
    for obj in (armature, *(deformed_meshes(armature, scene) if meshes is None else meshes)):
        mode = held_apart_by(obj)
        if mode == "EDIT":
            raise OverAnimError(Message("'{name}' is in Edit Mode: switch to Object Mode (Tab) first", name=obj.name))
        if mode == "DYNTOPO":
            raise OverAnimError(Message("'{name}' is sculpted with Dynamic Topology: turn it off or leave Sculpt "
                                        "Mode first", name=obj.name))


def held_apart_by(obj: bpy.types.Object) -> str | None:
    """The mode that keeps the object's changes apart from its data until left: 'EDIT' (Edit Mode),
    'DYNTOPO' (Sculpt Mode with Dynamic Topology), or None."""
    if obj.data is not None and getattr(obj.data, "is_editmode", False):
        return "EDIT"
    if obj.use_dynamic_topology_sculpting:
        return "DYNTOPO"
    return None


@contextlib.contextmanager
def posed(armature: bpy.types.Object) -> Iterator[None]:
    """The rig in its pose while inside, whatever the artist's Pose/Rest Position toggle shows, and
    the toggle exactly as it was afterwards (errors included). Measuring reads the rest data
    directly; probing, baking and exporting read the pose, so the toggle must not decide it."""
    data = armature_data(armature)
    shown = data.pose_position
    if shown == "POSE":
        yield
        return
    view_layer = view_layer_of(bpy.context)
    data.pose_position = "POSE"
    view_layer.update()  # the pose bones' matrices are the evaluated ones: evaluate them posed
    try:
        yield
    finally:
        data.pose_position = shown
        view_layer.update()


def find_armature(context: bpy.types.Context) -> bpy.types.Object | None:
    """The active armature, or the armature deforming the active mesh (cheap: for poll())."""
    obj = context.active_object
    if obj is None:
        return None
    if obj.type == "ARMATURE":
        return obj
    if obj.type == "MESH":
        if obj.parent is not None and obj.parent.type == "ARMATURE" and obj.parent_type == "ARMATURE":
            return obj.parent
        for mod in obj.modifiers:
            if mod.type == "ARMATURE" and cast(bpy.types.ArmatureModifier, mod).object is not None:
                return cast(bpy.types.ArmatureModifier, mod).object
    return None


def read_only_reason(armature: bpy.types.Object) -> Message | None:
    """Why this file cannot write the armature object (it is linked from a library, or a library
    override that is not editable), or None when it can. An editable override can be written (its
    data stays linked: what changes the data says so itself, overrides.linked_data_reason)."""
    if armature.library is not None:
        return Message("'{name}' is linked from a library and read-only: make it local or a library override first",
                       name=armature.name)
    if armature.override_library is not None and armature.override_library.is_system_override:
        return Message("'{name}' is a non-editable library override: make it editable first", name=armature.name)
    return None


def require_armature(context: bpy.types.Context, *, writable: bool = True) -> bpy.types.Object:
    """Like find_armature, but explains what is wrong instead of returning None."""
    armature = find_armature(context)
    if armature is None:
        raise OverAnimError(Message("Select an armature, or a mesh deformed by one"))
    return require_usable(armature, writable=writable)


def require_usable(armature: bpy.types.Object, *, writable: bool = True) -> bpy.types.Object:
    """require_armature's checks of an armature given by the caller (an engine function called by
    the pipeline or a script, which selects nothing): it has bones, this file can write it unless
    ``writable`` is False, and it is visible. Returns it; raises OverAnimError saying what is wrong."""
    if len(armature_data(armature).bones) == 0:
        raise OverAnimError(Message("Armature '{name}' has no bones", name=armature.name))
    read_only = read_only_reason(armature) if writable else None
    if read_only is not None:
        raise OverAnimError(read_only)
    if not armature.visible_get():
        raise OverAnimError(Message("'{name}' is hidden or disabled in the viewport: unhide it first",
                                   name=armature.name))
    return armature
