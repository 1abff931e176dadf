"""Delta composition: the Regions' mask-weighted delta shape keys in one shape key."""

from ..shared.registration import register_submodules_factory

MODULES = ("operators",)  # registered in this order, unregistered in reverse
register, unregister = register_submodules_factory(__name__, MODULES)
