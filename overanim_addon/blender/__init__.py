"""The Blender side of OverAnim: one package per feature, each registering its own classes (its
``__init__.py``), between what they all stand on. ``register``/``unregister`` run them in order
and in reverse; the sidebar's order is the panels' own ``bl_order`` (shared/panels.py), not this one."""

from __future__ import annotations

import atexit

import bpy

from . import (
    calibration,
    checks,
    compose,
    export,
    foot_ik,
    lod,
    masks,
    measure,
    motion,
    properties,
    regions,
    sample,
    transfer,
    translations,
    ui,
)

# Transfer's panel sits in Motion's: motion first. Otherwise the features' order is free
FEATURES = (calibration, regions, masks, lod, compose, checks, measure, export, sample, foot_ik, motion, transfer)
# the translations and the sidebar's main panel before the features (their panels sit in it),
# Object.overanim after them (it holds the features' property groups)
MODULES = (translations, ui, *FEATURES, properties)

_registered = False


def register() -> None:
    global _registered
    if _registered:  # register() twice in a row must not fail nor register twice
        unregister()
    for module in MODULES:
        module.register()
    _registered = True
    if not bpy.app.binary_path:
        # Inside the bpy module (pip) the interpreter hangs at exit while Python classes are still
        # registered: a script that registers and never unregisters would never end. Blender itself
        # (binary_path set) unregisters add-ons on quit.
        atexit.register(_unregister_at_exit)


def unregister() -> None:
    global _registered
    atexit.unregister(_unregister_at_exit)
    if not _registered:
        return
    for module in reversed(MODULES):
        module.unregister()
    _registered = False


def _unregister_at_exit() -> None:
    if _registered:
        unregister()
