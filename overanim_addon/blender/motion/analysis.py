"""Analyze Motion on one armature: sample a frame range as the scene plays it (active action and NLA),
measure with the core (``core.motion``), then write the results. ``analyze_motion`` is the one entry
point of the operator, the batch step and the demo; the modal operator drives a ``MotionSession``
itself (``step`` a few frames per timer tick, Esc: ``cancel``).

A session first only checks and reads (a rig without a measurement is measured first, as every
feature that reads it does), so cancelling or a refusal leaves the file as it was. ``finish``
computes everything, then writes:

- on the analysed action (the active one, or the NLA's first unmuted strip's): the summary custom
  properties ``OverAnim_Motion_*`` (``SUMMARY``; per Region ``OverAnim_Motion_Region_<Key>_*``);
- on the armature object: the per-frame curves (``CURVES``) as custom properties keyed on every
  frame, in an action ``OverAnim_Motion`` on an NLA track of that name (Replace) above the artist's
  animation, which goes down into the NLA untouched, as the Foot IK bake pushes it (``foot_ik.nla``).
  Analysing again replaces the track; ``remove_motion_curves`` takes it away and brings the
  artist's action back.

Lengths are world-space centimetres (Blender units x Unit Scale x 100), times seconds at the scene's
``fps / fps_base``.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import bpy
import numpy as np

from ...core import coerce_enum, motion
from ...core.errors import OverAnimError
from ...core.measurement_scales import MotionMeasurementBasis
from ...core.messages import Message, plural
from ...core.naming import MAX_NAME_BYTES, utf8_length
from ...core.proportion import build_measurement_scales
from ...core.skeleton import TipPoint, region_tip_point
from ..calibration.properties import settings_from_properties
from ..foot_ik import nla
from ..foot_ik.properties import bone_names
from ..measure.engine import ensure_measured
from ..measure.measure import measure
from ..measure.results import MeasurementResults
from ..regions.region import region_keys, require_region_bones
from ..shared import extract, names, nla_tracks
from ..shared.fcurves import NewChannels
from ..shared.ground_reference import ground_root
from ..shared.nla_tracks import refuse_tweak_mode
from ..shared.object_data import overanim
from ..shared.overrides import lost_on_save_warning, mark_overridable
from ..shared.scene import cm_per_unit, read_only_reason, require_object_mode
from ..shared.typed import animation_data_of, armature_data, pose_of, scene_of

PREFIX = f"{names.PREFIX}Motion_"
REGION_PREFIX = f"{PREFIX}Region_"
TRACK = "OverAnim_Motion"  # the curves' action and NLA track
# the action's summary (suffix: unit); the linear ones have a ...Calibrated twin
SUMMARY = {
    "FrameStart": ("", "First frame analysed"), "FrameEnd": ("", "Last frame analysed"),
    "Duration": ("s", "Time from the first to the last frame"),
    "Distance": ("cm", "Horizontal path length of the ground reference"),
    "AverageSpeed": ("cm/s", "Horizontal path length over the duration"),
    "MaxSpeed": ("cm/s", "Greatest horizontal speed"), "MaxAcceleration": ("cm/s²", "Greatest horizontal acceleration"),
    "Scale": ("", "The actor's scale the calibrated values are divided by (0: its basis cannot resolve)"),
    "InPlace": ("", "1 when the ground reference does not travel"),
    "LeftContactFrames": ("", "Frames the left foot is planted"),
    "RightContactFrames": ("", "Frames the right foot is planted"),
}
LINEAR = ("Distance", "AverageSpeed", "MaxSpeed", "MaxAcceleration")
REGION_SUMMARY = {
    "Distance": ("cm", "path length of its tip relative to the ground reference"),
    "MaxSpeed": ("cm/s", "greatest speed of its tip"), "MaxAcceleration": ("cm/s²", "greatest acceleration of its tip"),
    "Scale": ("", "the scale its calibrated values are divided by (0: its basis cannot resolve)"),
}
REGION_LINEAR = ("Distance", "MaxSpeed", "MaxAcceleration")
CALIBRATED = "Calibrated"
# the longest Region property name around its key: Blender keeps 63 bytes of a property name
REGION_KEY_BYTES = MAX_NAME_BYTES - utf8_length(f"{REGION_PREFIX}_MaxAcceleration{CALIBRATED}")
# the per-frame curves on the armature object (suffix: unit, what it is)
CURVES = {
    "Distance": ("cm", "Distance curve (Distance Matching): horizontal distance to the stop point, negative before it"),
    "DistanceCalibrated": ("cm", "Distance curve divided by the actor's scale"),
    "Speed": ("cm/s", "The actor's horizontal speed"),
    "SpeedCalibrated": ("cm/s", "The actor's horizontal speed divided by its scale"),
    "LeftFootSpeed": ("cm/s", "Speed of the left foot's lowest point"),
    "RightFootSpeed": ("cm/s", "Speed of the right foot's lowest point"),
    "LeftFootContact": ("0/1", "1 while the left foot is planted"),
    "RightFootContact": ("0/1", "1 while the right foot is planted"),
}
COMPUTED = "Computed by OverAnim (Analyze Motion)"
SIDES = ("Left", "Right")


def summary_name(suffix: str) -> str:
    return f"{PREFIX}{suffix}"


def curve_name(suffix: str) -> str:
    return f"{PREFIX}{suffix}"


def region_summary_name(key: str, suffix: str) -> str:
    return f"{REGION_PREFIX}{key}_{suffix}"


def fits(key: str) -> bool:
    """A Region key short enough for every motion property name of its Region."""
    return utf8_length(key) <= REGION_KEY_BYTES


@dataclass
class MotionOptions:
    frame_start: int | None = None  # None: the analysed action's first frame (else the scene's)
    frame_end: int | None = None


@dataclass
class RegionMotion:
    name: str
    key: str
    basis: str  # the Measurement Basis (spec spelling)
    resolved: bool
    scale: float  # 0 when the basis cannot resolve
    tip: str  # the last bone of its longest chain; where it ends (joint to joint) is followed
    curves: motion.MotionCurves  # relative to the ground reference, 3D
    calibrated: motion.MotionCurves | None


@dataclass
class MotionResult:
    action: bpy.types.Action
    frames: np.ndarray  # scene frames
    fps: float
    in_place: bool
    actor: motion.MotionCurves  # horizontal
    actor_calibrated: motion.MotionCurves | None
    basis: str
    resolved: bool
    scale: float
    distance: motion.DistanceCurve
    regions: list[RegionMotion]
    feet: dict[str, motion.FootContacts]  # "Left"/"Right", those found
    thresholds: tuple[float, float]  # (cm/s, cm) for this character
    ground_root: str  # "" = the object's origin
    curves: dict[str, np.ndarray] = field(default_factory=dict)  # curve suffix -> per-frame values
    pushed_down: str = ""
    log: list[tuple[str, str]] = field(default_factory=list)

    @property
    def duration(self) -> float:
        return motion.duration(len(self.frames), self.fps)

    def contact_frames(self, side: str) -> list[int]:
        return self.feet[side].frames(int(self.frames[0])) if side in self.feet else []

    @property
    def zero_curves(self) -> list[str]:
        """The curves whose keys are all 0, which Unreal's importer drops by default (docs/unreal.md)."""
        return [curve_name(suffix) for suffix, values in self.curves.items() if not np.any(values)]


