"""A Region: the bones it covers (a Bone Collection, Blender's counterpart of an OverAnim Bone
Group), its mask policy and its calibration choices."""

from __future__ import annotations

import enum
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, TypeVar

import bpy

from ...core import (
    MotionMeasurementBasis,
    RegionCompositionPolicy,
    RegionFalloffMode,
    RegionLodPolicy,
    RegionMaskPolicy,
    SpatialCalibrationMode,
    coerce_enum,
    naming,
)
from ...core.errors import OverAnimError
from ...core.log import Level, LogLine
from ...core.messages import Message
from ..i18n import CONTEXT
from ..shared.overrides import kept_on_overrides
from ..shared.typed import armature_data, overanim


def item_description(label: str, spec_name: str, sentence: str) -> str:
    """An enum item's tooltip: the sentence, after the spec's spelling ("SmoothStep") where the item
    reads in Blender's spelling ("Smooth Step"), so the spec's name is one hover away."""
    return sentence if spec_name == label else f"{spec_name}. {sentence}"


# (identifier, label, spec spelling, tooltip sentence); translations/__init__.py uses the same rows
FALLOFF_SPECS = [
    ("LINEAR", "Linear", "Linear", "Straight ramp between Zero Weight and Full Weight"),
    ("SMOOTH_STEP", "Smooth Step", "SmoothStep", "Smooth ease-in/ease-out ramp between Zero Weight and Full Weight"),
    ("POWER", "Power", "Power", "Ramp bent by Falloff Exponent (the only mode that reads it)"),
]
LOD_SPECS = [
    ("ALLOW_INACTIVE", "Allow Inactive", "AllowInactive", "Allows a LOD without Region coverage"),
    ("WARN_IF_INACTIVE", "Warn If Inactive", "WarnIfInactive", "Warns about a LOD without Region coverage"),
    ("REQUIRE_COVERAGE", "Require Coverage", "RequireCoverage", "Requires Region coverage at every LOD"),
]
COMPOSITION_SPECS = [
    ("ADDITIVE_CLAMPED", "Additive Delta", "AdditiveClamped", "Composes overlapping Region deltas as a clamped sum"),
    ("STRONGEST_DELTA", "Strongest Delta", "StrongestDelta",
     "Composes overlapping Region deltas as the single strongest delta"),
]
SPATIAL_SPECS = [
    ("CHARACTER_RELATIVE", "Character Relative", "CharacterRelative",
     "Multiplies authored linear distance by character scale"),
    ("REGION_RELATIVE", "Region Relative", "RegionRelative",
     "Uses Region reference size and ratio when valid; otherwise falls back to character-relative"),
    ("ABSOLUTE", "Absolute", "Absolute", "Uses authored distance unchanged"),
]
_REGION_BASIS = "Uses that scale only when a Region measurement exists; otherwise resolution fails"
BASIS_SPECS = [
    ("AUTO", "Auto", "Auto", "Selects locomotion height for actor motion; for Region motion, selects "
     "chain/span/bounds/average bone in that order"),
    ("CHARACTER_HEIGHT", "Character Height", "CharacterHeight", "Uses a whole-character scale"),
    ("LOCOMOTION_HEIGHT", "Locomotion Height", "LocomotionHeight", "Uses a whole-character scale"),
    ("REGION_SPAN", "Region Span", "RegionSpan", _REGION_BASIS),
    ("REGION_BOUNDS_RADIUS", "Region Bounds Radius", "RegionBoundsRadius", _REGION_BASIS),
    ("REGION_CHAIN_LENGTH", "Region Chain Length", "RegionChainLength", _REGION_BASIS),
    ("AVERAGE_BONE_LENGTH", "Average Bone Length", "AverageBoneLength", _REGION_BASIS),
    ("ABSOLUTE", "Absolute", "Absolute", "Uses scale 1"),
]
FALLOFF_ITEMS, LOD_ITEMS, COMPOSITION_ITEMS, SPATIAL_ITEMS, BASIS_ITEMS = (
    [(identifier, label, item_description(label, spec, sentence)) for identifier, label, spec, sentence in specs]
    for specs in (FALLOFF_SPECS, LOD_SPECS, COMPOSITION_SPECS, SPATIAL_SPECS, BASIS_SPECS)
)
# Channels of the packed byte colour attribute OverAnim_RegionMasks (see packed.py)
CHANNEL_ITEMS = [
    ("NONE", "None", "Not packed: the mask is only in OverAnim_Mask_<Region>"),
    ("R", "R", "Red channel of OverAnim_RegionMasks"),
    ("G", "G", "Green channel of OverAnim_RegionMasks"),
    ("B", "B", "Blue channel of OverAnim_RegionMasks"),
    ("A", "A", "Alpha channel of OverAnim_RegionMasks"),
]
# The identifiers must be the core enum member names (the Blender layer converts by name).
assert [i[0] for i in FALLOFF_ITEMS] == [m.name for m in RegionFalloffMode]
assert [i[0] for i in LOD_ITEMS] == [m.name for m in RegionLodPolicy]
assert [i[0] for i in COMPOSITION_ITEMS] == [m.name for m in RegionCompositionPolicy]
assert [i[0] for i in SPATIAL_ITEMS] == [m.name for m in SpatialCalibrationMode]
assert [i[0] for i in BASIS_ITEMS] == [m.name for m in MotionMeasurementBasis]


