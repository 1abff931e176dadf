"""What foot IK needs to know about a rig, checked once before anything is probed or written:
its bones, its measured size, its ground reference and the way it faces.

The size comes from Measure Proportions' custom properties (world space, cm), read rather than
recomputed; a rig without them is measured first, as the Measure button measures (on the side:
nothing opens in the panel, and the report says so: ``measure.engine.ensure_measured``).

Ground reference: the world height the rays start from, the head of the skeleton's ground-level
root or the armature object's origin (the root-bone rule, which the motion analysis shares, is in
``shared/ground_reference.py``). The probe (probe.py) follows that bone or the object at every
frame, and so does the character's forward axis: the object's Forward Axis turned by the root bone's
rotation away from its rest pose (a walk that turns through its root turns the axis).

A clip whose feet do not stand on that reference (a BVH whose origin was put under its rest pose's
feet, 16 m under the animated ones in CMU's units; a clip that starts elsewhere) has its reference
raised or lowered to where its feet stand at the scene's first frame (the previous bake muted): the
feet's heads there, less each foot's height above the ground in the rest pose as Measure measures
it. Only when they are more than 20 % of the character's height from it (``STAND_FRACTION``), so a
rig standing on its origin keeps exactly its origin (``ground_offset``).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from typing import Any

import bpy
import numpy as np
from mathutils import Vector

from ...core.bone_names import FootIKBones, numbered_names
from ...core.errors import InvalidInputError, OverAnimError
from ...core.foot_ik import ProbeRay, character_frames, facing_axis, probe_ray
from ...core.ground import BELOW_FRACTION
from ...core.log import Level, Log, LogLine
from ...core.measurement import stand
from ...core.messages import Message
from ...core.proportion import resolve_spatial_distance
from ...core.skeleton import BoneInfo, Skeleton
from ..measure.engine import ensure_measured
from ..shared import extract
from ..shared.ground_reference import ground_root
from ..shared.names import CHARACTER_HEIGHT_WS, GROUND_PROBE_SCALE_WS, ROOT_BONE
from ..shared.scene import cm_per_unit, deformed_meshes, require_object_mode
from ..shared.typed import armature_data, pose_of, scene_of
from . import nla
from .properties import FORWARD_VECTORS, bone_names, detected_bones

STAND_FRACTION = BELOW_FRACTION  # of the height: feet this far from the reference do not stand on it
LABELS = {"left_foot": "Left Foot", "right_foot": "Right Foot", "left_ik_target": "Left IK Target",
          "right_ik_target": "Right IK Target", "body_bone": "Body Bone"}


@dataclass(frozen=True)
class FootIKRig:
    armature: bpy.types.Object
    bones: FootIKBones
    ground_root: str  # "" = the armature object's origin
    forward_local: Vector  # the Forward Axis in the armature object's space
    ray: ProbeRay  # cm
    cm: float  # centimetres per Blender unit
    measured: Log = ()  # the report of a measurement made first (see ensure_measured)
    ground_offset: float = 0.0  # Blender units along world up from the root or origin to the reference
    warnings: Log = ()  # (level, message) for the probe's or bake's report
    # cm: each foot's (head, toe) above the ground in the rest pose (its toe: its first child's head, or its tail)
    rest_heights: tuple[tuple[float, float], tuple[float, float]] = ((0.0, 0.0), (0.0, 0.0))


def feet_problem(armature: bpy.types.Object, names: FootIKBones) -> Message | None:
    """Why Left Foot and Right Foot do not name two bones of the rig, with what fixes it: Detect
    Foot Bones when the rig's bone names give both feet (fields detected before the rig had feet,
    cleared, or naming renamed bones), else picking them by hand. None when both name bones."""
    bones = armature_data(armature).bones
    feet = {LABELS["left_foot"]: names.left_foot, LABELS["right_foot"]: names.right_foot}
    if all(bone and bone in bones for bone in feet.values()):
        return None
    found = detected_bones(armature)
    if not any(feet.values()):
        if not (found.left_foot and found.right_foot):
            return no_feet(armature)
        problem = Message("Left Foot and Right Foot are not set")
    else:
        label, bone = next((label, bone) for label, bone in feet.items() if not (bone and bone in bones))
        problem = (Message("{label} '{bone}' is not a bone of '{name}'", label=label, bone=bone, name=armature.name)
                   if bone else Message("{label} is not set", label=label))
        if not (found.left_foot and found.right_foot):
            return Message("{problem}: pick it in the Foot IK panel", problem=problem)
    return Message("{problem}: Detect Foot Bones (Foot IK panel) finds '{left}' and '{right}' by name",
                   problem=problem, left=found.left_foot, right=found.right_foot)


def no_feet(armature: bpy.types.Object) -> Message:
    """Why no foot was found by name, and where to pick them: numbered names (glTF's unnamed joints
    are ``Node_12``) say nothing a name rule could read."""
    names = [bone.name for bone in armature_data(armature).bones]
    if numbered_names(names):
        return Message("'{name}' has numbered bone names (such as '{example}'): its feet cannot be found by name. "
                       "Pick Left Foot and Right Foot with the bone pickers of the Foot IK panel", name=armature.name,
                       example=names[-1])
    return Message("No foot bones found on '{name}' (no bone is named like a left and a right foot): set "
                   "Left Foot and Right Foot in the Foot IK panel", name=armature.name)


def facing(armature: bpy.types.Object, bones: FootIKBones) -> str | None:
    """The Forward Axis the character's toes point along in its rest pose (``core.foot_ik.facing_axis``):
    each foot bone's head to its end, joint to joint (its toe's head, or its own tail)."""
    found = [armature_data(armature).bones[name] for name in (bones.left_foot, bones.right_foot)
             if name and name in armature_data(armature).bones]
    if not found:
        return None
    # the feet and their children only: ``Skeleton.end`` needs no more
    parts = [BoneInfo(bone.name, None, tuple(bone.head_local), tuple(bone.tail_local))  # type: ignore[arg-type]
             for bone in found]
    parts += [BoneInfo(child.name, bone.name, tuple(child.head_local), tuple(child.tail_local))  # type: ignore[arg-type]
              for bone in found for child in bone.children]
    feet = Skeleton(parts)
    toes = [np.subtract(feet.end(bone.name).point, bone.head_local[:]) for bone in found]
    return facing_axis(np.array(armature.matrix_world.to_3x3()), toes, FORWARD_VECTORS)


def _forward(armature: bpy.types.Object, settings: Any, bones: FootIKBones) -> tuple[Vector, list[LogLine]]:
    """The Forward Axis (object space), refused when it points up or down in the world; a warning
    when the toes point along another axis."""
    axis = settings.forward_axis
    forward = Vector(FORWARD_VECTORS[axis])
    toes = facing(armature, bones)
    try:
        character_frames(np.array(armature.matrix_world.to_3x3() @ forward))
    except InvalidInputError:
        if toes is None:
            raise OverAnimError(Message("Forward Axis {axis} of '{name}' points straight up or down in the world: pick "
                                        "the axis of the armature object the character faces", axis=axis,
                                        name=armature.name)) from None
        raise OverAnimError(Message("Forward Axis {axis} of '{name}' points straight up or down in the world; its "
                                    "toes point along {toes} of its object: set Forward Axis to {toes} (Detect "
                                    "Forward Axis in the Foot IK panel)", axis=axis, name=armature.name,
                                    toes=toes)) from None
    if toes is not None and toes != axis:
        return forward, [(Level.WARNING, Message(
            "Forward Axis is {axis}, but the toes of '{name}' point along {toes} of its object: Pitch and Roll are "
            "measured along {axis} (Detect Forward Axis sets {toes})", axis=axis, name=armature.name, toes=toes))]
    return forward, []


def _checked_bones(armature: bpy.types.Object, names: FootIKBones, keys_bones: bool) -> FootIKBones:
    problem = feet_problem(armature, names)
    if problem is not None:
        raise OverAnimError(problem)
    bones = armature_data(armature).bones
    for field, label in LABELS.items():
        name = getattr(names, field)
        if name and name not in bones:
            raise OverAnimError(Message("{label} '{bone}' is not a bone of '{name}'", label=label, bone=name,
                                        name=armature.name))
    keyed = [n for n in (names.left_ik_target, names.right_ik_target, names.body_bone) if n]
    if len(set(keyed)) < len(keyed):
        raise OverAnimError(Message("The IK targets and the body bone must be different bones"))
    if names.left_foot == names.right_foot:
        raise OverAnimError(Message("Left Foot and Right Foot are the same bone ('{bone}')", bone=names.left_foot))
    if not keys_bones:
        return names
    for field in ("left_ik_target", "right_ik_target", "body_bone"):
        name = getattr(names, field)
        if name and bones[name].use_connect:
            raise OverAnimError(Message("{label} '{bone}' is connected to its parent: its location cannot move it; "
                                        "pick a bone that is not connected", label=LABELS[field], bone=name))
    for name in (names.left_ik_target, names.right_ik_target):
        if name and pose_of(armature).bones[name].rotation_mode == "AXIS_ANGLE":
            raise OverAnimError(Message("IK target '{bone}' uses Axis Angle rotation: set it to Quaternion or an "
                                        "Euler order", bone=name))
    if keyed and not _uniform_scale(armature):
        raise OverAnimError(Message("'{name}' has a non-uniform scale: bone keys cannot turn feet in world space "
                                    "through it; apply the scale first", name=armature.name))
    return names


def trace_distance(armature: bpy.types.Object, settings: Any) -> tuple[float, float]:
    """(the trace distance in cm, the factor Trace Calibration gives Trace Distance): the authored
    distance calibrated by the rig's measured ground-probe scale."""
    scale = float(armature.get(GROUND_PROBE_SCALE_WS, 1.0))
    mode = settings.trace_calibration
    return (resolve_spatial_distance(mode, float(settings.trace_distance), 0.0, scale, 0.0),
            resolve_spatial_distance(mode, 1.0, 0.0, scale, 0.0))


