"""What Export for Unreal keeps on the armature: the last export in short (summary.py)."""

from __future__ import annotations

from typing import Any

import bpy

from ..i18n import CONTEXT

# what this feature keeps on the armature: fields of ``Object.overanim`` (gathered in blender/properties.py)
OBJECT_PROPERTIES: dict[str, Any] = {
    "last_export": bpy.props.StringProperty(
        options={"HIDDEN"}, translation_context=CONTEXT,
        description="What the last Export for Unreal wrote, in short, as JSON (export/summary.py)"),
}