@kept_on_overrides
class OVERANIM_PG_region(bpy.types.PropertyGroup):
    if TYPE_CHECKING:  # the registered fields below, as mypy sees them (tests/blender/test_property_types.py)
        name: str
        bone_collection: str
        falloff_mode: str
        zero_weight: float
        full_weight: float
        falloff_exponent: float
        lod_policy: str
        composition_policy: str
        is_attachment_dependency: bool
        spatial_calibration_mode: str
        measurement_basis: str
        authored_distance: float
        region_ratio: float
        preview_color: Sequence[float]
        mask_channel: str
        delta_shape_key: str
    __annotations__: dict[str, Any] = {
        "name": bpy.props.StringProperty(name="Name", translation_context=CONTEXT, default="Region",
                                         description="Name of the Region"),
        "bone_collection": bpy.props.StringProperty(
            name="Bone Collection", translation_context=CONTEXT,
            description="The armature's Bone Collection whose bones this Region covers (OverAnim's Bone Group)",
        ),
        "falloff_mode": bpy.props.EnumProperty(
            name="Falloff Mode", translation_context=CONTEXT, items=FALLOFF_ITEMS, default="SMOOTH_STEP",
            description="Selects the curve between 0 and full in the vertex mask. Only Power reads Falloff Exponent",
        ),
        "zero_weight": bpy.props.FloatProperty(
            name="Zero Weight", translation_context=CONTEXT, default=0.0, min=0.0, max=1.0,
            description="The Region mask is 0 at or below this skin weight",
        ),
        "full_weight": bpy.props.FloatProperty(
            name="Full Weight", translation_context=CONTEXT, default=1.0, min=0.0, max=1.0,
            description="The Region mask is 1 at or above this skin weight. "
            "Must be greater than ZeroWeight to create a valid transition range",
        ),
        "falloff_exponent": bpy.props.FloatProperty(
            name="Falloff Exponent", translation_context=CONTEXT, default=1.0, min=0.01, soft_max=10.0,
            description="Curvature of Power mode. Other modes retain the value but do not use it in the result",
        ),
        "lod_policy": bpy.props.EnumProperty(
            name="LOD Policy", translation_context=CONTEXT, items=LOD_ITEMS, default="WARN_IF_INACTIVE",
            description="Respectively allows, warns about, or requires Region coverage at the LOD",
        ),
        "composition_policy": bpy.props.EnumProperty(
            name="Composition Policy", translation_context=CONTEXT, items=COMPOSITION_ITEMS, default="ADDITIVE_CLAMPED",
            description="Composes overlapping Region deltas either as a clamped sum or as the single strongest delta",
        ),
        "is_attachment_dependency": bpy.props.BoolProperty(
            name="Attachment Dependency", translation_context=CONTEXT, default=False,
            description="Coverage is always required when this is on, regardless of policy "
            "(also assumed when an object is parented to one of the Region's bones)",
        ),
        "spatial_calibration_mode": bpy.props.EnumProperty(
            name="Spatial Calibration", translation_context=CONTEXT, items=SPATIAL_ITEMS, default="CHARACTER_RELATIVE",
            description="How this Region's authored linear distances follow character size",
        ),
        "measurement_basis": bpy.props.EnumProperty(
            name="Measurement Basis", translation_context=CONTEXT, items=BASIS_ITEMS, default="AUTO",
            description="Which measured scale calibrates this Region's motion",
        ),
        "authored_distance": bpy.props.FloatProperty(
            name="Authored Distance", translation_context=CONTEXT, default=0.0, min=0.0, soft_max=1000.0, precision=2,
            description="A linear distance authored for the reference character, in cm; Measure resolves it "
            "by Spatial Calibration (OverAnim_Region_<Key>_SpatialDistanceCS/WS)",
        ),
        "region_ratio": bpy.props.FloatProperty(
            name="Region Ratio", translation_context=CONTEXT, default=1.0, min=0.0, soft_max=4.0, precision=3,
            description="RegionRelative: the distance is this fraction of the Region's offset reference length "
            "(0 falls back to character-relative)",
        ),
        "preview_color": bpy.props.FloatVectorProperty(
            name="Preview Colour", translation_context=CONTEXT,
            # transparent until a paint gives it its colour: a Region added since is not in the preview
            subtype="COLOR", size=4, min=0.0, max=1.0, default=(0.0, 0.0, 0.0, 0.0),
            description="This Region's colour in the OverAnim_Preview colour attribute (set when painting)",
        ),
        "mask_channel": bpy.props.EnumProperty(
            name="Mask Channel", translation_context=CONTEXT, items=CHANNEL_ITEMS, default="NONE",
            description="Channel of the packed byte colour attribute OverAnim_RegionMasks that holds this "
            "Region's mask; Export for Unreal writes it as the vertex colour (a material's Vertex Color node)",
        ),
        "delta_shape_key": bpy.props.StringProperty(
            name="Delta Shape Key", translation_context=CONTEXT,
            description="Optional shape key whose offsets are this Region's delta (for composition)",
        ),
    }