def ground_offset(context: bpy.types.Context, armature: bpy.types.Object, bones: FootIKBones, root: str,
                  height_ws: float, cm: float) -> tuple[float, tuple[tuple[float, float], tuple[float, float]]]:
    """How far (Blender units, along world up) the feet stand above the ground root or origin at the
    scene's first frame, or 0 when that is within STAND_FRACTION of the height (see the module
    docstring); and each foot's head and toe above the ground in the rest pose (cm, world)."""
    skeleton, vertices = extract.rest_rig(armature, deformed_meshes(armature, scene_of(context)), cm)
    rest = stand(skeleton, vertices, extract.linear_world(armature)).world  # WS cm, its ground at 0
    feet = [bones.left_foot, bones.right_foot]
    scene, pose = scene_of(context), pose_of(armature).bones
    frame = (scene.frame_current, scene.frame_subframe)
    muted = [(track, track.mute) for track in nla.bake_tracks(armature)]
    try:
        for track, _ in muted:
            track.mute = True
        scene.frame_set(scene.frame_start)
        world = armature.matrix_world
        reference = ((world @ pose[root].head).z if root else world.translation.z) * cm
        soles = min((world @ pose[foot].head).z * cm - rest.by_name[foot].head[2] for foot in feet)
    finally:
        for track, mute in muted:
            track.mute = mute
        scene.frame_set(frame[0], subframe=frame[1])
    offset = soles - reference
    def head_and_toe(foot: str) -> tuple[float, float]:
        children = armature_data(armature).bones[foot].children
        toe = rest.by_name[children[0].name].head if len(children) else rest.by_name[foot].tail
        return float(rest.by_name[foot].head[2]), float(toe[2])

    heights = (head_and_toe(bones.left_foot), head_and_toe(bones.right_foot))
    return (offset / cm if math.isfinite(offset) and abs(offset) > STAND_FRACTION * height_ws else 0.0), heights