# -- what is analysed -----------------------------------------------------------------------------
def own_actions(armature: bpy.types.Object) -> set[Any]:
    """The actions the add-on keyed on this armature (its motion curves, the foot-IK bake): never the
    analysed clip."""
    found = {overanim(armature).motion.curves_action, nla.baked_action(armature)}
    adt = armature.animation_data
    if adt is not None:
        found |= {s.action for t in adt.nla_tracks if t.name in (nla.BAKE_NAME, TRACK) for s in t.strips}
    found.discard(None)
    return found


def evaluated_source(armature: bpy.types.Object) -> tuple[bpy.types.Action, Any] | None:
    """(action, its NLA strip or None) of the clip the scene plays on the armature: the active action,
    else the first unmuted strip of the NLA (bottom track first); None without either."""
    adt = armature.animation_data
    if adt is None:
        return None
    own = own_actions(armature)
    if adt.action is not None and adt.action not in own:
        return adt.action, None
    if not adt.use_nla:
        return None
    for track in adt.nla_tracks:
        if track.mute:
            continue
        for strip in track.strips:
            if not strip.mute and strip.action is not None and strip.action not in own:
                return strip.action, strip
    return None


def default_range(scene: bpy.types.Scene, action: bpy.types.Action, strip: Any) -> tuple[int, int]:
    """The action's frame range in scene frames (through its strip when it plays from the NLA), or the
    scene's when that spans less than two frames."""
    start, end = (float(f) for f in action.frame_range[:])
    if strip is not None:
        def to_scene(frame: float) -> float:
            scene_frame = strip.frame_start + (frame - strip.action_frame_start) * strip.scale
            return min(max(scene_frame, strip.frame_start), strip.frame_end)

        start, end = to_scene(start), to_scene(end)
    first, last = math.ceil(start - 1e-6), math.floor(end + 1e-6)
    if last - first < 1:
        return scene.frame_start, scene.frame_end
    return first, last


