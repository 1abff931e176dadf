"""Foot IK settings on an armature: ``Object.overanim.foot_ik``."""

from __future__ import annotations

import functools
from typing import Annotated, Any

import bpy

from ...core.bone_names import FootIKBones, detect_foot_ik_bones
from ...core.foot_ik_motion import (
    DISTANCE_TO_GROUND,
    HEEL_LIFT_RATIO,
    LINEAR_DAMPING,
    LINEAR_STIFFNESS,
    MAX_EXTENSION_RATIO,
    MAX_OFFSET,
    SPEED_THRESHOLD,
)
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


def _number() -> Any:
    return bpy.props.FloatProperty(options={"HIDDEN"}, translation_context=CONTEXT)


@kept_on_overrides
@rna_fields
class OVERANIM_PG_foot_ik_quality(bpy.types.PropertyGroup):
    """The last bake's numbers (report.py), for the panel: cm, cm/s, cm/s²."""

    baked: Annotated[bool, bpy.props.BoolProperty(options={"HIDDEN"}, translation_context=CONTEXT)]
    has_pelvis: Annotated[bool, bpy.props.BoolProperty(options={"HIDDEN"}, translation_context=CONTEXT)]
    pelvis_speed_before: Annotated[float, _number()]
    pelvis_speed_after: Annotated[float, _number()]
    pelvis_acceleration_before: Annotated[float, _number()]
    pelvis_acceleration_after: Annotated[float, _number()]
    slide_before: Annotated[float, _number()]
    slide_after: Annotated[float, _number()]
    penetration: Annotated[float, _number()]
    unreachable_frames: Annotated[int, bpy.props.IntProperty(options={"HIDDEN"}, translation_context=CONTEXT)]
    out_of_bounds: Annotated[str, bpy.props.StringProperty(options={"HIDDEN"}, translation_context=CONTEXT)]


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
    # the bake over time, named as Unreal's Foot Placement node names them (core/foot_ik_motion.py)
    max_offset: Annotated[float, bpy.props.FloatProperty(
        name="Max Offset", translation_context=CONTEXT, default=MAX_OFFSET, min=0.1, soft_max=100.0, precision=1,
        description="Max vertical offset of the body (pelvis) from the animation, cm (Foot Placement's Pelvis "
        "Settings). Past it the feet may not reach the ground",
    )]
    linear_stiffness: Annotated[float, bpy.props.FloatProperty(
        name="Linear Stiffness", translation_context=CONTEXT, default=LINEAR_STIFFNESS, min=1.0, soft_max=1000.0,
        precision=0, description="How fast the body follows the ground (the spring's stiffness, 1/s²; Foot "
        "Placement's Pelvis Settings). The bake runs it forwards and backwards: the body starts before a step",
    )]
    linear_damping: Annotated[float, bpy.props.FloatProperty(
        name="Linear Damping", translation_context=CONTEXT, default=LINEAR_DAMPING, min=0.1, soft_max=2.0,
        precision=2, description="The body spring's damping, 1 critically damped (no overshoot), less bounces "
        "(Foot Placement's Pelvis Settings)",
    )]
    heel_lift_ratio: Annotated[float, bpy.props.FloatProperty(
        name="Heel Lift Ratio", translation_context=CONTEXT, default=HEEL_LIFT_RATIO, min=0.0, max=1.0,
        precision=2, subtype="FACTOR", description="How much a foot lifts its heel (pitching about its toe) "
        "before the body drops to let it reach lower ground: 1 fully favours the heel, 0 the body (Foot "
        "Placement's Pelvis Settings; ours defaults to 0 so a planted sole stays flat)",
    )]
    speed_threshold: Annotated[float, bpy.props.FloatProperty(
        name="Speed Threshold", translation_context=CONTEXT, default=SPEED_THRESHOLD, min=0.1, soft_max=200.0,
        precision=1, description="A foot slower than this (cm/s, at the reference character's size) is planted: "
        "held where it stands (Foot Placement's Plant Settings; Motion's contact speed)",
    )]
    distance_to_ground: Annotated[float, bpy.props.FloatProperty(
        name="Distance To Ground", translation_context=CONTEXT, default=DISTANCE_TO_GROUND, min=0.1,
        soft_max=50.0, precision=1, description="A foot nearer the ground than this (cm, at the reference "
        "character's size) can be planted (Foot Placement's Plant Settings; Motion's contact height)",
    )]
    max_extension_ratio: Annotated[float, bpy.props.FloatProperty(
        name="Max Extension Ratio", translation_context=CONTEXT, default=MAX_EXTENSION_RATIO, min=0.01, max=1.0,
        precision=2, description="How far a leg without IK target may straighten, of what is left between the "
        "animation's pose and a straight leg (1: all of it; Foot Placement's Plant Settings). The bake reports "
        "the frames a leg could not reach",
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
    quality: Annotated[OVERANIM_PG_foot_ik_quality, bpy.props.PointerProperty(
        type=OVERANIM_PG_foot_ik_quality, options={"HIDDEN"}, translation_context=CONTEXT)]
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
classes = (OVERANIM_PG_static_value, OVERANIM_PG_foot_ik_quality, OVERANIM_PG_foot_ik)
register, unregister = bpy.utils.register_classes_factory(classes)
