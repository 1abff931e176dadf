"""LOD coverage: is each Region present at each LOD (``_LOD<n>`` meshes) as its policy asks."""

from ..shared.registration import register_submodules_factory

MODULES = ("properties", "operators")  # registered in this order, unregistered in reverse
register, unregister = register_submodules_factory(__name__, MODULES)
