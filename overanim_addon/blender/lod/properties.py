"""What the LOD coverage check keeps on the armature: its table, for the Region Masks panel."""

from __future__ import annotations

from typing import Annotated, Any

import bpy

from ..i18n import CONTEXT
from ..shared.overrides import kept_on_overrides
from ..shared.rna_fields import rna_fields


@kept_on_overrides
@rna_fields
class OVERANIM_PG_lod_row(bpy.types.PropertyGroup):
    """One (Region, LOD) line of the coverage table."""

    region: Annotated[str, bpy.props.StringProperty()]
    lod: Annotated[int, bpy.props.IntProperty()]
    covered: Annotated[bool, bpy.props.BoolProperty()]
    attachment_dependency: Annotated[bool, bpy.props.BoolProperty()]
    verdict: Annotated[str, bpy.props.StringProperty()]


# what this feature keeps on the armature: fields of ``Object.overanim`` (gathered in blender/properties.py)
OBJECT_PROPERTIES: dict[str, Any] = {
    "lod_rows": bpy.props.CollectionProperty(type=OVERANIM_PG_lod_row, name="LOD Coverage",
                                             translation_context=CONTEXT),
}
classes = (OVERANIM_PG_lod_row,)
register, unregister = bpy.utils.register_classes_factory(classes)
