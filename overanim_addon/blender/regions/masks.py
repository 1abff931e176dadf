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
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

import bpy
import numpy as np

from ...core.errors import OverAnimError
from ...core.messages import Message
from ...core.naming import derived_name, region_key
from ...core.region_preview import preview_colors, region_palette
from ..common import deformed_meshes, require_object_mode
from ..weights import region_weights
from . import packed
from .properties import mask_policy, region_keys, require_region_bones

PREFIX = "OverAnim_"
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


def region_table(armature: bpy.types.Object) -> list[tuple[object, list[str]]]:
    """(Region, bone names) for every Region; an error when one has no bones to paint, or when
    the Region names cannot be keyed (empty, duplicate, clashing: ``region_keys``)."""
    region_keys(armature)
    table = []
    for region in armature.overanim.regions:
        table.append((region, require_region_bones(armature, region)))
    if not table:
        raise OverAnimError(Message("'{name}' has no Regions to paint: add one in the Regions panel",
                                    name=armature.name))
    return table


def mesh_masks(mesh_obj: bpy.types.Object, table) -> dict[str, np.ndarray]:
    """Region name -> mask per vertex (float32) for one mesh."""
    weights = region_weights(mesh_obj, {region.name: bones for region, bones in table})
    return {region.name: mask_policy(region).evaluate(weights[region.name]) for region, _ in table}


def require_free_names(mesh_obj: bpy.types.Object, colors: list[str], groups: list[str]) -> None:
    """Blender keeps attributes and vertex groups in one namespace: a vertex group named like a
    colour attribute we write makes ``color_attributes.new`` fail, and an attribute of another kind
    makes Blender write ours as ``<name>.001``. Such names belong to the artist: refuse before
    anything is written."""
    mesh = mesh_obj.data
    for name in colors:
        if name in mesh_obj.vertex_groups:
            raise OverAnimError(f"'{mesh_obj.name}' has a vertex group named '{name}', the name of the colour "
                                "attribute OverAnim writes: rename or remove that group first")
        other = mesh.attributes.get(name)
        if other is not None and name not in mesh.color_attributes:
            raise OverAnimError(f"'{mesh_obj.name}' has a {other.data_type} {other.domain} attribute named "
                                f"'{name}', the name of the colour attribute OverAnim writes: "
                                "rename or remove it first")
    for name in groups:
        if name in mesh.attributes:
            raise OverAnimError(f"'{mesh_obj.name}' has an attribute named '{name}', the name of the vertex group "
                                "OverAnim writes: rename or remove it first")


def _write_color(mesh: bpy.types.Mesh, name: str, rgba: np.ndarray) -> None:
    attribute = mesh.color_attributes.get(name)
    if attribute is not None and (attribute.domain != "POINT" or attribute.data_type != "FLOAT_COLOR"):
        mesh.color_attributes.remove(attribute)
        attribute = None
    if attribute is None:
        attribute = mesh.color_attributes.new(name, "FLOAT_COLOR", "POINT")
    attribute.data.foreach_set("color", np.ascontiguousarray(rgba, dtype=np.float32).reshape(-1))


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
    if PREV_ACTIVE in mesh:
        return  # already remembered by an earlier paint: keep the artist's, not our preview
    attrs = mesh.color_attributes
    active = attrs.active_color.name if attrs.active_color is not None else ""
    render_index = attrs.render_color_index
    render = attrs[render_index].name if 0 <= render_index < len(attrs) else ""
    mesh[PREV_ACTIVE] = active
    mesh[PREV_RENDER] = render


@dataclass(frozen=True)
class PaintStats:
    meshes: int
    vertices: int
    regions: int


def paint(context: bpy.types.Context, armature: bpy.types.Object, write_vertex_groups: bool = False,
          progress: Iterator[None] | None = None) -> PaintStats:
    require_object_mode(armature, context.scene)
    table = region_table(armature)
    meshes = deformed_meshes(armature, context.scene)
    if not meshes:
        raise OverAnimError(Message("No mesh is deformed by '{name}'", name=armature.name))
    for mesh_obj in meshes:
        if mesh_obj.library is not None or mesh_obj.data.library is not None:
            raise OverAnimError(Message("Mesh '{name}' is linked from a library and read-only", name=mesh_obj.name))
    channels = packed.channel_table(armature)
    colors = [mask_name(region.name) for region, _ in table] + [PREVIEW] + ([packed.PACKED] if channels else [])
    groups = [group_name(region.name) for region, _ in table] if write_vertex_groups else []
    for mesh_obj in meshes:
        require_free_names(mesh_obj, colors, groups)
    palette = region_palette(len(table))
    # compute every mask before writing anything: a failure leaves the meshes as they were
    computed = [(mesh_obj, mesh_masks(mesh_obj, table)) for mesh_obj in meshes]
    vertices = 0
    for mesh_obj, masks in computed:
        mesh = mesh_obj.data
        vertices += len(mesh.vertices)
        if len(mesh.vertices) == 0:
            continue
        _remember_colors(mesh)
        stack = np.stack([masks[region.name] for region, _ in table])
        # One RGBA buffer serves every Region's grey mask and then the preview: on a million
        # vertices each fresh 16 MB buffer costs milliseconds of page faults.
        rgba = np.empty((stack.shape[1], 4), np.float32)
        rgba[:, 3] = 1.0
        for (region, _), mask in zip(table, stack, strict=True):
            for channel in range(3):  # column by column: faster than one broadcast (strided writes)
                rgba[:, channel] = mask
            _write_color(mesh, mask_name(region.name), rgba)
            if write_vertex_groups:
                _write_vertex_group(mesh_obj, group_name(region.name), mask)
        packed.write_packed(mesh, masks, channels)
        _write_color(mesh, PREVIEW, preview_colors(stack, palette, out=rgba))
        preview_index = mesh.color_attributes.find(PREVIEW)
        mesh.color_attributes.active_color_index = preview_index
        mesh.color_attributes.render_color_index = preview_index
        mesh.update()
        if progress is not None:
            next(progress, None)
    return PaintStats(len(meshes), vertices, len(table))


def clear(context: bpy.types.Context, armature: bpy.types.Object) -> int:
    """Remove every OverAnim_ colour attribute and vertex group from the armature's meshes and
    restore the previous active/render colour attributes. Returns how many items were removed."""
    require_object_mode(armature, context.scene)
    removed = 0
    for mesh_obj in deformed_meshes(armature, context.scene):
        mesh = mesh_obj.data
        if mesh.library is not None:
            continue
        for group in [g for g in mesh_obj.vertex_groups if g.name.startswith(GROUP_PREFIX)]:
            mesh_obj.vertex_groups.remove(group)
            removed += 1
        for name in [a.name for a in mesh.color_attributes if a.name.startswith(PREFIX)]:
            mesh.color_attributes.remove(mesh.color_attributes[name])
            removed += 1
        active, render = mesh.get(PREV_ACTIVE, ""), mesh.get(PREV_RENDER, "")
        if active in mesh.color_attributes:
            mesh.color_attributes.active_color_index = mesh.color_attributes.find(active)
        if render in mesh.color_attributes:
            mesh.color_attributes.render_color_index = mesh.color_attributes.find(render)
        for key in (PREV_ACTIVE, PREV_RENDER):
            if key in mesh:
                del mesh[key]
        mesh.update()
    return removed
