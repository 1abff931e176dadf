"""The sample character: a small skinned rig with Regions, for a first try and for the tests."""

from ..shared.registration import register_modules_factory
from . import operators

MODULES = (operators,)  # registered in this order, unregistered in reverse
register, unregister = register_modules_factory(MODULES)
