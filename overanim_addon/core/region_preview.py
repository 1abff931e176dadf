"""False-colour preview of several Region masks, and how mixed composition policies resolve.
Plain NumPy so both rules are tested without Blender."""

from __future__ import annotations

import colorsys

import numpy as np

from .dispatch import unhandled
from .region_composition import RegionCompositionPolicy, compose_region_deltas

UNMASKED_GREY = np.array([0.18, 0.18, 0.18, 1.0], dtype=np.float32)


def region_palette(count: int) -> np.ndarray:
    """``count`` distinct, saturated RGBA colours (golden-ratio hues, so neighbours differ)."""
    hues = (np.arange(count) * 0.618033988749895) % 1.0
    rgb = [colorsys.hsv_to_rgb(float(h), 0.85, 0.95) for h in hues]
    return np.array([[r, g, b, 1.0] for r, g, b in rgb], dtype=np.float32).reshape(count, 4)


class PreviewWork:
    """Work rows for ``preview_colors`` kept between calls on one vertex count: on a million
    vertices every fresh 4 MB row costs about a millisecond of page faults, as much as its arithmetic."""

    def __init__(self, vertices: int):
        self.vertices = vertices
        self.rows = np.empty((5, vertices), np.float32)  # value, total, fade, keep, keep * grey
        self.positive = np.empty(vertices, bool)
        self.masks: np.ndarray | None = None  # a sanitised copy, made only when the masks need one


def _unit_interval(values: np.ndarray, work: PreviewWork) -> np.ndarray:
    """The masks as float32 inside 0..1 with NaN as 0. Masks that already are (a Region mask always
    is) are used as they are: two read-only passes instead of a copy, a clip and a NaN test."""
    values = np.asarray(values)
    if values.dtype == np.float32 and values.size and values.flags.c_contiguous:
        low, high = np.minimum.reduce(values, axis=None), np.maximum.reduce(values, axis=None)
        if low >= 0.0 and high <= 1.0:  # False for NaN, which min and max propagate
            return values
    if work.masks is None or work.masks.shape != values.shape:
        work.masks = np.empty(values.shape, np.float32)
    out = work.masks
    np.clip(values, 0.0, 1.0, out=out)
    if np.isnan(np.add.reduce(out, axis=None)):
        np.copyto(out, np.float32(0.0), where=np.isnan(out))
    return out


CHUNK = 32768  # vertices per step of the colour fills: 512 KB of RGBA, which stays in the CPU's cache


def grey_colors(mask: np.ndarray, out: np.ndarray) -> np.ndarray:
    """``out`` (vertices, 4) float32 = the mask as grey RGB with alpha 1, column by column a
    ``CHUNK`` at a time (as ``preview_colors``)."""
    for start in range(0, len(mask), CHUNK):
        rows, part = out[start:start + CHUNK], mask[start:start + CHUNK]
        for channel in range(3):
            rows[:, channel] = part
        rows[:, 3] = 1.0
    return out


def preview_colors(masks: np.ndarray, palette: np.ndarray, out: np.ndarray | None = None,
                   work: PreviewWork | None = None, unit: bool = False) -> np.ndarray:
    """Per-vertex RGBA for masks of shape (regions, vertices): each Region's colour weighted by its
    share of the masks, faded into grey by the strongest mask (grey = in no Region).

    colour = grey * (1 - s) + (sum_r m_r * colour_r) * s / sum_r m_r, with s = max_r m_r, alpha 1.
    ``out`` (vertices, 4) float32 C-contiguous is filled and returned when given, ``work`` holds
    the temporaries: paint keeps both per mesh, so a repaint allocates nothing. ``unit``: the masks
    are C-contiguous float32 inside 0..1 (``RegionMaskPolicy`` made them), used without checking.

    Channel by channel into a contiguous row, then one strided column write: several times faster
    than broadcasting into out[:, :3] (docs/performance.md). One Region's
    colours go ``CHUNK`` vertices at a time: the four column writes share cache lines, which then
    stay in the cache from the first to the last.
    """
    regions, vertices = np.shape(masks)
    if out is None:
        out = np.empty((vertices, 4), np.float32)
    elif out.shape != (vertices, 4) or out.dtype != np.float32 or not out.flags.c_contiguous:
        raise ValueError(f"out must be a C-contiguous float32 array of shape ({vertices}, 4)")
    if work is None or work.vertices != vertices:
        work = PreviewWork(vertices)
    if regions == 0:
        out[:] = UNMASKED_GREY
        return out
    m = masks if unit else _unit_interval(masks, work)
    pal = np.asarray(palette, np.float32)
    grey = UNMASKED_GREY[:3]
    if regions == 1:  # one Region: grey + m * (colour - grey)
        shift = pal[0, :3] - grey
        for start in range(0, vertices, CHUNK):
            rows, part = out[start:start + CHUNK], m[0, start:start + CHUNK]
            value = work.rows[0, :len(part)]
            for channel in range(3):
                np.multiply(part, shift[channel], out=value)
                value += grey[channel]
                rows[:, channel] = value
            rows[:, 3] = 1.0
        return out
    value, total, fade, keep, keep_grey = work.rows  # one scratch row each, reused for every channel
    np.add.reduce(m, axis=0, out=total)
    np.maximum.reduce(m, axis=0, out=fade)  # the strength s, then s / sum
    np.subtract(1.0, fade, out=keep)
    np.greater(total, 0, out=work.positive)
    np.divide(fade, total, out=fade, where=work.positive)  # total 0 means s 0: fade stays 0
    for channel in range(3):
        if channel == 0 or grey[channel] != grey[channel - 1]:  # one product serves equal greys
            np.multiply(keep, grey[channel], out=keep_grey)
        np.matmul(pal[:, channel], m, out=value)
        value *= fade
        value += keep_grey
        out[:, channel] = value
    out[:, 3] = 1.0
    return out


def compose_mixed_policies(
    policies: list[RegionCompositionPolicy], deltas: np.ndarray, masks: np.ndarray,
    *, limit: float | np.ndarray | None = None,
) -> np.ndarray:
    """Compose mask-weighted deltas (regions, vertices, k) when Regions ask for different policies.

    Rule, per vertex: if any Region whose mask is above 0 there asks for Strongest Delta, the vertex
    takes the strongest delta; otherwise the clamped sum (``limit`` as in ``compose_region_deltas``).
    Strongest Delta never adds up, so it is the safe choice where an artist said overlap must not
    accumulate.
    """
    additive = compose_region_deltas(RegionCompositionPolicy.ADDITIVE_CLAMPED, deltas, limit=limit)
    asks_strongest = np.array([_asks_strongest(p) for p in policies], dtype=bool)
    if not asks_strongest.any():
        return additive
    strongest = compose_region_deltas(RegionCompositionPolicy.STRONGEST_DELTA, deltas)
    use_strongest = ((np.asarray(masks) > 0) & asks_strongest[:, None]).any(axis=0)
    return np.where(use_strongest[:, None] if additive.ndim == 2 else use_strongest, strongest, additive)


def _asks_strongest(policy: RegionCompositionPolicy) -> bool:
    if policy is RegionCompositionPolicy.STRONGEST_DELTA:
        return True
    if policy is RegionCompositionPolicy.ADDITIVE_CLAMPED:
        return False
    unhandled(policy)
