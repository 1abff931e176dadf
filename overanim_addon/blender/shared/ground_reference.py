"""The character's ground reference: the one point the foot-IK probe starts its rays from and the
motion analysis measures the actor's travel by (one rule for both, so they cannot drift apart).

It is the head of the skeleton's ground-level root: walking up the parents of the measured
locomotion root (``OverAnim_LocomotionRootBone``, e.g. ``pelvis``), the first bone whose rest head
lies at ground level: at the height of the armature object's origin along world up, within 0.3 % of
the measured character height (the rule the Checks use for "at ground level"), e.g. ``root``. A rig
without one (Mixamo's ``Hips`` has no parent) uses the armature object's origin. Posed, it follows
that bone (or the object) at every frame.
"""

from __future__ import annotations

import bpy

from ...core.errors import OverAnimError
from ...core.ground import GROUND_LEVEL_FRACTION
from ...core.messages import Message
from .names import ROOT_BONE
from .typed import armature_data


def ground_root(armature: bpy.types.Object, height_ws: float, cm: float) -> str:
    """The ground-level root bone's name (see the module docstring), or "" for the object's origin.
    ``height_ws``: the measured world-space character height (cm); ``cm``: centimetres per unit."""
    start = armature.get(ROOT_BONE, "")
    bones = armature_data(armature).bones
    if start not in bones:
        raise OverAnimError(Message("The measured locomotion root '{bone}' is not a bone of '{name}': measure the "
                                    "rig again", bone=start, name=armature.name))
    to_world = armature.matrix_world.to_3x3()
    bone = bones[start].parent
    while bone is not None:
        height = (to_world @ bone.head_local).z * cm
        if abs(height) <= GROUND_LEVEL_FRACTION * height_ws:
            return str(bone.name)
        bone = bone.parent
    return ""