def _fps(scene: bpy.types.Scene) -> float:
    fps = scene.render.fps / scene.render.fps_base
    if not (math.isfinite(fps) and fps > 0.0):
        raise OverAnimError(Message("The scene's frame rate ({fps}) is not a positive number", fps=fps))
    return float(fps)


@dataclass
class _Plan:
    """Everything checked and read before sampling: which bones are followed, and how."""

    action: bpy.types.Action
    strip: Any
    frames: np.ndarray
    fps: float
    cm: float
    measurement: MeasurementResults
    root: str
    tips: dict[str, str]  # Region name -> tip bone
    tip_points: dict[str, TipPoint]  # Region name -> the posed point followed: where the tip bone ends
    feet: dict[str, str]  # "Left"/"Right" -> foot bone
    keys: dict[str, str]  # Region name -> key
    basis: MotionMeasurementBasis  # the actor's
    log: list[tuple[str, str]]


def _plan(context: bpy.types.Context, armature: bpy.types.Object, options: MotionOptions) -> _Plan:
    scene = scene_of(context)
    require_object_mode(armature, scene)
    read_only = read_only_reason(armature)
    if read_only is not None:
        raise OverAnimError(read_only)
    nla.check_stack(armature)
    source = evaluated_source(armature)
    if source is None:
        raise OverAnimError(Message("'{name}' has no animation to analyse: give it an action or NLA strips",
                                    name=armature.name))
    action, strip = source
    if action.library is not None:
        raise OverAnimError(Message("Action '{action}' is linked from a library: make it local to write its motion "
                                    "summary", action=action.name))
    first, last = default_range(scene, action, strip)
    start = first if options.frame_start is None else int(options.frame_start)
    end = last if options.frame_end is None else int(options.frame_end)
    if end < start:
        raise OverAnimError(Message("The frame range ends ({end}) before it starts ({start})", end=end, start=start))
    if end - start < 1:
        raise OverAnimError(Message("Motion needs at least 2 frames (the range is frame {start} only)", start=start))
    fps, cm = _fps(scene), cm_per_unit(scene)
    try:
        basis = coerce_enum(MotionMeasurementBasis, overanim(armature).calibration.motion_basis)
    except ValueError:  # a value set past the UI reads as ''
        raise OverAnimError(Message("Actor Motion Basis holds an unknown value: pick one in the Calibration panel")) \
            from None
    keys = region_keys(armature)  # names that cannot be keyed are refused before anything is written
    for region in overanim(armature).regions:  # a Region without bones is refused before anything is written
        require_region_bones(armature, region)
    log = ensure_measured(context, armature)  # a rig without a measurement is measured first
    measurement = measure(context, armature)
    skeleton = extract.skeleton(armature, cm)
    # where Measure ended each Region's chain (with the skin bounding a leaf's invented tail)
    tip_points = {r.name: r.tip or region_tip_point(skeleton, r.bones) for r in measurement.regions}
    tips = {name: tip.tip for name, tip in tip_points.items()}
    found = bone_names(overanim(armature).foot_ik, armature)
    feet = {side: name for side, name in zip(SIDES, (found.left_foot, found.right_foot), strict=True)
            if name and name in armature_data(armature).bones}
    root = ground_root(armature, measurement.character.character_height_ws, cm)
    return _Plan(action, strip, np.arange(start, end + 1), fps, cm, measurement, root, tips, tip_points, feet, keys,
                 basis, log)