def _body_for_fk_legs(armature: bpy.types.Object, names: FootIKBones) -> tuple[FootIKBones, list[LogLine]]:
    """Legs without IK targets are solved as Two Bone IK (legs.py) under a body that rises and falls
    with the ground: with Body Bone empty, the measured locomotion root (Mixamo's and CMU's Hips)
    is that body when both legs hang from it."""
    if names.body_bone or names.left_ik_target or names.right_ik_target:
        return names, []
    root = str(armature.get(ROOT_BONE, ""))
    bones = armature_data(armature).bones
    if not root or root not in bones or bones[root].use_connect:
        return names, []
    if not all(bones[root] in bones[foot].parent_recursive for foot in (names.left_foot, names.right_foot)):
        return names, []
    return replace(names, body_bone=root), [(Level.INFO, Message(
        "Body Bone is empty: the bake moves '{bone}' (the measured locomotion root) with the ground", bone=root))]


def _uniform_scale(armature: bpy.types.Object) -> bool:
    scale = armature.matrix_world.to_scale()[:]
    return max(scale) - min(scale) <= 1e-4 * max(abs(s) for s in scale)


def resolve(context: bpy.types.Context, armature: bpy.types.Object, settings: Any,
            keys_bones: bool = False) -> FootIKRig:
    """Everything checked and read (measuring first if needed); raises OverAnimError, writes only
    the measurement. ``keys_bones``: also check what keying the IK targets and body bone needs."""
    require_object_mode(armature, scene_of(context))
    cm = cm_per_unit(scene_of(context))
    names = _checked_bones(armature, bone_names(settings, armature), keys_bones)
    if abs(armature.matrix_world.to_3x3().determinant()) < 1e-18:
        raise OverAnimError(Message("'{name}' has a zero scale in the world: give it a scale", name=armature.name))
    forward, warnings = _forward(armature, settings, names)  # a vertical one is refused before probing
    trace = float(settings.trace_distance)
    if not (math.isfinite(trace) and trace >= 0.0):
        raise OverAnimError(Message("Trace Distance must be 0 cm or more (it is {trace:g})", trace=trace))
    measured = ensure_measured(context, armature)
    height_ws = float(armature.get(CHARACTER_HEIGHT_WS, 0.0))
    if not (math.isfinite(height_ws) and height_ws > 0.0):
        raise OverAnimError(Message("'{name}' measures {height:g} cm tall in world space: foot IK needs a character "
                                    "with a height (check its scale and measure again)", name=armature.name,
                                    height=height_ws))
    trace_cm, _scale = trace_distance(armature, settings)
    if keys_bones:
        names, found = _body_for_fk_legs(armature, names)
        warnings += found
    root = ground_root(armature, height_ws, cm)
    offset, heights = ground_offset(context, armature, names, root, height_ws, cm)
    return FootIKRig(armature=armature, bones=names, ground_root=root, forward_local=forward,
                     ray=probe_ray(height_ws * 0.5, trace_cm), cm=cm, measured=tuple(measured),
                     ground_offset=offset, warnings=tuple(warnings), rest_heights=heights)
