"""Export for Unreal: the rig, its meshes and LODs, the packed masks and the property curves as FBX."""

from ..shared.registration import register_modules_factory
from . import operators

MODULES = (operators,)  # registered in this order, unregistered in reverse
register, unregister = register_modules_factory(MODULES)
