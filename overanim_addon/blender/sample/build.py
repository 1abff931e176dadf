"""A small, realistic sample humanoid built procedurally (nothing is downloaded): an armature with
Unreal-style bone names in an A-pose, Bone Collections for a few Regions, a skinned LOD0 mesh with
vertex groups and a coarser ``_LOD1``. 180 cm tall at Unit Scale 1 (metres)."""

from __future__ import annotations

import math
from typing import cast

import bpy
import numpy as np
from mathutils import Vector

from ..shared.object_data import overanim
from ..shared.typed import mesh_data, scene_of, view_layer_of
from .skeleton import BONES, load_skeleton

COLLECTIONS = {
    "Spine": ["spine_01", "spine_02", "spine_03"],
    "Head": ["neck_01", "head"],
    "Arm_L": ["clavicle_l", "upperarm_l", "lowerarm_l", "hand_l"],
    "Arm_R": ["clavicle_r", "upperarm_r", "lowerarm_r", "hand_r"],
    "Leg_L": ["thigh_l", "calf_l", "foot_l", "ball_l"],
    "Leg_R": ["thigh_r", "calf_r", "foot_r", "ball_r"],
}
REGIONS = {"LeftArm": "Arm_L", "RightArm": "Arm_R", "Spine": "Spine", "Head": "Head", "LeftLeg": "Leg_L"}
MAX_SHARED = 0.8  # of a vertex's weight, at most this much goes to the bones it joins (``smooth_weights``)
ZONE = 2.0  # a joint blends the skin this many times the thicker tube's radius either side of it
# the sample's bounds around its origin (metres): hands at x = +-0.71, toes at y = -0.17, crown at 1.8
SAMPLE_EXTENT = ((-0.77, -0.25, 0.0), (0.77, 0.3, 1.85))


def _tube(head, tail, radius, rings, segments):
    """Vertices of a tube around head->tail (rings x segments) and each ring's position 0..1."""
    head, tail = np.asarray(head, float), np.asarray(tail, float)
    axis = tail - head
    axis_n = axis / np.linalg.norm(axis)
    helper = np.array([0.0, 0.0, 1.0]) if abs(axis_n[2]) < 0.9 else np.array([1.0, 0.0, 0.0])
    u = np.cross(axis_n, helper)
    u /= np.linalg.norm(u)
    v = np.cross(axis_n, u)
    t = np.linspace(0.0, 1.0, rings)
    angles = np.linspace(0.0, 2 * math.pi, segments, endpoint=False)
    circle = np.cos(angles)[:, None] * u + np.sin(angles)[:, None] * v  # (segments, 3)
    centres = head + t[:, None] * axis  # (rings, 3)
    verts = centres[:, None, :] + radius * circle[None, :, :]
    return verts.reshape(-1, 3), np.repeat(t, segments)


def _joints(bone: str) -> list[tuple[str, np.ndarray, float]]:
    """The joints of ``bone`` with other deforming bones: (the other bone, where the joint is, how
    far either side of it the skin blends: ``ZONE`` times the thicker tube's radius)."""
    parent, head, _tail, radius = BONES[bone]
    found = []
    if parent and BONES[parent][3] > 0:
        found.append((parent, np.array(head, float), ZONE * max(radius, BONES[parent][3])))
    for child, (child_parent, child_head, _child_tail, child_radius) in BONES.items():
        if child_parent == bone and child_radius > 0:
            found.append((child, np.array(child_head, float), ZONE * max(radius, child_radius)))
    return found


def smooth_weights(bone: str, co: np.ndarray) -> dict[str, np.ndarray]:
    """Skin weights for the vertices ``co`` of ``bone``'s tube, as automatic weights give them:
    across each joint the skin blends from the bone alone to half and half at the joint, over a
    zone either side of it (a smoothstep in the distance to the joint). Group -> weights."""
    shares: dict[str, np.ndarray] = {}
    for other, joint, zone in _joints(bone):
        x = np.clip(np.linalg.norm(co - joint, axis=1) / zone, 0.0, 1.0)
        shares[other] = shares.get(other, np.zeros(len(co))) + 0.5 * (1.0 - x * x * (3.0 - 2.0 * x))
    total = sum(shares.values(), np.zeros(len(co)))
    squeeze = np.where(total > MAX_SHARED, MAX_SHARED / np.maximum(total, 1e-9), 1.0)  # a short bone keeps some
    weights = {other: share * squeeze for other, share in shares.items()}
    weights[bone] = 1.0 - total * squeeze
    return weights


