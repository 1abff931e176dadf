"""The character's ground reference: the point the foot-IK probe starts its rays from and the
motion analysis measures the actor's travel by (one root-bone rule for both, so they cannot drift
apart where a rig has a ground-level root).

It is the head of the skeleton's ground-level root: walking up the parents of the measured
locomotion root (``OverAnim_LocomotionRootBone``, e.g. ``pelvis``), the first bone whose rest head
lies at ground level: at the height of the armature object's origin along world up, within 0.3 % of
the measured character height (the rule the Checks use for "at ground level"), e.g. ``root``. A rig
without one (Mixamo's ``Hips`` has no parent) probes from the armature object's origin. Posed, it
follows that bone (or the object) at every frame.

Motion (``travel_reference``) keeps the ground-level root where there is one; without it, the
object's origin does not travel with a mocap clip, so it follows the hips' ground track instead.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

import bpy

from ...core.dispatch import unhandled
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


class Rule(StrEnum):
    """How the actor's travel is followed (the batch report's ``ground_reference_rule``)."""

    ROOT_BONE = "root_bone"  # the ground-level root bone's head
    PROJECTED = "projected"  # the locomotion root's head projected along world up onto the object's origin


@dataclass(frozen=True)
class TravelReference:
    """The point Motion measures the actor's travel by (see ``travel_reference``)."""

    rule: Rule
    bone: str
    hips: str = ""  # the measured locomotion root, where it is not ``bone`` (a root bone over the hips)

    @property
    def message(self) -> Message:
        if self.rule is Rule.ROOT_BONE:
            return Message("Ground reference: root bone '{bone}'", bone=self.bone)
        if self.rule is Rule.PROJECTED:
            return Message("Ground reference: '{bone}' projected on the ground (the rig has no ground-level root "
                           "bone)", bone=self.bone)
        unhandled(self.rule)


def travel_reference(armature: bpy.types.Object, height_ws: float, cm: float) -> TravelReference:
    """Motion's reference: the ground-level root bone (``ground_root``) where the rig has one, else the
    measured locomotion root (Mixamo's and BVH's ``Hips``) projected along world up onto the plane of
    the object's origin, as Unreal's root-motion extraction takes the pelvis' ground track. The object's
    own animation comes with the bone through its world matrix. Foot IK keeps ``ground_root``."""
    root = ground_root(armature, height_ws, cm)
    if root:
        return TravelReference(Rule.ROOT_BONE, root, str(armature.get(ROOT_BONE, "")))
    # even where the hips' rest head sits at the origin (a BVH rest pose hangs from it), they move
    # over the floor in the clip: projected, never followed in 3D
    return TravelReference(Rule.PROJECTED, str(armature.get(ROOT_BONE, "")))
