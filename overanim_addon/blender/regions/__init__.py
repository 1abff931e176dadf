"""Regions: a rig's named groups of bones (a Bone Collection each) and their settings."""

from ..shared.registration import register_modules_factory
from . import default_names, operators, properties, ui

MODULES = (properties, default_names, operators, ui)  # registered in this order, unregistered in reverse
register, unregister = register_modules_factory(MODULES)
