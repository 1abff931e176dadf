"""Calibration: the proportion calibration settings of a rig, the studio defaults and presets."""

from ..shared.registration import register_modules_factory
from . import preferences, presets, properties, ui

MODULES = (properties, preferences, presets, ui)  # registered in this order, unregistered in reverse
register, unregister = register_modules_factory(MODULES)
