"""Region masks painted into colour attributes, in one pass downward: a paint is described once
(``PaintPlan``: the Regions' masks, their attribute names, the packed channels, the palette, the meshes;
Live Preview hands in the masks it compared), computed (``mask_work``: the sums and the core's
falloff, kept between paints) and written (``mask_write``). Only ``OverAnim_*`` attributes, vertex
groups and custom properties are ever created, changed or removed; the artist's own data is read,
never written.

Per mesh deformed by the armature and per Region: the Region weight (sum of the Region's bones'
vertex-group weights, clamped to 0..1, read in bulk by Geometry Nodes) goes through the core's
``RegionMaskPolicy.evaluate`` and lands in a POINT / FLOAT_COLOR attribute ``OverAnim_Mask_<Region>``
(grey = mask), optionally also a vertex group ``OverAnim_MaskGroup_<Region>``; ``<Region>`` is the
Region's name key (``core.naming``: fits Blender's 63-byte names, unique per rig).
``OverAnim_Preview`` holds a false-colour view of all Regions and becomes the active
and render colour; the previous ones are remembered in ``OverAnim_PreviousActiveColor`` /
``OverAnim_PreviousRenderColor`` on the mesh and restored by ``clear``. Regions given a mask channel
are also packed into the byte colour attribute ``OverAnim_RegionMasks`` for Unreal (``packed.py``).

``repaint`` redoes only what changed since the last paint: a Region whose mask policy, bones or
vertex groups changed, or whose sums the caller says may have changed (the live preview). Every
path computes with the same functions on the same values, so a repaint is bit for bit what a
fresh paint writes.
"""

from __future__ import annotations

from collections.abc import Collection, Iterator, Mapping
from dataclasses import dataclass

import bpy
import numpy as np

from ...core import RegionMaskPolicy, naming
from ...core.errors import OverAnimError
from ...core.messages import Message
from ...core.naming import derived_name, region_key
from ...core.region_preview import region_palette
from ..compat import name_colors
from ..regions.region import RegionMask, region_table
from ..shared.names import PREFIX
from ..shared.object_data import overanim
from ..shared.overrides import in_use, refill
from ..shared.scene import deformed_meshes, require_object_mode
from ..shared.typed import has_property, mesh_data, scene_of
from . import mask_work, packed
from .mask_work import MeshUpdate, forget, invalidate
from .mask_write import PREV_ACTIVE, PREV_RENDER, PREVIEW, require_free_names, write_mesh

MASK_PREFIX = "OverAnim_Mask_"
# Blender keeps attributes and vertex groups in one namespace: a group named like the colour
# attribute makes the attribute unremovable, so the optional groups get their own prefix.
GROUP_PREFIX = "OverAnim_MaskGroup_"


def mask_name(region_name: str) -> str:
    return derived_name(MASK_PREFIX, region_key(region_name))


def group_name(region_name: str) -> str:
    return derived_name(GROUP_PREFIX, region_key(region_name))


@dataclass(frozen=True)
class PaintPlan:
    """What a paint paints, described once: the Regions' masks (``region_mask``: bones, policy,
    channel), the names of what is written for them, the packed channels, the preview's palette and
    the meshes the armature deforms."""

    masks: tuple[RegionMask, ...]
    policies: tuple[RegionMaskPolicy, ...]
    names: tuple[str, ...]
    mask_names: tuple[str, ...]
    group_names: tuple[str, ...] | None  # the optional vertex groups (None: not written)
    channels: dict[str, str]
    palette: np.ndarray
    meshes: tuple[bpy.types.Object, ...]


