"""Measure: the rig's proportions and their scales, written as custom properties for Unreal."""

from ..shared.registration import register_modules_factory
from . import operators, ui

MODULES = (operators, ui)  # registered in this order, unregistered in reverse
register, unregister = register_modules_factory(MODULES)
