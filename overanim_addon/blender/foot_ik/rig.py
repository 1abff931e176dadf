"""What foot IK needs to know about a rig, checked once before anything is probed or written:
its bones, its measured size, its ground reference and the way it faces.

The size comes from Measure Proportions' custom properties (world space, cm), read rather than
recomputed; a rig without them is measured first, as the Measure button measures (on the side:
nothing opens in the panel, and the report says so: ``measure.operators.ensure_measured``).

Ground reference: the world height the rays start from, the head of the skeleton's ground-level
root or the armature object's origin (the rule, which the motion analysis shares, is in
``shared/ground_reference.py``). The probe (probe.py) follows that bone or the object at every
frame, and so does the character's forward axis: the object's Forward Axis turned by the root bone's
rotation away from its rest pose (a walk that turns through its root turns the axis).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

import bpy
import numpy as np
from mathutils import Vector

from ...core.bone_names import FootIKBones
from ...core.errors import OverAnimError
from ...core.foot_ik import ProbeRay, character_frames, probe_ray
from ...core.messages import Message
from ...core.proportion import resolve_spatial_distance
from ..common import cm_per_unit, require_object_mode
from ..measure.operators import ensure_measured
from ..measure.results import PREFIX
from ..shared.ground_reference import ground_root
from .properties import FORWARD_VECTORS, bone_names, detected_bones

HEIGHT_WS = f"{PREFIX}CharacterHeightWS"
PROBE_SCALE_WS = f"{PREFIX}GroundProbeScaleWS"
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
    measured: tuple[tuple[str, str], ...] = ()  # the report of a measurement made first (see ensure_measured)

    @property
    def keyed_bones(self) -> list[str]:
        b = self.bones
        return [name for name in (b.left_ik_target, b.right_ik_target, b.body_bone) if name]


def feet_problem(armature: bpy.types.Object, names: FootIKBones) -> Message | None:
    """Why Left Foot and Right Foot do not name two bones of the rig, with what fixes it: Detect
    Foot Bones when the rig's bone names give both feet (fields detected before the rig had feet,
    cleared, or naming renamed bones), else picking them by hand. None when both name bones."""
    bones = armature.data.bones
    feet = {LABELS["left_foot"]: names.left_foot, LABELS["right_foot"]: names.right_foot}
    if all(bone and bone in bones for bone in feet.values()):
        return None
    found = detected_bones(armature)
    if not any(feet.values()):
        if not (found.left_foot and found.right_foot):
            return Message("No foot bones found on '{name}' (no bone is named like a left and a right foot): set "
                           "Left Foot and Right Foot in the Foot IK panel", name=armature.name)
        problem = Message("Left Foot and Right Foot are not set")
    else:
        label, bone = next((label, bone) for label, bone in feet.items() if not (bone and bone in bones))
        problem = (Message("{label} '{bone}' is not a bone of '{name}'", label=label, bone=bone, name=armature.name)
                   if bone else Message("{label} is not set", label=label))
        if not (found.left_foot and found.right_foot):
            return Message("{problem}: pick it in the Foot IK panel", problem=problem)
    return Message("{problem}: Detect Foot Bones (Foot IK panel) finds '{left}' and '{right}' by name",
                   problem=problem, left=found.left_foot, right=found.right_foot)


def _checked_bones(armature: bpy.types.Object, names: FootIKBones, keys_bones: bool) -> FootIKBones:
    problem = feet_problem(armature, names)
    if problem is not None:
        raise OverAnimError(problem)
    bones = armature.data.bones
    for field, label in LABELS.items():
        name = getattr(names, field)
        if name and name not in bones:
            raise OverAnimError(f"{label} '{name}' is not a bone of '{armature.name}'")
    keyed = [n for n in (names.left_ik_target, names.right_ik_target, names.body_bone) if n]
    if len(set(keyed)) < len(keyed):
        raise OverAnimError("The IK targets and the body bone must be different bones")
    if names.left_foot == names.right_foot:
        raise OverAnimError(f"Left Foot and Right Foot are the same bone ('{names.left_foot}')")
    if not keys_bones:
        return names
    for field in ("left_ik_target", "right_ik_target", "body_bone"):
        name = getattr(names, field)
        if name and bones[name].use_connect:
            raise OverAnimError(f"{LABELS[field]} '{name}' is connected to its parent: its location cannot move it; "
                                "pick a bone that is not connected")
    for name in (names.left_ik_target, names.right_ik_target):
        if name and armature.pose.bones[name].rotation_mode == "AXIS_ANGLE":
            raise OverAnimError(f"IK target '{name}' uses Axis Angle rotation: set it to Quaternion or an Euler order")
    if keyed and not _uniform_scale(armature):
        raise OverAnimError(f"'{armature.name}' has a non-uniform scale: bone keys cannot turn feet in world space "
                            "through it; apply the scale first")
    return names


def trace_distance(armature: bpy.types.Object, settings: Any) -> tuple[float, float]:
    """(the trace distance in cm, the factor Trace Calibration gives Trace Distance): the authored
    distance calibrated by the rig's measured ground-probe scale."""
    scale = float(armature.get(PROBE_SCALE_WS, 1.0))
    mode = settings.trace_calibration
    return (resolve_spatial_distance(mode, float(settings.trace_distance), 0.0, scale, 0.0),
            resolve_spatial_distance(mode, 1.0, 0.0, scale, 0.0))


def _uniform_scale(armature: bpy.types.Object) -> bool:
    scale = armature.matrix_world.to_scale()
    return max(scale) - min(scale) <= 1e-4 * max(abs(s) for s in scale)


def resolve(context: bpy.types.Context, armature: bpy.types.Object, settings: Any,
            keys_bones: bool = False) -> FootIKRig:
    """Everything checked and read (measuring first if needed); raises OverAnimError, writes only
    the measurement. ``keys_bones``: also check what keying the IK targets and body bone needs."""
    require_object_mode(armature, context.scene)
    cm = cm_per_unit(context.scene)
    names = _checked_bones(armature, bone_names(settings, armature), keys_bones)
    if abs(armature.matrix_world.to_3x3().determinant()) < 1e-18:
        raise OverAnimError(f"'{armature.name}' has a zero scale in the world: give it a scale")
    forward = Vector(FORWARD_VECTORS[settings.forward_axis])
    character_frames(np.array(armature.matrix_world.to_3x3() @ forward))  # refuse a vertical one before probing
    trace = float(settings.trace_distance)
    if not (math.isfinite(trace) and trace >= 0.0):
        raise OverAnimError(f"Trace Distance must be 0 cm or more (it is {trace:g})")
    measured = ensure_measured(context, armature)
    height_ws = float(armature.get(HEIGHT_WS, 0.0))
    if not (math.isfinite(height_ws) and height_ws > 0.0):
        raise OverAnimError(f"'{armature.name}' measures {height_ws:g} cm tall in world space: foot IK needs a "
                            "character with a height (check its scale and measure again)")
    trace_cm, _scale = trace_distance(armature, settings)
    return FootIKRig(armature=armature, bones=names, ground_root=ground_root(armature, height_ws, cm),
                     forward_local=forward,
                     ray=probe_ray(height_ws * 0.5, trace_cm), cm=cm, measured=tuple(measured))
