"""The hand-off to Unreal: measured results as plain custom properties on the armature object.

Unreal imports FBX user properties as asset metadata, and Blender's FBX exporter writes an object's
custom properties when "Custom Properties" is on. Names:

- ``OverAnim_CharacterHeightCS`` / ``...WS``, ``OverAnim_CharacterScaleCS`` / ``...WS``,
  ``OverAnim_LocomotionHeightCS/WS``, ``OverAnim_LocomotionScaleCS/WS``,
  ``OverAnim_GroundProbeRadiusCS/WS``, ``OverAnim_GroundProbeScaleCS/WS``: floats, lengths in cm;
- ``OverAnim_LocomotionRootBone``: the bone locomotion height was measured from (string);
- per Region, ``OverAnim_Region_<Key>_<Value>`` with <Key> the Region's name key (``core.naming``:
  the rule every derived name follows) and <Value> one of ``SpanLength``, ``BoundsRadius``,
  ``ChainLength``, ``AverageBoneLength`` (cm), ``SpanScale``, ``BoundsRadiusScale``,
  ``ChainLengthScale``, ``AverageBoneLengthScale`` (0 = no measurement), ``OffsetReferenceLength``,
  ``FocalReferenceRadius`` (cm), and what the Region's settings resolve to in both spaces:
  ``MotionScaleCS`` / ``MotionScaleWS`` (its Measurement Basis through ``try_resolve_scale``; 0
  when the basis cannot resolve) and ``SpatialDistanceCS`` / ``SpatialDistanceWS`` (cm, its
  Spatial Calibration through ``resolve_spatial_distance``).

Every property written here starts with ``OverAnim_`` and says in its description that it is
computed. Measuring again replaces the measurement's own properties (the names above, stale
Region ones of removed Regions included) and leaves every other ``OverAnim_`` property (foot IK,
export...) alone.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import asdict, dataclass
from types import MappingProxyType
from typing import Any

import bpy

from ...core import MotionMeasurementScales, ResolvedCharacterProportions, ResolvedRegionProportions
from ...core.errors import OverAnimError
from ...core.measurement import RegionCalibration, ScaleClamp
from ...core.messages import Message, joined
from ...core.naming import derived_name, region_key, region_keys
from ...core.skeleton import BoneEnd, TipPoint
from ..shared.names import PREFIX, ROOT_BONE
from ..shared.overrides import mark_overridable
from ..shared.typed import property_ui

REGION_PREFIX = f"{PREFIX}Region_"
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
    "MotionScaleCS": ("motion_scale_cs", "",
                      "Region motion scale (Measurement Basis), component space; 0 = the basis cannot resolve"),
    "MotionScaleWS": ("motion_scale_ws", "",
                      "Region motion scale (Measurement Basis), world space; 0 = the basis cannot resolve"),
    "SpatialDistanceCS": ("spatial_distance_cs", "cm",
                          "Region spatial distance (Spatial Calibration), component space"),
    "SpatialDistanceWS": ("spatial_distance_ws", "cm", "Region spatial distance (Spatial Calibration), world space"),
}


CHARACTER_NAMES = frozenset({f"{PREFIX}{key}{space}" for key in CHARACTER_PROPS for space in ("CS", "WS")}
                            | {ROOT_BONE})


def owned(name: str) -> bool:
    """A custom property Measure writes and replaces. Other features' ``OverAnim_`` properties
    (foot IK, export) share the armature and must survive a measurement."""
    return name in CHARACTER_NAMES or name.startswith(REGION_PREFIX)


def region_properties(region_name: str) -> dict[str, str]:
    """Suffix (a key of REGION_PROPS) -> the Region's custom-property name."""
    key = region_key(region_name)
    return {suffix: derived_name(REGION_PREFIX, key, f"_{suffix}") for suffix in REGION_PROPS}


@dataclass(frozen=True)
class RegionResult:
    name: str
    bones: tuple[str, ...]
    proportions: ResolvedRegionProportions  # CS: the rig's own lengths
    proportions_ws: ResolvedRegionProportions
    calibration: RegionCalibration  # measurement scales, motion scale, spatial distance (CS and WS)
    settings: Mapping[str, Any]  # the Region's Measurement Basis and Spatial Calibration inputs (read-only)
    leaves: tuple[tuple[str, BoneEnd], ...] = ()  # its bones with no child joint, measured to their tails (CS)
    tip: TipPoint | None = None  # where its longest chain ends, joint to joint: what Motion follows

    def __post_init__(self) -> None:
        object.__setattr__(self, "settings", MappingProxyType(dict(self.settings)))

    @property
    def scales(self) -> MotionMeasurementScales:
        return self.calibration.scales_cs

    def notes(self) -> list[Message]:
        """Where a length came from a leaf bone's own tail (it has no child joint to end at)."""
        if not self.leaves:
            return []
        parts = []
        for bone, end in self.leaves:
            if end.skin_reach is None:
                parts.append(Message("'{bone}' {length:.1f} cm (no mesh bounds it)", bone=bone, length=end.length))
            elif end.cut_by_skin:
                parts.append(Message("'{bone}' {tail:.1f} cm, cut to {length:.1f} cm where the skin it deforms ends",
                                     bone=bone, tail=end.tail_length, length=end.length))
            else:
                parts.append(Message("'{bone}' {length:.1f} cm (within the skin it deforms)", bone=bone,
                                     length=end.length))
        return [Message("Region '{region}': lengths from leaf bones' own tails (no child joint): {leaves}",
                        region=self.name, leaves=joined(parts, ", "))]

    def warnings(self) -> list[Message]:
        c = self.calibration
        if c.motion_resolved_cs and c.motion_resolved_ws:
            return []
        return [Message("Region '{region}': Measurement Basis {basis} cannot resolve (no such Region measurement): "
                        "its motion scale is written as 0", region=self.name,
                        basis=self.settings["measurement_basis"])]


