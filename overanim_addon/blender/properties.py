"""The add-on's data on an armature object: ``Object.overanim``."""

from __future__ import annotations

from typing import Any

import bpy

from .calibration.properties import OVERANIM_PG_calibration
from .foot_ik.properties import OVERANIM_PG_foot_ik
from .i18n import CONTEXT
from .motion.properties import OVERANIM_PG_motion
from .overrides import kept_on_overrides
from .regions.properties import OVERANIM_PG_region
from .transfer.properties import OVERANIM_PG_transfer


@kept_on_overrides
class OVERANIM_PG_check(bpy.types.PropertyGroup):
    """One pre-flight or LOD finding, kept for the Checks panel."""

    __annotations__: dict[str, Any] = {
        "check_id": bpy.props.StringProperty(),
        "severity": bpy.props.StringProperty(),
        "message": bpy.props.StringProperty(),  # English
        "message_data": bpy.props.StringProperty(),  # the message as JSON (core.messages), for translation
        "fix": bpy.props.StringProperty(),
        "region": bpy.props.StringProperty(),  # the Region it is about, or ""
    }


@kept_on_overrides
class OVERANIM_PG_lod_row(bpy.types.PropertyGroup):
    """One (Region, LOD) line of the coverage table."""

    __annotations__: dict[str, Any] = {
        "region": bpy.props.StringProperty(),
        "lod": bpy.props.IntProperty(),
        "covered": bpy.props.BoolProperty(),
        "attachment_dependency": bpy.props.BoolProperty(),
        "verdict": bpy.props.StringProperty(),
    }


@kept_on_overrides
class OVERANIM_PG_object(bpy.types.PropertyGroup):
    __annotations__: dict[str, Any] = {
        "calibration": bpy.props.PointerProperty(type=OVERANIM_PG_calibration, name="Calibration",
                                                 translation_context=CONTEXT),
        "regions": bpy.props.CollectionProperty(type=OVERANIM_PG_region, name="Regions", translation_context=CONTEXT),
        "active_region_index": bpy.props.IntProperty(name="Active Region", default=0, min=0,
                                                     translation_context=CONTEXT),
        "checks": bpy.props.CollectionProperty(type=OVERANIM_PG_check, name="Checks", translation_context=CONTEXT),
        "checks_run": bpy.props.BoolProperty(name="Checks Run", default=False, translation_context=CONTEXT,
                                             description="Checks have run on this armature"),
        "lod_rows": bpy.props.CollectionProperty(type=OVERANIM_PG_lod_row, name="LOD Coverage",
                                                 translation_context=CONTEXT),
        "foot_ik": bpy.props.PointerProperty(type=OVERANIM_PG_foot_ik, name="Foot IK", translation_context=CONTEXT),
        "motion": bpy.props.PointerProperty(type=OVERANIM_PG_motion, name="Motion", translation_context=CONTEXT),
        "transfer": bpy.props.PointerProperty(type=OVERANIM_PG_transfer, name="Transfer",
                                              translation_context=CONTEXT),
        # UI state kept with the rig: the Results section opens when a measurement is written (a panel
        # cannot open itself; a layout panel's open state can be a property), and the preview legend
        # shows what the last paint drew until Clear Preview
        "show_results": bpy.props.BoolProperty(
            name="Results", default=False, options=set(), translation_context=CONTEXT,
            description="Show the measured results (opens after each measurement)"),
        "masks_painted": bpy.props.BoolProperty(
            name="Masks Painted", default=False, options=set(), translation_context=CONTEXT,
            description="Region masks are painted (until Clear Preview)"),
        "last_export": bpy.props.StringProperty(
            options={"HIDDEN"}, translation_context=CONTEXT,
            description="What the last Export for Unreal wrote, in short, as JSON (export/summary.py)"),
        # no update callback: one on a PropertyGroup crashes the bpy 4.2 module at exit. Set by the
        # Live Preview button or by a script alike, masks/live (sync) carries it through
        "live_preview": bpy.props.BoolProperty(
            name="Live Preview", default=False, options=set(), translation_context=CONTEXT,
            description="On while the Region masks and the preview follow the mask fields and, in Weight Paint "
            "mode, the weights (the Live Preview button, or setting this from a script, turns it on and off)"),
    }


classes = (OVERANIM_PG_check, OVERANIM_PG_lod_row, OVERANIM_PG_object)


def register() -> None:
    for cls in classes:
        bpy.utils.register_class(cls)
    bpy.types.Object.overanim = bpy.props.PointerProperty(  # type: ignore[attr-defined]
        type=OVERANIM_PG_object, override={"LIBRARY_OVERRIDABLE"})  # kept with a library override (overrides.py)


def unregister() -> None:
    del bpy.types.Object.overanim  # type: ignore[attr-defined]
    for cls in reversed(classes):
        bpy.utils.unregister_class(cls)