class MotionSession:
    """One analysis: checked and planned on creation (nothing written but a missing measurement),
    sampled by ``step``, computed and written by ``finish``."""

    def __init__(self, context: bpy.types.Context, armature: bpy.types.Object,
                 options: MotionOptions | None = None) -> None:
        self.context, self.armature, self.scene = context, armature, scene_of(context)
        self.plan = _plan(context, armature, options or MotionOptions())
        self._frame = (self.scene.frame_current, self.scene.frame_subframe)
        pose = pose_of(armature).bones
        row = {bone.name: i for i, bone in enumerate(pose)}
        tips = (tip.bone for tip in self.plan.tip_points.values())
        followed = list(dict.fromkeys([*([self.plan.root] if self.plan.root else []), *tips, *self.plan.feet.values()]))
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
        while self.count < len(frames):
            i = self.count
            scene.frame_set(int(frames[i]))
            world = armature.matrix_world
            if not self._distinct or world != self._distinct[-1]:
                self._distinct.append(world.copy())
            self._world_index[i] = len(self._distinct) - 1
            if len(rows):
                pose.foreach_get("head", self._head.reshape(-1))
                pose.foreach_get("tail", self._tail.reshape(-1))
                self.heads[i] = self._head[rows]
                self.tails[i] = self._tail[rows]
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

    def compute(self) -> MotionResult:
        """Every value from the samples (every frame must have been sampled); writes nothing."""
        assert self.count == self.total
        plan, armature = self.plan, self.armature
        worlds = self.worlds()
        reference = self._bone(plan.root, worlds)[0] if plan.root else worlds[:, :3, 3] * plan.cm
        actor, in_place = motion.actor_curves(reference[:, :2], plan.fps)
        stop = overanim(armature).motion.stop_speed
        distance = motion.distance_curve(reference[:, :2], plan.fps, stop)
        if in_place:  # no actor motion: float noise is no distance either
            distance = motion.DistanceCurve(np.zeros(len(distance.values)), distance.stop_index)
        settings = settings_from_properties(overanim(armature).calibration)
        enabled = settings.enable_automatic_calibration
        character = plan.measurement.character
        basis = plan.basis
        resolved, scale = motion.resolve_motion_scale(
            build_measurement_scales(settings, character, None, world_space=True), basis, enabled)
        log = list(plan.log)
        if not resolved:
            log.append(("WARNING", Message("The actor's Measurement Basis {basis} cannot resolve (actor motion has no "
                                           "Region measurement): its calibrated values are left out",
                                           basis=basis.value)))
        regions = []
        for measured in plan.measurement.regions:
            region_basis = measured.settings["measurement_basis"]
            ok, region_scale = motion.resolve_motion_scale(measured.calibration.scales_ws, region_basis, enabled)
            curves = motion.motion_curves(self._point(plan.tip_points[measured.name], worlds) - reference, plan.fps)
            regions.append(RegionMotion(measured.name, plan.keys[measured.name], region_basis, ok, region_scale,
                                        plan.tips[measured.name], curves, curves.calibrated(region_scale) if ok
                                        else None))
            if not ok:
                log.append(("WARNING", Message("Region '{region}': Measurement Basis {basis} cannot resolve (no such "
                                               "Region measurement): its calibrated values are left out",
                                               region=measured.name, basis=region_basis)))
            if not fits(plan.keys[measured.name]):
                log.append(("WARNING", Message("Region '{region}': its name key '{key}' is longer than the {limit} "
                                               "bytes the motion property names leave for it: its values are not "
                                               "written on the action (rename the Region)",
                                               region=measured.name, key=plan.keys[measured.name],
                                               limit=REGION_KEY_BYTES)))
        m = overanim(armature).motion
        thresholds = motion.contact_thresholds(m.contact_speed, m.contact_height, character.locomotion_scale_ws)
        feet = {}
        for side, bone in plan.feet.items():
            head, tail = self._bone(bone, worlds)
            feet[side] = motion.foot_contacts(head, tail, reference[:, 2], plan.fps, *thresholds)
        if not plan.feet:
            log.append(("WARNING", Message("No foot bones found on '{name}' (Foot IK panel): foot contacts are left "
                                           "out", name=armature.name)))
        calibrated = actor.calibrated(scale) if resolved else None
        result = MotionResult(plan.action, plan.frames, plan.fps, in_place, actor, calibrated, basis.value, resolved,
                              scale if resolved else 0.0, distance, regions, feet, thresholds, plan.root, log=log)
        result.curves = {"Distance": distance.values}
        if calibrated is not None:
            result.curves["DistanceCalibrated"] = distance.values / scale
        result.curves["Speed"] = actor.speed
        if calibrated is not None:
            result.curves["SpeedCalibrated"] = calibrated.speed
        for side, found in feet.items():
            result.curves[f"{side}FootSpeed"] = found.speed
        for side, found in feet.items():
            result.curves[f"{side}FootContact"] = found.contact.astype(np.float64)
        # on a library override the curves' properties last only while its library file lacks them
        log += lost_on_save_warning(armature, [curve_name(suffix) for suffix in result.curves], "Analyze Motion")
        return result

    def finish(self) -> MotionResult:
        """Compute, then write the results (see the module docstring)."""
        result = self.compute()
        _write(self.armature, self.plan, result, self._frame[0])
        self.cancel()  # the frame back where it was, now with the curves playing
        return result

    def run(self, progress: Callable[[int], None] | None = None) -> MotionResult:
        while not self.step(0.1):
            if progress is not None:
                progress(self.done)
        return self.finish()


