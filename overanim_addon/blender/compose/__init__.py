"""Delta composition: the Regions' mask-weighted delta shape keys in one shape key."""

from ..shared.registration import register_modules_factory
from . import operators

MODULES = (operators,)  # registered in this order, unregistered in reverse
register, unregister = register_modules_factory(MODULES)
