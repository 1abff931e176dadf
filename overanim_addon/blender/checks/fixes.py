"""The one-click fixes the Checks panel offers beside a finding (``Finding.fix`` names one): each
changes the file the safe way, then Run Checks looks again (operators.py)."""

from __future__ import annotations

from collections.abc import Callable

import bpy

from ...core.errors import OverAnimError
from ...core.messages import Message
from ..shared.overrides import linked_data_reason
from ..shared.typed import armature_data, scene_of
from .apply_scale import apply_scale
from .rig_size import matching_unit_scale, size_in_units


def _fix_apply_armature_scale(context, armature):
    apply_scale(context, armature, with_armature=True)


def _fix_apply_mesh_scale(context, armature):
    apply_scale(context, armature, with_armature=False)


def _fix_rest_position(context, armature):
    # what the viewport shows only: the steps that need the pose take it themselves (shared.scene.posed)
    linked = linked_data_reason(armature, "Rest Position")
    if linked is not None:
        raise OverAnimError(linked)
    armature_data(armature).pose_position = "REST"


def _fix_unit_scale(context, armature):
    """The Unit Scale of the unit (metric, inches, feet, CMU's) that brings the character nearest to
    its Reference Character Height (``core.units``)."""
    if not size_in_units(context, armature) > 0:
        raise OverAnimError(Message("The rig has no height to match a unit scale to"))
    fix = matching_unit_scale(context, armature)
    if fix is not None:
        scene_of(context).unit_settings.scale_length = fix.scale_length


FIXES: dict[str, tuple[str, Callable[[bpy.types.Context, bpy.types.Object], None]]] = {
    "apply_armature_scale": ("Apply Scale", _fix_apply_armature_scale),
    "apply_mesh_scale": ("Apply Mesh Scale", _fix_apply_mesh_scale),
    "rest_position": ("Rest Position", _fix_rest_position),
    "unit_scale": ("Match Unit Scale", _fix_unit_scale),
}
