"""Whether a transfer retargets, and what it reads first: across skeletons (names that do not match,
rests that point elsewhere: a T-pose clip onto an A-pose character) the clip is not copied but
retargeted in world space, each target bone following the source bone the map pairs it with
(``core.bone_map``, ``core.retarget``). Everything here reads; nothing is written."""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

import bpy
import numpy as np

from ...core.bone_map import CHAINS, BoneMap
from ...core.bone_profiles import KEY_ROLES
from ...core.errors import OverAnimError
from ...core.messages import Message
from ...core.transfer import BoneMatch
from ..shared.typed import scene_of
from .rigs import Rig, found_map, read_rig, rests_differ, sample_source


@dataclass(frozen=True)
class Retarget:
    source: Rig
    target: Rig
    bone_map: BoneMap
    frames: np.ndarray  # the clip's whole frames
    worlds: np.ndarray  # (F, 4, 4) the source object's world matrix at each frame
    poses: np.ndarray  # (F, Bs, 4, 4) the source's pose matrices (armature space)
    fps: float  # the scene's frame rate: contacts are speeds


def clip_frames(clip: bpy.types.Action) -> np.ndarray:
    start, end = float(clip.frame_range[0]), float(clip.frame_range[1])
    return np.arange(math.ceil(start - 1e-6), math.floor(end + 1e-6) + 1)


def unmapped_warning(bone_map: BoneMap, source: str, target: str) -> Message | None:
    if not bone_map.unmapped:
        return None
    return Message("The bone map of '{source}' onto '{target}' leaves {chains} unmapped: those bones keep their "
                   "rest; set their rows in the Transfer panel", source=source, target=target,
                   chains=", ".join(bone_map.unmapped))


def plan_retarget(context: bpy.types.Context, source: bpy.types.Object, target: bpy.types.Object,
                  clip: bpy.types.Action, slot: Any, match: BoneMatch, keyed: tuple[str, ...],
                  edits: dict[str, str] | None, force: bool = False) -> Retarget | None:
    """The retarget of ``clip`` onto ``target``, or None where copying the clip's channels is right:
    the names match and every matched bone points the same way at rest."""
    scene = scene_of(context)
    source_rig, target_rig = read_rig(source, scene), read_rig(target, scene)
    shared = {s: t for s, t in match.mapping.items() if s in set(keyed)}
    bone_map = found_map(source_rig, target_rig, edits)
    # the names pair the body's key bones as the map does (a Rigify shin is no calf) and they rest alike
    alike = bone_map is None or all(match.mapping.get(r.source) == r.target for r in bone_map.rows
                                    if r.source and r.role in KEY_ROLES)
    if not force and not edits and shared and alike and not rests_differ(source_rig, target_rig, shared):
        return None
    if bone_map is None:
        unread = source if source_rig.body is None else target
        if not shared:
            raise OverAnimError(Message(
                "'{source}' and '{target}' share no bone (by name or naming family), and '{name}' has neither names "
                "of a known rig (Unreal, Mixamo, BVH, Rigify) nor two legs its hierarchy shows: nothing to "
                "transfer", source=source.name, target=target.name, name=unread.name))
        return None  # the names match and no body is there to retarget: copy the channels
    if len(bone_map.unmapped) == len(CHAINS):
        raise OverAnimError(Message("No chain of '{target}' found a bone of '{source}' to follow: nothing was "
                                    "transferred", source=source.name, target=target.name))
    frames = clip_frames(clip)
    worlds, poses = sample_source(context, source_rig, clip, slot, frames)
    if not (np.all(np.isfinite(worlds)) and np.all(np.isfinite(poses))):
        bad = int(np.flatnonzero(~np.isfinite(poses).all(axis=(1, 2, 3)) | ~np.isfinite(worlds).all(axis=(1, 2)))[0])
        raise OverAnimError(Message("The pose of '{name}' is not a finite number at frame {frame}: nothing was "
                                    "transferred", name=source.name, frame=int(frames[bad])))
    render = scene.render
    return Retarget(source_rig, target_rig, bone_map, frames, worlds, poses, render.fps / render.fps_base)
