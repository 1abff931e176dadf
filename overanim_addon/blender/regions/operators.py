from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

import bpy

from ...core.errors import OverAnimError
from ...core.log import Level
from ...core.messages import Message
from ..i18n import CONTEXT
from ..shared.operators import (
    ArmatureOperatorMixin,
    OverAnimOperatorMixin,
    poll_armature_with,
)
from ..shared.overrides import library_name
from ..shared.scene import require_armature
from ..shared.typed import MaybeContext, armature_data, overanim
from .default_names import DEFAULT_NAME, remember, unique_name


@contextmanager
def from_the_library(armature: bpy.types.Object, region: str) -> Iterator[None]:
    """A library override cannot remove or reorder the Regions its library gave it (Blender refuses
    the collection change): say which, and where it can be done."""
    try:
        yield
    except TypeError:
        if armature.override_library is None:
            raise
        raise OverAnimError(Message("Region '{region}' comes from {library}: this library override can change it "
                                    "but not remove or move it; do that in {library}", region=region,
                                    library=library_name(armature))) from None


class OVERANIM_OT_region_add(ArmatureOperatorMixin, bpy.types.Operator):
    """Add a Region; it takes the active bone's collection when there is one"""

    bl_idname = "overanim.region_add"
    bl_label = "Add Region"

    def run(self, context):
        armature = require_armature(context)
        regions = overanim(armature).regions
        collection = armature_data(armature).collections.active
        name = unique_name(collection.name if collection is not None else DEFAULT_NAME, {r.name for r in regions})
        region = regions.add()
        region.name = name
        region.bone_collection = collection.name if collection is not None else ""
        overanim(armature).active_region_index = len(regions) - 1
        remember(armature)
        return [(Level.INFO, Message("Added Region '{name}'", name=name))]


class OVERANIM_OT_region_remove(OverAnimOperatorMixin, bpy.types.Operator):
    """Remove the active Region (or the one a check finding is about)"""

    bl_idname = "overanim.region_remove"
    bl_label = "Remove Region"
    bl_options = {"REGISTER", "UNDO"}

    region: bpy.props.StringProperty(  # type: ignore[valid-type]
        name="Region", translation_context=CONTEXT, options={"SKIP_SAVE"},
        description="The name of the Region to remove (empty: the active one)",
    )

    @classmethod
    def poll(cls, context: MaybeContext) -> bool:
        return poll_armature_with(cls, context, lambda armature: overanim(armature).regions,
                                  lambda name: Message("'{name}' has no Region to remove", name=name))

    def run(self, context):
        armature = require_armature(context)
        data = overanim(armature)
        active = min(data.active_region_index, len(data.regions) - 1)
        index = data.regions.find(self.region) if self.region else active
        if index < 0:
            raise OverAnimError(Message("'{name}' has no Region named '{region}'", name=armature.name,
                                        region=self.region))
        name = data.regions[index].name
        with from_the_library(armature, name):
            data.regions.remove(index)
        # the active Region stays the one it was; removing it makes the one above active
        data.active_region_index = max(0, active - 1) if index <= active else active
        for i in reversed(range(len(data.checks))):  # what the checks said about it went with it
            if data.checks[i].region == name:
                data.checks.remove(i)
        return [(Level.INFO, Message("Removed Region '{name}'", name=name))]


class OVERANIM_OT_region_move(OverAnimOperatorMixin, bpy.types.Operator):
    """Move the active Region up or down the list"""

    bl_idname = "overanim.region_move"
    bl_label = "Move Region"
    bl_options = {"REGISTER", "UNDO"}

    direction: bpy.props.EnumProperty(  # type: ignore[valid-type]
        name="Direction", translation_context=CONTEXT, items=[("UP", "Up", ""), ("DOWN", "Down", "")]
    )

    @classmethod
    def poll(cls, context: MaybeContext) -> bool:
        return poll_armature_with(
            cls, context, lambda armature: len(overanim(armature).regions) >= 2,
            lambda name: Message("'{name}' has fewer than two Regions: there is nothing to move past", name=name))

    def run(self, context):
        armature = require_armature(context)
        data = overanim(armature)
        index = data.active_region_index
        target = index - 1 if self.direction == "UP" else index + 1
        if not 0 <= target < len(data.regions):
            return []
        with from_the_library(armature, data.regions[index].name):
            data.regions.move(index, target)
        data.active_region_index = target
        return []


classes = (OVERANIM_OT_region_add, OVERANIM_OT_region_remove, OVERANIM_OT_region_move)
register, unregister = bpy.utils.register_classes_factory(classes)
