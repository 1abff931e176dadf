"""What a transfer will do, read and checked before anything is written: the two armatures and the
clip, the bones they share, both characters' sizes and the ratio, and the new map of each owner's
location channels (a bone's or the object's). A refusal here has changed nothing."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from typing import Any

import bpy
import numpy as np
from mathutils import Matrix

from ...core import MotionMeasurementBasis, coerce_enum
from ...core.errors import OverAnimError
from ...core.messages import Message
from ...core.transfer import (
    REGION_BASES,
    BoneMatch,
    CharacterSizes,
    TransferRatio,
    bone_of_path,
    match_bones,
    require_finite_factor,
    sized_ratio,
    split_matrix,
)
from .. import compat
from ..calibration.properties import settings_from_properties
from ..foot_ik.nla import baked_action
from ..measure.engine import measure_checked
from ..measure.results import MeasurementResults
from ..shared.fcurves import fcurves
from ..shared.finite_keys import read_finite_keys, require_finite_keys
from ..shared.nla_tracks import refuse_tweak_mode
from ..shared.object_data import overanim
from ..shared.scene import read_only_reason, require_object_mode
from ..shared.typed import armature_data, scene_of, view_layer_of
from . import keys
from .map_rows import saved_map
from .properties import DEFAULT_BASIS
from .retarget import Retarget, plan_retarget

BONE_LOCATION = ".location"
OBJECT_LOCATIONS = ("location", "delta_location")  # the object's own translations (world lengths)


@dataclass(frozen=True)
class TransferOptions:
    """What to transfer onto the armature: ``source``'s ``action`` (None: its active action)."""

    source: bpy.types.Object | None = None
    action: bpy.types.Action | None = None
    basis: MotionMeasurementBasis | str = DEFAULT_BASIS
    region: str = ""
    scale_horizontal: float = 1.0
    scale_vertical: float = 1.0
    use_calibration: bool = False  # each character's calibration (references, clamps) instead of its sizes
    bone_map: dict[str, str] | None = None  # rows set by hand: target bone -> source bone ("": its parent); None:
    # the rows kept on the target (the Bone Map panel's)
    retarget: bool = False  # retarget even where the skeletons match (else only where they differ)
    plant_feet: bool = True  # a retarget holds the target's feet on the source's contacts (Two Bone IK)


@dataclass(frozen=True)
class Group:
    """The three location channels of one owner (a bone or the object) and how they change."""

    curves: dict[int, bpy.types.FCurve]
    matrix: np.ndarray
    pivot: np.ndarray
    path: str
    bone: str = ""  # the target bone, "" for the object
    # each curve's keys as read while planning (``read_finite_keys``): the copy's are the same, so the
    # writing scales these instead of reading every key again (that second read was 3 of 9 bulk calls)
    keys: dict[int, np.ndarray] = field(default_factory=dict)


@dataclass(frozen=True)
class Plan:
    source: bpy.types.Object
    target: bpy.types.Object
    clip: bpy.types.Action
    slot: Any  # the clip's slot for the source (None for a legacy action)
    match: BoneMatch
    keyed: tuple[str, ...]  # the bones the clip keys, in its order
    skipped: tuple[str, ...]  # keyed bones the target lacks
    ratio: TransferRatio
    measurements: dict[str, MeasurementResults]  # armature name -> its fresh measurement
    groups: tuple[Group, ...]
    across: Retarget | None = None  # set: retargeted across skeletons, not copied
    notes: tuple[Message, ...] = ()  # what the reading decided (an NLA clip taken), for the report


# -- the armatures and the clip ----------------------------------------------------------------------------
def _require_armature(obj: Any, is_source: bool) -> bpy.types.Object:
    if not isinstance(obj, bpy.types.Object) or obj.type != "ARMATURE":
        name = getattr(obj, "name", str(obj))
        raise OverAnimError(Message("The source '{name}' is not an armature", name=name) if is_source
                            else Message("The target '{name}' is not an armature", name=name))
    if len(armature_data(obj).bones) == 0:
        raise OverAnimError(Message("Armature '{name}' has no bones", name=obj.name))
    return obj


