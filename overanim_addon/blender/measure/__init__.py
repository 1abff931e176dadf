"""Measure: the rig's proportions and their scales, written as custom properties for Unreal."""

from ..shared.registration import register_submodules_factory

MODULES = ("operators", "ui")  # registered in this order, unregistered in reverse
register, unregister = register_submodules_factory(__name__, MODULES)
