"""Bake Foot IK: probe every frame of a range with the rig posed by its animation, then write one
action ``OverAnim_FootIK`` on an NLA track of that name (COMBINE) above the artist's animation.

A ``BakeSession`` first only reads (``step`` samples frames; the previous bake's track is muted
meanwhile so it does not feed back into the probe), so cancelling leaves the file as it was; only
``finish`` writes. What is keyed on every frame:

- the ten ``OverAnim_FootIK_*`` custom properties;
- each IK target: moved up in world Z so that its foot lands on the ground (by its lift: its foot
  offset on top of the body offset, less the body offset when the target is a child of the body
  bone and so moves with it) and turned in world space, about its own head, by the rotation that
  maps world up onto the ground normal;
- the body bone: moved up in world Z by the body offset.

COMBINE adds a layer's value to the value below it (location, Euler) or multiplies quaternions
(below @ layer). Below means what the artist's animation writes; a channel it does not animate
starts from its default (0, identity), not from its current value, so the keys there are absolute.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import bpy
import numpy as np
from mathutils import Matrix, Quaternion, Vector

from ...core.errors import OverAnimError
from ...core.foot_ik import VALUE_NAMES, FootIKFrame
from . import nla, statics, values
from .channels import NewChannels, fcurves, keys
from .probe import ground_for, no_ground_warning, probe_pose
from .properties import store_bone_names
from .rig import FootIKRig, resolve

PROPS_GROUP = nla.BAKE_NAME


@dataclass
class _KeyedBone:
    name: str
    side: str  # "left", "right", or "" for the body bone
    follows_body: bool  # a descendant of the body bone: it moves with it
    rotation: str  # "" (the body bone: location only), "rotation_quaternion" or "rotation_euler"

    def path(self, channel: str) -> str:
        return f'pose.bones["{bpy.utils.escape_identifier(self.name)}"].{channel}'

    def channels(self) -> list[tuple[str, int]]:
        out = [(self.path("location"), i) for i in range(3)]
        if self.rotation:
            out += [(self.path(self.rotation), i) for i in range(4 if self.rotation == "rotation_quaternion" else 3)]
        return out


@dataclass
class BakeResult:
    frames: np.ndarray
    values: dict[str, np.ndarray]  # by VALUE_NAMES
    bone_curves: int
    pushed_down: str  # the artist's action pushed down into the NLA, "" if none
    warnings: list[tuple[str, str]] = field(default_factory=list)


def _keyed_bones(rig: FootIKRig) -> list[_KeyedBone]:
    b = rig.bones
    pose = rig.armature.pose.bones
    out = []
    for name, side in ((b.left_ik_target, "left"), (b.right_ik_target, "right"), (b.body_bone, "")):
        if not name:
            continue
        bone = rig.armature.data.bones[name]
        follows = bool(side and b.body_bone and any(p.name == b.body_bone for p in bone.parent_recursive))
        mode = pose[name].rotation_mode
        rotation = "" if not side else "rotation_quaternion" if mode == "QUATERNION" else "rotation_euler"
        out.append(_KeyedBone(name, side, follows, rotation))
    return out


def _translation(z: float) -> Matrix:
    return Matrix.Translation(Vector((0.0, 0.0, z)))


class BakeSession:
    """Bake in steps (a modal operator runs a few frames per timer tick); see the module docstring."""

    def __init__(self, context: bpy.types.Context, armature: bpy.types.Object, settings: Any,
                 frame_start: int, frame_end: int) -> None:
        if frame_end < frame_start:
            raise OverAnimError(f"The frame range ends ({frame_end}) before it starts ({frame_start})")
        nla.check_stack(armature)
        self.context, self.armature, self.settings = context, armature, settings
        self.scene = context.scene
        self.rig = resolve(context, armature, settings, keys_bones=True)
        self.ground = ground_for(context, self.rig, settings)
        self.bones = _keyed_bones(self.rig)
        self.below = nla.animated_below(armature)
        self.frames = np.arange(frame_start, frame_end + 1)
        self.done = 0
        self.samples: dict[str, list[float]] = {name: [] for name in VALUE_NAMES}
        self.curves: dict[tuple[str, int, str], list[float]] = {}
        self._frame = (self.scene.frame_current, self.scene.frame_subframe)
        self._muted = [(track, track.mute) for track in nla.bake_tracks(armature)]
        for track, _ in self._muted:
            track.mute = True
        # channels only a previous bake animated still hold its last values: sample from their own
        kept = statics.recorded(settings)
        statics.put_back(armature, kept, self.below)
        fresh = [c for bone in self.bones for c in bone.channels() if c not in self.below and c not in kept]
        self.statics = {**kept, **statics.current(armature, fresh)}

    @property
    def total(self) -> int:
        return len(self.frames)

    def step(self, seconds: float = float("inf")) -> bool:
        """Sample frames for about ``seconds``; True once every frame is sampled."""
        until = time.perf_counter() + seconds
        while self.done < self.total:
            self.scene.frame_set(int(self.frames[self.done]))
            self._sample(probe_pose(self.rig, self.ground))
            self.done += 1
            if time.perf_counter() >= until:
                break
        return self.done >= self.total

    def _put(self, bone: _KeyedBone, channel: str, index: int, value: float) -> None:
        self.curves.setdefault((bone.path(channel), index, bone.name), []).append(value)

    def _sample(self, frame: FootIKFrame) -> None:
        for name, value in frame.values().items():
            self.samples[name].append(value)
        if not self.bones:
            return
        world = self.armature.matrix_world
        to_armature = world.inverted_safe()
        cm = self.rig.cm
        for bone in self.bones:
            pose_bone = self.armature.pose.bones[bone.name]
            if bone.side:
                foot = frame.left if bone.side == "left" else frame.right
                rise = foot.lift - (frame.body_offset if bone.follows_body else 0.0)
                head = world @ pose_bone.head
                turn = Matrix([list(row) for row in foot.rotation]).to_4x4()
                move = Matrix.Translation(head) @ _translation(rise / cm) @ turn @ Matrix.Translation(-head)
            else:
                move = _translation(frame.body_offset / cm)
            target = to_armature @ move @ world @ pose_bone.matrix
            basis = self.armature.convert_space(pose_bone=pose_bone, matrix=target, from_space="POSE",
                                                to_space="LOCAL")
            location, rotation, _scale = basis.decompose()
            self._key_location(bone, pose_bone, location)
            if bone.rotation == "rotation_quaternion":
                self._key_quaternion(bone, pose_bone, rotation)
            elif bone.rotation:
                self._key_euler(bone, pose_bone, rotation)

    def _below(self, bone: _KeyedBone, channel: str, index: int) -> bool:
        return (bone.path(channel), index) in self.below

    def _key_location(self, bone: _KeyedBone, pose_bone: Any, location: Vector) -> None:
        for i in range(3):
            base = pose_bone.location[i] if self._below(bone, "location", i) else 0.0
            self._put(bone, "location", i, location[i] - base)

    def _key_quaternion(self, bone: _KeyedBone, pose_bone: Any, rotation: Quaternion) -> None:
        animated = any(self._below(bone, bone.rotation, i) for i in range(4))
        base = pose_bone.rotation_quaternion.normalized() if animated else Quaternion()
        rotation.make_compatible(base)
        delta = base.inverted() @ rotation
        for i in range(4):
            self._put(bone, bone.rotation, i, delta[i])

    def _key_euler(self, bone: _KeyedBone, pose_bone: Any, rotation: Quaternion) -> None:
        current = pose_bone.rotation_euler
        euler = rotation.to_euler(pose_bone.rotation_mode, current)
        for i in range(3):
            base = current[i] if self._below(bone, bone.rotation, i) else 0.0
            self._put(bone, bone.rotation, i, euler[i] - base)

    def _restore_frame(self) -> None:
        frame, subframe = self._frame
        self.scene.frame_set(frame, subframe=subframe)

    def cancel(self) -> None:
        """Put back what sampling changed (the frame, the muted track); nothing was written."""
        for track, mute in self._muted:
            track.mute = mute
        self._restore_frame()

    def finish(self) -> BakeResult:
        """Write the bake (every frame must have been sampled)."""
        assert self.done == self.total
        armature, settings = self.armature, self.settings
        self._muted = []
        nla.remove_bake(armature)
        pushed = nla.push_down(armature)
        if pushed is not None:
            settings.pushed_action = pushed.strips[0].action
            settings.pushed_track = pushed.name
        store_bone_names(settings, self.rig.bones)
        statics.store(settings, self.statics)
        sampled = {name: np.asarray(v, dtype=np.float64) for name, v in self.samples.items()}
        current = int(np.clip(self._frame[0], self.frames[0], self.frames[-1])) - int(self.frames[0])
        values.write(armature, {name: float(v[current]) for name, v in sampled.items()})
        new = NewChannels(nla.BAKE_NAME, armature.name)
        for name in VALUE_NAMES:
            new.add(f'["{values.property_name(name)}"]', 0, PROPS_GROUP, self.frames, sampled[name])
        for (path, index, group), series in self.curves.items():
            new.add(path, index, group, self.frames, series)
        nla.add_bake_track(armature, new.action, new.slot, int(self.frames[0]))
        self._restore_frame()
        return BakeResult(frames=self.frames, values=sampled, bone_curves=len(self.curves),
                          pushed_down=pushed.strips[0].action.name if pushed is not None else "",
                          warnings=no_ground_warning(self.ground, settings))

    def run(self, progress: Callable[[int], None] | None = None) -> BakeResult:
        """Every frame at once (background mode, scripts), then write."""
        while not self.step(0.1):
            if progress is not None:
                progress(self.done)
        return self.finish()


def baked_values(armature: bpy.types.Object) -> dict[str, np.ndarray]:
    """The keyed custom-property values of the bake on ``armature`` (frame, value) by VALUE_NAMES;
    empty when there is no bake."""
    out: dict[str, np.ndarray] = {}
    for track in nla.bake_tracks(armature):
        for strip in track.strips:
            if strip.action is None:
                continue
            by_path = {c.data_path: c for c in fcurves(strip.action, getattr(strip, "action_slot", None))}
            for name in VALUE_NAMES:
                curve = by_path.get(f'["{values.property_name(name)}"]')
                if curve is not None:
                    out[name] = keys(curve)
    return out
