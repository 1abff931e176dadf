"""The write stage of a paint: the masks computed by ``mask_work`` written into the mesh. Only
``OverAnim_*`` attributes, vertex groups and custom properties are ever created or changed; the
artist's own data is read, never written.

Colours go straight into the attributes' own arrays (``attribute_arrays``: no 16 MB buffer copied
in); a Region whose mask changed only at some vertices (a Live Preview slider step) has only those
rows written, with the values a full write would put there, so the attribute is bit for bit what a
fresh paint writes. The preview is written by rows too where it is one Region's colour (its rows
are computed one by one, as sRGB bytes: ``core/preview_bytes.py``); with several Regions it is
written whole, as float colours (its colour mixes the Regions by a matrix product, whose rounding
may depend on where a row falls in the array).
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import TYPE_CHECKING, Literal, cast

import bpy
import numpy as np

from ...core.errors import OverAnimError
from ...core.messages import Message
from ...core.preview_bytes import preview_bytes
from ...core.region_preview import PreviewWork, grey_colors, preview_colors
from ..shared.typed import has_property, mesh_data
from . import packed
from .attribute_arrays import attribute_array

if TYPE_CHECKING:
    from .mask_work import MeshUpdate, MeshWork

ColorAttribute = bpy.types.FloatColorAttribute | bpy.types.ByteColorAttribute
ColorKind = Literal["FLOAT_COLOR", "BYTE_COLOR"]

PREVIEW = "OverAnim_Preview"
PREV_ACTIVE = "OverAnim_PreviousActiveColor"
PREV_RENDER = "OverAnim_PreviousRenderColor"


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


def _color_attribute(mesh: bpy.types.Mesh, name: str, data_type: ColorKind) -> tuple[ColorAttribute, bool]:
    """The POINT colour attribute ``name`` of ``data_type`` (FLOAT_COLOR or BYTE_COLOR), made (again)
    when missing or of another kind; and whether it was made now."""
    attribute = mesh.color_attributes.get(name)
    if attribute is not None and (attribute.domain != "POINT" or attribute.data_type != data_type):
        mesh.color_attributes.remove(attribute)
        attribute = None
    if attribute is None:
        return cast(ColorAttribute, mesh.color_attributes.new(name, data_type, "POINT")), True
    return cast(ColorAttribute, attribute), False


Fill = Callable[[np.ndarray], object]
# per kind of colour attribute: what its array holds, and the Python property ``foreach_set`` writes
KINDS: dict[ColorKind, tuple[type[np.generic], str]] = {"FLOAT_COLOR": (np.float32, "color"),
                                                        "BYTE_COLOR": (np.uint8, "color_srgb")}


def _write_color(mesh: bpy.types.Mesh, name: str, work: MeshWork, fill: Fill, rows: np.ndarray | None = None,
                 fill_rows: Fill | None = None, data_type: ColorKind = "FLOAT_COLOR") -> None:
    """Fill the colour attribute ``name`` (made when needed) with ``fill(rgba)``: straight into its
    own array, or, where Blender does not lay it out as one array, into a buffer, then through
    ``foreach_set``. With ``rows`` (and the attribute there before): only those rows, with
    ``fill_rows(block)`` filling a (len(rows), 4) block."""
    attribute, made = _color_attribute(mesh, name, data_type)
    dtype, prop = KINDS[data_type]
    array = attribute_array(attribute, dtype, 4)
    if array is not None:
        if rows is None or fill_rows is None or made:
            fill(array)
        else:
            block = np.empty((len(rows), 4), dtype)
            fill_rows(block)
            array[rows] = block
        return
    if dtype is np.float32:
        fill(work.buffer())
        attribute.data.foreach_set(prop, work.buffer().reshape(-1))
        return
    stored = np.empty((work.vertices, 4), np.uint8)
    fill(stored)  # color_srgb stores round(value * 255): a byte over 255 comes back as that byte
    attribute.data.foreach_set(prop, (stored.reshape(-1) / np.float32(255.0)).astype(np.float32))


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


def _preview(masks: np.ndarray, palette: np.ndarray, work: PreviewWork | None, out: np.ndarray) -> np.ndarray:
    return preview_colors(masks, palette, out=out, work=work, unit=True)


def _write_preview(mesh: bpy.types.Mesh, work: MeshWork, palette: np.ndarray, rows: np.ndarray | None) -> None:
    """The preview: one Region's as bytes (``core/preview_bytes.py``: a quarter of the bytes a
    slider step copies and writes), by ``rows`` when given; several Regions' as float colours, whole."""
    if len(work.masks) != 1:
        _write_color(mesh, PREVIEW, work, functools.partial(_preview, work.masks, palette, work.preview))
        return
    mask, colour = work.masks[0], palette[0]
    _write_color(mesh, PREVIEW, work, functools.partial(preview_bytes, mask, colour), rows,
                 None if rows is None else functools.partial(preview_bytes, mask[rows], colour), "BYTE_COLOR")


def write_mesh(update: MeshUpdate, names: tuple[str, ...], mask_names: tuple[str, ...], palette: np.ndarray,
               channels: dict[str, str], group_names: tuple[str, ...] | None) -> None:
    """Write one mesh's computed masks: the packed channels, the masks that changed (their rows), the
    preview, and (``group_names``) the optional vertex groups."""
    mesh_obj, work = update.mesh_obj, update.work
    mesh = mesh_data(mesh_obj)
    written = {names[i] for i in update.write}
    repack = update.full or channels != work.channels or bool(written & set(channels.values()))
    if work.vertices == 0 or not (update.write or repack):
        return
    if repack:  # a packed Region's mask changed, or which Region is in which channel
        packed.write_packed(mesh, dict(zip(work.regions, work.masks, strict=True)), channels)
        work.channels = channels
    if not update.write:
        mesh.update()
        return
    _remember_colors(mesh)
    for i, rows in update.write.items():
        mask = work.masks[i]
        _write_color(mesh, mask_names[i], work, functools.partial(grey_colors, mask), rows,
                     None if rows is None else functools.partial(grey_colors, mask[rows]))
        if group_names is not None:
            _write_vertex_group(mesh_obj, group_names[i], mask)
    _write_preview(mesh, work, palette, update.write.get(0) if len(names) == 1 else None)
    preview_index = mesh.color_attributes.find(PREVIEW)
    mesh.color_attributes.active_color_index = preview_index
    mesh.color_attributes.render_color_index = preview_index
    mesh.update()
