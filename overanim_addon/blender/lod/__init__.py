"""LOD coverage: is each Region present at each LOD (``_LOD<n>`` meshes) as its policy asks."""

from ..shared.registration import register_modules_factory
from . import operators, properties

MODULES = (properties, operators)  # registered in this order, unregistered in reverse
register, unregister = register_modules_factory(MODULES)
