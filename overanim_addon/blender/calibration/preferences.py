"""Studio defaults for the reference sizes, kept in the add-on's preferences."""

from __future__ import annotations

import dataclasses
from typing import Any

import bpy

from ...core.calibration import FIELDS, CalibrationSettings
from ...core.log import Level
from ...core.messages import Message
from ..i18n import tr
from ..shared.operators import ArmatureOperatorMixin
from ..shared.scene import require_armature
from ..shared.typed import layout_of, overanim, preferences_of
from .properties import _property, apply_settings, settings_from_properties

# the top-level package: "overanim_addon" from a checkout, "bl_ext.<repo>.overanim" when installed
ADDON_ID = __package__.rsplit(".", 2)[0] if __package__ else "overanim_addon"
STUDIO_FIELDS = [spec for spec in FIELDS if spec.unit != "bone"]


class OVERANIM_AP_preferences(bpy.types.AddonPreferences):
    bl_idname = ADDON_ID
    __annotations__ = {spec.name: _property(spec) for spec in STUDIO_FIELDS}

    def draw(self, context: bpy.types.Context) -> None:
        layout = layout_of(self)
        layout.use_property_split = True
        layout.label(text=tr("Studio defaults applied by 'Apply Studio Defaults' and to the sample character"),
                     translate=False)
        for spec in STUDIO_FIELDS:
            if spec.unit == "cm":  # the unit beside each length, as in the Calibration panel
                row = layout.row()
                row.prop(self, spec.name)
                row.label(text="cm", translate=False)
            else:
                layout.prop(self, spec.name)


def studio_defaults(context: bpy.types.Context) -> CalibrationSettings:
    """The studio's defaults, or the spec's when the add-on is not enabled through Preferences
    (registered from a checkout)."""
    addon = preferences_of(context).addons.get(ADDON_ID)
    if addon is None or addon.preferences is None:
        return CalibrationSettings()
    prefs: Any = addon.preferences
    return CalibrationSettings(**{spec.name: getattr(prefs, spec.name) for spec in STUDIO_FIELDS})


class OVERANIM_OT_apply_studio_defaults(ArmatureOperatorMixin, bpy.types.Operator):
    """Set the armature's calibration to the studio defaults from the add-on preferences"""

    bl_idname = "overanim.apply_studio_defaults"
    bl_label = "Apply Studio Defaults"

    def run(self, context):
        armature = require_armature(context)
        props = overanim(armature).calibration
        keep_root = settings_from_properties(props).locomotion_root_bone  # a rig choice, not a studio one
        defaults = studio_defaults(context)
        apply_settings(props, dataclasses.replace(defaults, locomotion_root_bone=keep_root))
        return [(Level.INFO, Message("Calibration set to the studio defaults"))]


classes = (OVERANIM_AP_preferences, OVERANIM_OT_apply_studio_defaults)
register, unregister = bpy.utils.register_classes_factory(classes)
