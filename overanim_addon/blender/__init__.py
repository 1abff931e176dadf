"""The Blender side of OverAnim: properties, operators and the sidebar. Each feature module has
``register``/``unregister``; they run in this order and in reverse."""

from __future__ import annotations

import atexit

import bpy

from . import properties, translations, ui
from .calibration import preferences as calibration_preferences
from .calibration import presets as calibration_presets
from .calibration import properties as calibration_properties
from .calibration import ui as calibration_ui
from .checks import operators as checks_operators
from .checks import properties as checks_properties
from .checks import ui as checks_ui
from .compose import operators as compose_operators
from .export import operators as export_operators
from .foot_ik import operators as foot_ik_operators
from .foot_ik import properties as foot_ik_properties
from .foot_ik import ui as foot_ik_ui
from .lod import operators as lod_operators
from .lod import properties as lod_properties
from .masks import live as masks_live
from .masks import operators as masks_operators
from .masks import ui as masks_ui
from .measure import operators as measure_operators
from .measure import ui as measure_ui
from .motion import operators as motion_operators
from .motion import properties as motion_properties
from .motion import ui as motion_ui
from .regions import operators as regions_operators
from .regions import properties as regions_properties
from .regions import ui as regions_ui
from .sample import operators as sample_operators
from .transfer import operators as transfer_operators
from .transfer import properties as transfer_properties
from .transfer import ui as transfer_ui

MODULES = (
    translations,
    calibration_properties,
    regions_properties,
    checks_properties,
    lod_properties,
    foot_ik_properties,
    motion_properties,
    transfer_properties,
    properties,
    calibration_preferences,
    calibration_presets,
    regions_operators,
    masks_operators,
    lod_operators,
    compose_operators,
    masks_live,
    checks_operators,
    measure_operators,
    export_operators,
    sample_operators,
    foot_ik_operators,
    motion_operators,
    transfer_operators,
    ui,
    # sub-panels in the order they are registered: what would make a measurement wrong first, then
    # Measure with its results, then the settings (Calibration starts closed)
    checks_ui,
    measure_ui,
    calibration_ui,
    # Region Masks (the actions and what they drew) above the Regions list and its settings, as Measure
    # stands above Calibration
    masks_ui,
    regions_ui,
    foot_ik_ui,
    motion_ui,
    transfer_ui,
)

_registered = False


def register() -> None:
    global _registered
    if _registered:  # register() twice in a row must not fail nor register twice
        unregister()
    for module in MODULES:
        module.register()
    _registered = True
    if not bpy.app.binary_path:
        # Inside the bpy module (pip) the interpreter hangs at exit while Python classes are still
        # registered: a script that registers and never unregisters would never end. Blender itself
        # (binary_path set) unregisters add-ons on quit.
        atexit.register(_unregister_at_exit)


def unregister() -> None:
    global _registered
    atexit.unregister(_unregister_at_exit)
    if not _registered:
        return
    for module in reversed(MODULES):
        module.unregister()
    _registered = False


def _unregister_at_exit() -> None:
    if _registered:
        unregister()