def _source_action(source: bpy.types.Object, action: bpy.types.Action | None,
                   ) -> tuple[bpy.types.Action, Message | None]:
    """The clip, and a note when it was taken from the NLA: after a Foot IK bake the walk plays from
    the strip the bake pushed down, with the bake on top."""
    if action is not None:
        return action, None
    adt = source.animation_data
    bake = baked_action(source)
    if adt is not None and adt.action is not None and adt.action != bake:
        return adt.action, None
    strips = [s for t in (adt.nla_tracks if adt is not None else ()) if not t.mute for s in t.strips
              if not s.mute and s.action is not None and s.action != bake]
    if not strips:
        raise OverAnimError(Message("'{name}' has no active action: name the action to transfer", name=source.name))
    pushed = strips[0].action
    assert pushed is not None  # the strips were chosen with an action
    return pushed, Message("'{name}' plays '{action}' from the NLA (pushed down by a Foot IK bake): transferring it",
                           name=source.name, action=pushed.name)


def _armatures(context: bpy.types.Context, target: Any, options: TransferOptions,
               ) -> tuple[bpy.types.Object, bpy.types.Object]:
    if options.source is None:
        raise OverAnimError(Message("Choose the source armature: the one the clip was made on"))
    source = _require_armature(options.source, is_source=True)
    target = _require_armature(target, is_source=False)
    if source == target:
        raise OverAnimError(Message("The source and the target are both '{name}': the source is the armature the "
                                    "clip was made on", name=source.name))
    read_only = read_only_reason(target)
    if read_only is not None:
        raise OverAnimError(read_only)
    for armature in (source, target):
        require_object_mode(armature, scene_of(context))
    refuse_tweak_mode(target)
    return source, target


def _clip(source: bpy.types.Object, action: bpy.types.Action | None,
          ) -> tuple[bpy.types.Action, Any, list[Any], Message | None]:
    """The clip, its slot for the source, its channels for it, and a note on where it was found."""
    clip, note = _source_action(source, action)
    slot = compat.slot_of(clip, source)
    if compat.is_layered(clip) and slot is None:
        raise OverAnimError(Message("Action '{action}' has several slots and none belongs to '{name}': assign it "
                                    "to '{name}' first", action=clip.name, name=source.name))
    curves = list(fcurves(clip, slot))
    if not curves:
        raise OverAnimError(Message("Action '{action}' has no channels for '{name}': nothing to transfer",
                                    action=clip.name, name=source.name))
    return clip, slot, curves, note


def _matched(source: bpy.types.Object, target: bpy.types.Object, curves: list[Any],
             ) -> tuple[BoneMatch, tuple[str, ...], tuple[str, ...]]:
    """Bones by name, then by naming family; the armatures must share some. Returns the match, the
    bones the clip keys and those of them the target lacks."""
    keyed = tuple(dict.fromkeys(p[0] for p in map(bone_of_path, (c.data_path for c in curves)) if p is not None))
    source_bones = [b.name for b in armature_data(source).bones]
    match = match_bones([*source_bones, *(b for b in keyed if b not in set(source_bones))],
                        [b.name for b in armature_data(target).bones])
    return match, keyed, tuple(b for b in keyed if b not in match.mapping)


def _require_shared(source: bpy.types.Object, target: bpy.types.Object, match: BoneMatch) -> None:
    if not any(b.name in match.mapping for b in armature_data(source).bones):
        raise OverAnimError(Message("'{source}' and '{target}' share no bone (by name or naming family): nothing "
                                    "to transfer", source=source.name, target=target.name))


