"""A generated Rigify rig as the animator sees it: its body is its ``ORG-`` bones (the metarig's, where
constraints put what the controls do), each moved by a control the animator keys (``thigh_fk.L``,
``hips``, ``head``...), the whole body carried by one (``torso``), and each limb's IK/FK switch.

A transfer onto such a rig keys the **FK controls**, with each limb's switch keyed to FK over the
clip: a retarget gives every bone a rotation, which an FK control takes as it is, feet planted
included (the legs are solved as Two Bone IK before keying); IK controls would need the pole and the
foot's roll rebuilt from those rotations, and Rigify's IK to solve them back the same way.

Everything is read from the rig itself, not from a table of names: from each ``ORG-`` bone, the
bones that move it (its Copy Transforms target, else its parent; through ``MCH-`` helpers, their
Copy Transforms/Rotation target first) up to the first bone that is neither a helper nor a tweak.
Rigify generates the same bones, constraints and switches in Blender 4.2, 4.5, 5.2 and 5.3 (compared
bone for bone): nothing here depends on the version."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import bpy

from ..shared.typed import armature_data, pose_of

BODY_PREFIX = "ORG-"
HELPER_PREFIXES = ("ORG-", "MCH-", "DEF-", "VIS_")
TWEAK = "tweak"  # Rigify's tweak bones and their collections ("Torso (Tweak)" also holds the FK spine)
FOLLOWED = ("COPY_TRANSFORMS", "COPY_ROTATION")
SWITCH = "IK_FK"  # Rigify's limb switch on the limb's parent control; 1.0 is FK (the IK copy's influence is 1 - it)
FK = 1.0
MIN_CONTROLLED = 5  # ORG bones with a control: fewer is no generated rig (a metarig has no ORG bones)
MAX_WALK = 12


@dataclass(frozen=True)
class ControlRig:
    body: tuple[str, ...]  # the ORG bones, in the armature's order
    controls: dict[str, str]  # ORG bone -> the control that moves it (each control once)
    carrier: str  # the control whose location carries the whole body ("torso"), "" when none
    switches: tuple[tuple[str, str], ...]  # (pose bone, property) to key to FK over the clip

    def control_of(self, bone: str) -> str:
        return self.controls.get(bone, bone)


def _is_control(bone: bpy.types.Bone) -> bool:
    if bone.name.startswith(HELPER_PREFIXES) or TWEAK in bone.name.lower():
        return False
    collections = getattr(bone, "collections", ())  # 4.0+: bone collections
    return not any(TWEAK in c.name.lower() for c in collections)


def _followed(pose_bone: Any, full_only: bool) -> str:
    for constraint in pose_bone.constraints:
        subtarget = str(getattr(constraint, "subtarget", "") or "")
        if constraint.type in FOLLOWED and not constraint.mute and subtarget and (
                not full_only or constraint.influence >= 1.0):
            return subtarget
    return ""


def _walk(armature: bpy.types.Object, name: str) -> tuple[str, int]:
    """(the control moving bone ``name``, in how many steps), ("", 0) when none."""
    pose = pose_of(armature).bones
    bones = armature_data(armature).bones
    current = name
    for step in range(1, MAX_WALK + 1):
        pose_bone = pose.get(current)
        if pose_bone is None:
            return "", 0
        helper = current.startswith("MCH-")
        followed = _followed(pose_bone, full_only=not helper)
        parent = pose_bone.parent.name if pose_bone.parent is not None else ""
        current = followed if followed in bones else parent
        if not current:
            return "", 0
        if _is_control(bones[current]):
            return current, step
    return "", 0


def _carrier(armature: bpy.types.Object, control: str) -> str:
    """The topmost control above ``control`` (Rigify's ``torso`` above ``hips``), else itself."""
    bones = armature_data(armature).bones
    found, bone = control, bones[control].parent
    while bone is not None:
        if _is_control(bone):
            found = bone.name
        bone = bone.parent
    return found


def _switches(armature: bpy.types.Object, body: tuple[str, ...]) -> tuple[tuple[str, str], ...]:
    """The limb switches the ORG bones' constraint influences are driven by."""
    adt = armature.animation_data
    if adt is None:
        return ()
    owners = {f'pose.bones["{b}"]' for b in body}
    found: dict[tuple[str, str], None] = {}
    for driver in adt.drivers:
        if driver.data_path.split(".constraints", 1)[0] not in owners or not driver.data_path.endswith("influence"):
            continue
        for variable in driver.driver.variables if driver.driver is not None else ():
            path = variable.targets[0].data_path
            if path.endswith(f'["{SWITCH}"]') and path.startswith('pose.bones["'):
                found[(path[len('pose.bones["'):].split('"]', 1)[0], SWITCH)] = None
    return tuple(found)


def read_controls(armature: bpy.types.Object) -> ControlRig | None:
    """The control rig of a generated Rigify rig; None for any other armature."""
    bones = armature_data(armature).bones
    body = tuple(b.name for b in bones if b.name.startswith(BODY_PREFIX))
    if len(body) < MIN_CONTROLLED:
        return None
    walks = {name: _walk(armature, name) for name in body}
    controls: dict[str, str] = {}
    # a control moving several ORG bones is keyed for the nearest (``head`` for the head, not the neck's end)
    for name in sorted(body, key=lambda n: walks[n][1]):
        control = walks[name][0]
        if control and control not in controls.values():
            controls[name] = control
    if len(controls) < MIN_CONTROLLED:
        return None
    ordered = {name: controls[name] for name in body if name in controls}
    return ControlRig(body, ordered, "", _switches(armature, body))


def with_carrier(rig: ControlRig, armature: bpy.types.Object, pelvis: str | None) -> ControlRig:
    """``rig`` with the control carrying the body found above the pelvis's control."""
    control = rig.controls.get(pelvis or "")
    if not control:
        return rig
    return ControlRig(rig.body, rig.controls, _carrier(armature, control), rig.switches)
