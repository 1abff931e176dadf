"""Calibrated action transfer: one clip onto characters of every size (its panel sits in Motion's)."""

from ..shared.registration import register_modules_factory
from . import map_ops, map_ui, operators, properties, ui

MODULES = (properties, operators, map_ops, ui, map_ui)  # registered in this order, unregistered in reverse
register, unregister = register_modules_factory(MODULES)
