"""One analysis as a session: planned on creation (``plan.make_plan``), sampled a few frames at a
time by ``step`` (the modal operator's timer; Esc: ``cancel``), then measured by ``compute``
(``core.motion``) into a frozen ``MotionResult``. Sampling reads the pose whatever the armature's
Pose/Rest Position toggle shows (``shared.scene.posed``, as Foot IK's bake and Export do).

Lengths are world-space centimetres (Blender units x Unit Scale x 100), times seconds at the scene's
``fps / fps_base``."""

from __future__ import annotations

import dataclasses
import math
import time
from collections.abc import Mapping
from typing import Any

import bpy
import numpy as np

from ...core import motion
from ...core.dispatch import unhandled
from ...core.log import Level, LogLine
from ...core.messages import Message
from ...core.proportion import build_measurement_scales
from ...core.skeleton import TipPoint
from ..calibration.properties import settings_from_properties
from ..shared.finite_keys import require_finite_pose
from ..shared.ground_reference import Rule
from ..shared.object_data import overanim
from ..shared.overrides import lost_on_save_warning
from ..shared.scene import posed
from ..shared.typed import pose_of, scene_of
from .names import REGION_KEY_BYTES, curve_name, fits
from .plan import MotionOptions, Plan, make_plan
from .report import report_lines
from .result import MotionResult, RegionMotion
from .under_feet import UnderFeet
from .writing import write