# -- writing --------------------------------------------------------------------------------------
def _describe(owner: Any, name: str, value: float | int, unit: str, text: str) -> None:
    owner[name] = value
    suffix = f" ({unit})" if unit and unit != "0/1" else ""
    owner.id_properties_ui(name).update(description=f"{text}{suffix}. {COMPUTED}")


def summary_values(result: MotionResult) -> dict[str, tuple[float | int, str, str]]:
    """The action's summary properties: name -> (value, unit, description); see SUMMARY."""
    out: dict[str, tuple[float | int, str, str]] = {}

    def put(name: str, value: float | int, unit: str, text: str, calibrated: bool = False) -> None:
        out[name] = (value, unit, text + (", calibrated" if calibrated else ""))

    def linear(name: str, table: dict[str, tuple[str, str]], suffixes: tuple[str, ...], raw: motion.MotionSummary,
               calibrated: motion.MotionSummary | None, prefix: str = "") -> None:
        for suffix in suffixes:
            unit, text = table[suffix]
            field = {"Distance": "distance", "AverageSpeed": "average_speed", "MaxSpeed": "max_speed",
                     "MaxAcceleration": "max_acceleration"}[suffix]
            put(name.format(suffix), getattr(raw, field), unit, prefix + text)
            if calibrated is not None:
                put(name.format(suffix + CALIBRATED), getattr(calibrated, field), unit, prefix + text, True)

    def summary(suffix: str, value: float | int) -> None:
        put(summary_name(suffix), value, *SUMMARY[suffix])

    summary("FrameStart", int(result.frames[0]))
    summary("FrameEnd", int(result.frames[-1]))
    summary("Duration", result.duration)
    calibrated = result.actor_calibrated.summary() if result.actor_calibrated is not None else None
    linear(summary_name("{}"), SUMMARY, LINEAR, result.actor.summary(), calibrated)
    summary("Scale", result.scale)
    summary("InPlace", int(result.in_place))
    for side in result.feet:
        summary(f"{side}ContactFrames", len(result.contact_frames(side)))
    for region in result.regions:
        if not fits(region.key):
            continue
        own = region.calibrated.summary() if region.calibrated is not None else None
        prefix = f"Region '{region.name}': "
        linear(region_summary_name(region.key, "{}"), REGION_SUMMARY, REGION_LINEAR, region.curves.summary(), own,
               prefix)
        put(region_summary_name(region.key, "Scale"), region.scale, REGION_SUMMARY["Scale"][0],
            prefix + REGION_SUMMARY["Scale"][1])
    return out


