"""Region masks packed for Unreal: one POINT / BYTE_COLOR attribute ``OverAnim_RegionMasks`` whose
R, G, B and A hold the masks of the Regions given that channel (``Region.mask_channel``).

Unreal reads a mesh's vertex colour as bytes and its material Vertex Color node returns byte / 255
without a colour-space conversion, so the bytes here are the masks themselves: written through
``color_srgb`` (Blender's stored bytes, no sRGB curve), byte = round(mask * 255); the FBX exporter in
sRGB mode writes byte / 255. A channel no Region uses is 0.
"""

from __future__ import annotations

from collections.abc import Mapping

import bpy
import numpy as np

from ...core.errors import OverAnimError
from ...core.messages import Message

PACKED = "OverAnim_RegionMasks"
CHANNELS = ("R", "G", "B", "A")


def channel_table(armature: bpy.types.Object) -> dict[str, str]:
    """Channel -> name of the Region packed in it; an error when two Regions share a channel."""
    table: dict[str, str] = {}
    for region in armature.overanim.regions:
        channel = region.mask_channel
        if channel not in CHANNELS:
            continue
        if channel in table:
            raise OverAnimError(Message("Regions '{first}' and '{second}' both use channel {channel} of {attribute}",
                                        first=table[channel], second=region.name, channel=channel,
                                        attribute=PACKED))
        table[channel] = region.name
    return table


def packed_colors(masks: Mapping[str, np.ndarray], channels: Mapping[str, str], vertices: int) -> np.ndarray:
    """(vertices, 4) float32: each channel the mask of its Region, clipped to 0..1 (NaN as 0)."""
    rgba = np.zeros((vertices, 4), np.float32)
    for channel, region in channels.items():
        column = np.nan_to_num(np.asarray(masks[region], np.float32), nan=0.0)
        rgba[:, CHANNELS.index(channel)] = np.clip(column, 0.0, 1.0)
    return rgba


def write_packed(mesh: bpy.types.Mesh, masks: Mapping[str, np.ndarray], channels: Mapping[str, str]) -> None:
    """Fill (or, with no channel in use, remove) the mesh's ``OverAnim_RegionMasks``. The active and
    render colour attributes are left as they are."""
    attributes = mesh.color_attributes
    # Blender makes a new colour attribute the active and render one when there was none: keep the
    # artist's choice (by name: indices shift when attributes come and go)
    active, render = attributes.active_color_name, attributes.default_color_name
    attribute = attributes.get(PACKED)
    if attribute is not None and (attribute.domain != "POINT" or attribute.data_type != "BYTE_COLOR"
                                  or not channels):
        attributes.remove(attribute)
        attribute = None
    if channels:
        if attribute is None:
            attribute = attributes.new(PACKED, "BYTE_COLOR", "POINT")
        attribute.data.foreach_set("color_srgb", packed_colors(masks, channels, len(mesh.vertices)).reshape(-1))
    attributes.active_color_name = active if active in attributes else ""
    attributes.default_color_name = render if render in attributes else ""