class MotionSession:
    """One analysis: checked and planned on creation (nothing written but a missing measurement),
    sampled by ``step``, computed by ``compute``, computed and written by ``finish``."""

    def __init__(self, context: bpy.types.Context, armature: bpy.types.Object,
                 options: MotionOptions | None = None) -> None:
        self.context, self.armature, self.scene = context, armature, scene_of(context)
        self.plan: Plan = make_plan(context, armature, options or MotionOptions())
        self._frame = (self.scene.frame_current, self.scene.frame_subframe)
        pose = pose_of(armature).bones
        row = {bone.name: i for i, bone in enumerate(pose)}
        points = (*self.plan.tip_points.values(), *self.plan.feet.values())
        hips = [self.plan.reference.hips] if self.plan.reference.hips else []
        followed = list(dict.fromkeys([self.plan.reference.bone, *hips, *(p.bone for p in points),
                                       *(foot.tip for foot in self.plan.feet.values())]))
        self._rows = np.array([row[name] for name in followed], dtype=np.int64)
        self._column = {name: i for i, name in enumerate(followed)}
        n = len(self.plan.frames)
        self._head = np.empty((len(pose), 3), np.float32)
        self._tail = np.empty((len(pose), 3), np.float32)
        self.heads = np.empty((n, len(followed), 3), np.float64)
        self.tails = np.empty((n, len(followed), 3), np.float64)
        # the object's world matrix, kept once per change (most clips never move the object itself)
        self._distinct: list[Any] = []
        self._world_index = np.zeros(n, np.int64)
        self.count = 0
        # the ground under each foot, where the scene has ground: trees built once, a ray per foot per frame
        self.under_feet = UnderFeet(context, armature, self.plan.feet, row, n,
                                    self.plan.measurement.character.character_height_ws, self.plan.cm)

    @property
    def total(self) -> int:
        return len(self.plan.frames)

    @property
    def done(self) -> int:
        return self.count

    def step(self, seconds: float = math.inf) -> bool:
        """Sample frames for about ``seconds``; True once every frame is sampled."""
        until = time.perf_counter() + seconds
        scene, frames, pose, armature = self.scene, self.plan.frames, pose_of(self.armature).bones, self.armature
        rows = self._rows
        # posed for each step only: between the steps the viewport shows the rig as the artist set it
        with posed(armature):
            while self.count < len(frames):
                i = self.count
                scene.frame_set(int(frames[i]))
                world = armature.matrix_world
                if not self._distinct or world != self._distinct[-1]:
                    self._distinct.append(world.copy())
                self._world_index[i] = len(self._distinct) - 1
                pose.foreach_get("head", self._head.reshape(-1))
                pose.foreach_get("tail", self._tail.reshape(-1))
                self.heads[i] = self._head[rows]
                self.tails[i] = self._tail[rows]
                self.under_feet.record(i, world, self._head, self._tail)
                self.count += 1
                if time.perf_counter() >= until:
                    break
        return self.count >= len(frames)

    def cancel(self) -> None:
        """Put the frame back; nothing was written."""
        frame, subframe = self._frame
        self.scene.frame_set(frame, subframe=subframe)

    def worlds(self) -> np.ndarray:
        """The armature's world matrix at each sampled frame (N x 4 x 4)."""
        distinct = np.array([np.array(m, dtype=np.float64) for m in self._distinct]).reshape(-1, 4, 4)
        return distinct[self._world_index[:self.count]]

    def _world_cm(self, points: np.ndarray, worlds: np.ndarray) -> np.ndarray:
        """Armature-space points (N x 3), one per frame, in world cm."""
        linear, offset = worlds[:, :3, :3], worlds[:, :3, 3]
        return (np.einsum("nij,nj->ni", linear, points) + offset) * self.plan.cm

    def _bone(self, name: str, worlds: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        column = self._column[name]
        return self._world_cm(self.heads[:, column], worlds), self._world_cm(self.tails[:, column], worlds)

    def _point(self, tip: TipPoint, worlds: np.ndarray) -> np.ndarray:
        head, tail = self._bone(tip.bone, worlds)
        return head + (tail - head) * tip.fraction

    def finish(self) -> MotionResult:
        """Compute, then write (``writing``); the result's log ends with the summary."""
        result = self.compute()
        pushed_down = write(self.armature, self.plan, result, self._frame[0])
        self.cancel()  # the frame back where it was, now with the curves playing
        result = dataclasses.replace(result, pushed_down=pushed_down)
        return dataclasses.replace(result, log=report_lines(result))

    def reference(self, worlds: np.ndarray) -> np.ndarray:
        """The ground reference per frame (N x 3, world cm): the root bone's head, or the hips' head
        projected along world up onto the height of the object's origin."""
        head = self._bone(self.plan.reference.bone, worlds)[0]
        rule = self.plan.reference.rule
        if rule is Rule.PROJECTED:
            head[:, 2] = worlds[:, 2, 3] * self.plan.cm
        elif rule is not Rule.ROOT_BONE:
            unhandled(rule)
        return head

    def compute(self) -> MotionResult:
        """Every value from the samples (every frame must have been sampled); writes nothing."""
        assert self.count == self.total
        plan, worlds = self.plan, self.worlds()
        # keys are checked before sampling; a driver, modifier or constraint can still pose at infinity
        require_finite_pose(self.armature, list(self._column), worlds, plan.frames, self.heads, self.tails)
        reference = self.reference(worlds)
        character = plan.measurement.character
        # a root bone at ground level stays put to float noise; projected hips sway in an in-place clip
        tolerance = motion.IN_PLACE_CM if plan.reference.rule is Rule.ROOT_BONE else \
            motion.SWAY_FRACTION * character.locomotion_height_ws
        actor, in_place = motion.actor_curves(reference[:, :2], plan.fps, tolerance)
        distance = motion.distance_curve(reference[:, :2], plan.fps, overanim(self.armature).motion.stop_speed)
        if in_place:  # no actor motion: float noise (or sway) is no distance either
            distance = motion.DistanceCurve(np.zeros(len(distance.values)), distance.stop_index)
        travel = self._hips_travel(worlds) if in_place else None
        settings = settings_from_properties(overanim(self.armature).calibration)
        enabled = settings.enable_automatic_calibration
        resolved, scale = motion.resolve_motion_scale(
            build_measurement_scales(settings, character, None, world_space=True), plan.basis, enabled)
        log: list[LogLine] = [*plan.log, (Level.INFO, plan.reference.message)]
        if travel is not None:
            log.append((Level.WARNING, travel))
        if not resolved:
            log.append((Level.WARNING, Message("The actor's Measurement Basis {basis} cannot resolve (actor motion has "
                                               "no Region measurement): its calibrated values are left out",
                                               basis=plan.basis.value)))
        regions = self._regions(worlds, reference, enabled, log)
        feet, thresholds = self._feet(worlds, reference, log)
        calibrated = actor.calibrated(scale) if resolved else None
        curves = _curves(distance, actor, calibrated, scale, feet)
        # on a library override the curves' properties last only while its library file lacks them
        log += [(Level(level), message) for level, message in
                lost_on_save_warning(self.armature, [curve_name(suffix) for suffix in curves], "Analyze Motion")]
        return MotionResult(plan.action, plan.frames, plan.fps, plan.reference, in_place, actor, calibrated,
                            plan.basis.value, resolved, scale if resolved else 0.0, distance, regions, feet,
                            thresholds, curves, contact_rule=self.under_feet.rule, log=tuple(log))

    def _hips_travel(self, worlds: np.ndarray) -> Message | None:
        """Where a root bone stays put while the hips walk away over the ground (a clip made without
        root motion: the add-on keeps the root's "in place", but says what the hips do). The hips'
        start-to-end distance decides: a cycle's hips swing far about the root (a fox's run: 23 % of
        its locomotion height) but come back."""
        plan = self.plan
        if plan.reference.rule is not Rule.ROOT_BONE or not plan.reference.hips:
            return None
        track = self._bone(plan.reference.hips, worlds)[0][:, :2]
        away = float(np.linalg.norm(track[-1] - track[0]))
        if away <= motion.SWAY_FRACTION * plan.measurement.character.locomotion_height_ws:
            return None
        return Message("Root bone '{root}' stays put while '{bone}' ends {away:.1f} cm from where it starts over the "
                       "ground: the clip is in place as root motion, its travel is in the hips (key it on the root "
                       "for root motion)", root=plan.reference.bone, bone=plan.reference.hips, away=away)

    def _regions(self, worlds: np.ndarray, reference: np.ndarray, enabled: bool,
                 log: list[LogLine]) -> tuple[RegionMotion, ...]:
        """Each Region's tip relative to the ground reference (3D)."""
        plan, regions = self.plan, []
        for measured in plan.measurement.regions:
            basis, key = measured.settings["measurement_basis"], plan.keys[measured.name]
            ok, scale = motion.resolve_motion_scale(measured.calibration.scales_ws, basis, enabled)
            curves = motion.motion_curves(self._point(plan.tip_points[measured.name], worlds) - reference, plan.fps)
            regions.append(RegionMotion(measured.name, key, basis, ok, scale, plan.tips[measured.name], curves,
                                        curves.calibrated(scale) if ok else None))
            log += region_warnings(measured.name, key, ok, basis)
        return tuple(regions)

    def _feet(self, worlds: np.ndarray, reference: np.ndarray,
              log: list[LogLine]) -> tuple[dict[str, motion.FootContacts], tuple[float, float]]:
        """Each foot's contacts at its joints (its head, its end) and the thresholds for this character."""
        plan, settings = self.plan, overanim(self.armature).motion
        calibration = settings_from_properties(overanim(self.armature).calibration)  # the size unclamped: geometry
        size = calibration.measured_scale(plan.measurement.character.locomotion_height_ws,
                                          calibration.reference_locomotion_height)
        thresholds = motion.contact_thresholds(settings.contact_speed, settings.contact_height, size)
        # each foot's height above the ground under it, else above the ground reference (under_feet)
        under = self.under_feet.heights(reference[:, 2])
        feet = {side: motion.foot_contacts(self._bone(foot.tip, worlds)[0], self._point(foot, worlds),
                                           under[side], plan.fps, *thresholds)
                for side, foot in plan.feet.items()}
        log += self.under_feet.log(int(plan.frames[0]))
        if not plan.feet:
            log.append((Level.WARNING, Message("No foot bones found on '{name}' (Foot IK panel): foot contacts are "
                                               "left out", name=self.armature.name)))
        return feet, thresholds


def _curves(distance: motion.DistanceCurve, actor: motion.MotionCurves, calibrated: motion.MotionCurves | None,
            scale: float, feet: Mapping[str, motion.FootContacts]) -> dict[str, np.ndarray]:
    """The per-frame curves keyed on the armature (``names.CURVES``), in that order."""
    curves = {"Distance": distance.values}
    if calibrated is not None:
        curves["DistanceCalibrated"] = distance.values / scale
    curves["Speed"] = actor.speed
    if calibrated is not None:
        curves["SpeedCalibrated"] = calibrated.speed
    for side, found in feet.items():
        curves[f"{side}FootSpeed"] = found.speed
    for side, found in feet.items():
        curves[f"{side}FootContact"] = found.contact.astype(np.float64)
    return curves


def region_warnings(name: str, key: str, resolved: bool, basis: str) -> list[LogLine]:
    """What a Region's analysis says besides its numbers."""
    log: list[LogLine] = []
    if not resolved:
        log.append((Level.WARNING, Message("Region '{region}': Measurement Basis {basis} cannot resolve (no such "
                                           "Region measurement): its calibrated values are left out",
                                           region=name, basis=basis)))
    if not fits(key):
        log.append((Level.WARNING, Message("Region '{region}': its name key '{key}' is longer than the {limit} "
                                           "bytes the motion property names leave for it: its values are not "
                                           "written on the action (rename the Region)",
                                           region=name, key=key, limit=REGION_KEY_BYTES)))
    return log