E = TypeVar("E", bound=enum.Enum)


def region_enum(region: Any, prop: str, enum_type: type[E]) -> E:
    """A Region's enum setting as the core enum. A value set past the UI (a raw ID property of 99)
    reads as '' from Blender: an error for the artist, not a traceback."""
    try:
        return coerce_enum(enum_type, getattr(region, prop))
    except ValueError:
        label = region.bl_rna.properties[prop].name  # the registered field's own name
        raise OverAnimError(Message("Region '{region}': {field} holds an unknown value; pick one in the Regions panel",
                                    region=region.name, field=label)) from None


def mask_policy(region: Any) -> RegionMaskPolicy:
    return RegionMaskPolicy(region_enum(region, "falloff_mode", RegionFalloffMode), region.zero_weight,
                            region.full_weight, region.falloff_exponent)


def region_keys(armature: bpy.types.Object) -> dict[str, str]:
    """Region name -> its name key (``core.naming``), for every Region of the armature: the one
    place every feature (measure, paint, LOD check, compose, checks) takes them from, so a name
    is refused or keyed the same way everywhere. Refuses empty, duplicate and clashing names."""
    names = [region.name for region in overanim(armature).regions]
    return dict(zip(names, naming.region_keys(names), strict=True))


def renamed_keys_report(armature: bpy.types.Object) -> list[LogLine]:
    """One INFO line listing the Regions whose derived names use a key other than their name."""
    renamed = [f"'{name}' as '{key}'" for name, key in region_keys(armature).items() if key != name]
    if not renamed:
        return []
    return [(Level.INFO, Message("Region names written as their keys (letters, digits and _ only, at most {limit} "
                                 "bytes): {names}", limit=naming.KEY_BYTES, names=", ".join(renamed)))]


def region_bones(armature: bpy.types.Object, region: Any) -> list[str]:
    """Names of the bones in the Region's Bone Collection (empty when it is missing)."""
    collection = armature_data(armature).collections_all.get(region.bone_collection) if region.bone_collection else None
    if collection is None:
        return []
    if armature_data(armature).is_editmode:  # BoneCollection.bones is unavailable there (the panel still draws)
        return [bone.name for bone in armature_data(armature).edit_bones
                if any(c.name == collection.name for c in bone.collections)]
    return [bone.name for bone in collection.bones]


def require_region_bones(armature: bpy.types.Object, region: Any) -> list[str]:
    """The Region's bones, or an OverAnimError saying why there are none (the one place that
    words it: measuring, painting and the checks all use this)."""
    bones = region_bones(armature, region)
    if bones:
        return bones
    if not region.bone_collection:
        why = Message("no bone collection is set")
    elif region.bone_collection not in armature_data(armature).collections_all:
        why = Message("bone collection '{name}' was not found", name=region.bone_collection)
    else:
        why = Message("bone collection '{name}' is empty", name=region.bone_collection)
    raise OverAnimError(Message("Region '{region}' has no bones: {why}", region=region.name, why=why))


# what this feature keeps on the armature: fields of ``Object.overanim`` (gathered in blender/properties.py)
OBJECT_PROPERTIES: dict[str, Any] = {
    "regions": bpy.props.CollectionProperty(type=OVERANIM_PG_region, name="Regions", translation_context=CONTEXT),
    "active_region_index": bpy.props.IntProperty(name="Active Region", default=0, min=0, translation_context=CONTEXT),
}
classes = (OVERANIM_PG_region,)
register, unregister = bpy.utils.register_classes_factory(classes)
