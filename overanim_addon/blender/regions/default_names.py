"""A new Region takes its Bone Collection's name: when a collection is picked for a Region that still
has the default name ("Region", "Region.002"), the Region is named after it. No property may have an
update callback (see masks/live/lifecycle.py: the bpy 4.2 module crashes at exit), so
``depsgraph_update_pre``, which Blender calls after any property change, compares each Region's
collection with the one it saw last; a Region seen for the first time is only remembered, so a file's
Regions are never renamed by being opened."""

from __future__ import annotations

import re
from collections.abc import Collection

import bpy
from bpy.app.handlers import persistent

from ..shared.typed import overanim

DEFAULT_NAME = "Region"
_DEFAULT = re.compile(r"Region(\.\d{3,})?")
# (armature session_uid, Region index) -> its bone collection when last seen
_seen: dict[tuple[int, int], str] = {}


def unique_name(base: str, taken: Collection[str]) -> str:
    """``base``, or ``base.002``, ``base.003``... the first not in ``taken``."""
    name, n = base, 1
    while name in taken:
        n += 1
        name = f"{base}.{n:03d}"
    return name


def remember(armature: bpy.types.Object) -> None:
    """See the armature's Regions as they are now (a Region just added: its pick is the next change)."""
    for index, region in enumerate(overanim(armature).regions):
        _seen[armature.session_uid, index] = region.bone_collection


def name_picked_regions() -> list[str]:
    """Name each default-named Region whose collection changed since last seen; returns the new names."""
    named = []
    for armature in bpy.data.objects:
        if armature.type != "ARMATURE" or armature.library is not None:
            continue
        regions = overanim(armature).regions
        for index, region in enumerate(regions):
            key, collection = (armature.session_uid, index), region.bone_collection
            before = _seen.get(key)
            _seen[key] = collection
            if before is None or before == collection or not collection or not _DEFAULT.fullmatch(region.name):
                continue
            region.name = unique_name(collection, {r.name for r in regions if r != region})
            named.append(region.name)
    return named


@persistent
def _on_depsgraph_update_pre(*_args: object) -> None:
    name_picked_regions()


def register() -> None:
    _seen.clear()
    bpy.app.handlers.depsgraph_update_pre.append(_on_depsgraph_update_pre)


def unregister() -> None:
    handlers = bpy.app.handlers.depsgraph_update_pre
    for function in [f for f in handlers if getattr(f, "__name__", "") == _on_depsgraph_update_pre.__name__
                     and getattr(f, "__module__", "") == __name__]:
        handlers.remove(function)
    _seen.clear()
