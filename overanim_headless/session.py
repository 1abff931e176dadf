"""The add-on under bpy, for the headless scripts (the batch's worker, the demo, the benchmarks):
their arguments whether they run under ``blender --background --python`` or plain ``python`` with
the bpy module, the add-on registered, and which add-on that is. Importing this does not import bpy."""

from __future__ import annotations

import hashlib
import importlib
import sys
import tomllib
from collections.abc import Callable
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parents[1]  # the checkout
CHECKOUT_ADDON = "overanim_addon"


def script_args() -> list[str]:
    """Arguments after ``--`` under Blender; the usual ones under plain Python."""
    argv = sys.argv
    if "--" in argv:
        return argv[argv.index("--") + 1:]
    return argv[1:] if not Path(argv[0]).name.startswith("blender") else []


def ensure_registered() -> Callable[[], None]:
    """Register the add-on from the checkout unless it is already on (installed extension).
    Returns the function to call at the end (bpy 4.5 hangs at exit with classes registered)."""
    import bpy

    if hasattr(bpy.types.Object, "overanim"):
        return lambda: None
    import overanim_addon

    overanim_addon.register()
    return overanim_addon.unregister


def addon() -> ModuleType:
    """The add-on package whose classes are registered: the installed extension's
    (``bl_ext.<repository>.overanim``) when it was already on, else the checkout's."""
    import bpy

    cls = getattr(bpy.types, "OVERANIM_OT_measure_proportions", None)
    module = getattr(cls, "__module__", "") or ""
    return importlib.import_module(module.partition(".blender.")[0] if ".blender." in module else CHECKOUT_ADDON)


def addon_module(name: str) -> ModuleType:
    """``addon_module("blender.pipeline")``: a module of the registered add-on. Its engines are the
    ones to call: they match the properties registered, whichever copy registered them."""
    return importlib.import_module(f"{addon().__name__}.{name}")


def addon_version() -> str | None:
    """The version in the manifest of the add-on whose operators run (see ``addon``)."""
    package = addon()
    start = Path(package.__file__).parent if package.__file__ else ROOT / CHECKOUT_ADDON
    for folder in [start, *start.parents][:5]:
        manifest = folder / "blender_manifest.toml"
        if manifest.is_file():
            return str(tomllib.loads(manifest.read_text(encoding="utf-8")).get("version"))
    return None


def addon_digest() -> str | None:
    """SHA-256 of the source of the add-on whose operators run (its .py and .toml files, by path):
    results depend on the code, and a patched add-on keeps its version number."""
    package = addon()
    if not package.__file__:
        return None
    folder = Path(package.__file__).parent
    digest = hashlib.sha256()
    for path in sorted(p for p in folder.rglob("*") if p.suffix in (".py", ".toml") and p.is_file()):
        digest.update(f"{path.relative_to(folder).as_posix()}\n".encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()
