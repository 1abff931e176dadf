"""F-curves across Blender versions: 4.2 keeps them on ``Action.fcurves``; 4.4 made actions
layered (layers -> keyframe strips -> one channelbag per slot) and 5.0 removed ``Action.fcurves``.
Everything here works on 4.2 (and the real 4.3), 4.5 and 5.0; nothing else in the add-on touches
F-curves directly."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any, cast

import bpy
import numpy as np

from ..compat import is_layered, new_fcurve

LINEAR = 1  # the index of 'LINEAR' in a keyframe's interpolation enum (CONSTANT, LINEAR, BEZIER, ...)


def fcurves(action: bpy.types.Action, slot: Any = None) -> Iterator[bpy.types.FCurve]:
    """Every F-curve of ``action``; on layered actions only the channels of ``slot`` when given."""
    if not is_layered(action):
        legacy: Any = action  # 4.2/4.3: Action.fcurves (not in the 5.x stubs)
        yield from legacy.fcurves
        return
    for layer in action.layers:
        for strip in layer.strips:
            for bag in cast(bpy.types.ActionKeyframeStrip, strip).channelbags:
                if slot is None or bag.slot == slot:
                    yield from bag.fcurves


def _strip_actions(strips: Any) -> list[tuple[bpy.types.Action, Any]]:
    found = []
    for strip in strips:
        if strip.type == "META":
            found += _strip_actions(strip.strips)
        elif strip.action is not None and not strip.mute:
            found.append((strip.action, getattr(strip, "action_slot", None)))
    return found


@dataclass(frozen=True)
class Use:
    """One place an action plays on an owner: the active action or an NLA strip."""

    action: bpy.types.Action
    slot: Any  # the owner's slot of a layered action (4.4+); None on 4.2/4.3
    blend_type: str  # REPLACE, COMBINE, ADD, SUBTRACT, MULTIPLY


def _every_strip(strips: Any) -> Iterator[Use]:
    for strip in strips:
        if strip.type == "META":
            yield from _every_strip(strip.strips)
        elif strip.action is not None:
            yield Use(strip.action, getattr(strip, "action_slot", None), strip.blend_type)


def assigned(owner: Any) -> list[Use]:
    """Every use of an action in the animation of ``owner``: its active action and the strips of
    every NLA track, muted ones included (a muted track or a stash plays again once unmuted)."""
    adt = getattr(owner, "animation_data", None)
    if adt is None:
        return []
    uses = []
    if adt.action is not None:
        uses.append(Use(adt.action, getattr(adt, "action_slot", None), adt.action_blend_type))
    for track in adt.nla_tracks:
        uses += _every_strip(track.strips)
    return uses


def scale_values(curve: bpy.types.FCurve, factor: float, pivot: float = 0.0) -> None:
    """``pivot + factor * (value - pivot)`` for every value of ``curve``: its keys and both Bezier
    handles of each (so the curve between the keys scales too, whatever the handle types), and its
    baked samples. Blender serves these through a getter per key, not as raw arrays: the buffer is
    its own float32 (a float64 one costs a conversion per value), the arithmetic float64, one rounding."""
    for points, fields in ((curve.keyframe_points, ("co", "handle_left", "handle_right")),
                           (curve.sampled_points, ("co",))):
        if not len(points):
            continue
        pairs = np.empty(len(points) * 2, np.float32)
        for name in fields:
            points.foreach_get(name, pairs)
            values = pairs[1::2].astype(np.float64)  # (frame, value): the values only
            pairs[1::2] = pivot + factor * (values - pivot) if pivot else factor * values
            points.foreach_set(name, pairs)


def playing(owner: Any) -> list[tuple[bpy.types.Action, Any]]:
    """(action, slot) of what plays on ``owner``: its active action and the unmuted strips of its
    unmuted NLA tracks."""
    adt = getattr(owner, "animation_data", None)
    if adt is None:
        return []
    sources = []
    if adt.action is not None:
        sources.append((adt.action, getattr(adt, "action_slot", None)))
    for track in adt.nla_tracks:
        if not track.mute:
            sources += _strip_actions(track.strips)
    return sources


def animated(owner: Any, skip_action: Any = None) -> set[tuple[str, int]]:
    """(data path, index) of every channel the animation of ``owner`` keys: its active action and the
    unmuted strips of its unmuted NLA tracks (but the strips of ``skip_action``). Drivers are not keys."""
    return {(c.data_path, c.array_index) for action, slot in playing(owner)
            if skip_action is None or action != skip_action for c in fcurves(action, slot)}


class NewChannels:
    """A new action for one object, its slot (4.4+) and a way to add F-curves with keys."""

    def __init__(self, name: str, slot_name: str) -> None:
        self.action = bpy.data.actions.new(name)
        self.slot = None
        if is_layered(self.action):
            self.slot = self.action.slots.new(id_type="OBJECT", name=slot_name)
            strip = cast(bpy.types.ActionKeyframeStrip, self.action.layers.new(name).strips.new(type="KEYFRAME"))
            self._bag = strip.channelbags.new(self.slot)
        else:
            legacy: Any = self.action  # 4.2/4.3: Action.id_root (not in the 5.x stubs)
            legacy.id_root = "OBJECT"

    def add(self, data_path: str, index: int, group: str, frames: np.ndarray,
            values: Sequence[float] | np.ndarray) -> None:
        """One F-curve with a linear key per frame (bulk: ``foreach_set``, no per-key Python)."""
        curve = new_fcurve(self.action, self._bag if self.slot is not None else self.action, data_path, index, group)
        points = curve.keyframe_points
        points.add(len(frames))
        co = np.empty((len(frames), 2), np.float32)
        co[:, 0], co[:, 1] = frames, values
        points.foreach_set("co", co.ravel())
        points.foreach_set("interpolation", np.full(len(frames), LINEAR, np.int32))
        curve.update()


def keys(curve: bpy.types.FCurve) -> np.ndarray:
    """(frame, value) of every key, N x 2."""
    co = np.empty(len(curve.keyframe_points) * 2, np.float32)
    curve.keyframe_points.foreach_get("co", co)
    return co.reshape(-1, 2)
