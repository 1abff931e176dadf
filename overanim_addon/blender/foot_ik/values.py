"""The probe's values as custom properties on the armature object, ``OverAnim_FootIK_<Name>``:
offsets and the trace distance in cm, pitch and roll in degrees, hits 0 or 1 (floats, so they key
and blend like the others). Blender's FBX exporter writes an object's custom properties with their
value at the current frame only; Export for Unreal adds their animation to the file as curves Unreal
imports (``export/property_curves.py``, docs/foot-ik.md "the hand-off").
"""

from __future__ import annotations

from collections.abc import Mapping

import bpy

from ...core.foot_ik import VALUE_NAMES
from ...core.log import LogLine
from ..shared import computed_on
from ..shared.names import PREFIX
from ..shared.object_data import overanim
from ..shared.overrides import lost_on_save_warning, mark_overridable
from ..shared.typed import has_property, property_ui

FOOT_IK_PREFIX = f"{PREFIX}FootIK_"
DESCRIPTIONS = {
    "BodyOffset": ("cm", "Body (pelvis) offset: the lower of the two foot lifts"),
    "LeftOffset": ("cm", "Left foot offset above the body offset"),
    "RightOffset": ("cm", "Right foot offset above the body offset"),
    "LeftPitch": ("°", "Left foot pitch, positive when the ground rises ahead"),
    "LeftRoll": ("°", "Left foot roll, positive when the ground rises to the character's right"),
    "RightPitch": ("°", "Right foot pitch, positive when the ground rises ahead"),
    "RightRoll": ("°", "Right foot roll, positive when the ground rises to the character's right"),
    "LeftHit": ("", "1 when the left foot's ray met the ground, else 0"),
    "RightHit": ("", "1 when the right foot's ray met the ground, else 0"),
    "TraceDistance": ("cm", "The calibrated trace distance below the ground reference"),
}
assert tuple(DESCRIPTIONS) == VALUE_NAMES
COMPUTED = "Computed by OverAnim (Probe Ground / Bake Foot IK)"


def signed(value: float, digits: int) -> str:
    """``+1.25``, ``-0.50``, and ``+0.00`` for a value that only rounds to zero from below (a hit a
    float's width under the reference is no "-0.00")."""
    return f"{round(float(value), digits) + 0.0:+.{digits}f}"


def property_name(value_name: str) -> str:
    return f"{FOOT_IK_PREFIX}{value_name}"


def write(obj: bpy.types.Object, values: Mapping[str, float]) -> None:
    """Set the ten properties (creating them with units and descriptions the first time)."""
    overanim(obj).foot_ik.computed_on = computed_on.stamp(obj)  # a copy of this rig will say it carries them
    for name in VALUE_NAMES:
        key = property_name(name)
        obj[key] = float(values[name])
        mark_overridable(obj, key)  # a library override of this rig can probe and bake it again
        unit, text = DESCRIPTIONS[name]
        suffix = f" ({unit})" if unit else ""
        property_ui(obj, key).update(description=f"{text}{suffix}. {COMPUTED}", precision=3, default=0.0)


def override_warning(obj: bpy.types.Object, operator: str) -> list[LogLine]:
    """What a library override ``obj`` will not keep of the values just written (overrides.py)."""
    return list(lost_on_save_warning(obj, [property_name(name) for name in VALUE_NAMES], operator))


def read(obj: bpy.types.Object) -> dict[str, float]:
    """The values currently on ``obj`` (evaluated, when a bake animates them); empty if never probed."""
    return {name: float(obj[property_name(name)]) for name in VALUE_NAMES if has_property(obj, property_name(name))}


def remove(obj: bpy.types.Object) -> None:
    """Delete the ten properties (a removed bake takes the values it animated with it)."""
    for name in VALUE_NAMES:
        if has_property(obj, property_name(name)):
            del obj[property_name(name)]
