"""Two armatures as the retarget reads them: each rig's rest skeleton in world centimetres (Z up),
its body (``core.bone_map``), its facing frame, and the source's pose at every frame of the clip,
read from the evaluated scene (what the artist sees: constraints, NLA strips and a Foot IK bake on
top included). A generated Rigify rig is read as its ``ORG-`` bones, the body its controls move
(``controls``)."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import Any

import bpy
import numpy as np

from ...core.bone_map import Body, BoneMap, chain_ends, facing, find_body, map_bodies
from ...core.retarget import Hierarchy, facing_frame, orthonormal
from ...core.skeleton import BoneInfo, Skeleton
from .. import compat
from ..shared.scene import cm_per_unit
from ..shared.typed import armature_data, pose_of, scene_of
from .controls import ControlRig, read_controls, with_carrier

REST_DIFFERENCE = 2.0  # degrees: rests further apart than this are other poses (T-pose, A-pose)


@dataclass(frozen=True)
class Rig:
    obj: bpy.types.Object
    skeleton: Skeleton  # world cm, Z up
    body: Body | None
    world: np.ndarray  # (4, 4) the object's world matrix, in scene units
    cm: float  # centimetres per scene unit
    hierarchy: Hierarchy  # rest matrices in the armature's own space
    rest_world: np.ndarray  # (B, 3, 3) each bone's rest rotation in the world
    index: dict[str, int]
    ends: dict[str, tuple[float, float, float]]  # chain bones: where each ends for its direction (world cm)
    bone_indices: np.ndarray | None = None  # a control rig's: each body bone's index among the armature's bones
    controls: ControlRig | None = None  # a generated Rigify rig's controls (its body is its ORG- bones)

    @cached_property
    def frame(self) -> np.ndarray:
        """The facing frame (columns forward, left, up)."""
        body = self.body
        feet = [body.role_bone("foot", f"leg_{s}") for s in "LR"] if body is not None else []
        if not feet or None in feet:
            return facing_frame((0.0, -1.0, 0.0))  # Blender's front view: the character faces -Y
        left_foot, right_foot = feet
        assert left_foot is not None and right_foot is not None
        forward, _left = facing(self.skeleton, left_foot, right_foot)
        return facing_frame(forward)

    def unscaled_directions(self, bones: list[str]) -> np.ndarray:
        """(N, 3) the rest directions turned by the object's rotation alone (its scale left out): a rig
        stretched by a non-uniform object scale still points its bones as its copy does."""
        linear = self.world[:3, :3]
        directions = np.array([self.direction(b) for b in bones]).reshape(-1, 3)
        return (orthonormal(linear) @ np.linalg.solve(linear, directions.T)).T

    def direction(self, bone: str) -> np.ndarray:
        """The bone's rest direction (world cm): to the next bone of its chain, else joint to joint."""
        end = self.ends.get(bone) or self.skeleton.end(bone).point
        return np.subtract(end, self.skeleton.by_name[bone].head)

    def head(self, bone: str) -> np.ndarray:
        return np.asarray(self.skeleton.by_name[bone].head)


def _floats(collection: Any, name: str, size: int) -> np.ndarray:
    out = np.empty(len(collection) * size, np.float32)
    collection.foreach_get(name, out)
    return out.astype(np.float64)


def read_rig(armature: bpy.types.Object, scene: bpy.types.Scene) -> Rig:
    bones = armature_data(armature).bones
    cm = cm_per_unit(scene)
    world = np.array(armature.matrix_world, dtype=np.float64)
    heads, tails = (_floats(bones, n, 3).reshape(-1, 3) for n in ("head_local", "tail_local"))
    rest = _floats(bones, "matrix_local", 16).reshape(-1, 4, 4).transpose(0, 2, 1)  # Blender stores columns
    names = [b.name for b in bones]
    deforms = [b.use_deform for b in bones]
    full = {n: i for i, n in enumerate(names)}
    parents = [full[b.parent.name] if b.parent else -1 for b in bones]
    controls = read_controls(armature)
    kept = None
    if controls is not None:  # the ORG bones, each under its nearest ORG ancestor; they stand for the DEF bones
        kept = np.array([full[n] for n in controls.body])
        order = {int(a): v for v, a in enumerate(kept)}
        parents = [order.get(_nearest(parents, int(i), set(order)), -1) for i in kept]
        names, deforms = list(controls.body), [True] * len(kept)
        heads, tails, rest = heads[kept], tails[kept], rest[kept]
    index = {n: i for i, n in enumerate(names)}
    to_world = world[:3, :3] * cm
    heads_w, tails_w = heads @ to_world.T + world[:3, 3] * cm, tails @ to_world.T + world[:3, 3] * cm
    skeleton = Skeleton([BoneInfo(n, names[p] if p >= 0 else None, tuple(h), tuple(t), d)
                         for n, p, h, t, d in zip(names, parents, heads_w, tails_w, deforms, strict=True)])
    rest_world = orthonormal(world[:3, :3] @ rest[:, :3, :3])
    body = find_body(skeleton)
    ends = chain_ends(body, skeleton) if body is not None else {}
    if controls is not None:
        controls = with_carrier(controls, armature, body.role_bone("pelvis", "spine") if body is not None else None)
    return Rig(armature, skeleton, body, world, cm, Hierarchy(tuple(names), rest, tuple(parents)), rest_world, index,
               ends, kept, controls)


