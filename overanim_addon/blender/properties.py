"""The add-on's data on an armature object: ``Object.overanim``."""

from __future__ import annotations

from typing import Any

import bpy

from .calibration.properties import OVERANIM_PG_calibration
from .foot_ik.properties import OVERANIM_PG_foot_ik
from .regions.properties import OVERANIM_PG_region


class OVERANIM_PG_check(bpy.types.PropertyGroup):
    """One pre-flight or LOD finding, kept for the Checks panel."""

    __annotations__: dict[str, Any] = {
        "check_id": bpy.props.StringProperty(),
        "severity": bpy.props.StringProperty(),
        "message": bpy.props.StringProperty(),
        "fix": bpy.props.StringProperty(),
    }


class OVERANIM_PG_lod_row(bpy.types.PropertyGroup):
    """One (Region, LOD) line of the coverage table."""

    __annotations__: dict[str, Any] = {
        "region": bpy.props.StringProperty(),
        "lod": bpy.props.IntProperty(),
        "covered": bpy.props.BoolProperty(),
        "attachment_dependency": bpy.props.BoolProperty(),
        "verdict": bpy.props.StringProperty(),
    }


class OVERANIM_PG_object(bpy.types.PropertyGroup):
    __annotations__: dict[str, Any] = {
        "calibration": bpy.props.PointerProperty(type=OVERANIM_PG_calibration),
        "regions": bpy.props.CollectionProperty(type=OVERANIM_PG_region),
        "active_region_index": bpy.props.IntProperty(name="Active Region", default=0, min=0),
        "checks": bpy.props.CollectionProperty(type=OVERANIM_PG_check),
        "checks_run": bpy.props.BoolProperty(default=False, description="Checks have run on this armature"),
        "lod_rows": bpy.props.CollectionProperty(type=OVERANIM_PG_lod_row),
        "foot_ik": bpy.props.PointerProperty(type=OVERANIM_PG_foot_ik),
    }


classes = (OVERANIM_PG_check, OVERANIM_PG_lod_row, OVERANIM_PG_object)


def register() -> None:
    for cls in classes:
        bpy.utils.register_class(cls)
    bpy.types.Object.overanim = bpy.props.PointerProperty(type=OVERANIM_PG_object)  # type: ignore[attr-defined]


def unregister() -> None:
    del bpy.types.Object.overanim  # type: ignore[attr-defined]
    for cls in reversed(classes):
        bpy.utils.unregister_class(cls)
