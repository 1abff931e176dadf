"""How big the rig stands in the world, in Blender units and in cm: what the scale and unit-scale
checks judge and Match Unit Scale corrects (``core.units`` finds the unit)."""

from __future__ import annotations

import math

import bpy
import numpy as np

from ...core.ground import character_height
from ...core.measurement import frames
from ...core.messages import Message
from ...core.skeleton import Skeleton
from ...core.units import UnitScale
from ...core.units import matching_unit_scale as unit_scale_matching
from ..calibration.properties import settings_from_properties
from ..shared import extract
from ..shared.finite_keys import unusable
from ..shared.object_data import overanim
from ..shared.scene import cm_per_unit, deformed_meshes
from ..shared.typed import armature_data, mesh_data, scene_of


def rest_rig(context: bpy.types.Context, armature: bpy.types.Object, cm: float) -> tuple[Skeleton, np.ndarray]:
    return extract.rest_rig(armature, deformed_meshes(armature, scene_of(context)), cm)



def world_points_in_units(context, armature) -> np.ndarray:
    """The rig as Measure reads it (the LOD0 rest vertices; the bone heads and tails when there are
    none, empty meshes included) as it stands in the world: carried by the armature's world
    rotation/scale, in Blender units from its origin. The Unit Scale applies to the world, so an FBX
    import at object scale 0.01 is judged by what the scene shows, not by its centimetre data."""
    skeleton, points = rest_rig(context, armature, 1.0)
    if len(points) == 0:
        points = skeleton.joint_points()
    return points @ frames(extract.linear_world(armature)).ws.T


def height_in_units(context, armature) -> float:
    """The character's height in Blender units as measured in WS: the highest point along world up."""
    return character_height(world_points_in_units(context, armature))


def size_in_units(context, armature) -> float:
    """The rig's size in Blender units: along world up from its lowest point (or its origin, when it
    stands above it) to its highest, or its length along a horizontal world axis when that is more.
    That is its height when it stands on its origin, and still its size when it does not (upside
    down, hanging from its origin, lying down), which the orientation check reports."""
    points = world_points_in_units(context, armature)
    points = points[np.all(np.isfinite(points), axis=1)]
    if not len(points):
        return 0.0
    z = points[:, 2]
    return max(float(z.max() - min(float(z.min()), 0.0)), *(float(np.ptp(points[:, i])) for i in (0, 1)))


def heights_cm(context, armature) -> tuple[float, float]:
    """(CS, WS) character height in cm."""
    ws = height_in_units(context, armature) * cm_per_unit(scene_of(context))
    return ws / frames(extract.linear_world(armature)).object_scale, ws


UNIT_NAMES = {"power of ten": Message("metric"), "inch": Message("inches"), "foot": Message("feet"),
              "cmu": Message("CMU motion capture's 1/0.45 inch")}


def matching_unit_scale(context, armature) -> UnitScale | None:
    """The Unit Scale Match Unit Scale sets (``core.units``), None when it would change nothing."""
    reference = settings_from_properties(overanim(armature).calibration).reference_character_height
    found = unit_scale_matching(size_in_units(context, armature), reference if math.isfinite(reference) else 180.0)
    current = scene_of(context).unit_settings.scale_length
    return None if found is None or math.isclose(found.scale_length, current, rel_tol=1e-6) else found


def other_characters(context, armature) -> str:
    """The names of the scene's other armatures (quoted, joined), "" when ``armature`` is alone: what
    the scene's Unit Scale would resize with it."""
    names = [o.name for o in scene_of(context).objects if o.type == "ARMATURE" and o is not armature]
    return ", ".join(f"'{name}'" for name in names[:3]) + (f" (+{len(names) - 3})" if len(names) > 3 else "")


def stored_infinities(context, armature) -> tuple[list[str], dict[str, int]]:
    """The bones whose rest head or tail, and per LOD0 mesh the number of vertices, that Blender keeps
    at an infinity (float32's largest value, finite once read: ``unusable``) or NaN, read as stored."""
    bones = armature_data(armature).bones
    ends = np.empty(len(bones) * 6, np.float32)
    bones.foreach_get("head_local", ends[: len(bones) * 3])
    bones.foreach_get("tail_local", ends[len(bones) * 3:])
    bad = unusable(ends.reshape(2, -1, 3)).any(axis=(0, 2))
    vertices = {}
    for mesh_obj in extract.lod0(deformed_meshes(armature, scene_of(context))):
        co = np.empty(len(mesh_data(mesh_obj).vertices) * 3, np.float32)
        mesh_data(mesh_obj).vertices.foreach_get("co", co)
        count = int(unusable(co.reshape(-1, 3)).any(axis=1).sum())
        if count:
            vertices[mesh_obj.name] = count
    return [bone.name for bone, broken in zip(bones, bad, strict=True) if broken], vertices
