"""Keys that are not finite numbers, refused before they enter any result (issue 31). A NaN key, or an
infinite one, which Blender stores as float32's largest value (a finite 3.4e38 that summed into a
Distance of 3.84e39), would flow into every sum and curve written after it. Motion, Foot IK, Transfer
and Export call this at their input, before anything is sampled or written; the Checks read rest
positions with the same ``unusable`` (a vertex or bone set to inf is kept as 3.4e38 too)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any, NoReturn

import bpy
import numpy as np

from ...core.calibration import FLOAT32_MAX  # what Blender keeps of an infinite value set on a key
from ...core.errors import OverAnimError
from ...core.messages import Message
from ...core.transfer import bone_of_path
from .fcurves import fcurves, playing


def unusable(values: np.ndarray) -> np.ndarray:
    """True where a value is NaN, infinite or float32's largest (an infinity stored)."""
    with np.errstate(invalid="ignore"):
        return ~np.isfinite(values) | (np.abs(values) >= FLOAT32_MAX)


KEY_ARRAYS = ("co", "handle_left", "handle_right")  # a key's two-float arrays, in this order: (3, N, 2)


def read_finite_keys(action: bpy.types.Action, curves: Sequence[bpy.types.FCurve]) -> list[np.ndarray]:
    """Every key of ``curves`` read once (``foreach_get`` of co and both handles per curve, into one
    float32 block) and checked in one pass; each curve's keys as a (3, N, 2) view of that block (array,
    key, frame/value), for an engine that uses them. Their baked samples are checked too. Raises
    OverAnimError naming the bone (or the object's channel) and the frame of a key that is not a finite
    number: of the first curve that has one, its first such key."""
    points = [curve.keyframe_points for curve in curves]
    ends = np.cumsum([len(p) for p in points], dtype=np.int64)
    starts = ends - np.array([len(p) for p in points], dtype=np.int64)
    block = np.empty((len(KEY_ARRAYS), int(ends[-1]) if len(ends) else 0, 2), np.float32)
    for keyed, start, end in zip(points, starts.tolist(), ends.tolist(), strict=True):
        if end > start:
            for row, name in zip(block, KEY_ARRAYS, strict=True):
                keyed.foreach_get(name, row[start:end].reshape(-1))  # a contiguous view: no copy
    bad = unusable(block).any(axis=(0, 2))  # a key's frame, value or either handle
    if bad.any():
        key = int(np.argmax(bad))
        refuse_key(action, curves[int(np.searchsorted(ends, key, side="right"))], float(block[0, key, 0]))
    for curve in curves:
        samples = curve.sampled_points  # baked (Bake Sound, Sample Keyframes): no keys, a value per frame
        if len(samples):
            pairs = np.empty((len(samples), 2), np.float32)
            samples.foreach_get("co", pairs.ravel())
            sampled = unusable(pairs).any(axis=1)
            if sampled.any():
                refuse_key(action, curve, float(pairs[int(np.argmax(sampled)), 0]))
    return [block[:, start:end] for start, end in zip(starts.tolist(), ends.tolist(), strict=True)]


def require_finite_keys(action: bpy.types.Action, curves: Iterable[bpy.types.FCurve]) -> None:
    """Raise OverAnimError naming the bone (or the object's channel) and the frame of the first key
    of ``curves`` (of ``action``) that is not a finite number."""
    read_finite_keys(action, list(curves))


def refuse_key(action: bpy.types.Action, curve: bpy.types.FCurve, frame: float) -> NoReturn:
    """The refusal of a key of ``curve`` on ``frame`` that is not a finite number (for an engine that
    read the keys already and checked them with ``unusable``)."""
    bone = bone_of_path(curve.data_path)
    where = (Message("bone '{bone}'", bone=bone[0]) if bone is not None
             else Message("the object's {path}", path=curve.data_path))
    raise OverAnimError(Message("Action '{action}' has a key of {where} that is not a finite number (NaN or "
                                "infinite) on frame {frame:g}: nothing was written", action=action.name,
                                where=where, frame=frame))


def require_finite_animation(owner: Any) -> None:
    """``require_finite_keys`` on everything that plays on ``owner``: its action and unmuted strips."""
    for action, slot in playing(owner):
        require_finite_keys(action, fcurves(action, slot))


