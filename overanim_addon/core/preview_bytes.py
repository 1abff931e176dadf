"""A one-Region preview (``region_preview.preview_colors``) as the bytes of a byte colour attribute:
sRGB-encoded RGBA, 4 bytes a vertex where the float preview takes 16. Live Preview writes the
preview on every slider step, and Blender first copies the attribute's array out of the sharing
with the evaluated mesh: a quarter of the bytes to copy and to write (docs/performance.md).

A byte colour attribute holds sRGB bytes, which the viewport decodes to linear colour; so the bytes
here are the float preview's linear colours encoded with the sRGB curve (the same colours, to 8
bits), looked up in a table of the Region's colour at each 4,096th of the mask. A vertex's bytes
depend on its own mask only, so rows computed alone are the rows of the whole. Several Regions'
preview stays float: their colours mix by a matrix product, and encoding those floats cost more
than the bytes saved (measured: 1M vertices, three Regions, +5 to +15 ms).
"""

from __future__ import annotations

import functools

import numpy as np

from .region_preview import CHUNK, preview_colors

LEVELS = 4096  # one Region: its colour at each 4,096th of the mask (exact in float32: a power of two)
OPAQUE = 255


def srgb_bytes(linear: np.ndarray) -> np.ndarray:
    """uint8 sRGB encoding of linear values (clipped to 0..1): the sRGB curve, rounded to a byte."""
    value = np.clip(np.asarray(linear, np.float64), 0.0, 1.0)
    curve = np.where(value <= 0.0031308, value * 12.92, 1.055 * np.power(value, 1.0 / 2.4) - 0.055)
    return np.floor(curve * 255.0 + 0.5).astype(np.uint8)


@functools.lru_cache(maxsize=64)
def _one_region_table(colour: tuple[float, float, float]) -> np.ndarray:
    """(LEVELS + 1,) uint32: the RGBA bytes of a one-Region preview of ``colour`` at mask level/LEVELS,
    as one word each (the bytes in memory order)."""
    masks = (np.arange(LEVELS + 1, dtype=np.float32) / np.float32(LEVELS))[None, :]
    linear = preview_colors(masks, np.array([[*colour, 1.0]], np.float32), unit=True)
    table = np.empty((LEVELS + 1, 4), np.uint8)
    table[:, :3] = srgb_bytes(linear[:, :3])
    table[:, 3] = OPAQUE
    words = table.view(np.uint32).reshape(-1)
    words.flags.writeable = False
    return words


def preview_bytes(mask: np.ndarray, colour: np.ndarray, out: np.ndarray) -> np.ndarray:
    """``out`` (vertices, 4) uint8 C-contiguous = the sRGB bytes of the one-Region preview
    ``preview_colors(mask[None], [colour])``, its colour at each 4,096th of the mask. ``mask``
    (vertices,) is float32 inside 0..1 (``RegionMaskPolicy`` made it)."""
    vertices = len(mask)
    if out.shape != (vertices, 4) or out.dtype != np.uint8 or not out.flags.c_contiguous:
        raise ValueError(f"out must be a C-contiguous uint8 array of shape ({vertices}, 4)")
    table = _one_region_table(tuple(float(c) for c in np.asarray(colour, np.float32)[:3]))
    words = out.view(np.uint32).reshape(vertices)
    index = np.empty(min(CHUNK, vertices), np.uint16)
    for start in range(0, vertices, CHUNK):
        part = mask[start:start + CHUNK]
        level = index[:len(part)]
        np.multiply(part, np.float32(LEVELS), out=level, casting="unsafe")  # exact, then floor: 0..LEVELS
        np.take(table, level, out=words[start:start + CHUNK], mode="clip")  # "clip": unbuffered
    return out
