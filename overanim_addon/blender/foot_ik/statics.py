"""The own values of the channels only the bake animates.

A bone channel that the artist's animation does not write (say, an IK target's rotation) gets its
value from the bake on every frame, and Blender leaves the last one in it when the bake is muted or
removed: the rig would keep a turned foot. So the bake keeps each such channel's value from before
its first bake, puts it back while it samples (the previous bake muted) and when it is removed.
"""

from __future__ import annotations

from collections.abc import Iterable, MutableSequence
from typing import Any, cast

import bpy

from ..shared.overrides import in_use, refill

Channel = tuple[str, int]  # (data path on the armature object, array index)


def recorded(settings: Any) -> dict[Channel, float]:
    return {(item.data_path, item.index): item.value for item in in_use(settings.static_values, "data_path")}


def _array(armature: bpy.types.Object, path: str) -> MutableSequence[float]:
    """The array property at ``path`` (a channel's location, rotation or scale)."""
    return cast(MutableSequence[float], armature.path_resolve(path))


def current(armature: bpy.types.Object, channels: Iterable[Channel]) -> dict[Channel, float]:
    return {(path, index): float(_array(armature, path)[index]) for path, index in channels}


def put_back(armature: bpy.types.Object, values: dict[Channel, float], animated: set[Channel]) -> None:
    """Write the kept values into the channels nothing but the bake animates (others are the
    artist's animation's: left alone)."""
    for (path, index), value in values.items():
        if (path, index) in animated:
            continue
        try:
            _array(armature, path)[index] = value
        except ValueError:  # the bone was renamed or removed since: nothing to put back
            continue


def store(settings: Any, values: dict[Channel, float]) -> None:
    kept = sorted(values.items())
    for item, ((path, index), value) in zip(refill(settings.static_values, len(kept), "data_path"), kept, strict=True):
        item.data_path, item.index, item.value = path, index, value
