"""The compute stage of a paint: each painted mesh's Region sums and masks, kept between paints
(``MeshWork``: the buffers, and what its sums and masks were made from), brought up to date by
``update_masks`` from a ``PaintPlan`` without writing anything.

A Region whose sums changed (read again) is evaluated in full. A Region whose mask policy alone
changed (a slider step of Live Preview) is evaluated again only where the change can move a mask:
below both Zero Weights a mask is 0 under either policy, and at or above both Full Weights (and
above both Zero Weights) it is 1, so only the vertices whose sum lies between are computed again,
found among the sums bucketed once (``Buckets``: a radix sort of their 4,096ths, made at the first
such change after a read). Each vertex is computed by the same elementwise functions on the same
values as in a full evaluation, so the masks are bit for bit those of a fresh paint.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import numpy as np

from ...core import RegionMaskPolicy
from ...core.region_mask import in_unit_range
from ...core.region_preview import PreviewWork
from ..shared.weights import forget_node_groups, region_weights

if TYPE_CHECKING:
    import bpy

    from ..regions.region import RegionMask

BUCKETS = 4096  # a sum's bucket: floor(sum * 4096), exact for float32 (a power of two)
# the band is computed and written alone when it holds at most 1/8 of the vertices: a vertex of the
# band is reached out of order (gathered, scattered), about 8 times the cost of one pass in order
# (benchmark_masks.py: a 24 % band made the step slower than whole passes)
BAND_SHARE = 8


@dataclass
class Buckets:
    """A Region's vertices ordered by the bucket of their sum (stable: by index within a bucket)."""

    order: np.ndarray  # vertex indices
    starts: np.ndarray  # starts[b]: where bucket b begins in ``order``; starts[BUCKETS + 1] == len

    @classmethod
    def of(cls, sums: np.ndarray) -> Buckets:
        keys = np.empty(len(sums), np.uint16)
        np.multiply(np.clip(sums, 0.0, 1.0), np.float32(BUCKETS), out=keys, casting="unsafe")  # floor: >= 0
        np.minimum(keys, BUCKETS, out=keys)  # a NaN sum (never read from Blender) lands anywhere: in range
        order = np.argsort(keys, kind="stable")  # a radix sort for 16-bit keys
        starts = np.zeros(BUCKETS + 2, np.int64)
        np.cumsum(np.bincount(keys, minlength=BUCKETS + 1), out=starts[1:])
        return cls(order, starts)

    def between(self, low: np.float32, high: np.float32) -> np.ndarray:
        """Every vertex whose sum s may lie in low <= s < high (a superset: whole buckets)."""
        first = self.starts[int(np.floor(low * np.float32(BUCKETS)))]
        top = high * np.float32(BUCKETS)
        last = int(np.floor(top))
        end = self.starts[last] if top == last else self.starts[min(last + 1, BUCKETS + 1)]  # top bucket's start
        return self.order[first:end]


def changed_band(old: RegionMaskPolicy, new: RegionMaskPolicy) -> tuple[np.float32, np.float32]:
    """(low, high): outside low <= sum < high, ``old`` and ``new`` give the same mask bit for bit.
    Below both Zero Weights both give +0.0 (``evaluate_into`` compares in float32); at or above
    both Full Weights and above both Zero Weights, 1.0 (a hard step included)."""
    zeros = [np.float32(p.effective_zero_weight) for p in (old, new)]
    fulls = [np.float32(p.effective_full_weight) for p in (old, new)]
    return min(zeros), max(max(fulls), np.nextafter(max(zeros), np.float32(np.inf)))


@dataclass
class MeshWork:
    """What a mesh keeps between paints: its buffers, and what its sums and masks were made from.

    ``sums[i]``/``masks[i]`` belong to ``regions[i]``; ``sources[i]`` are the vertex groups its sum
    was read from, ``policies[i]`` the policy its mask was made with. A Region whose sources or
    policy differ now is read or evaluated again by ``update_masks``; ``valid`` False makes it read all.
    """

    vertices: int
    regions: tuple[str, ...]
    sums: list[np.ndarray]  # one row each, so a row read again is swapped in, not copied
    masks: np.ndarray
    scratch: np.ndarray
    preview: PreviewWork
    sources: list[tuple[str, ...]] = field(default_factory=list)
    policies: Sequence[RegionMaskPolicy | None] = field(default_factory=list)
    valid: bool = False
    incoming: list[np.ndarray] | None = None  # sums read again, to compare with the kept ones (made on first use)
    differs: np.ndarray | None = None  # the comparison's bool row
    channels: dict[str, str] | None = None  # the packed attribute's channel table when it was last written
    rgba: np.ndarray | None = None  # (vertices, 4) for colours Blender does not let us write in place
    buckets: dict[int, Buckets] = field(default_factory=dict)  # Region index -> its sums bucketed
    # Region index -> its sums are inside 0..1 (checked once per read: a slider step skips the check)
    unit: dict[int, bool] = field(default_factory=dict)

    @classmethod
    def new(cls, vertices: int, regions: tuple[str, ...]) -> MeshWork:
        count = len(regions)
        return cls(vertices, regions, [np.zeros(vertices, np.float32) for _ in range(count)],
                   np.zeros((count, vertices), np.float32), np.empty(vertices, np.float32), PreviewWork(vertices),
                   [()] * count, [None] * count)

    def buffer(self) -> np.ndarray:
        if self.rgba is None:
            self.rgba = np.empty((self.vertices, 4), np.float32)
        return self.rgba

    def bucketed(self, index: int) -> Buckets:
        if index not in self.buckets:
            self.buckets[index] = Buckets.of(self.sums[index])
        return self.buckets[index]


