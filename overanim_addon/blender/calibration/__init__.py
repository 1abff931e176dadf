"""Calibration: the proportion calibration settings of a rig, the studio defaults and presets."""

from ..shared.registration import register_submodules_factory

MODULES = ("properties", "preferences", "presets", "ui")  # registered in this order, unregistered in reverse
register, unregister = register_submodules_factory(__name__, MODULES)
