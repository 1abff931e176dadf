"""LOD coverage: is each Region present (some vertex with mask > 0) at each LOD, and what does an
inactive Region mean under its policy (``requires_coverage`` and ``lod_coverage_verdict``)."""

from __future__ import annotations

from dataclasses import dataclass

import bpy

from ...core import LodCoverageVerdict, RegionLodPolicy, lod_coverage_verdict
from ..regions.region import mesh_masks, region_enum, region_table
from ..shared.scene import deformed_meshes, lod_index, require_object_mode
from ..shared.typed import scene_of


@dataclass(frozen=True)
class LodRow:
    region: str
    lod: int
    covered: bool
    attachment_dependency: bool
    verdict: LodCoverageVerdict


def attachment_bones(armature: bpy.types.Object, scene: bpy.types.Scene) -> set[str]:
    """Bones that something is parented to (a prop, a weapon): their Regions are dependencies."""
    return {o.parent_bone for o in scene.objects
            if o.parent is armature and o.parent_type == "BONE" and o.parent_bone}


def coverage(context: bpy.types.Context, armature: bpy.types.Object) -> list[LodRow]:
    require_object_mode(armature, scene_of(context))
    table = region_table(armature)
    policies = [region_enum(entry.region, "lod_policy", RegionLodPolicy) for entry in table]
    meshes = deformed_meshes(armature, scene_of(context))
    lods = sorted({lod_index(m) for m in meshes})
    covered: dict[tuple[str, int], bool] = {}
    for mesh_obj in meshes:
        for name, mask in mesh_masks(mesh_obj, table).items():
            key = (name, lod_index(mesh_obj))
            covered[key] = covered.get(key, False) or bool(mask.size and float(mask.max()) > 0.0)
    attached = attachment_bones(armature, scene_of(context))
    rows = []
    for entry, policy in zip(table, policies, strict=True):
        name = entry.region.name
        dependency = entry.region.is_attachment_dependency or bool(attached.intersection(entry.mask.bones))
        for lod in lods:
            is_covered = covered.get((name, lod), False)
            verdict = lod_coverage_verdict(policy, dependency, is_covered)
            rows.append(LodRow(name, lod, is_covered, dependency, verdict))
    return rows
