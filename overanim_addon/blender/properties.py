"""The add-on's data on an armature object: ``Object.overanim``, one group holding what each
feature keeps on the rig. Each feature declares its fields (``OBJECT_PROPERTIES`` of its
properties module); only gathering them and attaching the group is armature-wide."""

from __future__ import annotations

from collections.abc import Iterable
from types import ModuleType
from typing import TYPE_CHECKING, Any

import bpy
from bpy.app.handlers import persistent

from .calibration import properties as calibration
from .checks import properties as checks
from .export import properties as export
from .foot_ik import properties as foot_ik
from .lod import properties as lod
from .masks import properties as masks
from .measure import properties as measure
from .motion import properties as motion
from .regions import properties as regions
from .shared import computed_on
from .shared.overrides import give_references_groups, kept_on_overrides
from .transfer import properties as transfer

if TYPE_CHECKING:
    from .calibration.properties import OVERANIM_PG_calibration
    from .checks.properties import OVERANIM_PG_check
    from .foot_ik.properties import OVERANIM_PG_foot_ik
    from .lod.properties import OVERANIM_PG_lod_row
    from .masks.properties import OVERANIM_PG_painted_region
    from .motion.properties import OVERANIM_PG_motion
    from .regions.region import OVERANIM_PG_region
    from .transfer.properties import OVERANIM_PG_transfer

FEATURES = (calibration, regions, checks, lod, foot_ik, motion, transfer, measure, masks, export)


def object_properties(features: Iterable[ModuleType]) -> dict[str, Any]:
    """The features' fields in one table; a name claimed twice is a mistake, not an override."""
    fields: dict[str, Any] = {}
    for feature in features:
        claimed = fields.keys() & feature.OBJECT_PROPERTIES.keys()
        if claimed:
            raise ValueError(f"{feature.__name__} declares Object.overanim fields already declared: {sorted(claimed)}")
        fields.update(feature.OBJECT_PROPERTIES)
    return fields


@kept_on_overrides
class OVERANIM_PG_object(bpy.types.PropertyGroup):
    if TYPE_CHECKING:  # the features' fields, as mypy sees them (tests: test_property_types.py)
        calibration: OVERANIM_PG_calibration
        regions: bpy.types.bpy_prop_collection_idprop[OVERANIM_PG_region]
        active_region_index: int
        checks: bpy.types.bpy_prop_collection_idprop[OVERANIM_PG_check]
        checks_run: bool
        lod_rows: bpy.types.bpy_prop_collection_idprop[OVERANIM_PG_lod_row]
        foot_ik: OVERANIM_PG_foot_ik
        motion: OVERANIM_PG_motion
        transfer: OVERANIM_PG_transfer
        show_results: bool
        masks_painted: bool
        painted_regions: bpy.types.bpy_prop_collection_idprop[OVERANIM_PG_painted_region]
        live_preview: bool
        last_export: str
    __annotations__: dict[str, Any] = object_properties(FEATURES)


classes = (OVERANIM_PG_object,)


@persistent
def _before_saving(*_args: object) -> None:
    """Blender records an override's differences when the file is written, after this runs."""
    give_references_groups(bpy.data.objects)
    computed_on.refresh_names(bpy.data.objects)  # a renamed rig's records stay its own after reloading


@persistent
def _after_loading(*_args: object) -> None:
    """The records of the file just opened are their armatures' own in this session (computed_on.py)."""
    computed_on.adopt(bpy.data.objects)


HANDLERS = (("save_pre", _before_saving), ("load_post", _after_loading))


def register() -> None:
    for cls in classes:
        bpy.utils.register_class(cls)
    bpy.types.Object.overanim = bpy.props.PointerProperty(  # type: ignore[attr-defined]
        type=OVERANIM_PG_object, override={"LIBRARY_OVERRIDABLE"})  # kept with a library override (overrides.py)
    for event, function in HANDLERS:
        getattr(bpy.app.handlers, event).append(function)


def unregister() -> None:
    for event, ours in HANDLERS:
        handlers = getattr(bpy.app.handlers, event)
        for function in [f for f in handlers if getattr(f, "__name__", "") == ours.__name__
                         and getattr(f, "__module__", "") == __name__]:
            handlers.remove(function)
    del bpy.types.Object.overanim  # type: ignore[attr-defined]
    for cls in reversed(classes):
        bpy.utils.unregister_class(cls)
