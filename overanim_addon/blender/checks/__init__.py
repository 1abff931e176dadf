"""Checks: what would make a measurement or an export wrong, with one-click fixes where safe."""

from ..shared.registration import register_modules_factory
from . import operators, properties, ui

MODULES = (properties, operators, ui)  # registered in this order, unregistered in reverse
register, unregister = register_modules_factory(MODULES)
