"""Foot IK settings on an armature: ``Object.overanim.foot_ik``."""

from __future__ import annotations

import functools
from typing import Annotated, Any

import bpy

from ...core.bone_names import FootIKBones, detect_foot_ik_bones
from ..i18n import CONTEXT
from ..regions.region import SPATIAL_ITEMS
from ..shared.overrides import kept_on_overrides
from ..shared.rna_fields import rna_fields
from ..shared.typed import armature_data

BONE_FIELDS = ("left_foot", "right_foot", "left_ik_target", "right_ik_target", "body_bone")
# Blender's convention (and the default): the character faces -Y of its object, its right is -X.
# A rig from Blender's FBX or glTF importer (Unreal, Mixamo) keeps its Y-up data under an object turned +90
# degrees about X: that character faces -Y of the world, +Z of its object.
FORWARD_ITEMS = [
    ("-Y", "-Y", "The character faces its object's -Y axis (Blender's convention)"),
    ("+Y", "+Y", "The character faces its object's +Y axis"),
    ("+X", "+X", "The character faces its object's +X axis (Unreal's convention; the Khronos glTF sample figures)"),
    ("-X", "-X", "The character faces its object's -X axis"),
    ("+Z", "+Z", "The character faces its object's +Z axis (an Unreal or Mixamo rig from Blender's FBX or glTF "
                 "importer: Y-up data under an object turned 90 degrees about X)"),
    ("-Z", "-Z", "The character faces its object's -Z axis"),
]
FORWARD_VECTORS = {"-Y": (0.0, -1.0, 0.0), "+Y": (0.0, 1.0, 0.0), "+X": (1.0, 0.0, 0.0), "-X": (-1.0, 0.0, 0.0),
                   "+Z": (0.0, 0.0, 1.0), "-Z": (0.0, 0.0, -1.0)}


def _bone(name: str, description: str) -> Any:
    return bpy.props.StringProperty(name=name, description=description, translation_context=CONTEXT)


@kept_on_overrides
@rna_fields
class OVERANIM_PG_static_value(bpy.types.PropertyGroup):
    """A channel's own value from before the bake animated it (see bake.py: kept for Remove)."""

    data_path: Annotated[str, bpy.props.StringProperty()]
    index: Annotated[int, bpy.props.IntProperty()]
    value: Annotated[float, bpy.props.FloatProperty()]