def describe(context: bpy.types.Context, armature: bpy.types.Object, masks: tuple[RegionMask, ...] | None = None,
             write_vertex_groups: bool = False, skipped: list[str] | None = None,
             meshes: tuple[bpy.types.Object, ...] | None = None) -> PaintPlan:
    """The plan of a paint of ``armature``'s Regions: from ``masks`` (what Live Preview compared) or
    read from the Regions; an error, before anything is written, for what cannot be painted (a Region
    without bones, names that cannot be keyed, a mesh linked, read-only, in Edit Mode, or holding a
    name we write). ``meshes``: the armature's deformed meshes when the caller found them already
    (Live Preview: finding them is a walk of the scene, once per step)."""
    if meshes is None:
        meshes = tuple(deformed_meshes(armature, scene_of(context)))
    require_object_mode(armature, scene_of(context), meshes)
    if masks is None or not all(mask.bones for mask in masks):
        masks = tuple(row.mask for row in region_table(armature, skipped))  # says why a Region has none
    names = tuple(mask.region for mask in masks)
    keys = naming.region_keys(names)  # refuses empty, duplicate and clashing names
    policies = tuple(mask.require_policy() for mask in masks)
    if not meshes:
        raise OverAnimError(Message("No mesh is deformed by '{name}'", name=armature.name))
    for mesh_obj in meshes:
        if mesh_obj.library is not None or mesh_data(mesh_obj).library is not None:
            raise OverAnimError(Message("Mesh '{name}' is linked from a library and read-only", name=mesh_obj.name))
    channels = packed.channels([(mask.region, mask.channel) for mask in masks])
    mask_names = tuple(derived_name(MASK_PREFIX, key) for key in keys)
    group_names = tuple(derived_name(GROUP_PREFIX, key) for key in keys) if write_vertex_groups else None
    colors = [*mask_names, PREVIEW, *([packed.PACKED] if channels else [])]
    for mesh_obj in meshes:
        require_free_names(mesh_obj, colors, list(group_names or ()))
    return PaintPlan(masks, policies, names, mask_names, group_names, channels, region_palette(len(masks)), meshes)


def _paint_meshes(plan: PaintPlan, full: bool, reread: Mapping[str, Collection[str] | None],
                  progress: Iterator[None] | None = None) -> list[MeshUpdate]:
    """Compute every mesh's masks, then write them: a failure leaves the meshes as they were."""
    try:
        updates = [mask_work.update_masks(mesh_obj, plan.masks, plan.policies,
                                          {group.name for group in mesh_obj.vertex_groups},
                                          reread.get(mesh_obj.name, ()), full, mesh_data(mesh_obj))
                   for mesh_obj in plan.meshes]
        for update in updates:
            write_mesh(update, plan.names, plan.mask_names, plan.palette, plan.channels, plan.group_names)
            if progress is not None:
                next(progress, None)
    except BaseException:
        for mesh_obj in plan.meshes:  # what was kept may not be what was written: read it all next time
            invalidate(mesh_data(mesh_obj))
        raise
    return updates


def _keep_legend(armature: bpy.types.Object, painted: list[str]) -> None:
    """Which Regions this paint drew, in the order of their colours: the legend's, kept by the
    masks (the Regions themselves are the artist's settings); set only when it changes (it tags the rig)."""
    legend = overanim(armature).painted_regions
    if [item.name for item in in_use(legend, "name")] != painted:
        for item, name in zip(refill(legend, len(painted), "name"), painted, strict=True):
            item.name = name


def legend_colors(armature: bpy.types.Object) -> dict[str, tuple[float, ...]]:
    """Region name -> its colour in the preview the last paint drew (a Region added since has none)."""
    painted = [item.name for item in in_use(overanim(armature).painted_regions, "name")]
    return {name: tuple(float(c) for c in color) for name, color in zip(painted, region_palette(len(painted)),
                                                                        strict=True)}


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
    plan = describe(context, armature, None, write_vertex_groups, skipped)
    updates = _paint_meshes(plan, True, {}, progress)
    _keep_legend(armature, list(plan.names))
    return PaintStats(len(updates), sum(update.work.vertices for update in updates), len(plan.masks),
                      tuple(skipped or ()))


def repaint(context: bpy.types.Context, armature: bpy.types.Object,
            reread: Mapping[str, Collection[str] | None] | None = None,
            masks: tuple[RegionMask, ...] | None = None,
            written_meshes: list[bpy.types.Object] | None = None,
            meshes: tuple[bpy.types.Object, ...] | None = None) -> dict[str, list[str]]:
    """Repaint from the kept sums what changed since the last paint or repaint (see
    ``mask_work.update_masks``). ``reread`` maps a mesh object's name to the Regions whose sums may
    have changed there (None: all); ``masks``: the Regions' masks as the caller just described them
    (Live Preview's comparison), not read again. Returns, per mesh object, the Regions whose masks
    were written (the preview with them); ``written_meshes`` gets those mesh objects. The optional
    mask vertex groups are left to Paint: rewriting one is slow on dense meshes, and removing and
    adding a group under a running brush stroke would shift the index the brush paints into.
    ``meshes``: the armature's deformed meshes as the caller just found them (not looked for again)."""
    plan = describe(context, armature, masks, meshes=meshes)
    updates = _paint_meshes(plan, False, reread or {})
    _keep_legend(armature, list(plan.names))
    if written_meshes is not None:
        written_meshes.extend(update.mesh_obj for update in updates if update.write and update.work.vertices)
    return {update.mesh_obj.name: [plan.names[i] for i in update.write]
            for update in updates if update.write and update.work.vertices}


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