def _nearest(parents: list[int], bone: int, kept: set[int]) -> int:
    """The nearest ancestor of ``bone`` among ``kept`` (an armature index), -1 when none."""
    parent = parents[bone]
    while parent >= 0 and parent not in kept:
        parent = parents[parent]
    return parent


def rests_differ(source: Rig, target: Rig, mapping: dict[str, str]) -> bool:
    """Whether any bone pair (source -> target) points elsewhere at rest, relative to each character:
    then local channels would carry one rest into the other, and the clip is retargeted."""
    pairs = []
    for s, t in mapping.items():
        if s not in source.index or t not in target.index:
            continue
        ends = source.skeleton.end(s).child, target.skeleton.end(t).child
        if ends[0] is not None and mapping.get(ends[0]) != ends[1]:
            continue  # they end at other joints (a bone between missing on one side): no like for like
        pairs.append((s, t))
    if not pairs:
        return False
    a = source.unscaled_directions([s for s, _t in pairs]) @ (target.frame @ source.frame.T).T
    b = target.unscaled_directions([t for _s, t in pairs])
    lengths = np.linalg.norm(a, axis=1) * np.linalg.norm(b, axis=1)
    both = lengths > 1e-12
    cos = np.sum(a * b, axis=1)[both] / lengths[both]
    return bool(np.any(cos < np.cos(np.radians(REST_DIFFERENCE))))


def found_map(source: Rig, target: Rig, edits: dict[str, str] | None = None) -> BoneMap | None:
    """The map between the two bodies (None when either body cannot be read), the artist's rows on top."""
    if source.body is None or target.body is None:
        return None
    bone_map = map_bodies(source.body, target.body)
    for bone, followed in (edits or {}).items():
        if bone in target.index and (not followed or followed in source.index):
            bone_map = bone_map.with_row(bone, followed)
    return bone_map


def sample_source(context: bpy.types.Context, rig: Rig, clip: bpy.types.Action, slot: Any,
                  frames: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(world (F, 4, 4), pose (F, B, 4, 4)) of the source at each frame, evaluated. A clip the source
    does not play is assigned for the reading and the source's own put back."""
    scene, obj = scene_of(context), rig.obj
    adt = obj.animation_data
    before = (adt.action, getattr(adt, "action_slot", None)) if adt is not None else None
    playing = adt is not None and adt.action == clip
    if not playing and not _plays_in_nla(obj, clip):
        compat.assign_action(obj, clip, slot)
    frame_before = scene.frame_current, scene.frame_subframe
    count = len(pose_of(obj).bones)
    worlds, poses = np.empty((len(frames), 4, 4)), np.empty((len(frames), len(rig.hierarchy.names), 4, 4))
    buffer = np.empty(count * 16, np.float32)
    try:
        depsgraph = context.evaluated_depsgraph_get()
        for i, frame in enumerate(frames):
            scene.frame_set(int(frame))
            evaluated = obj.evaluated_get(depsgraph)
            pose_of(evaluated).bones.foreach_get("matrix", buffer)
            every = buffer.reshape(-1, 4, 4).transpose(0, 2, 1)
            poses[i] = every if rig.bone_indices is None else every[rig.bone_indices]
            worlds[i] = np.array(evaluated.matrix_world, dtype=np.float64)
    finally:
        now = obj.animation_data
        if before is not None and now is not None and not playing and not _plays_in_nla(obj, clip):
            now.action = before[0]
            if before[0] is not None and before[1] is not None:
                now.action_slot = before[1]
        elif before is None and now is not None:
            obj.animation_data_clear()
        scene.frame_set(frame_before[0], subframe=frame_before[1])
    return worlds, poses


def _plays_in_nla(obj: bpy.types.Object, clip: bpy.types.Action) -> bool:
    adt = obj.animation_data
    return adt is not None and adt.action is None and adt.use_nla and any(
        s.action == clip and not s.mute for t in adt.nla_tracks if not t.mute for s in t.strips)