@dataclass(frozen=True)
class MeasurementResults:
    character: ResolvedCharacterProportions
    locomotion_root_bone: str
    root_was_automatic: bool
    regions: tuple[RegionResult, ...]
    clamps: tuple[ScaleClamp, ...] = ()  # every scale clamped to the character-scale range
    scale_range: tuple[float, float] = (0.25, 4.0)

    def clamp_report(self) -> list[Message]:
        """One line naming every clamped scale with the ratio it had (empty when none was)."""
        if not self.clamps:
            return []
        items = [Message("{scale} {ratio:.3g}×", scale=c.scale, ratio=c.ratio) if not c.region else
                 Message("Region '{region}' {scale} {space} {ratio:.3g}×", region=c.region, scale=c.scale,
                         space=c.space, ratio=c.ratio) for c in self.clamps]
        low, high = self.scale_range
        return [Message("Scales clamped to Minimum/Maximum Character Scale ({low:g} to {high:g}), with the ratio each "
                        "had: {scales}", low=low, high=high, scales=joined(items, ", "))]

    def properties(self) -> dict[str, tuple[Any, str, str]]:
        """Custom property name -> (value, unit, description)."""
        out: dict[str, tuple[Any, str, str]] = {}
        for key, (attr, unit, text) in CHARACTER_PROPS.items():
            for space, space_name in (("CS", "component space"), ("WS", "world space")):
                out[f"{PREFIX}{key}{space}"] = (
                    float(getattr(self.character, f"{attr}_{space.lower()}")), unit, f"{text}, {space_name}"
                )
        how = "chosen automatically" if self.root_was_automatic else "set in Locomotion Root Bone"
        out[ROOT_BONE] = (self.locomotion_root_bone, "", f"Locomotion root bone ({how})")
        region_keys([region.name for region in self.regions])  # refuses names that cannot be keyed
        for region in self.regions:
            c = region.calibration
            values = {**asdict(region.proportions), **asdict(region.scales),
                      "offset_reference_length": region.proportions.offset_reference_length(),
                      "focal_reference_radius": region.proportions.focal_reference_radius(),
                      "motion_scale_cs": c.motion_scale_cs, "motion_scale_ws": c.motion_scale_ws,
                      "spatial_distance_cs": c.spatial_distance_cs, "spatial_distance_ws": c.spatial_distance_ws}
            names = region_properties(region.name)
            for suffix, (attr, unit, text) in REGION_PROPS.items():
                out[names[suffix]] = (
                    float(values[attr]), unit, f"{text}, Region '{region.name}'")
        broken = [name for name, (value, _, _) in out.items() if isinstance(value, float) and not math.isfinite(value)]
        if broken:
            raise OverAnimError(Message("The measurement gave no number for {names}: look for bones or vertices at "
                                        "NaN/inf positions (Checks)", names=", ".join(broken[:3])))
        return out


def write(obj: bpy.types.Object, results: MeasurementResults) -> int:
    """Replace the measurement's own custom properties of ``obj`` (``owned``) with ``results``.
    Every name and value is computed and checked before the first write, so a failure (a name
    clash, a NaN) writes nothing and the previous results stay."""
    props = results.properties()
    for name in [k for k in obj.keys() if owned(k) and k not in props]:  # noqa: SIM118 (IDs are not iterable)
        del obj[name]
    for name, (value, unit, text) in props.items():
        obj[name] = value
        mark_overridable(obj, name)  # a library override of this rig can measure it again
        description = f"{text}{' (cm)' if unit == 'cm' else ''}. {COMPUTED}"
        ui = property_ui(obj, name)
        if isinstance(value, float):
            ui.update(description=description, min=0.0, soft_min=0.0, soft_max=1000.0 if unit else 10.0,
                      precision=3)
        else:
            ui.update(description=description)
    return len(props)


def read(obj: bpy.types.Object) -> Mapping[str, Any]:
    """The OverAnim_ custom properties currently on ``obj``."""
    return {k: obj[k] for k in obj.keys() if k.startswith(PREFIX)}  # noqa: SIM118 (IDs are not iterable)