def _build_mesh(name, armature, rings, segments):
    verts, faces, weights = [], [], []  # weights: (vertex indices, group, weight of each)
    offset = 0
    for bone, (_parent, head, tail, radius) in BONES.items():
        if radius <= 0:
            continue
        v, _t = _tube(head, tail, radius, rings, segments)
        for group, w in smooth_weights(bone, v).items():
            weights.append((offset + np.arange(len(v)), group, w))
        for r in range(rings - 1):
            for s in range(segments):
                a = offset + r * segments + s
                b = offset + r * segments + (s + 1) % segments
                faces.append((a, b, b + segments, a + segments))
        verts.append(v)
        offset += len(v)
    verts.append(np.array([[0.0, -0.01, 1.80]]))  # crown of the head: the character's highest point
    weights.append((np.array([offset]), "head", np.array([1.0])))
    co = np.concatenate(verts)
    mesh = bpy.data.meshes.new(name)
    mesh.from_pydata(co.tolist(), [], faces)
    mesh.update()
    obj = bpy.data.objects.new(name, mesh)
    for idx, group, w in weights:
        vg = obj.vertex_groups.get(group) or obj.vertex_groups.new(name=group)
        rounded = np.round(w, 4)
        # vertex_groups.add takes one weight for many indices: group the indices by weight
        for value in np.unique(rounded[rounded > 0.0]):
            vg.add(idx[rounded == value].tolist(), float(value), "REPLACE")
    obj.parent = armature
    cast(bpy.types.ArmatureModifier, obj.modifiers.new("Armature", "ARMATURE")).object = armature
    return obj


def _world_box(obj: bpy.types.Object) -> tuple[np.ndarray, np.ndarray]:
    corners = np.array([obj.matrix_world @ Vector(corner) for corner in obj.bound_box])
    return corners.min(axis=0), corners.max(axis=0)


def clear_location(scene: bpy.types.Scene, start: Vector, ignore: set[str], margin: float = 0.3,
                   extent: tuple[tuple[float, float, float], tuple[float, float, float]] = SAMPLE_EXTENT) -> Vector:
    """Where the sample (``extent`` around its origin) stands clear of every other object of the
    scene: ``start`` (the 3D cursor), moved along +X past whatever its footprint would overlap."""
    low, high = np.array(extent[0]), np.array(extent[1])
    boxes = [_world_box(o) for o in scene.objects if o.name not in ignore]
    location = np.array(start, float)
    for _ in range(len(boxes) + 1):  # each step passes at least one box: the loop ends
        overlapping = [box for box in boxes
                       if np.all(box[0] < location + high + margin) and np.all(box[1] > location + low - margin)]
        if not overlapping:
            break
        location[0] = max(box[1][0] for box in overlapping) + margin - low[0]
    return Vector(location.tolist())


def build_sample_character(context: bpy.types.Context, name: str = "SK_OverAnimSample",
                           extent: tuple[tuple[float, float, float], tuple[float, float, float]] = SAMPLE_EXTENT,
                           foot_ik: bool = False) -> bpy.types.Object:
    """Build the sample into the active collection, at the 3D cursor or beside whatever stands there
    (``extent``: the room it needs around its origin), and return its armature (made active). With
    ``foot_ik`` its skeleton has the walk's IK foot bones already (``walk.add_sample_walk`` constrains them)."""
    collection = context.collection or scene_of(context).collection
    data = load_skeleton(name, foot_ik)  # appended: no operator, so nothing in the Info log (skeleton.py)
    armature = bpy.data.objects.new(name, data)
    name = armature.name  # "SK_OverAnimSample.001" for a second sample: its meshes follow it
    collection.objects.link(armature)
    for coll_name, bones in COLLECTIONS.items():
        coll = data.collections.new(coll_name)
        for bone in bones:
            coll.assign(data.bones[bone])
    for suffix, rings, segments in (("", 6, 12), ("_LOD1", 3, 6)):
        mesh_obj = _build_mesh(f"{name}_Body{suffix}", armature, rings, segments)
        collection.objects.link(mesh_obj)
    for region_name, coll_name in REGIONS.items():
        region = overanim(armature).regions.add()
        region.name, region.bone_collection = region_name, coll_name
    overanim(armature).calibration.locomotion_root_bone = ""
    ours = {armature.name, *(o.name for o in armature.children)}
    armature.location = clear_location(scene_of(context), scene_of(context).cursor.location, ours, extent=extent)
    for obj in view_layer_of(context).objects:
        obj.select_set(obj is armature)
    view_layer_of(context).objects.active = armature
    # evaluated once: the pose is made from the bones then, and the world matrix follows the location
    view_layer_of(context).update()
    return armature


def add_sample_deltas(armature: bpy.types.Object) -> None:
    """Give the sample two Region deltas to compose: the spine and the left arm swell outwards,
    overlapping at the left clavicle."""
    body = bpy.data.objects[f"{armature.name}_Body"]
    mesh = mesh_data(body)
    co: np.ndarray = np.empty(len(mesh.vertices) * 3, np.float32)
    mesh.vertices.foreach_get("co", co)
    co = co.reshape(-1, 3)
    body.shape_key_add(name="Basis", from_mix=False)
    for key_name, centre_x in (("Delta_Spine", 0.0), ("Delta_LeftArm", 0.35)):
        key = body.shape_key_add(name=key_name, from_mix=False)
        outward = co - np.array([centre_x, 0.0, 1.25], np.float32)
        outward /= np.maximum(np.linalg.norm(outward, axis=1, keepdims=True), 1e-6)
        key.data.foreach_set("co", (co + 0.02 * outward).ravel())
    regions = {r.name: r for r in overanim(armature).regions}
    regions["Spine"].delta_shape_key = "Delta_Spine"
    regions["LeftArm"].delta_shape_key = "Delta_LeftArm"
