"""Region masks painted into colour attributes. Only ``OverAnim_*`` attributes, vertex groups and
custom properties are ever created, changed or removed; the artist's own data is read, never written.

Per mesh deformed by the armature and per Region: the Region weight (sum of the Region's bones'
vertex-group weights, clamped to 0..1, read in bulk by Geometry Nodes) goes through the core's
``RegionMaskPolicy.evaluate`` and lands in a POINT / FLOAT_COLOR attribute ``OverAnim_Mask_<Region>``
(grey = mask), optionally also a vertex group ``OverAnim_MaskGroup_<Region>``; ``<Region>`` is the
Region's name key (``core.naming``: fits Blender's 63-byte names, unique per rig).
``OverAnim_Preview`` holds a false-colour view of all Regions and becomes the active
and render colour; the previous ones are remembered in ``OverAnim_PreviousActiveColor`` /
``OverAnim_PreviousRenderColor`` on the mesh and restored by ``clear``. Regions given a mask channel
are also packed into the byte colour attribute ``OverAnim_RegionMasks`` for Unreal (``packed.py``).

Each painted mesh keeps its buffers (``MeshWork``: the Region sums, the masks, the preview's rows),
so painting again allocates nothing; the colours are written straight into the attributes' own
arrays (``attribute_arrays``). ``repaint`` redoes only what changed since: a Region whose
mask policy, bones or vertex groups changed, or whose sums the caller says may have changed (the
live preview). Every path computes with the same functions on the same buffers, so a repaint is
bit for bit what a fresh paint writes.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Collection, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import NamedTuple, cast

import bpy
import numpy as np

from ...core import RegionMaskPolicy
from ...core.errors import OverAnimError
from ...core.messages import Message
from ...core.naming import derived_name, region_key
from ...core.region_preview import PreviewWork, grey_colors, preview_colors, region_palette
from ..compat import name_colors
from ..regions.properties import OVERANIM_PG_region, mask_policy, region_keys, require_region_bones
from ..shared.names import PREFIX
from ..shared.scene import deformed_meshes, require_object_mode
from ..shared.typed import has_property, mesh_data, overanim, scene_of
from ..shared.weights import forget_node_groups, region_weights
from . import packed
from .attribute_arrays import attribute_array

MASK_PREFIX = "OverAnim_Mask_"
# Blender keeps attributes and vertex groups in one namespace: a group named like the colour
# attribute makes the attribute unremovable, so the optional groups get their own prefix.
GROUP_PREFIX = "OverAnim_MaskGroup_"
PREVIEW = "OverAnim_Preview"
PREV_ACTIVE = "OverAnim_PreviousActiveColor"
PREV_RENDER = "OverAnim_PreviousRenderColor"


def mask_name(region_name: str) -> str:
    return derived_name(MASK_PREFIX, region_key(region_name))


def group_name(region_name: str) -> str:
    return derived_name(GROUP_PREFIX, region_key(region_name))


class RegionBones(NamedTuple):
    """A Region and the names of the bones it covers: what its mask is computed from."""

    region: OVERANIM_PG_region
    bones: list[str]


def region_table(armature: bpy.types.Object, skipped: list[str] | None = None) -> list[RegionBones]:
    """Every Region with its bones; an error when one has no bones (with ``skipped``: it is left out
    and why goes there) or when the Region names cannot be keyed (``region_keys``)."""
    region_keys(armature)
    table = []
    for region in overanim(armature).regions:
        try:
            table.append(RegionBones(region, require_region_bones(armature, region)))
        except OverAnimError as error:
            if skipped is None:
                raise
            skipped.append(error.message)
    if not table:
        raise OverAnimError(skipped[0] if skipped else Message(
            "'{name}' has no Regions to paint: add one in the Regions panel", name=armature.name))
    return table


def mesh_masks(mesh_obj: bpy.types.Object, table: Iterable[RegionBones]) -> dict[str, np.ndarray]:
    """Region name -> mask per vertex (float32) for one mesh."""
    table = list(table)
    weights = region_weights(mesh_obj, {entry.region.name: entry.bones for entry in table})
    return {entry.region.name: mask_policy(entry.region).evaluate(weights[entry.region.name]) for entry in table}


def require_free_names(mesh_obj: bpy.types.Object, colors: list[str], groups: list[str]) -> None:
    """Blender keeps attributes and vertex groups in one namespace: a vertex group named like a
    colour attribute we write makes ``color_attributes.new`` fail, and an attribute of another kind
    makes Blender write ours as ``<name>.001``. Such names belong to the artist: refuse before
    anything is written."""
    mesh = mesh_data(mesh_obj)
    # found by iterating: a look-up by name (Mesh.attributes[name], get, 'in') makes Blender copy the
    # attribute's array out of the sharing with the evaluated mesh, for every Region
    # of every repaint, whether its mask is written or not
    attributes = {a.name: a for a in mesh.attributes}
    for name in colors:
        if name in mesh_obj.vertex_groups:
            raise OverAnimError(Message("'{mesh}' has a vertex group named '{name}', the name of the colour "
                                        "attribute OverAnim writes: rename or remove that group first",
                                        mesh=mesh_obj.name, name=name))
        other = attributes.get(name)
        if other is not None and name not in mesh.color_attributes:
            raise OverAnimError(Message("'{mesh}' has a {data_type} {domain} attribute named '{name}', the name "
                                        "of the colour attribute OverAnim writes: rename or remove it first",
                                        mesh=mesh_obj.name, data_type=other.data_type, domain=other.domain,
                                        name=name))
    for name in groups:
        if name in attributes:
            raise OverAnimError(Message("'{mesh}' has an attribute named '{name}', the name of the vertex group "
                                        "OverAnim writes: rename or remove it first", mesh=mesh_obj.name, name=name))


def _color_attribute(mesh: bpy.types.Mesh, name: str) -> bpy.types.FloatColorAttribute:
    """The POINT / FLOAT_COLOR attribute ``name``, made (again) when missing or of another kind."""
    attribute = mesh.color_attributes.get(name)
    if attribute is not None and (attribute.domain != "POINT" or attribute.data_type != "FLOAT_COLOR"):
        mesh.color_attributes.remove(attribute)
        attribute = None
    if attribute is None:
        attribute = mesh.color_attributes.new(name, "FLOAT_COLOR", "POINT")
    return cast(bpy.types.FloatColorAttribute, attribute)


def _write_color(mesh: bpy.types.Mesh, name: str, work: MeshWork, fill: Callable[[np.ndarray], object]) -> None:
    """Fill the colour attribute ``name`` (made when needed) with ``fill(rgba)``: straight into its
    own array (``attribute_arrays``: no 16 MB buffer copied in), or, where Blender does not lay it
    out as one array, into the kept buffer, then through ``foreach_set``."""
    attribute = _color_attribute(mesh, name)
    array = attribute_array(attribute, np.float32, 4)
    if array is not None:
        fill(array)
        return
    fill(work.buffer())
    attribute.data.foreach_set("color", work.buffer().reshape(-1))


def _write_vertex_group(mesh_obj: bpy.types.Object, name: str, mask: np.ndarray) -> None:
    groups = mesh_obj.vertex_groups
    active = groups.active.name if groups.active is not None else None
    old = groups.get(name)
    if old is not None:
        # Emptying a group costs a Python int per vertex (a quarter second per million); removing
        # it is one pass in C. Groups keep their names and weights; the active one is kept by name.
        groups.remove(old)
    group = groups.new(name=name)
    if active is not None and active in groups:
        groups.active_index = groups[active].index
    # vertex_groups.add sets one weight for many vertices: one call per 1/255 step, the vertices of
    # each step found by one radix sort of the 8-bit levels instead of a scan per level
    levels = np.round(np.asarray(mask, np.float32) * 255.0).astype(np.uint8)
    order = np.argsort(levels, kind="stable")
    ends = np.cumsum(np.bincount(levels, minlength=256))
    for level in range(1, 256):
        if ends[level] > ends[level - 1]:
            group.add(order[ends[level - 1]:ends[level]].tolist(), level / 255.0, "REPLACE")


def _remember_colors(mesh: bpy.types.Mesh) -> None:
    if has_property(mesh, PREV_ACTIVE):
        return  # already remembered by an earlier paint: keep the artist's, not our preview
    attrs = mesh.color_attributes  # the render colour is Blender's "default" colour attribute
    mesh[PREV_ACTIVE], mesh[PREV_RENDER] = attrs.active_color_name, attrs.default_color_name


@dataclass
class MeshWork:
    """What a mesh keeps between paints: its buffers, and what its sums and masks were made from.

    ``sums[i]``/``masks[i]`` belong to ``regions[i]``; ``sources[i]`` are the vertex groups its sum
    was read from, ``policies[i]`` the policy its mask was made with. A Region whose sources or
    policy differ now is read or evaluated again by ``repaint``; ``valid`` False makes it read all.
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