def _remove_properties(owner: Any) -> None:
    """Every OverAnim_Motion_* property of ``owner``: an analysis replaces all of the last one's."""
    for name in [k for k in owner.keys() if k.startswith(PREFIX)]:  # noqa: SIM118 (ID properties)
        del owner[name]


def _write(armature: bpy.types.Object, plan: _Plan, result: MotionResult, frame: int) -> None:
    """Everything the analysis writes (see the module docstring); ``frame``: the scene's frame, whose
    values the armature's properties hold until the curves play."""
    settings = overanim(armature).motion
    frames = result.frames
    # the previous analysis' curves go first: replaced, not stacked
    old = settings.curves_action
    settings.curves_action = None
    nla_tracks.remove(armature, old)
    if plan.strip is None:  # the artist's active action goes down into the NLA untouched
        adt = animation_data_of(armature)  # the plan found its active action there
        blending = (adt.action_blend_type, adt.action_extrapolation, adt.action_influence)
        pushed = nla.push_down(armature, int(frames[0]), int(frames[-1]))
        if pushed is not None:
            settings.pushed_action, settings.pushed_track = pushed.strips[0].action, pushed.name
            settings.pushed_blend_type, settings.pushed_extrapolation, settings.pushed_influence = blending
            result.pushed_down = plan.action.name
    action = plan.action
    _remove_properties(action)
    for name, (value, unit, text) in summary_values(result).items():
        _describe(action, name, value, unit, text)
    _remove_properties(armature)
    current = int(np.clip(frame, frames[0], frames[-1]) - frames[0])
    new = NewChannels(TRACK, armature.name)
    for suffix, values in result.curves.items():
        name = curve_name(suffix)
        unit, text = CURVES[suffix]
        _describe(armature, name, float(values[current]), unit, text)
        mark_overridable(armature, name)  # a library override of this rig can analyse it again
        new.add(f'["{name}"]', 0, TRACK, frames, values)
    nla_tracks.add_track(armature, TRACK, new.action, new.slot, int(frames[0]), "REPLACE")
    settings.curves_action, settings.analyzed_action = new.action, action
    settings.frame_start, settings.frame_end = int(frames[0]), int(frames[-1])
    settings.basis, settings.resolved, settings.scale = result.basis, result.resolved, result.scale
    settings.has_feet = bool(result.feet)
    runs = {side: ", ".join(f"{a}" if a == b else f"{a}-{b}" for a, b in motion.frame_runs(result.contact_frames(side)))
            for side in SIDES}
    settings.left_contacts, settings.right_contacts = runs["Left"], runs["Right"]
    settings.contact_speed_used, settings.contact_height_used = result.thresholds
    settings.regions.clear()
    for region in result.regions:
        item = settings.regions.add()
        item.region, item.key, item.basis = region.name, region.key, region.basis
        item.resolved, item.scale, item.named = region.resolved, region.scale, fits(region.key)


def report_lines(result: MotionResult) -> list[tuple[str, str]]:
    """What the analysis found, the summary last (Blender's status bar shows the last report)."""
    log = list(result.log)
    if result.pushed_down:
        log.append(("INFO", Message("'{action}' pushed down into the NLA", action=result.pushed_down)))
    zero = result.zero_curves
    if zero:
        log.append(("INFO", plural(len(zero), "All keys 0 in {names}: Unreal's importer drops such a curve unless "
                                   "told to keep it (docs/unreal.md)",
                                   "All keys 0 in {names}: Unreal's importer drops such curves unless told to keep "
                                   "them (docs/unreal.md)", names=", ".join(zero))))
    s = result.actor.summary()
    if result.in_place:
        motion_text = Message("in place (no actor motion)")
    elif result.actor_calibrated is not None:
        c = result.actor_calibrated.summary()
        motion_text = Message("{distance:.1f} cm at {speed:.1f} cm/s on average, {calibrated:.1f} cm/s calibrated",
                              distance=s.distance, speed=s.average_speed, calibrated=c.average_speed)
    else:
        motion_text = Message("{distance:.1f} cm at {speed:.1f} cm/s on average", distance=s.distance,
                              speed=s.average_speed)
    contacts = Message("foot contacts: left {left}, right {right} frames", left=len(result.contact_frames("Left")),
                       right=len(result.contact_frames("Right"))) if result.feet else Message("no foot contacts")
    log.append(("INFO", Message("'{action}', frames {start}-{end}: {motion}; {contacts}; curves on NLA track '{track}'",
                                action=result.action.name, start=int(result.frames[0]), end=int(result.frames[-1]),
                                motion=motion_text, contacts=contacts, track=TRACK)))
    return log


