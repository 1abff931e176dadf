"""A new Region takes its Bone Collection's name: when a collection is picked for a Region that still
has the default name ("Region", "Region.002"), the Region is named after it. No property may have an
update callback (see masks/live/lifecycle.py: the bpy 4.2 module crashes at exit), so after each
update the Regions of the armatures it changed (a pick in the panel tags its rig; ``shared/updates``
reads them from what Blender lists as changed, so an update costs nothing more in a big scene) are
compared with what was seen last. Every Region is seen when a file loads, after undo and redo
and when the add-on is enabled; one seen for the first time is only remembered, so a file's
Regions are never renamed by being opened."""

from __future__ import annotations

import re
from collections.abc import Collection, Iterable

import bpy
from bpy.app.handlers import persistent

from ..shared.object_data import overanim
from ..shared.updates import follow, unfollow

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


def remember_all() -> None:
    """See every Region of the file as it is (a file loaded, an undo step: nothing was picked)."""
    _seen.clear()
    for obj in bpy.data.objects:
        if obj.type == "ARMATURE":
            remember(obj)


def name_picked_regions(armatures: Iterable[bpy.types.Object]) -> list[str]:
    """Name each default-named Region of ``armatures`` whose collection changed since last seen;
    returns the new names."""
    named = []
    for armature in armatures:
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


def _follow(objects: list[bpy.types.Object]) -> None:
    name_picked_regions(objects)


@persistent
def _see_all(*_args: object) -> None:
    remember_all()


def _first_look() -> None:
    """After register (``bpy.data`` cannot be read while it runs): the open file's Regions."""
    remember_all()


HANDLERS = (("load_post", _see_all), ("undo_post", _see_all), ("redo_post", _see_all))


def register() -> None:
    _seen.clear()
    follow(_follow)
    for name, function in HANDLERS:
        getattr(bpy.app.handlers, name).append(function)
    # persistent: a timer a file load drops (it never runs in the bpy module) crashes bpy 4.2 at exit
    bpy.app.timers.register(_first_look, first_interval=0.0, persistent=True)


def unregister() -> None:
    if bpy.app.timers.is_registered(_first_look):
        bpy.app.timers.unregister(_first_look)
    for name, ours in HANDLERS:
        handlers = getattr(bpy.app.handlers, name)
        for function in [f for f in handlers if getattr(f, "__name__", "") == ours.__name__
                         and getattr(f, "__module__", "") == __name__]:
            handlers.remove(function)
    unfollow(_follow)
    _seen.clear()