# Mesh session_uid -> its MeshWork. Trusted by ``repaint`` only while something (the live preview)
# invalidates it when weights change behind its back; ``paint`` always reads everything again.
_work: dict[int, MeshWork] = {}


def _mesh_work(mesh: bpy.types.Mesh, regions: tuple[str, ...]) -> MeshWork:
    work = _work.get(mesh.session_uid)
    if work is None or work.vertices != len(mesh.vertices) or work.regions != regions:
        work = _work[mesh.session_uid] = MeshWork.new(len(mesh.vertices), regions)
    return work


def invalidate(mesh: bpy.types.Mesh | None = None) -> None:
    """Make ``repaint`` read every Region again: of one mesh, or of all (undo, another file)."""
    for key, work in _work.items():
        if mesh is None or key == mesh.session_uid:
            work.valid = False


def forget() -> None:
    """Drop every kept buffer and node group (Clear, another file, the add-on unregistered)."""
    _work.clear()
    forget_node_groups()


@dataclass
class _MeshUpdate:
    """One mesh's share of a paint: computed first, written only when every mesh computed."""

    mesh_obj: bpy.types.Object
    work: MeshWork
    write: list[int]  # Region indices whose mask is (re)written
    full: bool  # everything read and written again


def _update_masks(mesh_obj: bpy.types.Object, table: Sequence[RegionBones], reread: Collection[str] | None,
          full: bool) -> _MeshUpdate:
    """Bring the mesh's sums and masks up to date. ``full``: read and evaluate every Region, write
    every mask. Otherwise only what changed: the Regions in ``reread`` (None: all) are read again and
    rewritten when their sums differ from the kept ones; a Region whose bones, vertex groups or
    mask policy changed is read or evaluated again as needed."""
    regions = tuple(entry.region.name for entry in table)
    work = _mesh_work(mesh_data(mesh_obj), regions)
    full = full or not work.valid
    existing = {group.name for group in mesh_obj.vertex_groups}
    sources = [tuple(bone for bone in entry.bones if bone in existing) for entry in table]
    policies = [mask_policy(entry.region) for entry in table]
    if full:
        read = list(range(len(table)))
    else:
        read = [i for i, name in enumerate(regions)
                if sources[i] != work.sources[i] or reread is None or name in reread]
    changed: set[int] = set(read) if full else set()
    if read:
        if full:  # nothing to compare with: straight into the kept sums
            region_weights(mesh_obj, {regions[i]: sources[i] for i in read}, {regions[i]: work.sums[i] for i in read})
        else:
            if work.incoming is None or work.differs is None:
                work.incoming = [np.empty(work.vertices, np.float32) for _ in regions]
                work.differs = np.empty(work.vertices, bool)
            incoming = work.incoming
            region_weights(mesh_obj, {regions[i]: sources[i] for i in read}, {regions[i]: incoming[i] for i in read})
            for i in read:
                if np.not_equal(work.incoming[i], work.sums[i], out=work.differs).any():
                    work.sums[i], work.incoming[i] = work.incoming[i], work.sums[i]
                    changed.add(i)
    write = sorted(changed | {i for i in range(len(table)) if policies[i] != work.policies[i]})
    for i in write:
        policies[i].evaluate_into(work.sums[i], out=work.masks[i], scratch=work.scratch)
    work.sources, work.policies, work.valid = sources, policies, True
    return _MeshUpdate(mesh_obj, work, write, full)


