"""What an animator checks after a foot IK bake, measured in the test from the evaluated scene: the
bones' world heads per frame and the ground meshes' own triangles (Blender's BVHTree of their
evaluated world-space polygons), never the add-on's helpers.

- pelvis: its vertical speed and acceleration (central differences), its largest one-frame change;
- plants: this test's own contact rule (the lower of ankle and toe joint under 60 cm/s and within
  10 cm of the source's flat ground);
- planted ankles: their height above the ground under them after the bake against their height
  above the source's flat ground before;
- penetration: the ankle and toe joints' clearance above the ground under them, less their height
  above the ground in the rest pose;
- slide: how far a toe gets over the ground within a plant from where the plant began;
- sole angle: the angle of the foot (ankle to toe, and its side axis) to the ground under it after,
  against its angle to the flat ground before.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import bpy
import numpy as np
from mathutils import Vector
from mathutils.bvhtree import BVHTree

from ..foot_ik_scenes import action_snapshot

SPEED, HEIGHT = 60.0, 10.0  # cm/s, cm: the contact rule


def cm() -> float:
    return bpy.context.scene.unit_settings.scale_length * 100.0


def fps() -> float:
    render = bpy.context.scene.render
    return render.fps / render.fps_base


@dataclass
class Sampled:
    pelvis: np.ndarray  # N x 3 world cm
    ankles: list[np.ndarray]  # left, right: N x 3
    toes: list[np.ndarray]
    sides: list[np.ndarray]  # each foot's local X axis in the world, N x 3 (unit)


def sample(armature, pelvis: str, feet, frames) -> Sampled:
    """``feet``: ((ankle bone, toe bone) left, (…) right). Every frame set, every head read."""
    scene, pose, out = bpy.context.scene, armature.pose.bones, []
    for frame in frames:
        scene.frame_set(int(frame))
        world = armature.matrix_world
        row = [world @ pose[pelvis].head]
        for ankle, toe in feet:
            row += [world @ pose[ankle].head, world @ pose[toe].head]
            side = (world.to_3x3() @ pose[ankle].matrix.to_3x3()).col[0].normalized()
            row.append(side * (1.0 / cm()))  # unit, unscaled by the cm factor below
        out.append([tuple(v) for v in row])
    a = np.array(out) * cm()
    return Sampled(a[:, 0], [a[:, 1], a[:, 4]], [a[:, 2], a[:, 5]], [a[:, 3], a[:, 6]])


class GroundUnder:
    """The ground meshes' world triangles as one BVHTree, rays straight down."""

    def __init__(self, objects):
        depsgraph = bpy.context.evaluated_depsgraph_get()
        verts, polys = [], []
        for obj in objects:
            evaluated = obj.evaluated_get(depsgraph)
            mesh = evaluated.to_mesh()
            offset = len(verts)
            verts += [tuple(evaluated.matrix_world @ v.co) for v in mesh.vertices]
            polys += [tuple(offset + i for i in p.vertices) for p in mesh.polygons]
            evaluated.to_mesh_clear()
        self.tree = BVHTree.FromPolygons(verts, polys)

    def at(self, points_cm: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """Ground height (cm, NaN where none) and unit normal under each point (N x 3 cm)."""
        heights, normals = [], []
        for p in points_cm / cm():
            hit, normal, _i, _d = self.tree.ray_cast(Vector((p[0], p[1], p[2] + 1e4 / cm())), Vector((0, 0, -1)))
            heights.append(hit.z * cm() if hit is not None else math.nan)
            n = normal if hit is not None else Vector((0, 0, 1))
            normals.append(tuple(n if n.z >= 0 else -n))
        return np.array(heights), np.array(normals)


def speeds(points: np.ndarray, rate: float) -> np.ndarray:
    return np.linalg.norm(np.gradient(points, 1.0 / rate, axis=0), axis=1)


def planted(ankle: np.ndarray, toe: np.ndarray, ground: float, rate: float) -> np.ndarray:
    lower_toe = toe[:, 2] < ankle[:, 2]
    speed = np.where(lower_toe, speeds(toe, rate), speeds(ankle, rate))
    height = np.minimum(ankle[:, 2], toe[:, 2]) - ground
    return (speed < SPEED) & (height < HEIGHT)


def plant_runs(mask: np.ndarray) -> list[tuple[int, int]]:
    edges = np.diff(np.concatenate([[0], mask.astype(int), [0]]))
    return list(zip(np.flatnonzero(edges == 1), np.flatnonzero(edges == -1) - 1, strict=True))


def slide(toe: np.ndarray, mask: np.ndarray) -> float:
    return max((float(np.linalg.norm(toe[a:b + 1, :2] - toe[a, :2], axis=1).max()) for a, b in plant_runs(mask)),
               default=0.0)


def vertical(z: np.ndarray, rate: float) -> tuple[float, float, float]:
    """(max |speed| cm/s, max |acceleration| cm/s², max one-frame change cm)."""
    v = np.gradient(z, 1.0 / rate)
    return float(np.abs(v).max()), float(np.abs(np.gradient(v, 1.0 / rate)).max()), float(np.abs(np.diff(z)).max())


def angle_to_plane(vectors: np.ndarray, normals: np.ndarray) -> np.ndarray:
    """Degrees between each vector and the plane of each normal (signed)."""
    unit = vectors / np.linalg.norm(vectors, axis=1, keepdims=True)
    return np.degrees(np.arcsin(np.clip(np.sum(unit * normals, axis=1), -1.0, 1.0)))


@dataclass
class Verdict:
    pelvis_before: tuple[float, float, float]
    pelvis_after: tuple[float, float, float]
    added_acceleration: float  # of the bake's own change of the pelvis
    ankle_error: np.ndarray  # planted frames, both feet: |height after - height before| cm
    penetration: float  # cm, deepest joint below the ground past its rest height (after)
    penetration_before: float
    slide_before: float
    slide_after: float
    sole_error: np.ndarray  # planted frames: degrees, pitch and roll to the ground against the source's

    def lines(self) -> str:
        return (f"pelvis speed {self.pelvis_before[0]:.1f} -> {self.pelvis_after[0]:.1f} cm/s, acceleration "
                f"{self.pelvis_before[1]:.0f} -> {self.pelvis_after[1]:.0f} cm/s² (bake's own "
                f"{self.added_acceleration:.0f}), one-frame {self.pelvis_after[2]:.2f} cm; ankle error max "
                f"{self.ankle_error.max():.2f} p95 {np.percentile(self.ankle_error, 95):.2f} cm; penetration "
                f"{self.penetration_before:.2f} -> {self.penetration:.2f} cm; slide {self.slide_before:.2f} -> "
                f"{self.slide_after:.2f} cm; sole p95 {np.percentile(self.sole_error, 95):.2f}° max "
                f"{self.sole_error.max():.2f}°")


def judge(before: Sampled, after: Sampled, ground: GroundUnder, source_ground: float, rest_heights) -> Verdict:
    """``rest_heights``: ((ankle, toe) cm above the ground at rest) left, right."""
    rate = fps()
    errors, depth, depth_before, slides, soles = [], 0.0, 0.0, [], []
    for i in range(2):
        mask = planted(before.ankles[i], before.toes[i], source_ground, rate)
        for joints, rest, is_after in ((after, rest_heights[i], True), (before, rest_heights[i], False)):
            for point, height in zip((joints.ankles[i], joints.toes[i]), rest, strict=True):
                under, _n = ground.at(point) if is_after else (np.full(len(point), source_ground), None)
                clearance = point[:, 2] - under - height
                worst = float(np.nanmax(-clearance))
                if is_after:
                    depth = max(depth, worst)
                else:
                    depth_before = max(depth_before, worst)
        under, normals = ground.at(after.ankles[i])
        errors.append(np.abs((after.ankles[i][:, 2] - under) - (before.ankles[i][:, 2] - source_ground))[mask])
        slides.append((slide(before.toes[i], mask), slide(after.toes[i], mask)))
        up = np.tile([0.0, 0.0, 1.0], (len(normals), 1))
        foot_before, foot_after = before.toes[i] - before.ankles[i], after.toes[i] - after.ankles[i]
        pitch = angle_to_plane(foot_after, normals) - angle_to_plane(foot_before, up)
        roll = angle_to_plane(after.sides[i], normals) - angle_to_plane(before.sides[i], up)
        soles.append(np.maximum(np.abs(pitch), np.abs(roll))[mask])
    z_before, z_after = before.pelvis[:, 2], after.pelvis[:, 2]
    return Verdict(vertical(z_before, rate), vertical(z_after, rate), vertical(z_after - z_before, rate)[1],
                   np.concatenate(errors), max(depth, 0.0), max(depth_before, 0.0),
                   max(s[0] for s in slides), max(s[1] for s in slides), np.concatenate(soles))


def all_keys():
    return {action.name: action_snapshot(action) for action in bpy.data.actions}


def bake_and_judge(armature, pelvis, feet, ground_objects, source_ground, rest_heights):
    scene = bpy.context.scene
    frames = range(scene.frame_start, scene.frame_end + 1)
    keys = all_keys()
    before = sample(armature, pelvis, feet, frames)
    with bpy.context.temp_override(active_object=armature, object=armature):
        assert bpy.ops.overanim.bake_foot_ik() == {"FINISHED"}
    after = sample(armature, pelvis, feet, frames)
    verdict = judge(before, after, GroundUnder(ground_objects), source_ground, rest_heights)
    with bpy.context.temp_override(active_object=armature, object=armature):
        assert bpy.ops.overanim.remove_foot_ik_bake() == {"FINISHED"}
    assert all_keys() == keys  # every key of every action, byte for byte
    return verdict


def rest_heights_cm(armature, feet, ground_z):
    """Each foot's (ankle, toe) joint height above the ground in the rest pose (cm)."""
    world = armature.matrix_world
    bones = armature.data.bones
    return [tuple((world @ bones[name].head_local).z * cm() - ground_z for name in pair) for pair in feet]
