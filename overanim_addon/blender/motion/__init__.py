"""Motion features: what an action does, in cm, cm/s and cm/s², raw and calibrated (docs/motion.md)."""

from ..shared.registration import register_modules_factory
from . import operators, properties, ui

MODULES = (properties, operators, ui)  # registered in this order, unregistered in reverse
register, unregister = register_modules_factory(MODULES)