def _write_mesh(plan: _MeshUpdate, table: Sequence[RegionBones], palette: np.ndarray, channels: dict[str, str],
           write_vertex_groups: bool) -> None:
    mesh_obj, work = plan.mesh_obj, plan.work
    mesh = mesh_data(mesh_obj)
    written = {table[i].region.name for i in plan.write}
    repack = plan.full or channels != work.channels or bool(written & set(channels.values()))
    if work.vertices == 0 or not (plan.write or repack):
        return
    if repack:  # a packed Region's mask changed, or which Region is in which channel
        packed.write_packed(mesh, dict(zip(work.regions, work.masks, strict=True)), channels)
        work.channels = channels
    if not plan.write:
        mesh.update()
        return
    _remember_colors(mesh)
    for i in plan.write:
        name = table[i].region.name
        _write_color(mesh, mask_name(name), work, functools.partial(grey_colors, work.masks[i]))
        if write_vertex_groups:
            _write_vertex_group(mesh_obj, group_name(name), work.masks[i])
    _write_color(mesh, PREVIEW, work, lambda rgba: preview_colors(work.masks, palette, out=rgba, work=work.preview,
                                                                  unit=True))
    preview_index = mesh.color_attributes.find(PREVIEW)
    mesh.color_attributes.active_color_index = preview_index
    mesh.color_attributes.render_color_index = preview_index
    mesh.update()


