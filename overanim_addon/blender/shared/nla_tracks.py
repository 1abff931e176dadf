"""An NLA track of the add-on's own above the artist's animation, holding one action the add-on wrote
(the foot IK bake, the motion analysis' curves). The track is known by that action, not by its
name: the artist may name a track of theirs like ours, or drop strips of their own into it.
Removing takes away the action's strips, a track only when nothing else is left in it, and the
action when nothing else uses it. The artist's action goes down into the NLA and back by
``foot_ik.nla.push_down`` and ``bring_back``, the same way for every feature."""

from __future__ import annotations

from typing import Any, Literal

import bpy

from ...core.errors import OverAnimError
from ...core.messages import Message
from .typed import animation_data_of


def refuse_tweak_mode(obj: bpy.types.Object) -> None:
    """Nothing is baked, analysed, transferred or removed while the object edits an NLA strip: the
    tweaked strip's action stands in for the active one until the artist leaves tweak mode."""
    if obj.animation_data is not None and obj.animation_data.use_tweak_mode:
        raise OverAnimError(Message("'{name}' is in NLA tweak mode: leave it (Tab in the NLA editor) first",
                                    name=obj.name))


def strips_of(armature: bpy.types.Object, action: bpy.types.Action | None) -> list[tuple[Any, Any]]:
    """(track, strip) of every strip playing ``action`` in the armature's NLA."""
    adt = armature.animation_data
    if adt is None or action is None:
        return []
    return [(track, strip) for track in adt.nla_tracks for strip in track.strips if strip.action == action]


def tracks_of(armature: bpy.types.Object, action: bpy.types.Action | None) -> list[Any]:
    found: list[Any] = []
    for track, _strip in strips_of(armature, action):
        if track not in found:
            found.append(track)
    return found


def remove(armature: bpy.types.Object, action: bpy.types.Action | None) -> int:
    """Remove the strips of ``action``, the tracks they leave empty, and the action itself when nothing
    else uses it (the caller has dropped its own reference first). Returns the tracks removed."""
    removed = 0
    for track, strip in strips_of(armature, action):
        track.strips.remove(strip)
        if not track.strips:
            animation_data_of(armature).nla_tracks.remove(track)
            removed += 1
    if action is not None and action.users == 0:
        bpy.data.actions.remove(action)
    return removed


def add_track(armature: bpy.types.Object, name: str, action: bpy.types.Action, slot: Any, start: int,
              blend_type: Literal["REPLACE", "COMBINE", "ADD", "SUBTRACT", "MULTIPLY"]) -> Any:
    """A new track on top of the stack playing ``action`` from frame ``start``, nothing outside its keys
    (the artist's animation plays untouched there)."""
    adt = armature.animation_data or armature.animation_data_create()
    adt.use_nla = True
    track = adt.nla_tracks.new()
    track.name = name
    strip = track.strips.new(name, start, action)
    strip.blend_type = blend_type
    strip.extrapolation = "NOTHING"
    if slot is not None:
        strip.action_slot = slot
    return track
