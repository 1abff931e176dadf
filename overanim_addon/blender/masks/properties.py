"""What the Region masks keep on the armature: whether they are painted and which Regions the last
paint drew (the legend), and the Live Preview switch."""

from __future__ import annotations

from typing import Annotated, Any

import bpy

from ..i18n import CONTEXT
from ..shared.overrides import kept_on_overrides
from ..shared.rna_fields import rna_fields


@kept_on_overrides
@rna_fields
class OVERANIM_PG_painted_region(bpy.types.PropertyGroup):
    """A Region the last paint drew: its place in the list is its colour's place in region_palette."""

    # declared: PropertyGroup's own name is read-only from Blender 5.3
    name: Annotated[str, bpy.props.StringProperty(name="Region", translation_context=CONTEXT)]


# what this feature keeps on the armature: fields of ``Object.overanim`` (gathered in blender/properties.py)
OBJECT_PROPERTIES: dict[str, Any] = {
    # UI state kept with the rig: the preview legend shows what the last paint drew until Clear Preview
    "masks_painted": bpy.props.BoolProperty(
        name="Masks Painted", default=False, options=set(), translation_context=CONTEXT,
        description="Region masks are painted (until Clear Preview)"),
    # the paint's, not the Regions': a Region's n-th place here is its n-th colour of region_palette
    "painted_regions": bpy.props.CollectionProperty(
        type=OVERANIM_PG_painted_region, name="Painted Regions", translation_context=CONTEXT,
        description="The Regions the last paint drew, in the order of their colours in OverAnim_Preview"),
    # no update callback: one on a PropertyGroup crashes the bpy 4.2 module at exit. Set by the
    # Live Preview button or by a script alike, masks/live (sync) carries it through
    "live_preview": bpy.props.BoolProperty(
        name="Live Preview", default=False, options=set(), translation_context=CONTEXT,
        description="On while the Region masks and the preview follow the mask fields and, in Weight Paint "
        "mode, the weights (the Live Preview button, or setting this from a script, turns it on and off)"),
}
classes = (OVERANIM_PG_painted_region,)
register, unregister = bpy.utils.register_classes_factory(classes)