@kept_on_overrides
@rna_fields
class OVERANIM_PG_foot_ik(bpy.types.PropertyGroup):
    left_foot: Annotated[str, _bone("Left Foot", "The left foot bone: the ray goes down at its head")]
    right_foot: Annotated[str, _bone("Right Foot", "The right foot bone: the ray goes down at its head")]
    left_ik_target: Annotated[str, _bone(
        "Left IK Target",
        "Optional bone the bake moves and turns so the left foot meets the ground (empty: no keys)",
    )]
    right_ik_target: Annotated[str, _bone(
        "Right IK Target",
        "Optional bone the bake moves and turns so the right foot meets the ground (empty: no keys)",
    )]
    body_bone: Annotated[str, _bone(
        "Body Bone", "Optional bone (pelvis, hips) the bake moves by the body offset (empty: no keys)"
    )]
    forward_axis: Annotated[str, bpy.props.EnumProperty(
        name="Forward Axis", translation_context=CONTEXT, items=FORWARD_ITEMS, default="-Y",
        description="The axis of the armature object the character faces: Pitch and Roll are measured along it",
    )]
    trace_distance: Annotated[float, bpy.props.FloatProperty(
        name="Trace Distance", translation_context=CONTEXT, default=50.0, min=0.0, soft_max=500.0, precision=1,
        step=100,
        description="How far below the ground reference the ray reaches (cm, authored: calibrated by Trace "
        "Calibration)",
    )]
    trace_calibration: Annotated[str, bpy.props.EnumProperty(
        name="Trace Calibration", translation_context=CONTEXT, items=SPATIAL_ITEMS, default="CHARACTER_RELATIVE",
        description="How the trace distance follows the character's size (the measured ground-probe scale); "
        "there is no Region here, so RegionRelative falls back to character-relative",
    )]
    ground_collection: Annotated[bpy.types.Collection | None, bpy.props.PointerProperty(
        name="Ground", translation_context=CONTEXT, type=bpy.types.Collection,
        description="Only the objects of this collection (meshes, curves, instances; hidden ones too) are "
        "probed. Empty: everything visible in the scene but the character's own",
    )]
    bones_detected: Annotated[bool, bpy.props.BoolProperty(
        default=False, options={"HIDDEN"}, translation_context=CONTEXT,
        description="The bone fields were filled from the rig's bone names once; empty fields stay empty after",
    )]
    computed_on: Annotated[str, bpy.props.StringProperty(
        options={"HIDDEN"}, translation_context=CONTEXT,
        description="The armature the values were probed on: a copy says so (shared/computed_on.py)",
    )]
    baked_action: Annotated[bpy.types.Action | None, bpy.props.PointerProperty(
        type=bpy.types.Action, options={"HIDDEN"}, translation_context=CONTEXT,
        description="The action the last bake wrote: the bake's strips are the strips of this action",
    )]
    pushed_action: Annotated[bpy.types.Action | None, bpy.props.PointerProperty(
        type=bpy.types.Action, options={"HIDDEN"}, translation_context=CONTEXT,
        description="The artist's action the bake pushed down into the NLA (brought back by Remove Foot IK Bake)",
    )]
    pushed_track: Annotated[str, bpy.props.StringProperty(
        options={"HIDDEN"}, translation_context=CONTEXT,
        description="The NLA track the bake pushed the artist's action down to",
    )]
    # the pushed-down action's blending as it was active (Remove gives it back)
    pushed_blend_type: Annotated[str, bpy.props.StringProperty(options={"HIDDEN"}, default="REPLACE",
                                                               translation_context=CONTEXT)]
    pushed_extrapolation: Annotated[str, bpy.props.StringProperty(options={"HIDDEN"}, default="HOLD",
                                                                  translation_context=CONTEXT)]
    pushed_influence: Annotated[float, bpy.props.FloatProperty(options={"HIDDEN"}, default=1.0,
                                                               translation_context=CONTEXT)]
    static_values: Annotated[bpy.types.bpy_prop_collection_idprop[OVERANIM_PG_static_value],
                             bpy.props.CollectionProperty(type=OVERANIM_PG_static_value, options={"HIDDEN"},
                                                          translation_context=CONTEXT)]


def detected_bones(armature: bpy.types.Object) -> FootIKBones:
    return _detect(tuple((bone.name, bone.use_deform) for bone in armature_data(armature).bones))


@functools.lru_cache(maxsize=8)
def _detect(bones: tuple[tuple[str, bool], ...]) -> FootIKBones:
    """Kept per set of bones: the Foot IK panel asks on every redraw (costly on big rigs), and
    the answer changes only with the bones' names and Deform flags, which form the key."""
    return detect_foot_ik_bones(bones)


def bone_names(settings: Any, armature: bpy.types.Object) -> FootIKBones:
    """The bones to use: the fields, or on the first run (nothing detected yet) the empty fields
    filled from the rig's names. Only reads; ``store_bone_names`` writes."""
    names = FootIKBones(**{field: getattr(settings, field) for field in BONE_FIELDS})
    if settings.bones_detected:
        return names
    found = detected_bones(armature)
    return FootIKBones(**{field: getattr(names, field) or getattr(found, field) for field in BONE_FIELDS})


def store_bone_names(settings: Any, names: FootIKBones) -> None:
    for field in BONE_FIELDS:
        if getattr(settings, field) != getattr(names, field):
            setattr(settings, field, getattr(names, field))
    settings.bones_detected = True


# what this feature keeps on the armature: fields of ``Object.overanim`` (gathered in blender/properties.py)
OBJECT_PROPERTIES: dict[str, Any] = {
    "foot_ik": bpy.props.PointerProperty(type=OVERANIM_PG_foot_ik, name="Foot IK", translation_context=CONTEXT),
}
classes = (OVERANIM_PG_static_value, OVERANIM_PG_foot_ik)
register, unregister = bpy.utils.register_classes_factory(classes)