# Mesh session_uid -> its MeshWork. Trusted by a repaint only while something (the live preview)
# invalidates it when weights change behind its back; a paint always reads everything again.
_work: dict[int, MeshWork] = {}


def mesh_work(mesh: bpy.types.Mesh, regions: tuple[str, ...]) -> MeshWork:
    work = _work.get(mesh.session_uid)
    if work is None or work.vertices != len(mesh.vertices) or work.regions != regions:
        work = _work[mesh.session_uid] = MeshWork.new(len(mesh.vertices), regions)
    return work


def invalidate(mesh: bpy.types.Mesh | None = None) -> None:
    """Make a repaint read every Region again: of one mesh, or of all (undo, another file)."""
    for key, work in _work.items():
        if mesh is None or key == mesh.session_uid:
            work.valid = False


def forget() -> None:
    """Drop every kept buffer and node group (Clear, another file, the add-on unregistered)."""
    _work.clear()
    forget_node_groups()


@dataclass
class MeshUpdate:
    """One mesh's share of a paint: computed first, written only when every mesh computed."""

    mesh_obj: bpy.types.Object
    work: MeshWork
    # Region index -> the vertices whose mask may have changed (None: all), for each mask to write
    write: dict[int, np.ndarray | None]
    full: bool  # everything read and written again


def _read(mesh_obj: bpy.types.Object, work: MeshWork, regions: tuple[str, ...], sources: list[tuple[str, ...]],
          read: list[int], full: bool) -> set[int]:
    """Read the sums of the Regions ``read``; returns those whose sums changed (all, when ``full``)."""
    if full:  # nothing to compare with: straight into the kept sums
        region_weights(mesh_obj, {regions[i]: sources[i] for i in read}, {regions[i]: work.sums[i] for i in read})
        return set(read)
    if work.incoming is None or work.differs is None:
        work.incoming = [np.empty(work.vertices, np.float32) for _ in regions]
        work.differs = np.empty(work.vertices, bool)
    incoming = work.incoming
    region_weights(mesh_obj, {regions[i]: sources[i] for i in read}, {regions[i]: incoming[i] for i in read})
    changed = set()
    for i in read:
        if np.not_equal(incoming[i], work.sums[i], out=work.differs).any():
            work.sums[i], incoming[i] = incoming[i], work.sums[i]
            changed.add(i)
    return changed


def _evaluate(work: MeshWork, index: int, policy: RegionMaskPolicy, whole: bool) -> np.ndarray | None:
    """Region ``index``'s mask under ``policy``: every vertex, or (``whole`` False, its sums as they
    were) only where the policy change can move it. Returns the vertices computed (None: all)."""
    old = work.policies[index]
    if whole or old is None:
        policy.evaluate_into(work.sums[index], out=work.masks[index], scratch=work.scratch,
                             unit=work.unit.get(index, False))
        return None
    low, high = changed_band(old, policy)
    band = work.bucketed(index).between(low, high)
    count = len(band)
    unit = work.unit.get(index, False)
    if count * BAND_SHARE > work.vertices:  # one pass in order costs less than gathering that many
        policy.evaluate_into(work.sums[index], out=work.masks[index], scratch=work.scratch, unit=unit)
        return None
    values = np.take(work.sums[index], band, out=work.scratch[:count])
    work.masks[index][band] = policy.evaluate_into(values, out=values, unit=unit)
    return band


def update_masks(mesh_obj: bpy.types.Object, plan_masks: Sequence[RegionMask], policies: Sequence[RegionMaskPolicy],
                 existing: Collection[str], reread: Collection[str] | None, full: bool,
                 mesh: bpy.types.Mesh) -> MeshUpdate:
    """Bring the mesh's sums and masks up to date. ``full``: read and evaluate every Region. Otherwise
    only what changed: the Regions in ``reread`` (None: all) are read again and evaluated when their
    sums differ from the kept ones; a Region whose bones or vertex groups changed is read again, one
    whose mask policy alone changed is evaluated again where the change can move it. ``policies``:
    the Regions' (``plan_masks``) policies; ``existing``: the mesh's vertex groups."""
    regions = tuple(mask.region for mask in plan_masks)
    work = mesh_work(mesh, regions)
    full = full or not work.valid
    sources = [tuple(bone for bone in mask.bones if bone in existing) for mask in plan_masks]
    if full:
        read = list(range(len(regions)))
    else:
        read = [i for i, name in enumerate(regions)
                if sources[i] != work.sources[i] or reread is None or name in reread]
    changed = _read(mesh_obj, work, regions, sources, read, full) if read else set()
    for i in changed:
        work.buckets.pop(i, None)
        work.unit[i] = in_unit_range(work.sums[i])
    write = {i: _evaluate(work, i, policies[i], i in changed) for i in range(len(regions))
             if i in changed or policies[i] != work.policies[i]}
    work.sources, work.policies, work.valid = sources, list(policies), True
    return MeshUpdate(mesh_obj, work, write, full)
