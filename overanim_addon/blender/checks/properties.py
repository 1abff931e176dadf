"""What the checks keep on the armature: their findings, for the Checks panel."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import bpy

from ..i18n import CONTEXT
from ..shared.overrides import kept_on_overrides


@kept_on_overrides
class OVERANIM_PG_check(bpy.types.PropertyGroup):
    """One pre-flight or LOD finding, kept for the Checks panel."""

    if TYPE_CHECKING:  # the registered fields below, as mypy sees them (tests/blender/test_property_types.py)
        check_id: str
        severity: str
        message: str
        message_data: str
        fix: str
        region: str
    __annotations__: dict[str, Any] = {
        "check_id": bpy.props.StringProperty(),
        "severity": bpy.props.StringProperty(),
        "message": bpy.props.StringProperty(),  # English
        "message_data": bpy.props.StringProperty(),  # the message as JSON (core.messages), for translation
        "fix": bpy.props.StringProperty(),
        "region": bpy.props.StringProperty(),  # the Region it is about, or ""
    }


# what this feature keeps on the armature: fields of ``Object.overanim`` (gathered in blender/properties.py)
OBJECT_PROPERTIES: dict[str, Any] = {
    "checks": bpy.props.CollectionProperty(type=OVERANIM_PG_check, name="Checks", translation_context=CONTEXT),
    "checks_run": bpy.props.BoolProperty(name="Checks Run", default=False, translation_context=CONTEXT,
                                         description="Checks have run on this armature"),
}
classes = (OVERANIM_PG_check,)
register, unregister = bpy.utils.register_classes_factory(classes)
