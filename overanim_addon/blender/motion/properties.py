"""Motion settings on an armature, ``Object.overanim.motion``, and what the last analysis found (for the
panel and for Remove Motion Curves). The actor's Measurement Basis is a Calibration field
(``Object.overanim.calibration.motion_basis``, calibration/properties.py)."""

from __future__ import annotations

from typing import Annotated, Any

import bpy

from ...core import motion
from ..i18n import CONTEXT
from ..shared.overrides import kept_on_overrides
from ..shared.rna_fields import rna_fields


@kept_on_overrides
@rna_fields
class OVERANIM_PG_motion_region(bpy.types.PropertyGroup):
    """One Region as the last analysis calibrated it."""

    region: Annotated[str, bpy.props.StringProperty(translation_context=CONTEXT)]
    key: Annotated[str, bpy.props.StringProperty(translation_context=CONTEXT)]
    basis: Annotated[str, bpy.props.StringProperty(translation_context=CONTEXT)]
    resolved: Annotated[bool, bpy.props.BoolProperty(translation_context=CONTEXT)]
    scale: Annotated[float, bpy.props.FloatProperty(translation_context=CONTEXT)]
    named: Annotated[bool, bpy.props.BoolProperty(translation_context=CONTEXT)]  # its properties fit Blender's names


def _hidden(prop: Any, **kwargs: Any) -> Any:
    return prop(options={"HIDDEN"}, translation_context=CONTEXT, **kwargs)


@kept_on_overrides
@rna_fields
class OVERANIM_PG_motion(bpy.types.PropertyGroup):
    contact_speed: Annotated[float, bpy.props.FloatProperty(
        name="Contact Speed", translation_context=CONTEXT, default=motion.CONTACT_SPEED, min=0.0, soft_max=500.0,
        precision=1, step=100,
        description="A foot is planted while its lowest point moves slower than this (cm/s, authored at the "
        "reference character: follows the character's locomotion scale)",
    )]
    contact_height: Annotated[float, bpy.props.FloatProperty(
        name="Contact Height", translation_context=CONTEXT, default=motion.CONTACT_HEIGHT, min=0.0,
        soft_max=100.0, precision=1, step=100,
        description="A foot is planted while its lowest point is less than this above the ground reference "
        "(cm, authored at the reference character: follows the character's locomotion scale)",
    )]
    stop_speed: Annotated[float, bpy.props.FloatProperty(
        name="Stop Speed", translation_context=CONTEXT, default=motion.STOP_SPEED, min=0.0, soft_max=100.0,
        precision=1, step=10,
        description="The Distance curve's stop point is the slowest frame under this horizontal speed (cm/s); "
        "none under it: the first frame",
    )]
    # what the last analysis wrote, and what it pushed down into the NLA (Remove gives it back)
    computed_on: Annotated[str, _hidden(bpy.props.StringProperty, description="The armature the analysis was "
                                        "computed on: a copy says so (shared/computed_on.py)")]
    analyzed_action: Annotated[bpy.types.Action | None, _hidden(
        bpy.props.PointerProperty, type=bpy.types.Action, description="The action the last analysis described")]
    curves_action: Annotated[bpy.types.Action | None, _hidden(
        bpy.props.PointerProperty, type=bpy.types.Action, description="The action holding the motion curves")]
    frame_start: Annotated[int, _hidden(bpy.props.IntProperty)]
    frame_end: Annotated[int, _hidden(bpy.props.IntProperty)]
    basis: Annotated[str, _hidden(bpy.props.StringProperty, description="The actor's Measurement Basis used")]
    resolved: Annotated[bool, _hidden(bpy.props.BoolProperty, description="The actor's basis resolved a scale")]
    scale: Annotated[float, _hidden(bpy.props.FloatProperty, description="The actor's scale used")]
    has_feet: Annotated[bool, _hidden(bpy.props.BoolProperty, description="Foot contacts were analysed")]
    reference_rule: Annotated[str, _hidden(bpy.props.StringProperty,
                                           description="How the ground reference was followed")]
    reference_bone: Annotated[str, _hidden(bpy.props.StringProperty,
                                           description="The bone the ground reference followed")]
    left_contacts: Annotated[str, _hidden(bpy.props.StringProperty, description="The left foot's contact frames")]
    right_contacts: Annotated[str, _hidden(bpy.props.StringProperty,
                                           description="The right foot's contact frames")]
    contact_speed_used: Annotated[float, _hidden(bpy.props.FloatProperty,
                                                 description="The contact speed for this character")]
    contact_height_used: Annotated[float, _hidden(bpy.props.FloatProperty,
                                                  description="The contact height for this character")]
    regions: Annotated[bpy.types.bpy_prop_collection_idprop[OVERANIM_PG_motion_region],
                       _hidden(bpy.props.CollectionProperty, type=OVERANIM_PG_motion_region)]
    pushed_action: Annotated[bpy.types.Action | None, _hidden(
        bpy.props.PointerProperty, type=bpy.types.Action,
        description="The artist's action the analysis pushed down into the NLA")]
    pushed_track: Annotated[str, _hidden(bpy.props.StringProperty,
                                         description="The NLA track it was pushed down to")]
    pushed_blend_type: Annotated[str, _hidden(bpy.props.StringProperty, default="REPLACE")]
    pushed_extrapolation: Annotated[str, _hidden(bpy.props.StringProperty, default="HOLD")]
    pushed_influence: Annotated[float, _hidden(bpy.props.FloatProperty, default=1.0)]


# what this feature keeps on the armature: fields of ``Object.overanim`` (gathered in blender/properties.py)
OBJECT_PROPERTIES: dict[str, Any] = {
    "motion": bpy.props.PointerProperty(type=OVERANIM_PG_motion, name="Motion", translation_context=CONTEXT),
}
classes = (OVERANIM_PG_motion_region, OVERANIM_PG_motion)
register, unregister = bpy.utils.register_classes_factory(classes)