# -- the ratio -----------------------------------------------------------------------------------------
def _measured(context: bpy.types.Context, armature: bpy.types.Object, basis: MotionMeasurementBasis,
              region: str) -> tuple[CharacterSizes, MeasurementResults]:
    """The armature's sizes for ``basis``, from a measurement of it as it is now (its rest pose and its
    own calibration), made as Measure Proportions makes it; nothing is written here."""
    try:
        results = measure_checked(context, armature)
    except OverAnimError as error:
        raise OverAnimError(Message("'{name}' could not be measured: {reason}", name=armature.name,
                                    reason=error.message)) from None
    settings = settings_from_properties(overanim(armature).calibration)
    if region and (basis in REGION_BASES or basis is MotionMeasurementBasis.AUTO):
        found = next((r for r in results.regions if r.name == region), None)
        if found is None:
            raise OverAnimError(Message("'{name}' has no Region '{region}': Basis {basis} needs it on both armatures",
                                        name=armature.name, region=region, basis=basis.value))
        return CharacterSizes(armature.name, results.character, found.proportions, found.proportions_ws,
                              settings), results
    return CharacterSizes(armature.name, results.character, calibration=settings), results


def _ratio(context: bpy.types.Context, source: bpy.types.Object, target: bpy.types.Object,
           options: TransferOptions) -> tuple[TransferRatio, dict[str, MeasurementResults]]:
    """Both characters measured as they are now (Absolute needs no measurement), and their ratio."""
    try:
        basis = coerce_enum(MotionMeasurementBasis, options.basis)
    except ValueError:
        raise OverAnimError(Message("Unknown basis '{basis}'", basis=str(options.basis))) from None
    # a script's transform change reaches matrix_world only with an update, and WS and the split read it
    view_layer_of(context).update()
    measurements: dict[str, MeasurementResults] = {}
    if basis is MotionMeasurementBasis.ABSOLUTE:
        ratio = sized_ratio(CharacterSizes(source.name), CharacterSizes(target.name), basis)
    else:
        source_sizes, measurements[source.name] = _measured(context, source, basis, options.region)
        target_sizes, measurements[target.name] = _measured(context, target, basis, options.region)
        ratio = sized_ratio(source_sizes, target_sizes, basis, options.region, options.use_calibration)
    h, v = float(options.scale_horizontal), float(options.scale_vertical)
    for factor in (ratio.ratio * h, ratio.ratio * v, ratio.ratio_ws * h, ratio.ratio_ws * v):
        require_finite_factor(factor)
    return ratio, measurements


# -- the channels' new maps -------------------------------------------------------------------------------
def _bone_to_armature(bone: bpy.types.Bone) -> np.ndarray:
    """How a location channel triple of ``bone`` moves its head in the armature's frame, at rest (3x3):
    its rest orientation, as Blender applies it (Local Location, the parent's rest)."""
    parent = bone.parent
    rest: dict[str, Any] = {} if parent is None else {"parent_matrix": parent.matrix_local,
                                                      "parent_matrix_local": parent.matrix_local}
    base = bone.convert_local_to_pose(Matrix.Identity(4), bone.matrix_local, **rest).translation
    columns = [bone.convert_local_to_pose(Matrix.Translation(axis), bone.matrix_local, **rest).translation - base
               for axis in ((1.0, 0.0, 0.0), (0.0, 1.0, 0.0), (0.0, 0.0, 1.0))]
    return np.array(columns, dtype=np.float64).T


def _object_to_world(obj: bpy.types.Object) -> np.ndarray:
    """How the object's location moves it in the world: its parent's frame (3x3)."""
    if obj.parent is None:
        return np.eye(3)
    return np.array((obj.parent.matrix_world @ obj.matrix_parent_inverse).to_3x3(), dtype=np.float64)


def _object_ratio(ratio: TransferRatio, source: bpy.types.Object, target: bpy.types.Object) -> float:
    """The object's location keys are lengths in its parent's space: the world ratio, with each
    parent's scale taken out (under an empty at 0.01 a key of 1 moves the rig 1 cm)."""
    def length(obj: bpy.types.Object) -> float:
        return float(abs(np.linalg.det(_object_to_world(obj)))) ** (1.0 / 3.0)

    with np.errstate(divide="ignore", invalid="ignore"):
        return require_finite_factor(np.float64(ratio.ratio_ws) * length(source) / np.float64(length(target)))


