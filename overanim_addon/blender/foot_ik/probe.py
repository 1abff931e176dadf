"""One frame's probe: the rig as it is posed now, rays down at both feet, the core's solution."""

from __future__ import annotations

from typing import Any

import bpy

from ...core.foot_ik import FootIKFrame, solve_frame
from .ground import Ground, ground_objects
from .rig import FootIKRig, reference_and_forward


def ground_for(context: bpy.types.Context, rig: FootIKRig, settings: Any) -> Ground:
    objects = ground_objects(context.scene, rig.armature, settings.ground_collection)
    return Ground(objects, context.evaluated_depsgraph_get())


def probe_pose(rig: FootIKRig, ground: Ground) -> FootIKFrame:
    """Probe the rig's current pose (call after ``frame_set`` for another frame)."""
    armature, ray, cm = rig.armature, rig.ray, rig.cm
    reference, forward = reference_and_forward(rig)
    top = reference + ray.start_height / cm
    world = armature.matrix_world
    hits = []
    for name in (rig.bones.left_foot, rig.bones.right_foot):
        head = world @ armature.pose.bones[name].head
        hits.append(ground.cast_down(head.x, head.y, top, ray.length / cm, cm))
    return solve_frame(ray, hits[0], hits[1], forward)


def no_ground_warning(ground: Ground, settings: Any) -> list[tuple[str, str]]:
    if ground.tree is not None:
        return []
    where = f"collection '{settings.ground_collection.name}'" if settings.ground_collection else "the scene"
    return [("WARNING", f"No ground mesh in {where} (the character's own meshes never count): every ray misses")]
