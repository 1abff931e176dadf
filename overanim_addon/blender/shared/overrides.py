"""What a library override keeps. An animator's rig in a shot file is usually one: the armature
object an editable override, its data and its meshes still linked. Blender saves an override as its
differences from the library file, and only in properties marked overridable; the rest comes back
from the library when the file is opened again.

- The add-on's own settings (``Object.overanim``) are marked so (``kept_on_overrides``), and its
  collections (Regions, Checks, the bake's kept values) take items added on the override.
- An override cannot remove the items a collection got from its library (findings, LOD rows, a
  bake's kept values, Regions), only change them: lists that are replaced as a whole reuse those
  items and leave the ones not needed blank (``refill``, ``in_use``); a Region from the library is
  refused by name when it is removed or moved.
- A custom property is kept only when the library file has it, marked overridable: the add-on marks
  every ``OverAnim_`` property it creates (``mark_overridable``). One that a rig's library file
  lacks (it was never measured there) can be written on the override, but lasts only until the file
  is closed: ``lost_on_save`` names them, so the operator that wrote them says so.
- A group (``Object.overanim`` and each group in it) is made on a rig when first read. From 5.0,
  one the library rig never had stays missing in the linked copy (4.2 to 4.5 make it while
  comparing): Blender records the override as a replacement of the whole group, which it can apply
  to data-blocks only ("expected ID type" on reopening, the group's values lost). Before each save,
  ``give_references_groups`` makes every group on both sides, so the values are saved one by one.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, cast

import bpy

from ...core.log import Level, LogLine
from ...core.messages import Message, plural
from .typed import armature_data, has_property

NAMES_SHOWN = 3


def kept_on_overrides(cls: Any) -> Any:
    """Class decorator for a PropertyGroup: every one of its properties is saved with a library
    override (a collection also takes new items there; without it, ``add()`` is refused)."""
    for prop in cls.__annotations__.values():
        if not hasattr(prop, "keywords"):  # the "__annotations__: dict[...]" of the class body itself
            continue
        flags = {"LIBRARY_OVERRIDABLE"}
        if prop.function is bpy.props.CollectionProperty:
            flags.add("USE_INSERTION")
        prop.keywords.setdefault("override", flags)
    return cls


def _read_groups(group: Any) -> None:
    """Read every group under ``group``, in collection items too: reading makes one that is missing
    (in memory, also on linked data)."""
    for prop in group.bl_rna.properties:
        if prop.identifier == "rna_type":  # the group's type, not one of its fields
            continue
        if prop.type == "POINTER":
            value = getattr(group, prop.identifier)
            if isinstance(value, bpy.types.PropertyGroup):  # not a data-block
                _read_groups(value)
        elif prop.type == "COLLECTION":
            for item in getattr(group, prop.identifier):
                if isinstance(item, bpy.types.PropertyGroup):
                    _read_groups(item)


def give_references_groups(objects: Iterable[bpy.types.Object]) -> None:
    """Give the library rig of each override in ``objects`` every ``Object.overanim`` group, so that
    Blender saves the override's records field by field, and drop a replacement of a whole group
    recorded before (it fails on reopening)."""
    for obj in objects:
        override = obj.override_library
        if obj.type != "ARMATURE" or obj.library is not None or override is None or override.reference is None:
            continue
        _read_groups(cast(Any, obj).overanim)  # the override needs each group the library rig now has
        _read_groups(cast(Any, override.reference).overanim)
        for prop in [p for p in override.properties if _replaces_a_group(obj, p)]:
            override.properties.remove(prop)


def _replaces_a_group(obj: bpy.types.Object, prop: bpy.types.IDOverrideLibraryProperty) -> bool:
    path = prop.rna_path
    if path != "overanim" and not path.startswith("overanim."):
        return False
    if any(operation.operation != "REPLACE" for operation in prop.operations):
        return False
    try:
        return isinstance(obj.path_resolve(path), bpy.types.PropertyGroup)
    except ValueError:
        return False


def refill(collection: Any, count: int, key: str) -> list[Any]:
    """``count`` items to fill, in order, for a collection replaced as a whole. On a local rig
    they are new; an override keeps the items its library gave it: they are reused, and those not
    needed get an empty ``key`` (readers take ``in_use`` items only)."""
    collection.clear()  # every item of a local rig; of an override, the ones added here
    while len(collection) < count:
        collection.add()
    items = list(collection)
    for item in items[count:]:
        setattr(item, key, "")
    return items[:count]


def in_use(collection: Any, key: str) -> list[Any]:
    """The items of a collection written by ``refill``: not blank."""
    return [item for item in collection if getattr(item, key)]


def mark_overridable(obj: bpy.types.Object, name: str) -> None:
    """Let overrides of ``obj`` (made once its file is a library) keep their own value of ``name``."""
    obj.property_overridable_library_set(f'["{name}"]', True)


def library_name(obj: bpy.types.Object) -> str:
    """The library an override of ``obj`` comes from (the caller knows ``obj`` is an override)."""
    reference = cast(bpy.types.IDOverrideLibrary, obj.override_library).reference
    return reference.library.name if reference is not None and reference.library is not None else "its library"


def lost_on_save(obj: bpy.types.Object, names: Iterable[str]) -> list[str]:
    """Those custom properties of ``names`` that a library override ``obj`` does not keep in its
    file: its library file lacks them or does not mark them overridable (empty when ``obj`` is no
    override)."""
    override = obj.override_library
    reference = override.reference if override is not None else None
    if reference is None:
        return []
    return [name for name in names
            if not has_property(reference, name) or not reference.is_property_overridable_library(f'["{name}"]')]


def lost_on_save_warning(obj: bpy.types.Object, names: Iterable[str], operator: str) -> list[LogLine]:
    """A WARNING log line naming what ``operator`` wrote on the override ``obj`` that its file will
    not keep, and how to make it stay; nothing when everything is kept."""
    lost = lost_on_save(obj, names)
    if not lost:
        return []
    shown = ", ".join(lost[:NAMES_SHOWN])
    if len(lost) > NAMES_SHOWN:
        shown = Message("{names} (+{n} more)", names=shown, n=len(lost) - NAMES_SHOWN)
    library = library_name(obj)
    return [(Level.WARNING, Message(
            "'{name}' is a library override of {library}, which lacks {properties} written here ({names}): they "
            "work until the file is closed but are not saved with this file; run {operator} on the rig in {library} "
            "once to keep them", name=obj.name, library=library, names=shown, operator=operator,
            properties=plural(len(lost), "{n} property", "{n} properties")))]


def linked_data_reason(armature: bpy.types.Object, what: str) -> Message | None:
    """Why ``what`` (held by the armature data) cannot be changed here: the data is linked, as it
    stays under an override of the object."""
    library = armature_data(armature).library
    if library is None:
        return None
    return Message("The armature data '{data}' of '{name}' is linked from {library}: {what} cannot be changed "
                   "here; change it in {library}", data=armature_data(armature).name, name=armature.name,
                   library=library.name, what=what)
