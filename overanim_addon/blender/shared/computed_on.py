"""Which armature a record kept on an armature was computed on (Foot IK's probe and bake, Motion's
analysis). A copy (Shift+D, Alt+D) carries the record with everything else on the object, so the
record keeps who computed it: a stamp ``<session>:<session_uid>:<name>`` (``STAMP``, a hidden string
field of the feature's group).

- In the session that wrote it, the object's ``session_uid`` tells the original from a copy (a
  rename keeps it; undo keeps it too).
- ``session_uid`` starts over in each file load and each Blender, so a stamp of another session is
  read by the name it keeps: ``adopt`` (after a file loads) gives the armature of that name this
  session's stamp, and ``refresh_names`` (before a save) writes an armature's current name into its
  own stamps, so a rename survives the save.
"""

from __future__ import annotations

import uuid
from collections.abc import Iterable
from typing import Any, cast

import bpy

from ...core.messages import Message

STAMP = "computed_on"  # the field each feature's group declares (hidden, a string)
_session = [uuid.uuid4().hex[:12]]  # this Blender, this file: renewed when a file loads (``adopt``)


def stamp(obj: bpy.types.Object) -> str:
    """The stamp of a record computed on ``obj`` now."""
    return f"{_session[0]}:{obj.session_uid}:{obj.name}"


def _parts(value: str) -> tuple[str, str, str] | None:
    parts = value.split(":", 2)
    return (parts[0], parts[1], parts[2]) if len(parts) == 3 else None


def copied_from(obj: bpy.types.Object, value: str) -> str | None:
    """The name of the armature a record stamped ``value`` was computed on, when that is not ``obj``
    (``obj`` is a copy of it); None when the record is ``obj``'s own or was never stamped."""
    parts = _parts(value)
    if parts is None:  # a record from before stamps: nothing to tell
        return None
    session, uid, name = parts
    if session == _session[0]:
        return None if uid == str(obj.session_uid) else name
    return None if name == obj.name else name  # another session's stamp: read by its name (``adopt``)


def copy_note(obj: bpy.types.Object, value: str, operator: str) -> Message | None:
    """What a panel says above a record that ``obj`` carries from the armature it was copied from."""
    name = copied_from(obj, value)
    if name is None:
        return None
    return Message("Computed on '{name}' before it was copied: run {operator} again for this copy", name=name,
                   operator=operator)


def _stamped_groups(obj: bpy.types.Object) -> list[Any]:
    """The groups of ``Object.overanim`` that keep a stamp (only a local armature is written). Reading a
    group makes it: one the armature does not have yet (never used with OverAnim) holds no record."""
    if obj.type != "ARMATURE" or obj.library is not None or not obj.is_property_set("overanim"):
        return []
    groups: Any = getattr(obj, "overanim")  # noqa: B009 (object_data.overanim would import every feature back)
    return [getattr(groups, p.identifier) for p in groups.bl_rna.properties
            if p.type == "POINTER" and STAMP in cast(Any, p).fixed_type.properties
            and groups.is_property_set(p.identifier)]


def adopt(objects: Iterable[bpy.types.Object]) -> None:
    """After a file loads: a new session; each record stamped with its armature's own name becomes
    that armature's in this session (a copy's names its original and stays the original's)."""
    _session[0] = uuid.uuid4().hex[:12]
    for obj in objects:
        for group in _stamped_groups(obj):
            parts = _parts(getattr(group, STAMP))
            if parts is not None and parts[2] == obj.name:
                setattr(group, STAMP, stamp(obj))


def refresh_names(objects: Iterable[bpy.types.Object]) -> None:
    """Before a save: an armature's own records keep its current name (it may have been renamed)."""
    for obj in objects:
        for group in _stamped_groups(obj):
            value = getattr(group, STAMP)
            if _parts(value) is not None and copied_from(obj, value) is None:
                setattr(group, STAMP, stamp(obj))
