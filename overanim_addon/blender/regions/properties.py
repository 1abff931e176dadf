"""What the Regions feature keeps on the armature: its Regions (``OVERANIM_PG_region``, the Region's
fields, declared with what is derived from them in ``shared/region.py``) and the active one."""

from __future__ import annotations

from typing import Any

import bpy

from ..i18n import CONTEXT
from .region import OVERANIM_PG_region

# what this feature keeps on the armature: fields of ``Object.overanim`` (gathered in blender/properties.py)
OBJECT_PROPERTIES: dict[str, Any] = {
    "regions": bpy.props.CollectionProperty(type=OVERANIM_PG_region, name="Regions", translation_context=CONTEXT),
    "active_region_index": bpy.props.IntProperty(name="Active Region", default=0, min=0, translation_context=CONTEXT),
}
classes = (OVERANIM_PG_region,)
register, unregister = bpy.utils.register_classes_factory(classes)
