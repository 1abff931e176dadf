"""Bake Foot IK: probe every frame of a range with the rig posed by its animation, then write one
action ``OverAnim_FootIK`` on an NLA track of that name (COMBINE) above the artist's animation.

A ``BakeSession`` first only reads (``step`` samples frames; the previous bake is taken out of the
evaluation meanwhile so it does not feed back into the probe), so cancelling leaves the file as it
was; only ``finish`` writes. What is keyed on every frame:

- the ten ``OverAnim_FootIK_*`` custom properties;
- each IK target: moved up in world Z so that its foot lands on the ground (by its lift: its foot
  offset on top of the body offset, less the part of the body offset it follows the body bone by:
  all of it for a child of the body bone, some through constraints; see ``_following``) and
  turned in world space, about its own head, by the rotation that maps world up onto the ground
  normal;
- the body bone: moved up in world Z by the body offset.

The keys are computed, not nudged, for a bone without constraints. Its rotation: the basis's
rotation part goes from B to ``B P^-1 (W^-1 R W) P`` (P its pose's, W the armature's world matrix,
R the turn). Its location: the basis's plus the rise times how far its location channels move it
per world unit up, which the sampler reads each frame with ``convert_space`` from pose to local
space (Local Location off, or a parent's rotation or scale not inherited, change those axes).
COMBINE adds a layer's value to the value below it (location, Euler) or multiplies quaternions
(below @ layer). Below means what the artist's animation writes; a channel it does not animate
starts from its default (0, identity), not from its current value, so the keys there are absolute.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal, cast

import bpy
import numpy as np
from mathutils import Euler, Matrix

from ...core.errors import OverAnimError
from ...core.foot_ik import VALUE_NAMES
from ...core.foot_ik_quality import BakeQuality
from ...core.frozen import frozen_mapping, read_only
from ...core.log import LogLine
from ...core.messages import Message
from ...core.rotations import matrices_to_quaternions, quaternion_conjugate, quaternion_multiply
from ..shared.fcurves import NewChannels, fcurves, keys
from ..shared.finite_keys import require_finite_pose
from ..shared.ground import ground_objects, moves
from ..shared.scene import posed
from ..shared.typed import scene_of
from . import nla, over_time, report, statics, values
from .keyed import KeyedBone, fk_leg_lines, keyed_bones, refuse_driven, world_move
from .legs import SolvedLeg, ankle_points
from .probe import GROUND_HINT, Sampler, ground_for, why_no_ground
from .properties import store_bone_names
from .rig import resolve

if TYPE_CHECKING:
    EulerOrder = Literal["XYZ", "XZY", "YXZ", "YZX", "ZXY", "ZYX"]

PROPS_GROUP = nla.BAKE_NAME


@dataclass(frozen=True)
class BakeResult:
    """What a bake wrote, deeply immutable: the arrays read-only, the values a read-only mapping."""

    frames: np.ndarray
    values: Mapping[str, np.ndarray]  # by VALUE_NAMES
    bone_curves: int
    pushed_down: str  # the artist's action pushed down into the NLA, "" if none
    warnings: tuple[LogLine, ...] = ()
    quality: BakeQuality | None = None  # how good the bake is (core.foot_ik_quality)
    legs_baked: int = 0  # legs without IK targets solved and keyed as FK rotations
    max_extension_ratio: float = 1.0  # the setting the legs were solved with

    def __post_init__(self) -> None:
        object.__setattr__(self, "frames", read_only(self.frames))
        object.__setattr__(self, "values", frozen_mapping(self.values))
        object.__setattr__(self, "warnings", tuple(self.warnings))



# A bake holds every frame's samples and keys in memory until it writes them: a million frames
# outlast the batch's time per file (docs/performance.md).
MAX_FRAMES = 100_000


class BakeSession:
    """Bake in steps (a modal operator runs a few frames per timer tick); see the module docstring."""

    def __init__(self, context: bpy.types.Context, armature: bpy.types.Object, settings: Any,
                 frame_start: int, frame_end: int) -> None:
        if frame_end < frame_start:
            raise OverAnimError(Message("The frame range ends ({end}) before it starts ({start})", end=frame_end,
                                        start=frame_start))
        count = frame_end - frame_start + 1
        if count > MAX_FRAMES:  # before anything is read or muted
            raise OverAnimError(Message("Bake Foot IK bakes at most {limit:,} frames at once; {start} to {end} is "
                                        "{count:,} frames: set a shorter frame range (Start and End, or the "
                                        "scene's)", limit=MAX_FRAMES, start=frame_start, end=frame_end, count=count))
        nla.check_stack(armature)
        self.context, self.armature, self.settings = context, armature, settings
        self.scene = scene_of(context)
        self.rig = resolve(context, armature, settings, keys_bones=True)
        self.ground = ground_for(context, self.rig, settings)
        # a planted foot on ground that moves rides it (over_time.smoothed_solution)
        self.ground_moves = any(moves(o) for o in ground_objects(self.scene, armature, settings.ground_collection))
        with posed(armature):  # the bones' following is measured on the pose
            self.bones = keyed_bones(self.rig)
        refuse_driven(armature, self.bones)
        self.smoothing = over_time.smoothing_settings(settings)
        self.below = nla.animated_below(armature)
        self.frames = np.arange(frame_start, frame_end + 1)
        self.sampler = Sampler(self.rig, self.ground, len(self.frames), [b.name for b in self.bones],
                               over_time.tracked_bones(self.rig))
        self._frame = (self.scene.frame_current, self.scene.frame_subframe)
        # channels only a previous bake animated still hold its last values: sample from their own
        kept = statics.recorded(settings)
        statics.put_back(armature, kept, self.below)
        fresh = [c for bone in self.bones for c in bone.channels() if c not in self.below and c not in kept]
        self.statics = {**kept, **statics.current(armature, fresh)}
        self._detached = nla.detach_bake(armature)  # last: a refusal above leaves the bake as it was

    @property
    def total(self) -> int:
        return len(self.frames)

    @property
    def done(self) -> int:
        return self.sampler.count

    def step(self, seconds: float = float("inf")) -> bool:
        """Sample frames for about ``seconds``; True once every frame is sampled."""
        until = time.perf_counter() + seconds
        scene, sampler, frames = self.scene, self.sampler, self.frames
        # posed for each step only: between the steps of a modal bake the viewport shows the rig
        # as the artist set it, and nothing is left switched if the bake never ends
        with posed(self.armature):
            while sampler.count < len(frames):
                scene.frame_set(int(frames[sampler.count]))
                sampler.record()
                if time.perf_counter() >= until:
                    break
        return sampler.count >= len(frames)

    def _restore_frame(self) -> None:
        frame, subframe = self._frame
        self.scene.frame_set(frame, subframe=subframe)

    def _reattach(self) -> None:
        nla.reattach(self._detached)
        self._detached = []

    def cancel(self) -> None:
        """Put back what sampling changed (the frame, the previous bake); nothing was written."""
        self._reattach()
        self._restore_frame()

    def _bone_curves(self, planned: over_time.Plan,
                     legs: list[SolvedLeg]) -> dict[tuple[str, int, str], np.ndarray]:
        """The COMBINE keys of every keyed bone channel, all frames at once."""
        solution = planned.solution
        fk = {name: basis for leg in legs for name, basis in leg.bases.items()}
        sampler, cm = self.sampler, self.rig.cm
        world = sampler.world_matrices()[:, :3, :3]
        to_armature = sampler.world_matrices(inverted=True)[:, :3, :3]
        curves: dict[tuple[str, int, str], np.ndarray] = {}
        for column, bone in enumerate(self.bones):
            pose, basis = sampler.pose_matrices(column), sampler.basis_matrices(column)

            def put(channel: str, series: np.ndarray, bone: KeyedBone = bone) -> None:
                for index in range(series.shape[1]):
                    curves[(bone.path(channel), index, bone.name)] = series[:, index]

            def base(channel: str, current: np.ndarray, default: np.ndarray, bone: KeyedBone = bone) -> np.ndarray:
                below = np.array([(bone.path(channel), i) in self.below for i in range(current.shape[1])])
                return np.where(below, current, default)

            # moved in world space (the sampler knows how the location channels move the bone)
            try:
                unposed = np.linalg.inv(pose[:, :3, :3])
                if not bone.turned_only:
                    move = world_move(planned, bone, ankle_points(sampler, bone.name) * cm) / cm
                    location = basis[:, :3, 3] + sampler.moves(column, move)
                    put("location", location - base("location", basis[:, :3, 3], np.zeros(3)))
            except np.linalg.LinAlgError:
                raise OverAnimError(Message("Bone '{bone}' has a zero scale in the baked frames",
                                            bone=bone.name)) from None
            if not bone.rotation:
                continue
            if bone.turned_only:  # a bone of an FK leg: its rotation solved by legs.py
                rotation = fk[bone.name]
            else:  # turned in world space: the pose's rotation part goes from P to (W^-1 R W) P, the basis's likewise
                turn = solution.left_rotation if bone.side == "left" else solution.right_rotation
                linear = basis[:, :3, :3] @ unposed @ to_armature @ turn @ world @ pose[:, :3, :3]
                rotation = linear / np.linalg.norm(linear, axis=1, keepdims=True)
            if bone.rotation == "rotation_quaternion":
                current = sampler.quaternions[:sampler.count, column].astype(np.float64)
                current /= np.maximum(np.linalg.norm(current, axis=1, keepdims=True), 1e-12)
                animated = any((bone.path(bone.rotation), i) in self.below for i in range(4))
                below = current if animated else np.tile([1.0, 0.0, 0.0, 0.0], (len(current), 1))
                wanted = matrices_to_quaternions(rotation)
                wanted *= np.where((wanted * below).sum(axis=1, keepdims=True) < 0.0, -1.0, 1.0)  # the short way
                put(bone.rotation, quaternion_multiply(quaternion_conjugate(below), wanted))
            else:
                current = sampler.eulers[:sampler.count, column].astype(np.float64)
                order = cast("EulerOrder", bone.order)  # not QUATERNION: an Euler order
                wanted = np.array([Matrix(r.tolist()).to_euler(order, Euler(c)) for r, c in
                                   zip(rotation, current, strict=True)])
                put(bone.rotation, wanted - base(bone.rotation, current, np.zeros(3)))
        return curves

    def finish(self) -> BakeResult:
        """Solve every sampled frame, then write the bake (every frame must have been sampled)."""
        assert self.done == self.total
        armature, settings, sampler = self.armature, self.settings, self.sampler
        # keys are checked before sampling; an F-Curve modifier or a constraint can still pose at infinity
        require_finite_pose(armature, sampler.read, sampler.world_matrices(), self.frames,
                            sampler.matrices[:sampler.count])
        raw = self.sampler.solution()
        if not (raw.left_hit.any() or raw.right_hit.any()):  # a track of zeros would only mislead
            raise OverAnimError(Message(
                "Ground under neither foot in frames {start}-{end}: {why}; nothing was baked: {hint}",
                start=int(self.frames[0]), end=int(self.frames[-1]),
                why=why_no_ground(self.ground, self.rig.ray, settings, self.scene, self.rig.armature),
                hint=GROUND_HINT))
        fps = over_time.fps_of(self.scene)
        feet = over_time.source_feet(self.sampler, self.smoothing, fps)
        forward = self.sampler.forward()
        count, toes = self.sampler.count, cast(np.ndarray, self.sampler.toe_distances)
        rays = (self.sampler.normals[:count], self.rig.ray.start_height - toes[:count])
        planned = over_time.plan(raw, rays, feet, self.smoothing, fps, forward, self.ground_moves)
        sampled = planned.solution.values()
        legs, _ = over_time.solved_legs(self.sampler, planned, self.smoothing)
        quality = over_time.quality(self.sampler, raw, planned, legs, fps, int(self.frames[0]))
        curves = self._bone_curves(planned, legs)
        # everything is computed: from here on only writes
        self._reattach()  # the previous bake is known by its strips' action: whole again, then removed
        nla.remove_bake(armature)
        adt = armature.animation_data
        blending = (adt.action_blend_type, adt.action_extrapolation, adt.action_influence) if adt else None
        pushed = nla.push_down(armature, int(self.frames[0]), int(self.frames[-1]))
        if pushed is not None:  # the active action went down: there was animation data, so blending
            settings.pushed_action = pushed.strips[0].action
            settings.pushed_track = pushed.name
            settings.pushed_blend_type, settings.pushed_extrapolation, settings.pushed_influence = \
                cast(tuple[str, str, float], blending)
        store_bone_names(settings, self.rig.bones)
        report.store(settings, quality)
        statics.store(settings, self.statics)
        current = int(np.clip(self._frame[0], self.frames[0], self.frames[-1])) - int(self.frames[0])
        values.write(armature, {name: float(v[current]) for name, v in sampled.items()})
        new = NewChannels(nla.BAKE_NAME, armature.name)
        for name in VALUE_NAMES:
            new.add(f'["{values.property_name(name)}"]', 0, PROPS_GROUP, self.frames, sampled[name])
        for (path, index, group), series in curves.items():
            new.add(path, index, group, self.frames, series)
        nla.add_bake_track(armature, new.action, new.slot, int(self.frames[0]))
        self._restore_frame()
        pushed_down = cast(bpy.types.Action, pushed.strips[0].action).name if pushed is not None else ""
        return BakeResult(frames=self.frames, values=sampled, bone_curves=len(curves), pushed_down=pushed_down,
                          warnings=(*self.rig.measured, *self.rig.warnings, *fk_leg_lines(self.rig),
                                    *values.override_warning(armature, "Bake Foot IK")),
                          quality=quality, legs_baked=len(legs),
                          max_extension_ratio=self.smoothing.max_extension_ratio)

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
    for _track, strip in nla.bake_strips(armature):
        action = cast(bpy.types.Action, strip.action)  # a strip of the bake plays the bake's action
        by_path = {c.data_path: c for c in fcurves(action, getattr(strip, "action_slot", None))}
        for name in VALUE_NAMES:
            curve = by_path.get(f'["{values.property_name(name)}"]')
            if curve is not None:
                out[name] = keys(curve)
    return out