def _values(summary: motion.MotionSummary) -> dict[str, float]:
    return {"distance": summary.distance, "average_speed": summary.average_speed, "max_speed": summary.max_speed,
            "max_acceleration": summary.max_acceleration}


def report_data(result: MotionResult, log: list[tuple[str, str]]) -> dict[str, Any]:
    """The analysis as JSON-able data (the batch report's ``motion`` step, docs/batch-report.md): cm,
    cm/s, cm/s² raw and, divided by the character's scale, calibrated (None where the basis cannot
    resolve)."""
    calibrated = result.actor_calibrated
    return {
        "action": result.action.name, "track": TRACK, "frames": [int(result.frames[0]), int(result.frames[-1])],
        "fps": result.fps, "duration": result.duration, "in_place": result.in_place,
        "ground_reference": result.ground_root, "basis": result.basis, "scale": result.scale,
        "raw": _values(result.actor.summary()),
        "calibrated": _values(calibrated.summary()) if calibrated is not None else None,
        "contacts": {"speed": result.thresholds[0], "height": result.thresholds[1],
                     **{side.lower(): len(result.contact_frames(side)) if side in result.feet else None
                        for side in SIDES}},
        "regions": [{"region": r.name, "key": r.key, "basis": r.basis, "scale": r.scale,
                     "raw": _values(r.curves.summary()),
                     "calibrated": _values(r.calibrated.summary()) if r.calibrated is not None else None}
                    for r in result.regions],
        "zero_curves": result.zero_curves,
        "warnings": [str(message) for level, message in log if level == "WARNING"],
    }


def analyze_motion(context: bpy.types.Context, armature: bpy.types.Object, options: MotionOptions | None = None,
                   progress: Callable[[int], None] | None = None) -> tuple[MotionResult, list[tuple[str, str]]]:
    """Analyse and write (see the module docstring); returns the result and its log. Raises
    OverAnimError, having written nothing (but a missing measurement), for input it cannot analyse."""
    session = MotionSession(context, armature, options)
    try:
        result = session.run(progress)
    except OverAnimError:
        session.cancel()
        raise
    return result, report_lines(result)


# -- removing -------------------------------------------------------------------------------------
def remove_motion_curves(armature: bpy.types.Object) -> list[tuple[str, str]]:
    """Take the motion curves away (their track, action and the properties they animated) and make the
    action the analysis pushed down active again. The summary stays on the action: it describes the clip."""
    refuse_tweak_mode(armature)
    settings = overanim(armature).motion
    old = settings.curves_action
    settings.curves_action = None
    removed = nla_tracks.remove(armature, old)
    _remove_properties(armature)
    removed_text = plural(removed, "Removed {n} '{track}' track", "Removed {n} '{track}' tracks", track=TRACK)
    log: list[tuple[str, str]] = [("INFO", removed_text)]
    action = settings.pushed_action
    if action is not None:
        blending = (settings.pushed_blend_type, settings.pushed_extrapolation, settings.pushed_influence)
        if nla.bring_back(armature, action, settings.pushed_track, blending):
            log.append(("INFO", Message("'{action}' is the active action again", action=action.name)))
        else:
            log.append(("WARNING", Message("'{action}' stays in the NLA: the armature has another active action, or "
                                           "track '{track}' was changed", action=action.name,
                                           track=settings.pushed_track)))
        settings.pushed_action, settings.pushed_track = None, ""
    return log