def require_finite_pose(armature: bpy.types.Object, bones: Sequence[str], worlds: np.ndarray,
                        frames: Sequence[int] | np.ndarray, *posed: np.ndarray) -> None:
    """Raise OverAnimError naming the bone (or the armature) and the frame of the first sampled pose that
    is not a finite number: ``worlds`` N x 4 x 4, each of ``posed`` N frames x ``bones`` x any (heads,
    tails, pose matrices). A driver, an F-Curve modifier or a constraint poses a bone at infinity with
    every key finite (a driven 1e300 kept as float32's largest summed into Distances of 3.4e40 cm).
    Of the bones at infinity on that frame the one nearest the root is named: its children follow it."""
    placed = unusable(worlds.reshape(len(worlds), -1)).any(axis=1)
    if placed.any():
        raise OverAnimError(Message("'{name}' is not a finite number (NaN or infinite) on frame {frame}: nothing was "
                                    "written", name=armature.name, frame=int(frames[int(np.argmax(placed))])))
    bad = np.zeros((len(frames), len(bones)), bool)
    for values in posed:
        bad |= unusable(values.reshape(len(frames), len(bones), -1)).any(axis=2)
    if bad.any():
        frame = int(np.argmax(bad.any(axis=1)))
        pose_bones = armature.pose.bones if armature.pose is not None else None
        depth = {name: len(pose_bones[name].parent_recursive) if pose_bones and name in pose_bones else 0
                 for name in bones}
        bone = min((bones[int(i)] for i in np.flatnonzero(bad[frame])), key=depth.__getitem__)
        raise OverAnimError(Message("The pose of bone '{bone}' is not a finite number (NaN or infinite) on frame "
                                    "{frame:g}: nothing was written", bone=bone, frame=float(frames[frame])))


def _posed_beyond_keys(armature: bpy.types.Object) -> bool:
    """Whether anything but the keys (checked by ``require_finite_keys``) can pose ``armature``: a
    driver, an F-Curve modifier of what plays, an object or bone constraint."""
    adt = armature.animation_data
    if (adt is not None and len(adt.drivers)) or len(armature.constraints):
        return True
    if armature.pose is not None and any(len(bone.constraints) for bone in armature.pose.bones):
        return True
    return any(len(curve.modifiers) for action, slot in playing(armature) for curve in fcurves(action, slot))


def require_finite_playback(scene: bpy.types.Scene, armature: bpy.types.Object, frames: Sequence[int]) -> None:
    """``require_finite_pose`` on the pose as it plays on ``frames`` (the Pose Position shown: call it
    posed), sampled only where something but the keys poses the rig; the scene's frame comes back."""
    if not _posed_beyond_keys(armature) or armature.pose is None:
        return
    bones = armature.pose.bones
    heads = np.empty((len(frames), len(bones), 3), np.float32)
    tails = np.empty_like(heads)
    worlds = np.empty((len(frames), 4, 4), np.float64)
    current = (scene.frame_current, scene.frame_subframe)
    try:
        for i, frame in enumerate(frames):
            scene.frame_set(int(frame))
            bones.foreach_get("head", heads[i].reshape(-1))
            bones.foreach_get("tail", tails[i].reshape(-1))
            worlds[i] = np.array(armature.matrix_world, dtype=np.float64)
    finally:
        scene.frame_set(current[0], subframe=current[1])
    require_finite_pose(armature, [bone.name for bone in bones], worlds, frames, heads, tails)


def require_finite_frame(scene: bpy.types.Scene, armature: bpy.types.Object) -> None:
    """``require_finite_pose`` on the pose shown at the current frame (call it posed): what a one-frame
    read such as Probe Ground takes, a ray cast from infinity meeting no ground otherwise."""
    if armature.pose is None:
        return
    bones = armature.pose.bones
    heads = np.empty((1, len(bones), 3), np.float32)
    tails = np.empty_like(heads)
    bones.foreach_get("head", heads.reshape(-1))
    bones.foreach_get("tail", tails.reshape(-1))
    worlds = np.array(armature.matrix_world, dtype=np.float64)[None]
    require_finite_pose(armature, [bone.name for bone in bones], worlds, [scene.frame_current], heads, tails)
