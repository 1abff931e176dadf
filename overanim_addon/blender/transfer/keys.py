"""Key values and Bézier handles of F-curves in bulk (``foreach_get``/``foreach_set``), and new
F-curves laid out like another, for the transfer's location channels."""

from __future__ import annotations

from collections.abc import Sequence

import bpy
import numpy as np

from ...core.transfer import along_tangents
from ..shared.finite_keys import KEY_ARRAYS as ARRAYS  # (3, N, 2) = (array, key, frame/value) everywhere

# a key's other attributes, copied when a curve is laid out like another
ATTRIBUTES = {"interpolation": np.int32, "handle_left_type": np.int32, "handle_right_type": np.int32,
              "easing": np.int32, "type": np.int32, "back": np.float32, "amplitude": np.float32,
              "period": np.float32}
SLOPE_FRAMES = 0.01  # the step of the one-sided differences that estimate a channel's tangents


def read(curve: bpy.types.FCurve) -> np.ndarray:
    """(3, N, 2) float64: co, handle_left, handle_right of every key."""
    points = curve.keyframe_points
    out = np.empty((3, len(points) * 2), np.float32)  # Blender keeps float32: one copy, no conversion
    for row, name in zip(out, ARRAYS, strict=True):
        points.foreach_get(name, row)
    return out.reshape(3, -1, 2).astype(np.float64)


def write(curve: bpy.types.FCurve, keys: np.ndarray) -> None:
    """Set co and both handles of every key from ``keys`` (3, N, 2)."""
    data = np.ascontiguousarray(keys, dtype=np.float32).reshape(3, -1)
    points = curve.keyframe_points
    for row, name in zip(data, ARRAYS, strict=True):
        points.foreach_set(name, row)


def scaled(keys: np.ndarray, factor: float, pivot: float = 0.0) -> np.ndarray:
    """``keys`` (``read``'s arrays) with every value, of the keys and both handles, at ``pivot +
    factor * (value - pivot)``: the arithmetic of ``shared.fcurves.scale_values``, bit for bit."""
    out = keys.copy()
    values = keys[:, :, 1]
    out[:, :, 1] = pivot + factor * (values - pivot) if pivot else factor * values
    return out


def lay_out_like(curve: bpy.types.FCurve, template: bpy.types.FCurve) -> None:
    """Give the empty ``curve`` the keys of ``template`` (times, handles, types, interpolation,
    easing) and its extrapolation: a channel the transfer must write where the source had none."""
    points, source = curve.keyframe_points, template.keyframe_points
    points.add(len(source))
    write(curve, read(template))
    for name, dtype in ATTRIBUTES.items():
        values = np.empty(len(source), dtype)
        source.foreach_get(name, values)
        points.foreach_set(name, values)
    curve.extrapolation = template.extrapolation


def estimate_at(curve: bpy.types.FCurve, controls_x: np.ndarray) -> np.ndarray:
    """The values of ``curve`` where another curve has its keys and handles (``controls_x``: 3 x N
    frames of keys, left and right handles): exact at the keys, along the tangent at each key for its
    handles (one-sided, so a corner keeps both of its slopes). For channels keyed on other frames."""
    key_x, left_x, right_x = controls_x
    value = np.array([curve.evaluate(float(x)) for x in key_x])
    before = np.array([curve.evaluate(float(x) - SLOPE_FRAMES) for x in key_x])
    after = np.array([curve.evaluate(float(x) + SLOPE_FRAMES) for x in key_x])
    return np.stack(along_tangents(value, (value - before) / SLOPE_FRAMES, (after - value) / SLOPE_FRAMES,
                                   key_x, left_x, right_x))


def same_times(a: np.ndarray, b: np.ndarray) -> bool:
    """Two curves' keys and handles sit on the same frames (``read`` arrays): their control points
    combine exactly."""
    return a.shape == b.shape and bool(np.array_equal(a[:, :, 0], b[:, :, 0]))


def first_frame_values(curves: Sequence[bpy.types.FCurve | None], frame: float,
                       fallback: Sequence[float]) -> list[float]:
    """Each curve's value at ``frame``; ``fallback`` where there is no curve."""
    return [float(c.evaluate(frame)) if c is not None else float(f) for c, f in zip(curves, fallback, strict=True)]