def _location_groups(curves: Iterable[bpy.types.FCurve], match: BoneMatch) -> dict[tuple[str, str], dict[int, Any]]:
    """(target bone or "", data path) -> {array index: curve} for every location channel kept."""
    groups: dict[tuple[str, str], dict[int, Any]] = {}
    for curve in curves:
        if not 0 <= curve.array_index < 3:
            continue
        if curve.data_path in OBJECT_LOCATIONS:
            groups.setdefault(("", curve.data_path), {})[curve.array_index] = curve
            continue
        parsed = bone_of_path(curve.data_path)
        if parsed is not None and parsed[1] == BONE_LOCATION and parsed[0] in match.mapping:
            groups.setdefault((match.mapping[parsed[0]], curve.data_path), {})[curve.array_index] = curve
    return groups


def _groups(curves: list[bpy.types.FCurve], match: BoneMatch, source: bpy.types.Object, target: bpy.types.Object,
            clip: bpy.types.Action, ratio: TransferRatio, options: TransferOptions) -> tuple[Group, ...]:
    """What each owner's location channels become: the split in the target's frames (where the clip
    plays); bones about 0 (their rest), the object about its value at the clip's first frame."""
    h, v = float(options.scale_horizontal), float(options.scale_vertical)
    world = np.array(target.matrix_world.to_3x3(), dtype=np.float64)
    frame_start = float(clip.frame_range[0])
    plan: list[Group] = []
    for (bone, path), group_curves in _location_groups(curves, match).items():
        if bone:
            to_world = world @ _bone_to_armature(armature_data(target).bones[bone]) if h != v else world
            matrix, pivot = ratio.ratio * split_matrix(to_world, h, v), np.zeros(3)
        else:
            matrix = _object_ratio(ratio, source, target) * split_matrix(_object_to_world(target), h, v)
            values = keys.first_frame_values([group_curves.get(i) for i in range(3)], frame_start,
                                             getattr(target, path))
            pivot = np.array(values)
        plan.append(Group(group_curves, matrix, pivot, path, bone))
    return tuple(plan)


def _read_keys(groups: Iterable[Group], clip: bpy.types.Action, curves: list[bpy.types.FCurve]) -> tuple[Group, ...]:
    """The groups with their curves' keys: the writing scales these. Every key of the clip is read
    once and checked on that read: none that is not a finite number is ever written onto the target
    (issue 31, ``shared/finite_keys.py``), and the location keys' arrays are not read again."""
    read = dict(zip(((c.data_path, c.array_index) for c in curves), read_finite_keys(clip, curves), strict=True))
    return tuple(replace(group, keys={i: read[(curve.data_path, i)].astype(np.float64)
                                      for i, curve in group.curves.items()}) for group in groups)


def plan_transfer(context: bpy.types.Context, target: Any, options: TransferOptions) -> Plan:
    """Everything the transfer of ``options`` onto ``target`` will write, or OverAnimError."""
    source, target = _armatures(context, target, options)
    clip, slot, curves, note = _clip(source, options.action)
    match, keyed, skipped = _matched(source, target, curves)
    notes = (note,) if note is not None else ()
    edits = options.bone_map if options.bone_map is not None else saved_map(target)  # the rows kept on the target
    across = plan_retarget(context, source, target, clip, slot, match, keyed, edits, options.retarget)
    ratio, measurements = _ratio(context, source, target, options)
    if across is not None:
        require_finite_keys(clip, curves)  # a NaN or infinite key is never carried onto the target (issue 31)
        return Plan(source, target, clip, slot, match, keyed, (), ratio, measurements, (), across, notes)
    _require_shared(source, target, match)
    groups = _read_keys(_groups(curves, match, source, target, clip, ratio, options), clip, curves)
    return Plan(source, target, clip, slot, match, keyed, skipped, ratio, measurements, groups, None, notes)
