"""Region masks packed for Unreal: one POINT / BYTE_COLOR attribute ``OverAnim_RegionMasks`` whose
R, G, B and A hold the masks of the Regions given that channel (``Region.mask_channel``).

Unreal reads a mesh's vertex colour as bytes and its material Vertex Color node returns byte / 255
without a colour-space conversion, so the bytes here are the masks themselves: written through
``color_srgb`` (Blender's stored bytes, no sRGB curve), byte = round(mask * 255); the FBX exporter in
sRGB mode writes byte / 255. A channel no Region uses is 0. The bytes are computed as Blender's
``color_srgb`` setter computes them and written straight into the attribute's array
(``attribute_arrays``), the setter itself being the fallback.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import cast

import bpy
import numpy as np

from ...core.errors import OverAnimError
from ...core.messages import Message
from ..regions.region import regions_of
from .attribute_arrays import attribute_array

PACKED = "OverAnim_RegionMasks"
CHANNELS = ("R", "G", "B", "A")


def channel_table(armature: bpy.types.Object) -> dict[str, str]:
    """Channel -> name of the Region packed in it; an error when two Regions share a channel."""
    return channels((region.name, region.mask_channel) for region in regions_of(armature))


def channels(regions: Iterable[tuple[str, str]]) -> dict[str, str]:
    """Channel -> Region, from (Region, its channel) pairs; an error when two Regions share a channel."""
    table: dict[str, str] = {}
    for region, channel in regions:
        if channel not in CHANNELS:
            continue
        if channel in table:
            raise OverAnimError(Message("Regions '{first}' and '{second}' both use channel {channel} of {attribute}",
                                        first=table[channel], second=region, channel=channel, attribute=PACKED))
        table[channel] = region
    return table


def packed_colors(masks: Mapping[str, np.ndarray], channels: Mapping[str, str], vertices: int) -> np.ndarray:
    """(vertices, 4) float32: each channel the mask of its Region, clipped to 0..1 (NaN as 0)."""
    rgba = np.zeros((vertices, 4), np.float32)
    for channel, region in channels.items():
        column = np.nan_to_num(np.asarray(masks[region], np.float32), nan=0.0)
        rgba[:, CHANNELS.index(channel)] = np.clip(column, 0.0, 1.0)
    return rgba


def srgb_bytes(values: np.ndarray, out: np.ndarray) -> np.ndarray:
    """``out`` (uint8) = the bytes Blender stores for float32 ``values`` in 0..1 written through
    ``color_srgb``: clamp(floor(value * 255 + 0.5), 0, 255), each step rounded to float32 as in its C."""
    scaled = np.multiply(values, np.float32(255.0), dtype=np.float32)
    np.add(scaled, np.float32(0.5), out=scaled)
    np.floor(scaled, out=scaled)
    np.clip(scaled, 0.0, 255.0, out=scaled)
    out[...] = scaled  # exact: whole numbers in 0..255
    return out


def packed_bytes(masks: Mapping[str, np.ndarray], channels: Mapping[str, str], out: np.ndarray) -> np.ndarray:
    """``out`` (vertices, 4) uint8 = the bytes ``color_srgb`` stores for ``packed_colors``."""
    for index, channel in enumerate(CHANNELS):
        if channel not in channels:
            out[:, index] = 0
            continue
        column = np.asarray(masks[channels[channel]], np.float32)
        low, high = np.minimum.reduce(column, initial=0.0), np.maximum.reduce(column, initial=1.0)
        if not (low >= 0.0 and high <= 1.0):  # NaN fails this too: masks from the falloff never do
            column = np.clip(np.nan_to_num(column, nan=0.0), 0.0, 1.0)
        srgb_bytes(column, out[:, index])
    return out


def write_packed(mesh: bpy.types.Mesh, masks: Mapping[str, np.ndarray], channels: Mapping[str, str]) -> None:
    """Fill (or, with no channel in use, remove) the mesh's ``OverAnim_RegionMasks``. The active and
    render colour attributes are left as they are."""
    attributes = mesh.color_attributes
    # Blender makes a new colour attribute the active and render one when there was none: keep the
    # artist's choice (by name: indices shift when attributes come and go)
    active, render = cast(str, attributes.active_color_name), attributes.default_color_name
    attribute = attributes.get(PACKED)
    if attribute is not None and (attribute.domain != "POINT" or attribute.data_type != "BYTE_COLOR"
                                  or not channels):
        attributes.remove(attribute)
        attribute = None
    if channels:
        if attribute is None:
            attribute = attributes.new(PACKED, "BYTE_COLOR", "POINT")
        attribute = cast(bpy.types.ByteColorAttribute, attribute)
        array = attribute_array(attribute, np.uint8, 4)  # color_srgb would convert item by item
        if array is not None:
            packed_bytes(masks, channels, array)
        else:
            attribute.data.foreach_set("color_srgb", packed_colors(masks, channels, len(mesh.vertices)).reshape(-1))
    attributes.active_color_name = active if active in attributes else ""
    attributes.default_color_name = render if render in attributes else ""