def _paint_meshes(context: bpy.types.Context, armature: bpy.types.Object, full: bool,
                  reread: Mapping[str, Collection[str] | None], write_vertex_groups: bool = False,
                  progress: Iterator[None] | None = None,
                  skipped: list[str] | None = None) -> tuple[list[RegionBones], list[_MeshUpdate]]:
    require_object_mode(armature, scene_of(context))
    table = region_table(armature, skipped)
    meshes = deformed_meshes(armature, scene_of(context))
    if not meshes:
        raise OverAnimError(Message("No mesh is deformed by '{name}'", name=armature.name))
    for mesh_obj in meshes:
        if mesh_obj.library is not None or mesh_data(mesh_obj).library is not None:
            raise OverAnimError(Message("Mesh '{name}' is linked from a library and read-only", name=mesh_obj.name))
    channels = packed.channel_table(armature)
    colors = [mask_name(entry.region.name) for entry in table] + [PREVIEW] + ([packed.PACKED] if channels else [])
    groups = [group_name(entry.region.name) for entry in table] if write_vertex_groups else []
    for mesh_obj in meshes:
        require_free_names(mesh_obj, colors, groups)
    palette = region_palette(len(table))
    try:
        # compute every mask before writing anything: a failure leaves the meshes as they were
        plans = [_update_masks(mesh_obj, table, reread.get(mesh_obj.name, ()), full) for mesh_obj in meshes]
        for plan in plans:
            _write_mesh(plan, table, palette, channels, write_vertex_groups)
            if progress is not None:
                next(progress, None)
    except BaseException:
        for mesh_obj in meshes:  # what was kept may not be what was written: read it all next time
            invalidate(mesh_data(mesh_obj))
        raise
    for region, color in zip((entry.region for entry in table), palette, strict=True):
        if not np.array_equal(np.asarray(region.preview_color, np.float32), color):
            region.preview_color = tuple(color)  # the legend; set only when it changes (it tags the rig)
    return table, plans


@dataclass(frozen=True)
class PaintStats:
    meshes: int
    vertices: int
    regions: int
    skipped: tuple[str, ...] = ()  # why (a Message) each Region left out had no bones to paint


def paint(context: bpy.types.Context, armature: bpy.types.Object, write_vertex_groups: bool = False,
          progress: Iterator[None] | None = None, skip_boneless: bool = False) -> PaintStats:
    """Paint every Region; ``skip_boneless``: paint those with bones, say why of the others."""
    skipped: list[str] | None = [] if skip_boneless else None
    table, plans = _paint_meshes(context, armature, True, {}, write_vertex_groups, progress, skipped)
    return PaintStats(len(plans), sum(plan.work.vertices for plan in plans), len(table), tuple(skipped or ()))


def repaint(context: bpy.types.Context, armature: bpy.types.Object,
            reread: Mapping[str, Collection[str] | None] | None = None) -> dict[str, list[str]]:
    """Repaint from the kept sums what changed since the last paint or repaint (see ``_update_masks``).
    ``reread`` maps a mesh object's name to the Regions whose sums may have changed there (None:
    all). Returns, per mesh object, the Regions whose masks were written (the preview with them).
    The optional mask vertex groups are left to Paint: rewriting one is slow on dense meshes,
    and removing and adding a group under a running brush stroke would shift the
    index the brush paints into."""
    table, plans = _paint_meshes(context, armature, False, reread or {})
    return {plan.mesh_obj.name: [table[i].region.name for i in plan.write]
            for plan in plans if plan.write and plan.work.vertices}


def clear(context: bpy.types.Context, armature: bpy.types.Object) -> int:
    """Remove every OverAnim_ colour attribute and vertex group from the armature's meshes and
    restore the previous active/render colour attributes. Returns how many items were removed."""
    require_object_mode(armature, scene_of(context))
    forget()
    removed = 0
    for mesh_obj in deformed_meshes(armature, scene_of(context)):
        mesh = mesh_data(mesh_obj)
        if mesh.library is not None:
            continue
        for group in [g for g in mesh_obj.vertex_groups if g.name.startswith(GROUP_PREFIX)]:
            mesh_obj.vertex_groups.remove(group)
            removed += 1
        for name in [a.name for a in mesh.color_attributes if a.name.startswith(PREFIX)]:
            mesh.color_attributes.remove(mesh.color_attributes[name])
            removed += 1
        # exactly what was there before the first paint, '' included (compat: 5.2 keeps removed names);
        # nothing remembered: the artist's names stay, a name of an attribute removed here goes
        colors = mesh.color_attributes
        name_colors(colors, str(mesh.get(PREV_ACTIVE, colors.active_color_name)),
                    str(mesh.get(PREV_RENDER, colors.default_color_name)))
        for key in (PREV_ACTIVE, PREV_RENDER):
            if has_property(mesh, key):
                del mesh[key]
        mesh.update()
    return removed
