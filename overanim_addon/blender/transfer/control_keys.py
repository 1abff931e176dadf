"""Keying a generated Rigify rig's controls (``controls``) so that its evaluated body takes the
retarget's pose: each limb's switch keyed to FK, then each control's rotation (and the carrier's
location) found by passes over the evaluated rig. A control's ORG bone follows it rigidly, so the
control is turned by what its ORG bone lacks; helpers between a control and its parent (Rigify's
``MCH-`` bones, the hips and chest halves) are why one pass is not always enough."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

import bpy
import numpy as np

from ...core.retarget import orthonormal
from ...core.transfer import bone_path
from .. import compat
from ..shared.typed import armature_data, pose_of, scene_of
from .baked import emptied, write_curve
from .controls import FK
from .rigs import Rig
from .solve import Solved, continuous_quaternions

PASSES = 6  # at most: the sample's walk onto Rigify's Basic Human settles after 3 (0.0005°)
SETTLED_DEGREES = 0.05
SETTLED_CM = 0.01


@dataclass(frozen=True)
class Keyed:
    bones: tuple[str, ...]  # the controls keyed
    curves: int
    pose: np.ndarray  # (F, B, 4, 4) the body's evaluated pose (armature space) under the keys
    passes: int


@contextmanager
def playing(obj: bpy.types.Object, action: bpy.types.Action, slot: Any) -> Iterator[None]:
    """``obj`` plays ``action`` for the block; its own action (and slot) back after it."""
    adt = obj.animation_data
    before = (adt.action, getattr(adt, "action_slot", None)) if adt is not None else None
    compat.assign_action(obj, action, slot)
    try:
        yield
    finally:
        now = obj.animation_data
        if before is None:
            obj.animation_data_clear()
        elif now is not None:
            now.action = before[0]
            if before[0] is not None and before[1] is not None:
                now.action_slot = before[1]


def _evaluate(context: bpy.types.Context, obj: bpy.types.Object, frames: np.ndarray) -> np.ndarray:
    """(F, N, 4, 4) every bone's evaluated pose matrix (armature space) at each frame."""
    scene = scene_of(context)
    count = len(pose_of(obj).bones)
    out = np.empty((len(frames), count, 4, 4))
    buffer = np.empty(count * 16, np.float32)
    depsgraph = context.evaluated_depsgraph_get()
    for i, frame in enumerate(frames):
        scene.frame_set(int(frame))
        pose_of(obj.evaluated_get(depsgraph)).bones.foreach_get("matrix", buffer)
        out[i] = buffer.reshape(-1, 4, 4).transpose(0, 2, 1)
    return out


@dataclass(frozen=True)
class _Armature:
    """The armature's own bones: rests, parents, and the order that puts parents first."""

    names: tuple[str, ...]
    rest: np.ndarray  # (N, 4, 4)
    parents: tuple[int, ...]
    order: tuple[int, ...]

    @classmethod
    def read(cls, obj: bpy.types.Object) -> _Armature:
        bones = armature_data(obj).bones
        names = tuple(b.name for b in bones)
        index = {n: i for i, n in enumerate(names)}
        parents = tuple(index[b.parent.name] if b.parent else -1 for b in bones)
        buffer = np.empty(len(bones) * 16, np.float32)
        bones.foreach_get("matrix_local", buffer)
        depth = [len(b.parent_recursive) for b in bones]
        return cls(names, buffer.reshape(-1, 4, 4).transpose(0, 2, 1).astype(np.float64), parents,
                   tuple(sorted(range(len(names)), key=lambda i: depth[i])))

    def relative(self, bone: int) -> np.ndarray:
        """The bone's rest in its parent's rest frame (4, 4)."""
        parent = self.parents[bone]
        return self.rest[bone] if parent < 0 else np.linalg.inv(self.rest[parent]) @ self.rest[bone]


def _wanted(rig: Rig, solved: Solved, evaluated: np.ndarray) -> tuple[dict[int, np.ndarray], dict[int, np.ndarray]]:
    """{control: its wanted armature-space rotation (F, 3, 3)}, {carrier: its head's wanted shift (F, 3)}."""
    controls, indices = rig.controls, rig.bone_indices
    assert controls is not None and indices is not None
    armature = {n: i for i, n in enumerate(pose_of(rig.obj).bones.keys())}
    turns: dict[int, np.ndarray] = {}
    for v in solved.rotated:
        control = controls.controls.get(rig.hierarchy.names[v])
        if control is None:
            continue
        b, c = int(indices[v]), armature[control]
        now = orthonormal(evaluated[:, b, :3, :3])
        turns[c] = orthonormal(solved.pose[:, v, :3, :3]) @ np.transpose(now, (0, 2, 1)) @ orthonormal(
            evaluated[:, c, :3, :3])
    shifts: dict[int, np.ndarray] = {}
    if controls.carrier and solved.moved:
        v = solved.moved[0]  # the pelvis
        shifts[armature[controls.carrier]] = solved.pose[:, v, :3, 3] - evaluated[:, int(indices[v]), :3, 3]
    return turns, shifts


