"""What the LOD coverage check keeps on the armature: its table, for the Region Masks panel."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import bpy

from ..i18n import CONTEXT
from ..shared.overrides import kept_on_overrides


@kept_on_overrides
class OVERANIM_PG_lod_row(bpy.types.PropertyGroup):
    """One (Region, LOD) line of the coverage table."""

    if TYPE_CHECKING:  # the registered fields below, as mypy sees them (tests/blender/test_property_types.py)
        region: str
        lod: int
        covered: bool
        attachment_dependency: bool
        verdict: str
    __annotations__: dict[str, Any] = {
        "region": bpy.props.StringProperty(),
        "lod": bpy.props.IntProperty(),
        "covered": bpy.props.BoolProperty(),
        "attachment_dependency": bpy.props.BoolProperty(),
        "verdict": bpy.props.StringProperty(),
    }


# what this feature keeps on the armature: fields of ``Object.overanim`` (gathered in blender/properties.py)
OBJECT_PROPERTIES: dict[str, Any] = {
    "lod_rows": bpy.props.CollectionProperty(type=OVERANIM_PG_lod_row, name="LOD Coverage",
                                             translation_context=CONTEXT),
}
classes = (OVERANIM_PG_lod_row,)
register, unregister = bpy.utils.register_classes_factory(classes)
