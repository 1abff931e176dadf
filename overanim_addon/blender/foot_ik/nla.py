"""The bake's place in the armature's NLA stack: the artist's action pushed down (as Blender's Push
Down does) and ``OverAnim_FootIK`` on top of it with blend type COMBINE; and the way back.

The bake is known by the action it wrote (``baked_action`` in the armature's Foot IK settings), not
by a name: the artist may name a track of theirs ``OverAnim_FootIK``, drop their own strips into
the bake's track or move the pushed-down walk there. Remove and a re-bake take away the bake's
strips, a track only when nothing else is left in it, and the action when nothing else uses it.
A file baked before bakes were recorded has its bake recognised by what it keys (``earlier_bake``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, cast

import bpy

from ...core.errors import OverAnimError
from ...core.foot_ik import VALUE_NAMES
from ...core.log import Level, LogLine
from ...core.messages import Message, plural
from ..shared import fcurves, nla_tracks
from ..shared.nla_tracks import refuse_tweak_mode
from ..shared.typed import animation_data_of, overanim
from . import values

BAKE_NAME = "OverAnim_FootIK"


def check_stack(armature: bpy.types.Object) -> None:
    """The states where a bake on top of the stack would not play as keyed."""
    refuse_tweak_mode(armature)
    adt = armature.animation_data
    if adt is None:
        return
    ours = bake_tracks(armature)
    others = [t for t in adt.nla_tracks if t not in ours]
    if any(t.is_solo for t in others):
        raise OverAnimError(Message("An NLA track of '{name}' is solo: the bake's track would not play; unsolo it",
                                    name=armature.name))
    if not adt.use_nla and others:
        raise OverAnimError(Message("The NLA of '{name}' is turned off: its tracks and the bake would not play",
                                    name=armature.name))


def baked_action(armature: bpy.types.Object) -> bpy.types.Action | None:
    """The action the last bake wrote: the one it recorded, or in a file baked before bakes were
    recorded, the one ``earlier_bake`` recognises."""
    return overanim(armature).foot_ik.baked_action or earlier_bake(armature)


def earlier_bake(armature: bpy.types.Object) -> bpy.types.Action | None:
    """In a file baked by an add-on that did not yet record its bake: the action of a strip on a
    track named like the bake's that keys every Foot IK value property (``values``), which only a
    bake writes. None where the bake is recorded, or where no such strip is found."""
    adt = armature.animation_data
    if overanim(armature).foot_ik.baked_action is not None or adt is None:
        return None
    wanted = {f'["{values.property_name(name)}"]' for name in VALUE_NAMES}
    for track in adt.nla_tracks:
        if track.name != BAKE_NAME:
            continue
        for strip in track.strips:
            action = strip.action
            if action is not None and wanted <= {c.data_path for c in fcurves.fcurves(
                    action, getattr(strip, "action_slot", None))}:
                return action
    return None


def bake_strips(armature: bpy.types.Object) -> list[tuple[bpy.types.NlaTrack, bpy.types.NlaStrip]]:
    """(track, strip) of every strip of the bake's action in the armature's NLA."""
    return nla_tracks.strips_of(armature, baked_action(armature))


def bake_tracks(armature: bpy.types.Object) -> list[bpy.types.NlaTrack]:
    """The tracks holding a strip of the bake (the artist's strips may be in them too)."""
    return nla_tracks.tracks_of(armature, baked_action(armature))


Detached = list[tuple[bpy.types.NlaStrip, bpy.types.Action | None, Any]]  # (strip, its action, its slot)


def detach_bake(armature: bpy.types.Object) -> Detached:
    """Take the bake out of the evaluation as if it were removed, until ``reattach``: its strips
    lose their action. Muting would not do: Blender still resets the channels of a muted strip to
    their defaults (the bake-only channels would lose their own values), and a muted track would
    silence the artist's strips in it too. The bake's record keeps the action a user meanwhile."""
    detached = [(strip, strip.action, getattr(strip, "action_slot", None)) for _track, strip in bake_strips(armature)]
    for strip, _action, _slot in detached:
        strip.action = None
    return detached


def reattach(detached: Detached) -> None:
    for strip, action, slot in detached:
        strip.action = action
        if slot is not None:
            strip.action_slot = slot


def animated_below(armature: bpy.types.Object) -> set[tuple[str, int]]:
    """(data path, index) of every channel the artist's animation writes: the active action and the
    strips of unmuted tracks but the bake's. A COMBINE layer adds to those channels' values; on any
    other channel it adds to the property's default (0, identity), not to its current value."""
    return fcurves.animated(armature, skip_action=baked_action(armature))


def _plays_alone(adt: Any) -> bool:
    """Blender blends the active action into the NLA (its blend type, influence and extrapolation)
    only when an unmuted track has strips; otherwise it plays whole, at the scene's frame."""
    return not any(t.strips for t in adt.nla_tracks if not t.mute)


def push_down(armature: bpy.types.Object, first: int, last: int) -> bpy.types.NlaTrack | None:
    """Blender's Push Down, through the API, so that the action plays from the NLA as it did active
    over the frames ``first`` to ``last``: the active action goes onto a new track at the top, in a
    strip with its slot, blending, influence and extrapolation; the action itself is not touched.
    Returns the new track (None: no active action).

    Two things Push Down alone would change are kept as they played: an active action is played at
    the scene's frame, its F-curves' cycles and extrapolation included, where a strip would end at
    its last key, so the strip spans the frames as well (frame for frame, nothing repeated; its Sync
    Length off, which would shrink it back after a tweak); and an
    action alone plays whole, where a strip would apply its blend type and influence, so it is
    pushed down as Replace at full influence (Remove gives the artist's settings back)."""
    adt = armature.animation_data
    if adt is None or adt.action is None:
        return None
    action, slot = adt.action, getattr(adt, "action_slot", None)
    alone = _plays_alone(adt)
    start, end = (float(f) for f in action.frame_range[:])
    extrapolation = "HOLD" if alone else adt.action_extrapolation
    keys = (start, end)
    if extrapolation != "NOTHING":  # only then is the active action played outside its keys
        start, end = min(start, first), max(end, last)
    track = adt.nla_tracks.new()
    track.name = unique_track_name(adt, action.name)  # the NLA editor shows whose animation it is
    strip = track.strips.new(action.name, round(start), action)
    strip.action_frame_start, strip.action_frame_end = start, end  # the strip's end follows
    if (start, end) != keys:  # or leaving tweak mode would shrink the strip back to the keys
        strip.use_sync_length = False
    if strip.frame_start != start:  # a fractional first frame: keep the timing exact
        strip.frame_start_ui = start
    strip.blend_type = "REPLACE" if alone else adt.action_blend_type
    strip.extrapolation = extrapolation
    if not alone and adt.action_influence < 1.0:  # what Push Down does too, or the influence would be lost
        strip.influence = adt.action_influence  # first: turning the animated influence on keys the value it finds
        strip.use_animated_influence = True
    if slot is not None:
        strip.action_slot = slot
    adt.action = None
    return track


def unique_track_name(adt: bpy.types.AnimData, name: str) -> str:
    """``name``, or ``name.001``... when a track has it already: Blender lets two tracks share a name
    (an importer's track of the same action, for one), and Remove finds the pushed track by it."""
    taken = {track.name for track in adt.nla_tracks}
    candidate, number = name, 0
    while candidate in taken:
        number += 1
        candidate = f"{name}.{number:03d}"
    return candidate


def _restore_blending(adt: bpy.types.AnimData, blending: tuple[str, str, float]) -> None:
    """The active action's blend type, extrapolation and influence as they were before the bake."""
    blend_type, extrapolation, influence = blending
    # stored as plain strings (StringProperty): Blender checks them against its enums here
    adt.action_blend_type, adt.action_extrapolation = cast(Any, blend_type), cast(Any, extrapolation)
    adt.action_influence = influence


def bring_back(armature: bpy.types.Object, action: bpy.types.Action, track_name: str,
               blending: tuple[str, str, float]) -> bool:
    """Undo ``push_down``: the track holding only ``action`` is removed and the action is active
    again with ``blending`` (blend type, extrapolation, influence: the artist's, from before the
    push). False when that is not possible any more (the artist has another active action, or
    changed that track)."""
    adt = armature.animation_data
    if adt is None or adt.action is not None:
        return False
    # the topmost of that name holding only the action: older files may share the name with another track
    track = next((t for t in reversed(adt.nla_tracks)
                  if t.name == track_name and len(t.strips) == 1 and t.strips[0].action == action), None)
    if track is None:
        return False
    slot = getattr(track.strips[0], "action_slot", None)
    adt.nla_tracks.remove(track)
    adt.action = action
    if slot is not None:
        adt.action_slot = slot
    _restore_blending(adt, blending)
    return True


@dataclass
class RemovedBake:
    strips: int = 0  # the bake's strips removed
    tracks: int = 0  # the bake's tracks removed with them (nothing else was left in them)
    kept: list[str] = field(default_factory=list)  # the bake's tracks left holding the artist's strips


def remove_bake(armature: bpy.types.Object) -> RemovedBake:
    """Remove the bake's strips, the tracks they leave empty, and its action when nothing else
    uses it (the artist may have put it to use elsewhere)."""
    settings, action = overanim(armature).foot_ik, baked_action(armature)
    removed = RemovedBake()
    tracks = bake_tracks(armature)
    for track in tracks:
        for strip in [s for s in track.strips if s.action == action]:
            track.strips.remove(strip)
            removed.strips += 1
        if len(track.strips):
            removed.kept.append(track.name)
        else:
            animation_data_of(armature).nla_tracks.remove(track)
            removed.tracks += 1
    settings.baked_action = None
    if action is not None and action.users == 0:
        bpy.data.actions.remove(action)
    return removed


def add_bake_track(armature: bpy.types.Object, action: bpy.types.Action, slot: Any, start: int) -> bpy.types.NlaTrack:
    track = nla_tracks.add_track(armature, BAKE_NAME, action, slot, start, "COMBINE")
    overanim(armature).foot_ik.baked_action = action
    return track


def _tracks_holding(adt: Any, action: bpy.types.Action) -> list[str]:
    def holds(strips: Any) -> bool:
        return any(s.action == action or (s.type == "META" and holds(s.strips)) for s in strips)

    return [track.name for track in adt.nla_tracks if holds(track.strips)]


def put_back_pushed(armature: bpy.types.Object, action: bpy.types.Action, track_name: str,
                    blending: tuple[str, str, float]) -> LogLine:
    """Where the action the bake pushed down goes on Remove, as (level, what the report says). Until
    then the bake's record of it is a user of it; after, it must have another, or the next save
    drops it: active again as before the bake (``bring_back``), else where the artist put it in the
    NLA, else active again or, when another action is active, on a muted track of its own."""
    if bring_back(armature, action, track_name, blending):
        return Level.INFO, Message("'{action}' is the active action again", action=action.name)
    adt = armature.animation_data or armature.animation_data_create()
    holding = _tracks_holding(adt, action)
    if holding:
        return Level.WARNING, plural(len(holding), "'{action}' stays in the NLA on track {tracks}",
                                     "'{action}' stays in the NLA on tracks {tracks}", action=action.name,
                                     tracks=", ".join(f"'{name}'" for name in holding))
    if adt.action is None:
        adt.action = action
        _restore_blending(adt, blending)
        return Level.INFO, Message("'{action}' is the active action again", action=action.name)
    track = adt.nla_tracks.new()
    track.name = unique_track_name(adt, action.name)
    track.strips.new(action.name, round(action.frame_range[0]), action)
    track.mute = True  # kept, not played: the artist plays another action now
    return Level.WARNING, Message("'{action}' is kept on the muted NLA track '{track}': the armature has another "
                                  "active action", action=action.name, track=track.name)
