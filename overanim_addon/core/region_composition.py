"""``EOverAnimRegionCompositionPolicy``: how overlapping Region deltas combine per vertex.

``compose_region_deltas(policy, deltas)`` takes ``deltas`` of shape (regions, vertices) for scalar
deltas or (regions, vertices, k) for k-component deltas (k = 3 for shape-key offsets) and returns
one composed delta per vertex, shape (vertices,) or (vertices, k).

- StrongestDelta ("Strongest Delta"): per vertex, the single Region delta of greatest magnitude
  (Euclidean length over the k components; absolute value for scalars), sign and direction kept.
  Ties go to the Region listed first, so the result never depends on float noise between equals.
- AdditiveClamped ("Additive Delta"), the *clamped sum*: per vertex, the sum of all Region deltas;
  where that sum is longer than the vertex's limit it is scaled down to that length, direction
  kept. The limit is local to each vertex, so a vertex's result never depends on another vertex:
  by default the length of the longest single Region delta *at that vertex* (overlap can never
  push a vertex further than its strongest Region alone does); ``limit`` may give one length for
  every vertex (e.g. 1.0 for normalised weights) or one per vertex. Callers that weight authored
  deltas by masks pass the longest *authored* (unweighted) delta at each vertex, so a seam where
  two masks share one delta (0.5 + 0.5) still adds up to the full delta.

Non-finite delta components (NaN, inf) contribute nothing: a broken Region cannot poison its
neighbours. The result is always finite (a float32 vector past float32's range is shortened to fit,
direction kept). With no Regions the result is all zeros.
"""

from __future__ import annotations

import enum

import numpy as np
import numpy.typing as npt

from ._numeric import coerce_enum
from .dispatch import unhandled
from .errors import InvalidInputError
from .messages import Message


class RegionCompositionPolicy(enum.Enum):
    """Clamped sum, or the single strongest delta. Values are the Unreal spellings."""

    ADDITIVE_CLAMPED = "AdditiveClamped"
    STRONGEST_DELTA = "StrongestDelta"

    @property
    def display_name(self) -> str:
        """The Details UI name ("Additive Delta" / "Strongest Delta")."""
        return {"ADDITIVE_CLAMPED": "Additive Delta", "STRONGEST_DELTA": "Strongest Delta"}[self.name]


def compose_region_deltas(
    policy: RegionCompositionPolicy | str,
    deltas: npt.ArrayLike,
    *,
    limit: float | npt.ArrayLike | None = None,
) -> np.ndarray:
    """Compose overlapping Region deltas per vertex (see the module docstring for the rules).
    ``limit``: None (the longest Region delta at each vertex), one length, or one per vertex."""
    policy = coerce_enum(RegionCompositionPolicy, policy)
    d = np.asarray(deltas)
    if d.ndim not in (2, 3):
        raise InvalidInputError(Message("Region deltas must have shape (regions, vertices) or (regions, vertices, k), "
                                        "got {shape}", shape=d.shape))
    out_dtype = d.dtype if d.dtype in (np.float32, np.float64) else np.dtype(np.float64)
    is_scalar = d.ndim == 2
    # Work in float64: squaring float32 lengths overflows long before the deltas themselves do.
    vec = d.astype(np.float64)[..., None] if is_scalar else d.astype(np.float64)
    vec = np.where(np.isfinite(vec), vec, 0.0)
    regions, vertices, k = vec.shape
    if limit is not None:
        try:
            cap = np.asarray(limit, dtype=np.float64)
        except (TypeError, ValueError):
            raise InvalidInputError(Message("The composition limit must be a length, got {limit!r}",
                                            limit=limit)) from None
        if cap.ndim > 1 or (cap.ndim == 1 and cap.shape != (vertices,)):
            raise InvalidInputError(Message("The composition limit must be one length or one per vertex "
                                            "({vertices}), got shape {shape}", vertices=vertices, shape=cap.shape))
        if not np.all(np.isfinite(cap) & (cap >= 0.0)):
            raise InvalidInputError(Message("The composition limit must be finite lengths >= 0"))
    if regions == 0:
        result = np.zeros((vertices, k))
    else:
        lengths = np.sqrt(np.einsum("rvk,rvk->rv", vec, vec))
        if policy is RegionCompositionPolicy.STRONGEST_DELTA:
            strongest = np.argmax(lengths, axis=0)  # argmax keeps the first of equal maxima
            result = np.take_along_axis(vec, strongest[None, :, None], axis=0)[0]
        elif policy is RegionCompositionPolicy.ADDITIVE_CLAMPED:
            total = vec.sum(axis=0)
            if limit is None:
                cap = lengths.max(axis=0)  # the longest Region delta at each vertex
            total_length = np.sqrt(np.einsum("vk,vk->v", total, total))
            with np.errstate(divide="ignore", invalid="ignore"):
                shrink = np.where(total_length > cap, cap / total_length, 1.0)
            result = total * shrink[:, None]
        else:
            unhandled(policy)
    result = np.nan_to_num(result, nan=0.0, posinf=0.0, neginf=0.0)
    # float32 deltas near float32's largest value can add up past it: shorten such a vector to fit
    # (direction kept), as the cast would make it inf
    big = float(np.finfo(out_dtype).max)
    peak = np.abs(result).max(axis=1, initial=0.0)
    result *= np.divide(big, peak, out=np.ones_like(peak), where=peak > big)[:, None]
    return (result[:, 0] if is_scalar else result).astype(out_dtype, copy=False)
