"""Region masks: painted into colour attributes with a false-colour preview, packed for Unreal,
following the fields and the weight brush while Live Preview is on."""

from ..shared.registration import register_modules_factory
from . import live, operators, properties, ui

MODULES = (properties, operators, live, ui)  # registered in this order, unregistered in reverse
register, unregister = register_modules_factory(MODULES)
