"""Make the checkout importable and the add-on registered, whether this runs under
``blender --background --python`` or plain ``python`` with the bpy module."""

from __future__ import annotations

import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def script_args() -> list[str]:
    """Arguments after ``--`` under Blender; the usual ones under plain Python."""
    argv = sys.argv
    if "--" in argv:
        return argv[argv.index("--") + 1:]
    return argv[1:] if not Path(argv[0]).name.startswith("blender") else []


def ensure_registered():  # type: ignore[no-untyped-def]
    """Register the add-on from the checkout unless it is already on (installed extension).
    Returns the function to call at the end (bpy 4.5 hangs at exit with classes registered)."""
    import bpy

    if hasattr(bpy.types.Object, "overanim"):
        return lambda: None
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    import overanim_addon

    overanim_addon.register()
    return overanim_addon.unregister


def addon_version() -> str | None:
    """The version in the manifest of the add-on whose operators run: the installed extension's when
    it was already on, else the checkout's."""
    import bpy

    cls = getattr(bpy.types, "OVERANIM_OT_measure_proportions", None)
    module = sys.modules.get(cls.__module__) if cls is not None else None
    start = Path(module.__file__).parent if module is not None and module.__file__ else ROOT / "overanim_addon"
    for folder in [start, *start.parents][:5]:
        manifest = folder / "blender_manifest.toml"
        if manifest.is_file():
            return str(tomllib.loads(manifest.read_text(encoding="utf-8")).get("version"))
    return None
