"""What Analyze Motion analyses and how, checked and read before any frame is sampled: the clip the
scene plays on the armature (``evaluated_source``), its frame range, the ground reference, each
Region's tip and each foot's joints (``make_plan``). Nothing here writes, but a missing measurement
(a rig without one is measured first, as every feature that reads it does)."""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

import bpy
import numpy as np

from ...core import coerce_enum
from ...core.errors import OverAnimError
from ...core.log import LogLine
from ...core.measurement_scales import MotionMeasurementBasis
from ...core.messages import Message
from ...core.skeleton import TipPoint, region_tip_point
from ..foot_ik import nla
from ..foot_ik.properties import bone_names
from ..measure.engine import ensure_measured
from ..measure.results import MeasurementResults
from ..measure.rig_measurement import measure
from ..regions.region import region_keys, require_region_bones
from ..shared import extract
from ..shared.finite_keys import require_finite_animation
from ..shared.ground_reference import TravelReference, travel_reference
from ..shared.object_data import overanim
from ..shared.scene import cm_per_unit, read_only_reason, require_object_mode
from ..shared.typed import armature_data, scene_of, view_layer_of
from .names import SIDES, TRACK

FLOAT_MAX = float(np.finfo(np.float32).max)


@dataclass(frozen=True)
class MotionOptions:
    frame_start: int | None = None  # None: the analysed action's first frame (else the scene's)
    frame_end: int | None = None


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
        if strip.repeat > 1.0 and end < strip.frame_end - 1e-6:
            # a repeating strip plays the action's first frame again where its last would fall: the
            # next cycle begins there (the hips of a walk snap back), so the range stops before it
            end -= 1e-3
    first, last = math.ceil(start - 1e-6), math.floor(end + 1e-6)
    if last - first < 1:
        return scene.frame_start, scene.frame_end
    return first, last


def _fps(scene: bpy.types.Scene) -> float:
    fps = scene.render.fps / scene.render.fps_base
    if not (math.isfinite(fps) and fps > 0.0):
        raise OverAnimError(Message("The scene's frame rate ({fps}) is not a positive number", fps=fps))
    return float(fps)


@dataclass(frozen=True)
class Plan:
    """Everything checked and read before sampling: which bones are followed, and how."""

    action: bpy.types.Action
    strip: Any
    frames: np.ndarray
    fps: float
    cm: float
    measurement: MeasurementResults
    reference: TravelReference
    tips: dict[str, str]  # Region name -> tip bone
    tip_points: dict[str, TipPoint]  # Region name -> the posed point followed: where the tip bone ends
    feet: dict[str, TipPoint]  # "Left"/"Right" -> the foot bone (``tip``) and where it ends, joint to joint
    keys: dict[str, str]  # Region name -> key
    basis: MotionMeasurementBasis  # the actor's
    log: tuple[LogLine, ...]


def _source(scene: bpy.types.Scene, armature: bpy.types.Object) -> tuple[bpy.types.Action, Any]:
    require_object_mode(armature, scene)
    read_only = read_only_reason(armature)
    if read_only is not None:
        raise OverAnimError(read_only)
    nla.check_stack(armature)
    source = evaluated_source(armature)
    if source is None:
        raise OverAnimError(Message("'{name}' has no animation to analyse: give it an action or NLA strips",
                                    name=armature.name))
    if source[0].library is not None:
        raise OverAnimError(Message("Action '{action}' is linked from a library: make it local to write its motion "
                                    "summary", action=source[0].name))
    return source


def _frames(scene: bpy.types.Scene, action: bpy.types.Action, strip: Any, options: MotionOptions) -> np.ndarray:
    first, last = default_range(scene, action, strip)
    start = first if options.frame_start is None else int(options.frame_start)
    end = last if options.frame_end is None else int(options.frame_end)
    if end < start:
        raise OverAnimError(Message("The frame range ends ({end}) before it starts ({start})", end=end, start=start))
    if end - start < 1:
        raise OverAnimError(Message("Motion needs at least 2 frames (the range is frame {start} only)", start=start))
    return np.arange(start, end + 1)


def _settings(armature: bpy.types.Object) -> MotionMeasurementBasis:
    """The actor's basis; refuses a threshold a script set to NaN or inf (every foot would read
    "never planted" or "always", every frame "moving" or "stopped"), before anything is written."""
    settings = overanim(armature).motion
    for label, value in (("Contact Speed", settings.contact_speed), ("Contact Height", settings.contact_height),
                         ("Stop Speed", settings.stop_speed)):
        if not math.isfinite(value) or abs(value) >= FLOAT_MAX:  # Blender stores an inf as float32's max
            raise OverAnimError(Message("{setting} ({value:g}) is not a number Motion can use (NaN or infinite): set "
                                        "it in the Motion panel", setting=label, value=value))
    try:
        return coerce_enum(MotionMeasurementBasis, overanim(armature).calibration.motion_basis)
    except ValueError:  # a value set past the UI reads as ''
        raise OverAnimError(Message("Actor Motion Basis holds an unknown value: pick one in the Calibration panel")) \
            from None


def make_plan(context: bpy.types.Context, armature: bpy.types.Object, options: MotionOptions) -> Plan:
    scene = scene_of(context)
    action, strip = _source(scene, armature)
    require_finite_animation(armature)  # a NaN or infinite key never enters the analysis (issue 31)
    frames = _frames(scene, action, strip, options)
    fps, cm = _fps(scene), cm_per_unit(scene)
    basis = _settings(armature)
    # a transform a script set just before is not in matrix_world until evaluated: measured stale, the
    # in-place tolerance would belong to another size than the motion frame_set then samples
    view_layer_of(context).update()
    keys = region_keys(armature)  # names that cannot be keyed are refused before anything is written
    for region in overanim(armature).regions:  # a Region without bones is refused before anything is written
        require_region_bones(armature, region)
    log = tuple(ensure_measured(context, armature))
    measurement = measure(context, armature)
    skeleton = extract.skeleton(armature, cm)
    # where Measure ended each Region's chain (with the skin bounding a leaf's invented tail)
    tip_points = {r.name: r.tip or region_tip_point(skeleton, r.bones) for r in measurement.regions}
    found = bone_names(overanim(armature).foot_ik, armature)
    # each foot from its head to where it ends joint to joint (as a one-bone Region's tip), never to an
    # importer's invented tail
    feet = {side: region_tip_point(skeleton, [name])
            for side, name in zip(SIDES, (found.left_foot, found.right_foot), strict=True)
            if name and name in armature_data(armature).bones}
    reference = travel_reference(armature, measurement.character.character_height_ws, cm)
    return Plan(action, strip, frames, fps, cm, measurement, reference, {n: t.tip for n, t in tip_points.items()},
                tip_points, feet, keys, basis, log)
