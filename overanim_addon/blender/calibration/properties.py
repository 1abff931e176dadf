"""The Details UI's calibration fields as Blender properties, generated from the core's FIELDS table
(labels, defaults, ranges and tooltips are the spec's, written once)."""

from __future__ import annotations

from typing import Any

import bpy

from ...core.calibration import FIELDS, CalibrationSettings, FieldSpec


def _property(spec: FieldSpec) -> Any:
    common: dict[str, Any] = {"name": spec.label, "description": spec.tooltip}
    if isinstance(spec.default, bool):
        return bpy.props.BoolProperty(default=spec.default, **common)
    if isinstance(spec.default, str):
        return bpy.props.StringProperty(default=spec.default, **common)
    kwargs: dict[str, Any] = {"default": float(spec.default), "precision": 2, **common}
    if spec.minimum is not None:
        kwargs["min"] = spec.minimum
    if spec.maximum is not None:
        kwargs["max"] = spec.maximum
    kwargs["step"] = 100 if spec.unit == "cm" else 5
    return bpy.props.FloatProperty(**kwargs)


class OVERANIM_PG_calibration(bpy.types.PropertyGroup):
    """``FOverAnimProportionCalibrationSettings`` on one armature."""

    __annotations__ = {spec.name: _property(spec) for spec in FIELDS}


def settings_from_properties(props: Any) -> CalibrationSettings:
    """The plain core object the operators work with."""
    return CalibrationSettings(**{spec.name: getattr(props, spec.name) for spec in FIELDS})


def apply_settings(props: Any, settings: CalibrationSettings) -> None:
    for spec in FIELDS:
        setattr(props, spec.name, getattr(settings, spec.name))


classes = (OVERANIM_PG_calibration,)
register, unregister = bpy.utils.register_classes_factory(classes)
