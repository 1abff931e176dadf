"""Regions: a rig's named groups of bones (a Bone Collection each) and their settings."""

from ..shared.registration import register_submodules_factory

MODULES = ("properties", "default_names", "operators", "ui")  # registered in this order, unregistered in reverse
register, unregister = register_submodules_factory(__name__, MODULES)
