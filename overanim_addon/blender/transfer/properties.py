"""Transfer settings on the target armature (``Object.overanim.transfer``): what the panel's
Transfer button passes to the operator, and what the last transfer did."""

from __future__ import annotations

from typing import Annotated, Any

import bpy

from ..i18n import CONTEXT
from ..regions.region import BASIS_ITEMS
from ..shared.overrides import kept_on_overrides
from ..shared.rna_fields import rna_fields

DEFAULT_BASIS = "LOCOMOTION_HEIGHT"  # the pelvis-height ratio Unreal's IK Retargeter scales root motion by


def basis_property() -> Any:
    return bpy.props.EnumProperty(
        name="Basis", translation_context=CONTEXT, items=BASIS_ITEMS, default=DEFAULT_BASIS,
        description="Which measured scale of each character the translations follow (the ratio is target / "
        "source); Absolute keeps them unchanged")


def region_property(**options: Any) -> Any:
    return bpy.props.StringProperty(
        name="Region", translation_context=CONTEXT,
        description="The Region whose measurement a Region basis (and Auto, when set) uses; both armatures need a "
        "Region of this name", **options)


def scale_property(name: str, description: str) -> Any:
    return bpy.props.FloatProperty(name=name, translation_context=CONTEXT, default=1.0, min=0.0, soft_max=2.0,
                                   precision=3, step=5, description=description)


def calibration_property() -> Any:
    return bpy.props.BoolProperty(
        name="Use Calibration", translation_context=CONTEXT, default=False,
        description="Scale by each character's calibrated scale (its references and Minimum/Maximum Character "
        "Scale) instead of the plain ratio of the two measured sizes; a clamp that changes the ratio is reported")


def plant_feet_property() -> Any:
    return bpy.props.BoolProperty(
        name="Plant Feet", translation_context=CONTEXT, default=True,
        description="Across skeletons: hold the target's feet where the source's are planted, the legs solved by "
        "Two Bone IK (the pelvis sinks where a held foot is out of reach)")


SCALE_HORIZONTAL = ("Scale Horizontal", "Multiplies the world-horizontal part of every translation, on top of the "
                    "ratio (travel, sway)")
SCALE_VERTICAL = ("Scale Vertical", "Multiplies the world-vertical part of every translation, on top of the ratio "
                  "(0: no bob)")


def _other_armature(settings: Any, obj: bpy.types.Object) -> bool:
    """The Source picker lists the other armatures only (the settings live on the target)."""
    return obj.type == "ARMATURE" and obj != settings.id_data


# Any Python callback on a PropertyGroup's property crashes the bpy 4.2 module at exit (every process
# returned 139), so 4.2 lists every object; later versions exit cleanly with it (test_registration).
# The operator refuses a source that is not another armature either way.
POLL_SAFE = bpy.app.version >= (4, 3, 0)
SOURCE_POLL: dict[str, Any] = {"poll": _other_armature} if POLL_SAFE else {}


@kept_on_overrides
@rna_fields
class OVERANIM_PG_transfer(bpy.types.PropertyGroup):
    source: Annotated[bpy.types.Object | None, bpy.props.PointerProperty(
        name="Source", translation_context=CONTEXT, type=bpy.types.Object,
        description="The armature the clip was made on", **SOURCE_POLL)]
    action: Annotated[bpy.types.Action | None, bpy.props.PointerProperty(
        name="Action", translation_context=CONTEXT, type=bpy.types.Action,
        description="The clip to transfer (empty: the source's active action)")]
    basis: Annotated[str, basis_property()]
    region: Annotated[str, region_property()]
    scale_horizontal: Annotated[float, scale_property(*SCALE_HORIZONTAL)]
    scale_vertical: Annotated[float, scale_property(*SCALE_VERTICAL)]
    use_calibration: Annotated[bool, calibration_property()]
    plant_feet: Annotated[bool, plant_feet_property()]
    # the artist's rows of the bone map (JSON: target bone -> source bone, "" to follow its parent)
    bone_map: Annotated[str, bpy.props.StringProperty(
        options={"HIDDEN"}, translation_context=CONTEXT,
        description="The bone map rows set by hand, kept on the target (JSON)")]
    # what the last transfer onto this armature did, for the panel
    result_action: Annotated[bpy.types.Action | None, bpy.props.PointerProperty(
        type=bpy.types.Action, options={"HIDDEN"}, translation_context=CONTEXT,
        description="The action the last transfer made")]
    result_summary: Annotated[str, bpy.props.StringProperty(
        options={"HIDDEN"}, translation_context=CONTEXT,
        description="What the last transfer scaled (a message as JSON, translated when drawn)")]


# what this feature keeps on the armature: fields of ``Object.overanim`` (gathered in blender/properties.py)
OBJECT_PROPERTIES: dict[str, Any] = {
    "transfer": bpy.props.PointerProperty(type=OVERANIM_PG_transfer, name="Transfer", translation_context=CONTEXT),
}
classes = (OVERANIM_PG_transfer,)
register, unregister = bpy.utils.register_classes_factory(classes)
