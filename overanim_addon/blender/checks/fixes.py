"""The one-click fixes the Checks panel offers beside a finding (``Finding.fix`` names one, and
``Finding.alternative`` another choice): each changes the file the safe way and says what it changed,
then Run Checks looks again (operators.py). Each fix's tooltip says what it will change before it runs."""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

import bpy

from ...core.errors import OverAnimError
from ...core.messages import Message, plural
from ..shared.overrides import linked_data_reason
from ..shared.typed import armature_data, scene_of
from .apply_scale import apply_scale, scale_character
from .rig_size import matching_unit_scale, other_characters, size_in_units

FixResult = Message | None  # what the fix changed, in words (None: "<fix>: done")


def _fix_apply_armature_scale(context, armature) -> FixResult:
    apply_scale(context, armature, with_armature=True)
    return None


def _fix_apply_mesh_scale(context, armature) -> FixResult:
    apply_scale(context, armature, with_armature=False)
    return None


def _fix_rest_position(context, armature) -> FixResult:
    # what the viewport shows only: the steps that need the pose take it themselves (shared.scene.posed)
    linked = linked_data_reason(armature, "Rest Position")
    if linked is not None:
        raise OverAnimError(linked)
    armature_data(armature).pose_position = "REST"
    return None


def _unit_fix(context, armature):
    if not size_in_units(context, armature) > 0:
        raise OverAnimError(Message("The rig has no height to match a unit scale to"))
    return matching_unit_scale(context, armature)


def _fix_unit_scale(context, armature) -> FixResult:
    """The Unit Scale of the unit (metric, inches, feet, CMU's) that brings the character nearest to
    its Reference Character Height (``core.units``): every object of the scene changes size with it."""
    fix = _unit_fix(context, armature)
    if fix is None:
        return None
    scene = scene_of(context)
    old, scene.unit_settings.scale_length = scene.unit_settings.scale_length, fix.scale_length
    others = other_characters(context, armature)
    return Message("Unit Scale of the scene set to {new:g} (was {old:g}): every object in it now measures {ratio:.4g} "
                   "times what it did{others}", new=fix.scale_length, old=old, ratio=fix.scale_length / old,
                   others=Message(", other characters included ({names})", names=others) if others else "")


def _fix_character_scale(context, armature) -> FixResult:
    """The size the Unit Scale fix would give this character, given to it alone: its armature, the
    meshes it deforms and its animation scaled, the scale applied (issue 31: a shared scene's Unit
    Scale shrank the other characters)."""
    fix = _unit_fix(context, armature)
    if fix is None:
        return None
    factor = fix.scale_length / scene_of(context).unit_settings.scale_length
    changed = scale_character(context, armature, factor)
    return Message("'{name}' scaled by {factor:.4g} and the scale applied ({objects}, its animation included): the "
                   "scene's Unit Scale and every other object are as they were", name=armature.name, factor=factor,
                   objects=plural(changed, "{n} object", "{n} objects"))


class Fix(NamedTuple):
    label: str
    apply: Callable[[bpy.types.Context, bpy.types.Object], FixResult]
    tooltip: str = ""  # what it changes, said before it runs; "" for "<label>, then run the checks again"

    def description(self) -> str:
        return self.tooltip or f"{self.label}, then run the checks again"


FIXES: dict[str, Fix] = {
    "apply_armature_scale": Fix("Apply Scale", _fix_apply_armature_scale),
    "apply_mesh_scale": Fix("Apply Mesh Scale", _fix_apply_mesh_scale),
    "rest_position": Fix("Rest Position", _fix_rest_position),
    "unit_scale": Fix("Match Unit Scale", _fix_unit_scale,
                      "Set the scene's Unit Scale to the unit the character's file was made in: every object in the "
                      "scene changes size with it, other characters included; then run the checks again"),
    "character_scale": Fix("Scale This Character", _fix_character_scale,
                           "Scale this character (its armature, the meshes it deforms and its animation) to the size "
                           "Match Unit Scale would give it and apply the scale: the scene's Unit Scale and nothing "
                           "else in the scene change; then run the checks again"),
}
