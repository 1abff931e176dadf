"""Writing a retarget: a copy of the clip (its record, range and slot as a copy makes them) emptied of
its channels and given a key at every sampled frame for each target bone that moves: its rotation
as a quaternion, the pelvis's location. Keys are linear and written in bulk (``foreach_set``)."""

from __future__ import annotations

from typing import Any

import bpy
import numpy as np

from ...core.transfer import bone_path
from .. import compat
from ..shared.fcurves import fcurves
from .solve import Solved, continuous_quaternions

LINEAR = 1  # Keyframe.interpolation's enum value for 'LINEAR' (foreach_set takes the number)


def emptied(action: bpy.types.Action, slot: Any) -> Any:
    bag = compat.channelbag(action, slot)
    holder: Any = bag if bag is not None else action
    for curve in list(fcurves(action, slot)):
        holder.fcurves.remove(curve)
    for group in list(holder.groups):
        holder.groups.remove(group)
    return bag


def write_curve(action: bpy.types.Action, bag: Any, path: str, index: int, group: str, frames: np.ndarray,
                values: np.ndarray) -> bpy.types.FCurve:
    curve = compat.new_fcurve(action, bag, path, index, group)
    points = curve.keyframe_points
    points.add(len(frames))
    co = np.empty((len(frames), 2), np.float32)
    co[:, 0], co[:, 1] = frames, values
    flat = co.ravel()
    for name in ("co", "handle_left", "handle_right"):
        points.foreach_set(name, flat)
    points.foreach_set("interpolation", np.full(len(frames), LINEAR, np.int32))
    curve.update()
    return curve


def write_keys(action: bpy.types.Action, slot: Any, names: tuple[str, ...], solved: Solved,
               frames: np.ndarray) -> tuple[int, int]:
    """Replace the channels of ``action``'s ``slot`` with the solved ones; returns (bones, curves)."""
    bag = emptied(action, slot)
    curves = 0
    for b in solved.rotated:
        q = continuous_quaternions(solved.local[:, b, :3, :3])
        for i in range(4):
            write_curve(action, bag, bone_path(names[b], ".rotation_quaternion"), i, names[b], frames, q[:, i])
        curves += 4
    for b in solved.moved:
        for i in range(3):
            write_curve(action, bag, bone_path(names[b], ".location"), i, names[b], frames, solved.local[:, b, i, 3])
        curves += 3
    return len(set(solved.rotated) | set(solved.moved)), curves
