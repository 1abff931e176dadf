"""Composing Region deltas into the shape key ``OverAnim_Composed``.

A Region's delta is its ``delta_shape_key`` minus the Basis, weighted by the Region mask. The core
composes them per vertex (``compose_mixed_policies``: Strongest Delta wherever a Region asking for
it is present, elsewhere the sum clamped to the longest authored delta of a Region present at that
vertex). The artist's shape keys are only read.
"""

from __future__ import annotations

from dataclasses import dataclass

import bpy
import numpy as np

from ...core import RegionCompositionPolicy
from ...core.errors import OverAnimError
from ...core.messages import Message
from ...core.region_preview import compose_mixed_policies
from ..regions.region import mesh_masks, region_enum, region_table
from ..shared.scene import deformed_meshes, require_object_mode
from ..shared.typed import mesh_data, scene_of, shape_keys_of

COMPOSED = "OverAnim_Composed"


@dataclass(frozen=True)
class ComposeStats:
    meshes: int
    regions: int
    overlapping_vertices: int


def _key_coordinates(key_block: bpy.types.ShapeKey, count: int) -> np.ndarray:
    co = np.empty(count * 3, np.float32)
    key_block.data.foreach_get("co", co)
    return co.reshape(-1, 3)


def compose(context: bpy.types.Context, armature: bpy.types.Object, select_overlaps: bool = False) -> ComposeStats:
    require_object_mode(armature, scene_of(context))
    table = [entry for entry in region_table(armature) if entry.region.delta_shape_key]
    if not table:
        raise OverAnimError(Message("No Region names a Delta Shape Key: set one in the Regions panel"))
    planned = []
    for mesh_obj in deformed_meshes(armature, scene_of(context)):
        keys = mesh_data(mesh_obj).shape_keys
        if keys is None:
            continue
        present = [entry for entry in table if entry.region.delta_shape_key in keys.key_blocks]
        if present:
            if mesh_data(mesh_obj).library is not None:
                raise OverAnimError(Message("Mesh '{name}' is linked from a library and read-only",
                                            name=mesh_obj.name))
            planned.append((mesh_obj, present))
    if not planned:
        names = ", ".join(sorted({entry.region.delta_shape_key for entry in table}))
        raise OverAnimError(Message("No deformed mesh has the Delta Shape Keys ({names})", names=names))

    results = []
    overlapping = 0
    for mesh_obj, present in planned:
        mesh = mesh_data(mesh_obj)
        count = len(mesh.vertices)
        basis = _key_coordinates(shape_keys_of(mesh).reference_key, count)
        masks_by_name = mesh_masks(mesh_obj, present)
        regions = [entry.region for entry in present]
        masks = np.stack([masks_by_name[r.name] for r in regions])
        authored = np.stack([(_key_coordinates(shape_keys_of(mesh).key_blocks[r.delta_shape_key], count) - basis)
                             for r in regions])
        deltas = authored * masks[:, :, None]
        # the clamped sum's limit at a vertex: the longest authored delta of a Region present there,
        # so a seam where two masks share one delta (0.5 + 0.5) still reaches the full delta
        limit = np.where(masks > 0, np.linalg.norm(authored, axis=2), 0.0).max(axis=0)
        policies = [region_enum(r, "composition_policy", RegionCompositionPolicy) for r in regions]
        composed = compose_mixed_policies(policies, deltas, masks, limit=limit)
        moving = np.linalg.norm(deltas, axis=2) > 0
        overlap = moving.sum(axis=0) >= 2
        overlapping += int(overlap.sum())
        results.append((mesh_obj, basis + composed, overlap))

    for mesh_obj, coordinates, overlap in results:  # all computed: now write
        keys = shape_keys_of(mesh_data(mesh_obj))
        block = keys.key_blocks.get(COMPOSED) or mesh_obj.shape_key_add(name=COMPOSED, from_mix=False)
        block.data.foreach_set("co", np.ascontiguousarray(coordinates, dtype=np.float32).ravel())
        block.value = 1.0
        if select_overlaps:
            mesh_data(mesh_obj).vertices.foreach_set("select", overlap)
        mesh_data(mesh_obj).update()
    return ComposeStats(len(results), len(table), overlapping)


def clear_composed(context: bpy.types.Context, armature: bpy.types.Object) -> int:
    require_object_mode(armature, scene_of(context))
    removed = 0
    for mesh_obj in deformed_meshes(armature, scene_of(context)):
        keys = mesh_data(mesh_obj).shape_keys
        if keys is not None and COMPOSED in keys.key_blocks and mesh_data(mesh_obj).library is None:
            # removing a key before the active one shifts the active index onto another key
            active = mesh_obj.active_shape_key.name if mesh_obj.active_shape_key is not None else ""
            mesh_obj.shape_key_remove(keys.key_blocks[COMPOSED])
            if active in keys.key_blocks:
                mesh_obj.active_shape_key_index = keys.key_blocks.find(active)
            removed += 1
    return removed
