"""The preview in the viewport: Paint shows colour attributes in every 3D View (Solid mode, colour
type Attribute) and Clear Preview puts each view's colour type back as it was. Show Preview (the
legend's, where a view shows other colours) does what Paint does to the views.

Each view's colour type before the first paint is kept on its screen as the custom property
``OverAnim_ShadingColorType`` ({"<area>.<space>": colour type}). A screen is an ID saved with the
file's UI, and, being UI data, undo does not roll it back: the memory lives exactly as long as the
views' shading it describes (undoing a paint leaves the views in Attribute colour, and a later Clear
Preview still restores them). So undoing a Clear Preview brings the masks and the legend back but
not the colour type: the legend then offers Show Preview (``shows_preview``).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Final, cast

import bpy

from ..shared.typed import has_property

REMEMBERED = "OverAnim_ShadingColorType"
SHOWN: Final = "VERTEX"  # Blender's identifier of the "Attribute" colour type


def _views(screen: bpy.types.Screen) -> Iterator[tuple[str, bpy.types.SpaceView3D]]:
    for area_index, area in enumerate(screen.areas):
        for space_index, space in enumerate(area.spaces):  # inactive spaces of a switched area included
            if space.type == "VIEW_3D":
                yield f"{area_index}.{space_index}", cast(bpy.types.SpaceView3D, space)


def show_attribute_colors() -> None:
    """Every 3D View shows the active colour attribute; the first call remembers what they showed."""
    for screen in bpy.data.screens:
        remembered = screen[REMEMBERED].to_dict() if has_property(screen, REMEMBERED) else {}
        for key, space in _views(screen):
            remembered.setdefault(key, space.shading.color_type)
            space.shading.color_type = SHOWN
        if remembered:
            screen[REMEMBERED] = remembered


def restore_colors() -> int:
    """Put back each remembered view's colour type, unless the artist changed it since the paint.
    Returns how many views were restored."""
    restored = 0
    for screen in bpy.data.screens:
        if not has_property(screen, REMEMBERED):
            continue
        remembered = screen[REMEMBERED].to_dict()
        for key, space in _views(screen):
            if key in remembered and space.shading.color_type == SHOWN:
                space.shading.color_type = remembered[key]
                restored += remembered[key] != SHOWN
        del screen[REMEMBERED]
    return restored


def shows_preview(context: bpy.types.Context) -> bool:
    """Whether the 3D View the panel is drawn in shows colour attributes (outside one, e.g. in
    scripts: whether every 3D View of the file does)."""
    space = context.space_data
    if space is not None and space.type == "VIEW_3D":
        return bool(cast(bpy.types.SpaceView3D, space).shading.color_type == SHOWN)
    return all(view.shading.color_type == SHOWN for screen in bpy.data.screens for _key, view in _views(screen))
