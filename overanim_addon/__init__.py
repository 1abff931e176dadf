"""OverAnim for Blender: proportion calibration and Region masks for characters bound for Unreal.

This module must not import ``bpy`` at import time: ``overanim_addon.core`` is used from plain
Python. The Blender layer is imported lazily by ``register()``.
"""

from __future__ import annotations


def register() -> None:
    from .blender import register as register_blender

    register_blender()


def unregister() -> None:
    from .blender import unregister as unregister_blender

    unregister_blender()
