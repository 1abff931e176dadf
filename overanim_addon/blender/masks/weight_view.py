"""What the 3D Views show while Live Preview is on. Weight Paint mode draws the active group's
weights over the shading at the overlay's opacity (100 % by default), which hides the preview
colour attribute under it. Lowered to ``PREVIEW_OVERLAY_OPACITY`` the Region colours show through
with the weights still readable on top (chosen by screenshots in a real 4.3 window; 0 shows the
preview alone). The opacity is the only setting changed here (Paint already sets the solid colour
type to Attribute, and Clear restores it), and it comes back when Live Preview turns off, another
file loads, the file is saved (and is lowered again after) or the add-on is disabled; a view whose
opacity the artist changed in the meantime keeps theirs. A view found already at ours was lowered by
us and copied (an area split off while on) or written to a recovery file (quit.blend, auto-save:
Blender writes them without the save handlers): its own opacity is unknown, and the default stands
in for it."""

from __future__ import annotations

from collections.abc import Iterator
from typing import cast

import bpy

PREVIEW_OVERLAY_OPACITY = 0.35
_originals: dict[int, float] = {}  # SpaceView3D pointer -> the artist's weight overlay opacity


def _view_spaces() -> Iterator[bpy.types.SpaceView3D]:
    # looked up afresh each time: a closed area frees its space, so none is kept between calls
    for screen in bpy.data.screens:
        for area in screen.areas:
            for space in area.spaces:
                if space.type == "VIEW_3D":
                    yield cast(bpy.types.SpaceView3D, space)


def _lowered(space: bpy.types.SpaceView3D) -> bool:
    return abs(space.overlay.weight_paint_mode_opacity - PREVIEW_OVERLAY_OPACITY) < 1e-6


def _default_opacity() -> float:
    return cast(bpy.types.FloatProperty, bpy.types.View3DOverlay.bl_rna.properties["weight_paint_mode_opacity"]).default


def show_preview() -> None:
    for space in _view_spaces():
        key = space.as_pointer()
        if key not in _originals:
            _originals[key] = _default_opacity() if _lowered(space) else space.overlay.weight_paint_mode_opacity
            space.overlay.weight_paint_mode_opacity = PREVIEW_OVERLAY_OPACITY


def restore() -> None:
    for space in _view_spaces():
        original = _originals.get(space.as_pointer())
        if original is None and _originals:  # not seen, yet lowered while we were: a copy of one of ours
            original = _default_opacity()
        if original is not None and _lowered(space):
            space.overlay.weight_paint_mode_opacity = original
    _originals.clear()
