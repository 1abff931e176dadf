"""Foot IK: the ground probed under the feet and the bake of IK targets that keep them on it."""

from ..shared.registration import register_modules_factory
from . import operators, properties, ui

MODULES = (properties, operators, ui)  # registered in this order, unregistered in reverse
register, unregister = register_modules_factory(MODULES)
