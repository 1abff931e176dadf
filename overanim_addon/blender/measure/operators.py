from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Any

import bpy
from bpy_extras.io_utils import ExportHelper

from ...core.log import Level
from ...core.messages import Message
from ..calibration.properties import settings_from_properties
from ..shared.names import CHARACTER_HEIGHT_CS
from ..shared.object_data import overanim
from ..shared.operators import (
    ArmatureOperatorMixin,
    OverAnimOperatorMixin,
    poll_armature_with,
)
from ..shared.scene import require_armature
from ..shared.typed import MaybeContext, has_property
from . import results as results_module
from .engine import MeasureOptions, measure_proportions


class OVERANIM_OT_measure_proportions(ArmatureOperatorMixin, bpy.types.Operator):
    """Measure the rig in its rest pose (cm) and write the results on the armature as OverAnim_* custom
    properties"""

    bl_idname = "overanim.measure_proportions"
    bl_label = "Measure Proportions"

    def run(self, context):
        return measure_proportions(context, require_armature(context), MeasureOptions()).log


# the stubs type bpy_extras' ExportHelper.invoke against Operator.invoke inconsistently
class OVERANIM_OT_export_results_json(OverAnimOperatorMixin, bpy.types.Operator, ExportHelper):  # type: ignore[misc]
    """Save the measured results of the armature (lengths in cm) as a JSON file"""

    if TYPE_CHECKING:
        filepath: str  # ExportHelper's

    bl_idname = "overanim.export_results_json"
    bl_label = "Export Results (JSON)"
    bl_options = {"REGISTER"}
    filename_ext = ".json"
    filter_glob: bpy.props.StringProperty(default="*.json", options={"HIDDEN"})  # type: ignore[valid-type]

    @classmethod
    def poll(cls, context: MaybeContext) -> bool:
        return poll_armature_with(cls, context, lambda armature: has_property(armature, CHARACTER_HEIGHT_CS),
                                  lambda name: Message("'{name}' has no results yet: Measure Proportions first",
                                                       name=name))

    def run(self, context):
        armature = require_armature(context, writable=False)
        # exactly what Unreal receives through FBX: the custom properties, plus the settings used
        payload: dict[str, Any] = {
            "armature": armature.name,
            "units": "cm",
            "calibration": settings_from_properties(overanim(armature).calibration).as_dict(),
            "custom_properties": dict(results_module.read(armature)),
        }
        path = Path(bpy.path.abspath(self.filepath))
        try:
            path.write_text(json.dumps(payload, indent=2, default=str))
        except OSError as error:
            return [(Level.ERROR, Message("Could not write {path}: {reason}", path=str(path), reason=error.strerror))]
        return [(Level.INFO, Message("Saved {name}", name=path.name))]


classes = (OVERANIM_OT_measure_proportions, OVERANIM_OT_export_results_json)
register, unregister = bpy.utils.register_classes_factory(classes)
