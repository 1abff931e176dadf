"""Probing the rig as it is posed: a ``Sampler`` reads, frame after frame, what the probe and the
bake need into arrays, casting the two rays as it goes (they depend on the pose); everything else
is solved for all frames at once afterwards (the core works on arrays). Per frame it costs two ray
casts and a few bulk reads (``foreach_get``), so a bake is little more than stepping the frames."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import bpy
import numpy as np
from mathutils import Matrix, Vector

from ...core.foot_ik import FootIKSolution, ProbeRay, solve
from ...core.messages import Message, plural
from ..shared.ground import Ground, ground_objects, left_out_characters
from ..shared.typed import pose_of, scene_of
from .rig import FootIKRig


def ground_for(context: bpy.types.Context, rig: FootIKRig, settings: Any) -> Ground:
    objects = ground_objects(scene_of(context), rig.armature, settings.ground_collection)
    return Ground(objects, context.evaluated_depsgraph_get())


def why_no_ground(ground: Ground, ray: ProbeRay, settings: Any, scene: bpy.types.Scene,
                  armature: bpy.types.Object) -> Message:
    """Why a ray met no ground, and what was probed: the reports say it with the way to set Ground."""
    collection = settings.ground_collection
    others = left_out_characters(scene, armature) if ground.empty and collection is None else None
    if others is not None:
        return Message("there is no ground in the scene: {others}", others=others)
    if ground.empty:
        where = Message("collection '{name}'", name=collection.name) if collection else Message("the scene")
        return Message("there is no ground in {where} (no mesh, curve or instance but the character's own)",
                       where=where)
    names = ", ".join(f"'{name}'" for name in ground.names[:3])
    more = Message(" and {count} more", count=len(ground.names) - 3) if len(ground.names) > 3 else ""
    count = plural(len(ground.names), "{n} object", "{n} objects")
    probed = (Message("the {count} of collection '{collection}' ({names}{more})", count=count,
                      collection=collection.name, names=names, more=more) if collection
              else Message("the {count} shown in the scene ({names}{more})", count=count, names=names, more=more))
    return Message("the rays met nothing of {probed} from {top:.0f} cm above to {trace:.1f} cm below the "
                   "character's ground level", probed=probed, top=ray.start_height, trace=ray.trace_distance)


GROUND_HINT = Message("put the ground under the character, or set Ground in the Foot IK panel to the collection "
                      "that holds it")


def _own_location_axes(bone: bpy.types.Bone) -> bool:
    return not (bone.use_local_location and bone.use_inherit_rotation and bone.inherit_scale == "FULL")


class Sampler:
    """Up to ``capacity`` frames of the rig's pose: the armature's world matrix, the two rays' hits
    (cm, normals), and the pose and basis matrices (armature space) and rotation channels of the
    ground root and of the ``keyed`` bones."""

    def __init__(self, rig: FootIKRig, ground: Ground, capacity: int, keyed: Sequence[str] = (),
                 tracked: Sequence[str] = ()) -> None:
        self.rig, self.ground = rig, ground
        armature = rig.armature
        self.pose_bones = pose_of(armature).bones
        row = {bone.name: i for i, bone in enumerate(self.pose_bones)}
        self.feet = [self.pose_bones[rig.bones.left_foot], self.pose_bones[rig.bones.right_foot]]
        self.root = self.pose_bones[rig.ground_root] if rig.ground_root else None
        self.keyed = list(keyed)
        # bones read but not keyed (the feet, their toes and leg chains: the bake's quality and FK legs)
        self.tracked = [name for name in dict.fromkeys(tracked) if name not in self.keyed]
        modes = {self.pose_bones[name].rotation_mode for name in self.keyed}
        self._quaternion_channels, self._euler_channels = "QUATERNION" in modes, bool(modes - {"QUATERNION"})
        read = (*self.keyed, *self.tracked)
        self._rows = [row[name] for name in read] + ([row[rig.ground_root]] if self.root else [])
        self.read = [*read, *([rig.ground_root] if self.root else [])]  # the bones of ``matrices``' columns
        self._column = {name: i for i, name in enumerate((*self.keyed, *self.tracked))}
        self._top, self._length = rig.ray.start_height / rig.cm, rig.ray.length / rig.cm
        # bones whose location channels do not move them along their pose's own axes: read each frame
        self._converted = [(k, self.pose_bones[name]) for k, name in enumerate(self.keyed) if _own_location_axes(
            self.pose_bones[name].bone)]
        self.count = 0
        self.distances = np.full((capacity, 2), np.nan)  # cm from the ray start; NaN: a miss
        self.normals = np.zeros((capacity, 2, 3))
        # with tracked bones (a bake), a ray under each toe (its first child's head, else its tail) as well
        self._toes = [foot.children[0] if len(foot.children) else None for foot in self.feet]
        # a bake names the bones it keys or reads (a rig keyed in FK may leave none only read)
        self.toe_distances = np.full((capacity, 2), np.nan) if (self.keyed or self.tracked) else None
        self.references = np.zeros(capacity)  # the ground reference's world height (Blender units)
        self.world_index = np.zeros(capacity, np.int64)  # into self.worlds (rarely more than one)
        self.worlds: list[Matrix] = []
        bones = len(self.pose_bones)
        self._matrix = np.empty((bones, 4, 4), np.float32)
        self._quaternion = np.empty((bones, 4), np.float32)
        self._euler = np.empty((bones, 3), np.float32)
        self.matrices = np.empty((capacity, len(self._rows), 4, 4), np.float32)  # pose (armature space)
        self.bases = np.empty((capacity, len(self.keyed), 4, 4), np.float32)  # matrix_basis
        self.quaternions = np.empty((capacity, len(self.keyed), 4), np.float32)
        self.eulers = np.empty((capacity, len(self.keyed), 3), np.float32)
        self._rises = np.empty((capacity, len(self.keyed), 3, 3))  # see moves()

    def record(self) -> None:
        """Read the current pose (call after ``frame_set`` for another frame)."""
        i = self.count
        world = self.rig.armature.matrix_world
        if not self.worlds or world != self.worlds[-1]:
            self.worlds.append(world.copy())
        self.world_index[i] = len(self.worlds) - 1
        reference = ((world @ self.root.head).z if self.root is not None else world.translation.z) + \
            self.rig.ground_offset
        self.references[i] = reference
        self.ground.refresh()  # the ground that moves, where it is at this frame
        if not self.ground.empty:
            for side, foot in enumerate(self.feet):
                head = world @ foot.head
                hit = self.ground.cast_down(Vector((head.x, head.y, reference + self._top)), self._length)
                if hit is not None:
                    self.distances[i, side] = hit[0] * self.rig.cm
                    self.normals[i, side] = hit[1][:]
                if self.toe_distances is not None:  # the bake's: the ground under the toe too
                    toe_bone = self._toes[side]
                    toe = world @ (toe_bone.head if toe_bone is not None else foot.tail)
                    hit = self.ground.cast_down(Vector((toe.x, toe.y, reference + self._top)), self._length)
                    if hit is not None:
                        self.toe_distances[i, side] = hit[0] * self.rig.cm
        bones = self.pose_bones
        if self._rows:
            bones.foreach_get("matrix", self._matrix.reshape(-1))
            self.matrices[i] = self._matrix[self._rows]
        if self.keyed:
            count = len(self.keyed)
            bones.foreach_get("matrix_basis", self._matrix.reshape(-1))
            self.bases[i] = self._matrix[self._rows[:count]]
            if self._quaternion_channels:
                bones.foreach_get("rotation_quaternion", self._quaternion.reshape(-1))
                self.quaternions[i] = self._quaternion[self._rows[:count]]
            if self._euler_channels:
                bones.foreach_get("rotation_euler", self._euler.reshape(-1))
                self.eulers[i] = self._euler[self._rows[:count]]
            if self._converted:
                self._record_rises(i, world)
        self.count += 1

    def _record_rises(self, i: int, world: Matrix) -> None:
        armature = self.rig.armature
        to_armature = world.to_3x3().inverted_safe()
        for k, bone in self._converted:
            for axis in range(3):
                moved = bone.matrix.copy()
                moved.translation += to_armature @ Vector([1.0 if a == axis else 0.0 for a in range(3)])
                local = armature.convert_space(pose_bone=bone, matrix=moved, from_space="POSE", to_space="LOCAL")
                self._rises[i, k, :, axis] = (local.translation - bone.matrix_basis.translation)[:]

    def moves(self, column: int, world_moves: np.ndarray) -> np.ndarray:
        """How far one keyed bone's location channels must change (N x 3) to move it by
        ``world_moves`` (N x 3, world Blender units), as posed at each frame. Usually along its
        pose's axes (the basis's rotation part over the pose's); a bone with Local Location off, or
        that does not inherit its parent's rotation or scale, takes its location in other axes: for
        those Blender's own conversion from pose to local space is read at every frame, one world
        unit along each axis (a bone's location moves it affinely: one step is exact)."""
        if any(k == column for k, _ in self._converted):
            return np.einsum("nij,nj->ni", self._rises[:self.count, column], world_moves)
        in_armature = np.einsum("nij,nj->ni", self.world_matrices(inverted=True)[:, :3, :3], world_moves)
        basis, pose = self.basis_matrices(column)[:, :3, :3], self.pose_matrices(column)[:, :3, :3]
        return np.einsum("nij,nj->ni", basis @ np.linalg.inv(pose), in_armature)

    def world_matrices(self, inverted: bool = False) -> np.ndarray:
        """The armature's world matrix (or its inverse) at each recorded frame (N x 4 x 4)."""
        distinct = np.array([np.array(m.inverted_safe() if inverted else m) for m in self.worlds])
        return distinct[self.world_index[:self.count]]

    def column(self, name: str) -> int:
        """The column of a keyed or tracked bone in the recorded pose matrices."""
        return self._column[name]

    def pose_matrices(self, column: int) -> np.ndarray:
        """One bone's recorded pose matrices (N x 4 x 4, row-major; ``foreach_get`` gives columns)."""
        return self.matrices[:self.count, column].astype(np.float64).transpose(0, 2, 1)

    def basis_matrices(self, column: int) -> np.ndarray:
        return self.bases[:self.count, column].astype(np.float64).transpose(0, 2, 1)

    def forward(self) -> np.ndarray:
        """The character's forward axis in world space per frame: the Forward Axis of the object,
        turned by the ground root's rotation away from its rest pose (see rig.py)."""
        n = self.count
        turn = np.broadcast_to(np.eye(3), (n, 3, 3))
        if self.root is not None:
            pose = self.pose_matrices(len(self._rows) - 1)[:, :3, :3]
            rest = np.array(self.root.bone.matrix_local.to_3x3(), dtype=np.float64)
            pose = pose / np.linalg.norm(pose, axis=1, keepdims=True)
            rest = rest / np.linalg.norm(rest, axis=0, keepdims=True)
            turn = pose @ np.linalg.inv(rest)
        local = np.asarray(self.rig.forward_local, dtype=np.float64)
        return np.einsum("nij,njk,k->ni", self.world_matrices()[:, :3, :3], turn, local)

    def solution(self) -> FootIKSolution:
        n = self.count
        return solve(self.rig.ray, self.distances[:n, 0], self.normals[:n, 0], self.distances[:n, 1],
                     self.normals[:n, 1], self.forward())
