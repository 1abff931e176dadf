"""The Details UI's calibration fields as Blender properties, generated from the core's FIELDS table
(labels, defaults, ranges and tooltips are the spec's, written once)."""

from __future__ import annotations

from typing import Annotated, Any, cast

import bpy

from ...core.calibration import FIELDS, CalibrationSettings, FieldSpec
from ..i18n import CONTEXT
from ..regions.properties import BASIS_ITEMS
from ..shared.overrides import kept_on_overrides
from ..shared.rna_fields import rna_fields

# Labels that read in full at the sidebar's default width: the Details UI name without "Reference"
# (the panel groups those under a "Reference Sizes" heading); the tooltip starts with the full name.
SHORT_LABELS = {
    "reference_character_height": "Character Height",
    "reference_locomotion_height": "Locomotion Height",
    "reference_ground_probe_radius": "Ground Probe Radius",
    "reference_region_span_length": "Region Span Length",
    "reference_region_bounds_radius": "Region Bounds Radius",
    "reference_region_chain_length": "Region Chain Length",
    "reference_average_bone_length": "Average Bone Length",
}


def label(spec: FieldSpec) -> str:
    return SHORT_LABELS.get(spec.name, spec.label)


def description(spec: FieldSpec, sentence: str | None = None) -> str:
    """The tooltip: the spec's sentence (or its translation), after the full Details UI name when
    the label is a shortened one."""
    sentence = spec.tooltip if sentence is None else sentence
    return f"{spec.label}. {sentence}" if spec.name in SHORT_LABELS else sentence


def _field(name: str) -> Any:
    """The property of the Details UI field ``name`` (its row of FIELDS)."""
    return _property(next(spec for spec in FIELDS if spec.name == name))


def _property(spec: FieldSpec) -> Any:
    common: dict[str, Any] = {"name": label(spec), "description": description(spec),
                              "translation_context": CONTEXT}
    if isinstance(spec.default, bool):
        return bpy.props.BoolProperty(default=spec.default, **common)
    if isinstance(spec.default, str):
        return bpy.props.StringProperty(default=spec.default, **common)
    kwargs: dict[str, Any] = {"default": float(cast(float, spec.default)), "precision": 2, **common}
    if spec.minimum is not None:
        kwargs["min"] = spec.minimum
    if spec.maximum is not None:
        kwargs["max"] = spec.maximum
    kwargs["step"] = 100 if spec.unit == "cm" else 5
    return bpy.props.FloatProperty(**kwargs)


# The actor motion's Measurement Basis (motion analysis): beside the Details UI's fields, not one of
# them; the same items as a Region's basis (a Region basis on actor motion fails, as the spec says)
MOTION_BASIS = bpy.props.EnumProperty(
    name="Actor Motion Basis", translation_context=CONTEXT, items=BASIS_ITEMS, default="AUTO",
    description="Which measured scale calibrates the actor's motion (Analyze Motion); Auto: the locomotion "
    "height scale",
)


@kept_on_overrides
@rna_fields
class OVERANIM_PG_calibration(bpy.types.PropertyGroup):
    """``FOverAnimProportionCalibrationSettings`` on one armature, and the actor motion's basis (each
    Details UI field from its row of the core's FIELDS; a test compares them with FIELDS)."""

    enable_automatic_calibration: Annotated[bool, _field("enable_automatic_calibration")]
    reference_character_height: Annotated[float, _field("reference_character_height")]
    locomotion_root_bone: Annotated[str, _field("locomotion_root_bone")]
    reference_locomotion_height: Annotated[float, _field("reference_locomotion_height")]
    reference_ground_probe_radius: Annotated[float, _field("reference_ground_probe_radius")]
    reference_region_span_length: Annotated[float, _field("reference_region_span_length")]
    reference_region_bounds_radius: Annotated[float, _field("reference_region_bounds_radius")]
    reference_region_chain_length: Annotated[float, _field("reference_region_chain_length")]
    reference_average_bone_length: Annotated[float, _field("reference_average_bone_length")]
    minimum_character_scale: Annotated[float, _field("minimum_character_scale")]
    maximum_character_scale: Annotated[float, _field("maximum_character_scale")]
    motion_basis: Annotated[str, MOTION_BASIS]


def settings_from_properties(props: Any) -> CalibrationSettings:
    """The plain core object the operators work with."""
    return CalibrationSettings(**{spec.name: getattr(props, spec.name) for spec in FIELDS})


def apply_settings(props: Any, settings: CalibrationSettings) -> None:
    for spec in FIELDS:
        setattr(props, spec.name, getattr(settings, spec.name))


# what this feature keeps on the armature: fields of ``Object.overanim`` (gathered in blender/properties.py)
OBJECT_PROPERTIES: dict[str, Any] = {
    "calibration": bpy.props.PointerProperty(type=OVERANIM_PG_calibration, name="Calibration",
                                             translation_context=CONTEXT),
}
classes = (OVERANIM_PG_calibration,)
register, unregister = bpy.utils.register_classes_factory(classes)