def _locals(arm: _Armature, evaluated: np.ndarray, turns: dict[int, np.ndarray],
            shifts: dict[int, np.ndarray]) -> dict[int, np.ndarray]:
    """Each keyed control's local matrix (F, 4, 4), parents first: a bone's parent as this pass makes
    it (a keyed control, or a bone carried rigidly by its own parent's change). Only the controls and
    the bones above them are followed (a helper Rigify scales to nothing elsewhere has no inverse)."""
    needed = set()
    for bone in (*turns, *shifts):
        while bone >= 0 and bone not in needed:
            needed.add(bone)
            bone = arm.parents[bone]
    predicted = evaluated.copy()
    out: dict[int, np.ndarray] = {}
    for bone in (b for b in arm.order if b in needed):
        parent = arm.parents[bone]
        carry = np.eye(4) if parent < 0 else predicted[:, parent] @ np.linalg.pinv(evaluated[:, parent])
        moved = carry @ evaluated[:, bone]
        if bone in turns:
            moved[:, :3, :3] = turns[bone] * np.linalg.norm(moved[:, :3, :3], axis=1, keepdims=True)
        if bone in shifts:
            moved[:, :3, 3] += shifts[bone]
        if bone in turns or bone in shifts:
            base = (np.eye(4) if parent < 0 else predicted[:, parent]) @ arm.relative(bone)
            out[bone] = np.linalg.pinv(base) @ moved
        predicted[:, bone] = moved
    return out


def _error(rig: Rig, solved: Solved, evaluated: np.ndarray) -> tuple[float, float]:
    """(degrees, cm): the most a controlled body bone is turned from the retarget's pose, and the most
    the carried pelvis is away from it."""
    controls, indices = rig.controls, rig.bone_indices
    assert controls is not None and indices is not None
    body = evaluated[:, indices]
    worst = 0.0
    for v in solved.rotated:
        if rig.hierarchy.names[v] not in controls.controls:
            continue  # moved by Rigify between its controls (the middle of the spine): not ours to reach
        a, b = orthonormal(body[:, v, :3, :3]), orthonormal(solved.pose[:, v, :3, :3])
        cos = np.clip((np.trace(np.transpose(a, (0, 2, 1)) @ b, axis1=1, axis2=2) - 1.0) / 2.0, -1.0, 1.0)
        worst = max(worst, float(np.degrees(np.arccos(cos)).max()))
    drift = max((float(np.linalg.norm(body[:, v, :3, 3] - solved.pose[:, v, :3, 3], axis=1).max())
                 for v in solved.moved if controls.carrier), default=0.0) * rig.cm
    return worst, drift


def _settled(rig: Rig, solved: Solved, evaluated: np.ndarray) -> bool:
    degrees, cm = _error(rig, solved, evaluated)
    return degrees <= SETTLED_DEGREES and cm <= SETTLED_CM


class _Curves:
    """The controls' F-curves, made on the first pass and rewritten on the next ones."""

    def __init__(self, action: bpy.types.Action, slot: Any, frames: np.ndarray) -> None:
        self.action, self.bag, self.frames = action, emptied(action, slot), frames
        self.made: dict[tuple[str, int], bpy.types.FCurve] = {}

    def write(self, path: str, index: int, group: str, values: np.ndarray) -> None:
        """Keys at the clip's frames; one value: a single key at its first, held over the whole clip."""
        frames = self.frames if len(values) == len(self.frames) else self.frames[:len(values)]
        curve = self.made.get((path, index))
        if curve is None:
            self.made[(path, index)] = write_curve(self.action, self.bag, path, index, group, frames, values)
            return
        co = np.empty((len(frames), 2), np.float32)
        co[:, 0], co[:, 1] = frames, values
        for name in ("co", "handle_left", "handle_right"):
            curve.keyframe_points.foreach_set(name, co.ravel())
        curve.update()


def _write_pass(arm: _Armature, obj: bpy.types.Object, curves: _Curves, evaluated: np.ndarray,
                turns: dict[int, np.ndarray], shifts: dict[int, np.ndarray]) -> set[int]:
    """One pass's keys: each turned control's rotation, the carrier's location. Returns the bones keyed."""
    keyed = set()
    for bone, local in _locals(arm, evaluated, turns, shifts).items():
        name = arm.names[bone]
        if bone in turns:
            q = continuous_quaternions(orthonormal(local[:, :3, :3]))
            for i in range(4):
                curves.write(bone_path(name, ".rotation_quaternion"), i, name, q[:, i])
            pose_of(obj).bones[name].rotation_mode = "QUATERNION"  # what the keys are
        if bone in shifts:
            for i in range(3):
                curves.write(bone_path(name, ".location"), i, name, local[:, i, 3])
        keyed.add(bone)
    return keyed


def key_controls(context: bpy.types.Context, rig: Rig, solved: Solved, action: bpy.types.Action, slot: Any,
                 frames: np.ndarray) -> Keyed:
    """Replace ``action``'s channels with the controls' keys that put ``rig``'s body in ``solved``'s pose."""
    controls, indices = rig.controls, rig.bone_indices
    assert controls is not None and indices is not None
    obj, scene = rig.obj, scene_of(context)
    arm = _Armature.read(obj)
    curves = _Curves(action, slot, frames)
    for switch, prop in controls.switches:
        curves.write(f'pose.bones["{switch}"]["{prop}"]', 0, switch, np.array([FK]))  # held: FK over the clip
    keyed: set[int] = set()
    frame_before = scene.frame_current, scene.frame_subframe
    passes = 0
    try:
        with playing(obj, action, slot):
            evaluated = _evaluate(context, obj, frames)
            while passes < PASSES and not _settled(rig, solved, evaluated):
                keyed |= _write_pass(arm, obj, curves, evaluated, *_wanted(rig, solved, evaluated))
                evaluated = _evaluate(context, obj, frames)
                passes += 1
    finally:
        scene.frame_set(frame_before[0], subframe=frame_before[1])
    return Keyed(tuple(arm.names[b] for b in sorted(keyed)), len(curves.made), evaluated[:, indices], passes)
