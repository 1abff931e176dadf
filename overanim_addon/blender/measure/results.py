"""The hand-off to Unreal: measured results as plain custom properties on the armature object.

Unreal imports FBX user properties as asset metadata, and Blender's FBX exporter writes an object's
custom properties when "Custom Properties" is on. Names:

- ``OverAnim_CharacterHeightCS`` / ``...WS``, ``OverAnim_CharacterScaleCS`` / ``...WS``,
  ``OverAnim_LocomotionHeightCS/WS``, ``OverAnim_LocomotionScaleCS/WS``,
  ``OverAnim_GroundProbeRadiusCS/WS``, ``OverAnim_GroundProbeScaleCS/WS``: floats, lengths in cm;
- ``OverAnim_LocomotionRootBone``: the bone locomotion height was measured from (string);
- per Region, ``OverAnim_Region_<Name>_<Value>`` with <Name> the Region name with every character
  other than A-Z, a-z, 0-9 replaced by ``_`` and <Value> one of ``SpanLength``, ``BoundsRadius``,
  ``ChainLength``, ``AverageBoneLength`` (cm), ``SpanScale``, ``BoundsRadiusScale``,
  ``ChainLengthScale``, ``AverageBoneLengthScale`` (0 = no measurement), ``OffsetReferenceLength``,
  ``FocalReferenceRadius`` (cm).

Every property written here starts with ``OverAnim_`` and says in its description that it is
computed; measuring again replaces all of them at once (stale ones of removed Regions included).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import asdict, dataclass
from typing import Any

import bpy

from ...core import MotionMeasurementScales, ResolvedCharacterProportions, ResolvedRegionProportions
from ...core.errors import OverAnimError

PREFIX = "OverAnim_"
COMPUTED = "Computed by OverAnim (Measure Proportions); edits are overwritten when measuring again"

CHARACTER_PROPS = {
    "CharacterHeight": ("character_height", "cm", "Character height"),
    "CharacterScale": ("character_scale", "", "Character scale"),
    "LocomotionHeight": ("locomotion_height", "cm", "Locomotion height"),
    "LocomotionScale": ("locomotion_scale", "", "Locomotion scale"),
    "GroundProbeRadius": ("ground_probe_radius", "cm", "Ground-probe radius"),
    "GroundProbeScale": ("ground_probe_scale", "", "Ground-probe scale"),
}
REGION_PROPS = {
    "SpanLength": ("span_length", "cm", "Region endpoint span"),
    "BoundsRadius": ("bounds_radius", "cm", "Region bounds radius"),
    "ChainLength": ("chain_length", "cm", "Region chain length"),
    "AverageBoneLength": ("average_bone_length", "cm", "Region average bone length"),
    "SpanScale": ("region_span_scale", "", "Region span scale (0 = no measurement)"),
    "BoundsRadiusScale": ("region_bounds_radius_scale", "", "Region bounds-radius scale (0 = no measurement)"),
    "ChainLengthScale": ("region_chain_length_scale", "", "Region chain-length scale (0 = no measurement)"),
    "AverageBoneLengthScale": ("average_bone_length_scale", "", "Region average-bone scale (0 = no measurement)"),
    "OffsetReferenceLength": ("offset_reference_length", "cm", "Offset reference length"),
    "FocalReferenceRadius": ("focal_reference_radius", "cm", "Focal reference radius"),
}


def region_key(name: str) -> str:
    return re.sub(r"[^A-Za-z0-9]", "_", name)


@dataclass(frozen=True)
class RegionResult:
    name: str
    bones: tuple[str, ...]
    proportions: ResolvedRegionProportions
    scales: MotionMeasurementScales


@dataclass(frozen=True)
class MeasurementResults:
    character: ResolvedCharacterProportions
    locomotion_root_bone: str
    root_was_automatic: bool
    regions: tuple[RegionResult, ...]

    def properties(self) -> dict[str, tuple[Any, str, str]]:
        """Custom property name -> (value, unit, description)."""
        out: dict[str, tuple[Any, str, str]] = {}
        for key, (attr, unit, text) in CHARACTER_PROPS.items():
            for space, space_name in (("CS", "component space"), ("WS", "world space")):
                out[f"{PREFIX}{key}{space}"] = (
                    float(getattr(self.character, f"{attr}_{space.lower()}")), unit, f"{text}, {space_name}"
                )
        how = "chosen automatically" if self.root_was_automatic else "set in Locomotion Root Bone"
        out[f"{PREFIX}LocomotionRootBone"] = (self.locomotion_root_bone, "", f"Locomotion root bone ({how})")
        seen: dict[str, str] = {}
        for region in self.regions:
            key = region_key(region.name)
            if key in seen:
                raise OverAnimError(
                    f"Regions '{seen[key]}' and '{region.name}' give the same property name: rename one"
                )
            seen[key] = region.name
            values = {**asdict(region.proportions), **asdict(region.scales),
                      "offset_reference_length": region.proportions.offset_reference_length(),
                      "focal_reference_radius": region.proportions.focal_reference_radius()}
            for suffix, (attr, unit, text) in REGION_PROPS.items():
                out[f"{PREFIX}Region_{key}_{suffix}"] = (float(values[attr]), unit, f"{text}, Region '{region.name}'")
        return out

    def as_json(self) -> dict[str, Any]:
        return {
            "units": "cm",
            "character": asdict(self.character),
            "locomotion_root_bone": self.locomotion_root_bone,
            "locomotion_root_bone_automatic": self.root_was_automatic,
            "regions": {
                r.name: {
                    "bones": list(r.bones),
                    **asdict(r.proportions),
                    "offset_reference_length": r.proportions.offset_reference_length(),
                    "focal_reference_radius": r.proportions.focal_reference_radius(),
                    "measurement_scales": asdict(r.scales),
                }
                for r in self.regions
            },
        }


def write(obj: bpy.types.Object, results: MeasurementResults) -> int:
    """Replace every OverAnim_ custom property of ``obj`` with ``results``. Everything is computed
    before the first write, so a failure (e.g. a name clash) writes nothing."""
    props = results.properties()
    for name in [k for k in obj.keys() if k.startswith(PREFIX)]:  # noqa: SIM118 (IDs are not iterable)
        del obj[name]
    for name, (value, unit, text) in props.items():
        obj[name] = value
        description = f"{text}{' (cm)' if unit == 'cm' else ''}. {COMPUTED}"
        ui = obj.id_properties_ui(name)
        if isinstance(value, float):
            ui.update(description=description, min=0.0, soft_min=0.0, soft_max=1000.0 if unit else 10.0,
                      precision=3)
        else:
            ui.update(description=description)
    return len(props)


def read(obj: bpy.types.Object) -> Mapping[str, Any]:
    """The OverAnim_ custom properties currently on ``obj``."""
    return {k: obj[k] for k in obj.keys() if k.startswith(PREFIX)}  # noqa: SIM118 (IDs are not iterable)
