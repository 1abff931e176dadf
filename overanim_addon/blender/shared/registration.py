"""How a feature package registers: its modules in order, in reverse when it goes."""

from __future__ import annotations

import importlib
from collections.abc import Callable, Sequence


def register_submodules_factory(package: str, names: Sequence[str]) -> tuple[Callable[[], None], Callable[[], None]]:
    """``register`` and ``unregister`` of ``package`` (as ``bpy.utils.register_classes_factory`` for
    classes): its modules ``names`` registered in that order (a property group before what holds
    it, a panel after the one it sits in), unregistered in reverse. Imported only then, as Rigify
    does: another feature importing one of its engine modules does not import its operators and
    panels, which import other features in turn (a cycle)."""

    def register() -> None:
        for name in names:
            importlib.import_module(f"{package}.{name}").register()

    def unregister() -> None:
        for name in reversed(names):
            importlib.import_module(f"{package}.{name}").unregister()

    return register, unregister
