"""``EOverAnimRegionCompositionPolicy``: how overlapping Region deltas combine per vertex.

``compose_region_deltas(policy, deltas)`` takes ``deltas`` of shape (regions, vertices) for scalar
deltas or (regions, vertices, k) for k-component deltas (k = 3 for shape-key offsets) and returns
one composed delta per vertex, shape (vertices,) or (vertices, k).

- StrongestDelta ("Strongest Delta"): per vertex, the single Region delta of greatest magnitude
  (Euclidean length over the k components; absolute value for scalars), sign and direction kept.
  Ties go to the Region listed first, so the result never depends on float noise between equals.
- AdditiveClamped ("Additive Delta"), the *clamped sum*: per vertex, the sum of all Region deltas;
  where that sum is longer than ``limit`` it is scaled down to length ``limit``, direction kept.
  ``limit`` defaults to the length of the longest single Region delta anywhere in the input, so
  overlapping Regions can never push a vertex further than the strongest authored delta does,
  while seams where masks share one delta (0.5 + 0.5) still add up to the full delta. Pass
  ``limit`` explicitly (e.g. 1.0 for normalised weights) to clamp against a known envelope.

Non-finite delta components (NaN, inf) contribute nothing: a broken Region cannot poison its
neighbours. The result is always finite. With no Regions the result is all zeros.
"""

from __future__ import annotations

import enum
import math

import numpy as np
import numpy.typing as npt

from ._numeric import coerce_enum
from .errors import InvalidInputError


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
    limit: float | None = None,
) -> np.ndarray:
    """Compose overlapping Region deltas per vertex (see the module docstring for the rules)."""
    policy = coerce_enum(RegionCompositionPolicy, policy)
    d = np.asarray(deltas)
    if d.ndim not in (2, 3):
        raise InvalidInputError(
            f"Region deltas must have shape (regions, vertices) or (regions, vertices, k), got {d.shape}"
        )
    out_dtype = d.dtype if d.dtype in (np.float32, np.float64) else np.dtype(np.float64)
    is_scalar = d.ndim == 2
    # Work in float64: squaring float32 lengths overflows long before the deltas themselves do.
    vec = d.astype(np.float64)[..., None] if is_scalar else d.astype(np.float64)
    vec = np.where(np.isfinite(vec), vec, 0.0)
    if limit is not None and not (math.isfinite(limit) and limit >= 0.0):
        raise InvalidInputError(f"The composition limit must be a finite length >= 0, got {limit!r}")

    regions, vertices, k = vec.shape
    if regions == 0:
        result = np.zeros((vertices, k))
    else:
        lengths = np.sqrt(np.einsum("rvk,rvk->rv", vec, vec))
        if policy is RegionCompositionPolicy.STRONGEST_DELTA:
            strongest = np.argmax(lengths, axis=0)  # argmax keeps the first of equal maxima
            result = np.take_along_axis(vec, strongest[None, :, None], axis=0)[0]
        else:
            total = vec.sum(axis=0)
            cap = float(lengths.max()) if limit is None and lengths.size else float(limit or 0.0)
            total_length = np.sqrt(np.einsum("vk,vk->v", total, total))
            with np.errstate(divide="ignore", invalid="ignore"):
                shrink = np.where(total_length > cap, cap / total_length, 1.0)
            result = total * shrink[:, None]
    result = np.nan_to_num(result, nan=0.0, posinf=0.0, neginf=0.0)
    return (result[:, 0] if is_scalar else result).astype(out_dtype, copy=False)
