"""What the checks keep on the armature: their findings, for the Checks panel."""

from __future__ import annotations

from typing import Annotated, Any

import bpy

from ..i18n import CONTEXT
from ..shared.overrides import kept_on_overrides
from ..shared.rna_fields import rna_fields


@kept_on_overrides
@rna_fields
class OVERANIM_PG_check(bpy.types.PropertyGroup):
    """One pre-flight or LOD finding, kept for the Checks panel."""

    check_id: Annotated[str, bpy.props.StringProperty()]
    severity: Annotated[str, bpy.props.StringProperty()]
    message: Annotated[str, bpy.props.StringProperty()]  # English
    message_data: Annotated[str, bpy.props.StringProperty()]  # the message as JSON (core.messages), for translation
    fix: Annotated[str, bpy.props.StringProperty()]
    alternative: Annotated[str, bpy.props.StringProperty()]  # another fix to choose instead, or ""
    region: Annotated[str, bpy.props.StringProperty()]  # the Region it is about, or ""


# what this feature keeps on the armature: fields of ``Object.overanim`` (gathered in blender/properties.py)
OBJECT_PROPERTIES: dict[str, Any] = {
    "checks": bpy.props.CollectionProperty(type=OVERANIM_PG_check, name="Checks", translation_context=CONTEXT),
    "checks_run": bpy.props.BoolProperty(name="Checks Run", default=False, translation_context=CONTEXT,
                                         description="Checks have run on this armature"),
}
classes = (OVERANIM_PG_check,)
register, unregister = bpy.utils.register_classes_factory(classes)
