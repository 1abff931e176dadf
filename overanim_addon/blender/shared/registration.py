"""How a feature package registers: its modules in order, in reverse when it goes."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from types import ModuleType


def register_modules_factory(modules: Sequence[ModuleType]) -> tuple[Callable[[], None], Callable[[], None]]:
    """``register`` and ``unregister`` of a package (as ``bpy.utils.register_classes_factory`` for
    classes): its ``modules`` registered in that order (a property group before what holds it, a
    panel after the one it sits in), unregistered in reverse."""

    def register() -> None:
        for module in modules:
            module.register()

    def unregister() -> None:
        for module in reversed(modules):
            module.unregister()

    return register, unregister
