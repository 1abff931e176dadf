"""Transfer Action: the operator over ``engine.transfer_action``."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import bpy

from ...core.errors import OverAnimError
from ...core.messages import Message
from ..i18n import CONTEXT
from ..shared.object_data import overanim
from ..shared.operators import OverAnimOperatorMixin, refuse_poll
from ..shared.scene import find_armature, require_armature
from ..shared.typed import MaybeContext, context_of
from .engine import TransferOptions, transfer_action
from .properties import (
    SCALE_HORIZONTAL,
    SCALE_VERTICAL,
    basis_property,
    calibration_property,
    plant_feet_property,
    region_property,
    scale_property,
)


def _matching(names: Iterator[str], edit_text: str) -> list[str]:
    typed = edit_text.lower()
    return sorted(name for name in names if typed in name.lower())


def _search_source(self: Any, context: bpy.types.Context, edit_text: str) -> list[str]:
    target = find_armature(context)
    return _matching((o.name for o in bpy.data.objects if o.type == "ARMATURE" and o != target), edit_text)


def _search_action(self: Any, context: bpy.types.Context, edit_text: str) -> list[str]:
    return _matching((a.name for a in bpy.data.actions), edit_text)


def _search_region(self: Any, context: bpy.types.Context, edit_text: str) -> list[str]:
    source, target = bpy.data.objects.get(self.source), find_armature(context)
    if source is None or target is None or source.type != "ARMATURE":
        return []
    shared = {r.name for r in overanim(source).regions} & {r.name for r in overanim(target).regions}
    return _matching(iter(shared), edit_text)


# the operator's fields that the Transfer panel also holds (on the target)
FIELDS = ("source", "action", "basis", "region", "scale_horizontal", "scale_vertical", "use_calibration", "plant_feet")


class OVERANIM_OT_transfer_action(OverAnimOperatorMixin, bpy.types.Operator):
    """Copy an action from the armature it was made on onto this one, its translations (root motion,
    pelvis bob) scaled by the ratio of the two characters' measured sizes; across skeletons (other names,
    other rest poses) each bone retargeted to point where its source bone points, the feet planted"""

    bl_idname = "overanim.transfer_action"
    bl_label = "Transfer Action"
    bl_options = {"REGISTER", "UNDO"}

    source: bpy.props.StringProperty(  # type: ignore[valid-type]
        name="Source", translation_context=CONTEXT, search=_search_source,
        description="The armature the clip was made on")
    action: bpy.props.StringProperty(  # type: ignore[valid-type]
        name="Action", translation_context=CONTEXT, search=_search_action,
        description="The clip to transfer (empty: the source's active action)")
    basis: basis_property()  # type: ignore[valid-type]
    region: region_property(search=_search_region)  # type: ignore[valid-type]
    scale_horizontal: scale_property(*SCALE_HORIZONTAL)  # type: ignore[valid-type]
    scale_vertical: scale_property(*SCALE_VERTICAL)  # type: ignore[valid-type]
    use_calibration: calibration_property()  # type: ignore[valid-type]
    plant_feet: plant_feet_property()  # type: ignore[valid-type]

    @classmethod
    def poll(cls, context: MaybeContext) -> bool:
        context = context_of(context)
        if find_armature(context) is None:
            return refuse_poll(cls, Message("Select the target armature (or a mesh it deforms)"))
        return True

    def _settings(self, target: bpy.types.Object) -> dict[str, Any]:
        """Each field as given, else as the target's Transfer panel holds it (F3 and the Object menu give
        none: the panel's Source, Action and the rest are what the artist set)."""
        panel = overanim(target).transfer
        values: dict[str, Any] = {}
        for name in FIELDS:
            if self.properties.is_property_set(name):
                values[name] = getattr(self, name)
            else:
                held = getattr(panel, name)
                values[name] = (held.name if held is not None else "") if name in ("source", "action") else held
        return values

    def run(self, context):
        target = require_armature(context)
        values = self._settings(target)
        if not values["source"]:
            raise OverAnimError(Message("Choose the source armature: the one the clip was made on"))
        source = bpy.data.objects.get(values["source"])
        if source is None:
            raise OverAnimError(Message("There is no object named '{name}'", name=values["source"]))
        action = None
        if values["action"]:
            action = bpy.data.actions.get(values["action"])
            if action is None:
                raise OverAnimError(Message("There is no action named '{name}'", name=values["action"]))
        options = TransferOptions(source=source, action=action, basis=values["basis"], region=values["region"],
                                  scale_horizontal=values["scale_horizontal"],
                                  scale_vertical=values["scale_vertical"], use_calibration=values["use_calibration"],
                                  plant_feet=values["plant_feet"])
        return list(transfer_action(context, target, options).log)


classes = (OVERANIM_OT_transfer_action,)
register, unregister = bpy.utils.register_classes_factory(classes)
