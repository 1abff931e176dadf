"""Rig and mesh data out of Blender into the core's plain structures, in centimetres of the
armature's own space (component space). Rest pose only: bone rest matrices and original mesh
vertices, never the evaluated (posed, modified) geometry."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import bpy
import numpy as np

from ...core.skeleton import BoneInfo, Skeleton
from .scene import lod_index
from .typed import armature_data, mesh_data
from .weights import region_weights


def skeleton(armature: bpy.types.Object, cm: float, skin: Mapping[str, np.ndarray] | None = None) -> Skeleton:
    """The rest skeleton; ``skin`` as ``Skeleton.skin`` (``leaf_skin``), None when no mesh is known."""
    bones = [
        BoneInfo(
            name=bone.name,
            parent=bone.parent.name if bone.parent else None,
            head=tuple(float(c) * cm for c in bone.head_local[:]),  # type: ignore[arg-type]
            tail=tuple(float(c) * cm for c in bone.tail_local[:]),  # type: ignore[arg-type]
            deforms=bool(bone.use_deform),
        )
        for bone in armature_data(armature).bones
    ]
    return Skeleton(bones, skin)


def linear_world(armature: bpy.types.Object) -> np.ndarray:
    return np.array(armature.matrix_world.to_3x3(), dtype=np.float64)


def rest_points(mesh_obj: bpy.types.Object, armature: bpy.types.Object, cm: float) -> np.ndarray:
    """The mesh's original vertices in the armature's space, in cm (N x 3)."""
    mesh = mesh_data(mesh_obj)
    # Blender stores float32: a float32 buffer is one copy, a float64 one a conversion per value
    co32 = np.empty(len(mesh.vertices) * 3, np.float32)
    mesh.vertices.foreach_get("co", co32)
    co = co32.reshape(-1, 3).astype(np.float64)
    to_armature = np.array(armature.matrix_world.inverted_safe() @ mesh_obj.matrix_world, dtype=np.float64)
    return (co @ to_armature[:3, :3].T + to_armature[:3, 3]) * cm


def lod0(meshes: Sequence[bpy.types.Object]) -> list[bpy.types.Object]:
    """The LOD0 meshes (no _LOD<n> suffix, or _LOD0); all meshes when there are none."""
    base = [m for m in meshes if lod_index(m) == 0]
    return base or list(meshes)


def rest_rig(armature: bpy.types.Object, meshes: Sequence[bpy.types.Object], cm: float) -> tuple[Skeleton, np.ndarray]:
    """The rest skeleton and the rest vertices of the LOD0 ``meshes`` (cm, the armature's space) as
    Measure reads the rig's extent: with vertices, a leaf bone's tail (which importers invent) is no
    part of it, the skin it deforms is, among the vertices."""
    points = [rest_points(m, armature, cm) for m in lod0(meshes)]
    vertices = np.concatenate(points) if points else np.zeros((0, 3))
    return skeleton(armature, cm, {} if len(vertices) else None), vertices


def leaf_skin(rest: Skeleton, meshes: Sequence[bpy.types.Object], points_per_mesh: Sequence[np.ndarray],
              bones: Sequence[str]) -> dict[str, np.ndarray] | None:
    """The skin of those of ``bones`` that are leaves (no child joint: ``Skeleton.end``), which
    bounds their lengths: per leaf, the rest vertices it deforms. None without vertices (no skin is
    known: the bones stand in for the meshes); a leaf deforming no vertex has none."""
    if not any(len(points) for points in points_per_mesh):
        return None
    leaves = [name for name in dict.fromkeys(bones) if rest.end(name).child is None]
    return region_points(meshes, points_per_mesh, {name: [name] for name in leaves}) if leaves else {}


def region_points(
    meshes: Sequence[bpy.types.Object],
    points_per_mesh: Sequence[np.ndarray],
    bones_by_region: Mapping[str, Sequence[str]],
) -> dict[str, np.ndarray]:
    """Per Region, the rest-pose vertices with a nonzero Region weight. ``points_per_mesh`` are the
    meshes' ``rest_points`` (already converted by the caller, who needs them too)."""
    found: dict[str, list[np.ndarray]] = {name: [] for name in bones_by_region}
    for mesh_obj, points in zip(meshes, points_per_mesh, strict=True):
        weights = region_weights(mesh_obj, bones_by_region)
        for name, w in weights.items():
            found[name].append(points[w > 0.0])
    return {name: np.concatenate(parts) if parts else np.zeros((0, 3)) for name, parts in found.items()}
