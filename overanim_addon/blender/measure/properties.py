"""What Measure keeps on the armature besides its results (custom properties, results.py)."""

from __future__ import annotations

from typing import Any

import bpy

from ..i18n import CONTEXT

# what this feature keeps on the armature: fields of ``Object.overanim`` (gathered in blender/properties.py)
OBJECT_PROPERTIES: dict[str, Any] = {
    # UI state kept with the rig: the Results section opens when a measurement is written (a panel
    # cannot open itself; a layout panel's open state can be a property)
    "show_results": bpy.props.BoolProperty(
        name="Results", default=False, options=set(), translation_context=CONTEXT,
        description="Show the measured results (opens after each measurement)"),
}
