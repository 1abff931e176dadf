"""``transfer_action(source, target, action, options) -> TransferResult``: one clip onto a
character of another size, its translations scaled by the two characters' measured proportions
(the maths in ``core.transfer``). The operator and scripts call this; it never calls an operator.

Everything is read and checked first (the armatures, the action, the bones, both measurements, the
ratio); only then is anything written, so a refusal changes nothing. The result is a copy of the
action (``Action.copy()``, so every channel, key time, handle type and interpolation is Blender's
own copy) in which only the location channels are rewritten, in bulk.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

import bpy
import numpy as np
from mathutils import Matrix

from ...core import MotionMeasurementBasis, build_measurement_scales, coerce_enum
from ...core.errors import OverAnimError
from ...core.messages import Message, plural, to_data
from ...core.transfer import (
    REGION_BASES,
    BoneMatch,
    CharacterScales,
    TransferRatio,
    bone_of_path,
    bone_path,
    is_axis_aligned,
    match_bones,
    require_finite_factor,
    result_name,
    split_matrix,
    transfer_ratio,
)
from .. import compat
from ..calibration.properties import settings_from_properties
from ..measure import results as results_module
from ..measure.engine import measure_checked
from ..measure.results import MeasurementResults
from ..shared.fcurves import fcurves, scale_values
from ..shared.names import CHARACTER_HEIGHT_CS
from ..shared.nla_tracks import refuse_tweak_mode
from ..shared.object_data import overanim
from ..shared.scene import read_only_reason, require_object_mode
from ..shared.typed import armature_data, has_property, pose_of, scene_of, view_layer_of
from . import keys
from .properties import DEFAULT_BASIS

RECORD = "OverAnim_Transfer_"  # the new action's custom properties: what was done
BONE_LOCATION = ".location"
OBJECT_LOCATIONS = ("location", "delta_location")  # the object's own translations (world lengths)
MIX_TOLERANCE = 1e-9  # a matrix term this small mixes nothing in: no channel is made for it


@dataclass(frozen=True)
class TransferOptions:
    basis: MotionMeasurementBasis | str = DEFAULT_BASIS
    region: str = ""
    scale_horizontal: float = 1.0
    scale_vertical: float = 1.0


@dataclass
class TransferResult:
    action: bpy.types.Action  # the new action, assigned to the target
    ratio: TransferRatio
    bones: tuple[str, ...]  # target bones whose location channels were scaled
    channels: int  # location F-curves written on bones
    object_channels: int  # the object's own location F-curves written
    renamed: dict[str, str]  # source bone -> target bone, matched by naming family
    skipped: tuple[str, ...]  # bones the action keys that the target lacks
    previous: str = ""  # the target's previous action (kept with a fake user), "" when none
    replaced: str = ""  # the earlier result of the same transfer this one replaced
    log: list[tuple[str, str]] = field(default_factory=list)


@dataclass
class _Group:
    """The three location channels of one owner (a bone or the object) and how they change."""

    curves: dict[int, bpy.types.FCurve]
    matrix: np.ndarray
    pivot: np.ndarray
    path: str
    bone: str = ""  # the target bone, "" for the object


# -- reading and checking ------------------------------------------------------------------------------
def _require_armature(obj: Any, is_source: bool) -> bpy.types.Object:
    if not isinstance(obj, bpy.types.Object) or obj.type != "ARMATURE":
        name = getattr(obj, "name", str(obj))
        raise OverAnimError(Message("The source '{name}' is not an armature", name=name) if is_source
                            else Message("The target '{name}' is not an armature", name=name))
    if len(armature_data(obj).bones) == 0:
        raise OverAnimError(Message("Armature '{name}' has no bones", name=obj.name))
    return obj


def _source_action(source: bpy.types.Object, action: bpy.types.Action | None) -> bpy.types.Action:
    if action is not None:
        return action
    adt = source.animation_data
    if adt is None or adt.action is None:
        raise OverAnimError(Message("'{name}' has no active action: name the action to transfer", name=source.name))
    return adt.action


def _nla_strips(obj: bpy.types.Object) -> int:
    adt = obj.animation_data
    if adt is None:
        return 0
    return sum(1 for track in adt.nla_tracks if not track.mute for strip in track.strips if not strip.mute)


def _measured(context: bpy.types.Context, armature: bpy.types.Object, basis: MotionMeasurementBasis,
              region: str) -> tuple[CharacterScales, MeasurementResults]:
    """The armature's two snapshots for ``basis``, from a measurement of it as it is now (its rest
    pose and its own calibration), made as Measure Proportions makes it; nothing is written here."""
    try:
        results = measure_checked(context, armature)
    except OverAnimError as error:
        raise OverAnimError(Message("'{name}' could not be measured: {reason}", name=armature.name,
                                    reason=error.message)) from None
    if region and (basis in REGION_BASES or basis is MotionMeasurementBasis.AUTO):
        found = next((r for r in results.regions if r.name == region), None)
        if found is None:
            raise OverAnimError(Message("'{name}' has no Region '{region}': Basis {basis} needs it on both armatures",
                                        name=armature.name, region=region, basis=basis.value))
        return CharacterScales(armature.name, found.calibration.scales_cs, found.calibration.scales_ws), results
    settings = settings_from_properties(overanim(armature).calibration)
    character = results.character
    return CharacterScales(armature.name, build_measurement_scales(settings, character, None, world_space=False),
                           build_measurement_scales(settings, character, None, world_space=True)), results


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


def _plan(curves: list[bpy.types.FCurve], match: BoneMatch, target: bpy.types.Object, clip: bpy.types.Action,
          ratio: TransferRatio, h: float, v: float) -> list[_Group]:
    """What each owner's location channels become: the split in the target's frames (where the clip
    plays); bones about 0 (their rest), the object about its value at the clip's first frame."""
    world = np.array(target.matrix_world.to_3x3(), dtype=np.float64)
    frame_start = float(clip.frame_range[0])
    plan: list[_Group] = []
    for (bone, path), group_curves in _location_groups(curves, match).items():
        if bone:
            to_world = world @ _bone_to_armature(armature_data(target).bones[bone]) if h != v else world
            matrix, pivot = ratio.ratio * split_matrix(to_world, h, v), np.zeros(3)
        else:
            matrix = ratio.ratio_ws * split_matrix(_object_to_world(target), h, v)
            values = keys.first_frame_values([group_curves.get(i) for i in range(3)], frame_start,
                                             getattr(target, path))
            pivot = np.array(values)
        plan.append(_Group(group_curves, matrix, pivot, path, bone))
    return plan


# -- writing ---------------------------------------------------------------------------------------------
def _rewrite(action: bpy.types.Action, bag: Any, group: _Group) -> tuple[int, bool]:
    """Scale one owner's location channels in place (new ones where the split mixes an unkeyed axis
    in). Returns (curves written, whether keys on other frames had to be estimated)."""
    m, pivot = group.matrix, group.pivot
    if is_axis_aligned(m):  # each channel on its own: values and handles about the pivot
        for i, curve in group.curves.items():
            scale_values(curve, m[i, i], pivot[i])
        return len(group.curves), False
    read = {i: keys.read(c) for i, c in group.curves.items()}
    present = sorted(group.curves)
    outputs = [i for i in range(3) if i in group.curves or any(abs(m[i, j]) > MIX_TOLERANCE for j in present)]
    estimated = False
    written: dict[int, np.ndarray] = {}
    for i in outputs:
        layout = read[i] if i in read else read[present[0]]
        controls = np.empty((3, 3, layout.shape[1]))  # channel j at this layout's keys and handles
        for j in range(3):
            if j not in read:
                controls[j] = pivot[j]  # unkeyed: stays at its pivot value
            elif j == i or keys.same_times(read[j], layout):
                controls[j] = read[j][:, :, 1]
            else:
                controls[j] = keys.estimate_at(group.curves[j], layout[:, :, 0])
                estimated = True
        out = layout.copy()
        out[:, :, 1] = pivot[i] + np.tensordot(m[i], controls - pivot[:, None, None], axes=1)
        written[i] = out
    for i, out in written.items():  # after every channel was read: they feed each other
        existing = group.curves.get(i)
        if existing is None:
            template = group.curves[present[0]]
            existing = compat.new_fcurve(action, bag, group.path, i, template.group.name if template.group else "")
            keys.lay_out_like(existing, template)
        keys.write(existing, out)
    return len(written), estimated


def _record(action: bpy.types.Action, source: bpy.types.Object, target: bpy.types.Object, clip: bpy.types.Action,
            ratio: TransferRatio, options: TransferOptions) -> None:
    for name in [k for k in action.keys() if k.startswith(RECORD)]:  # noqa: SIM118 (IDs are not iterable)
        del action[name]  # a copy of an earlier result carries its record: this one replaces it
    record: dict[str, Any] = {
        "Source": source.name, "Target": target.name, "Action": clip.name, "Basis": ratio.basis.value,
        "SourceScale": ratio.source_scale, "TargetScale": ratio.target_scale, "Ratio": ratio.ratio,
        "SourceScaleWS": ratio.source_scale_ws, "TargetScaleWS": ratio.target_scale_ws, "RatioWS": ratio.ratio_ws,
        "ScaleHorizontal": float(options.scale_horizontal), "ScaleVertical": float(options.scale_vertical),
    }
    if options.region:
        record["Region"] = options.region
    for key, value in record.items():
        action[RECORD + key] = value


def _place(new: bpy.types.Action, clip: bpy.types.Action, target: bpy.types.Object) -> str:
    """Name the result ``<action>_<target>``, replacing an earlier result of that name (users and
    all), never an action of the artist's. Returns the replaced action's name, or ""."""
    name = result_name(clip.name, target.name, compat.ID_NAME_BYTES)
    old = bpy.data.actions.get(name)
    replaced = ""
    if old is not None and old is not clip and old.library is None and f"{RECORD}Source" in old:
        replaced = old.name
        old.user_remap(new)
        bpy.data.actions.remove(old)
    new.name = name
    return replaced


def transfer_action(source: bpy.types.Object, target: bpy.types.Object, action: bpy.types.Action | None = None,
                    options: TransferOptions | None = None, context: bpy.types.Context | None = None,
                    ) -> TransferResult:
    """Transfer ``action`` (default: the source's active action) from ``source`` onto ``target``."""
    options = options or TransferOptions()
    context = context or bpy.context
    source = _require_armature(source, is_source=True)
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
    try:
        basis = coerce_enum(MotionMeasurementBasis, options.basis)
    except ValueError:
        raise OverAnimError(Message("Unknown basis '{basis}'", basis=str(options.basis))) from None
    clip = _source_action(source, action)
    slot = compat.slot_of(clip, source)
    if compat.is_layered(clip) and slot is None:
        raise OverAnimError(Message("Action '{action}' has several slots and none belongs to '{name}': assign it "
                                    "to '{name}' first", action=clip.name, name=source.name))

    # bones: by name, then by naming family; the armatures must share some
    curves = list(fcurves(clip, slot))
    if not curves:
        raise OverAnimError(Message("Action '{action}' has no channels for '{name}': nothing to transfer",
                                    action=clip.name, name=source.name))
    keyed = list(dict.fromkeys(p[0] for p in map(bone_of_path, (c.data_path for c in curves)) if p is not None))
    source_bones = [b.name for b in armature_data(source).bones]
    match = match_bones([*source_bones, *(b for b in keyed if b not in set(source_bones))],
                        [b.name for b in armature_data(target).bones])
    if not any(name in match.mapping for name in source_bones):
        raise OverAnimError(Message("'{source}' and '{target}' share no bone (by name or naming family): nothing "
                                    "to transfer", source=source.name, target=target.name))
    skipped = tuple(b for b in keyed if b not in match.mapping)

    # the ratio: both characters measured as they are now (Absolute needs no measurement). A script's
    # transform change reaches matrix_world only with an update, and WS and the split read it
    view_layer_of(context).update()
    measurements: dict[str, MeasurementResults] = {}
    if basis is MotionMeasurementBasis.ABSOLUTE:
        ratio = transfer_ratio(CharacterScales(source.name), CharacterScales(target.name), basis)
    else:
        (source_scales, measurements[source.name]) = _measured(context, source, basis, options.region)
        (target_scales, measurements[target.name]) = _measured(context, target, basis, options.region)
        ratio = transfer_ratio(source_scales, target_scales, basis, options.region)
    h, v = float(options.scale_horizontal), float(options.scale_vertical)
    for factor in (ratio.ratio * h, ratio.ratio * v, ratio.ratio_ws * h, ratio.ratio_ws * v):
        require_finite_factor(factor)

    plan = _plan(curves, match, target, clip, ratio, h, v)

    # -- from here on, everything is written --
    log: list[tuple[str, str]] = []
    for armature in (source, target):
        if armature.name in measurements and not has_property(armature, CHARACTER_HEIGHT_CS) \
                and read_only_reason(armature) is None:
            results_module.write(armature, measurements[armature.name])
            log.append(("INFO", Message("'{name}' had no measurement: measured, and the results written",
                                        name=armature.name)))
    new = clip.copy()
    new_slot = compat.same_slot(new, slot)
    bag = compat.channelbag(new, new_slot)
    by_path = {(c.data_path, c.array_index): c for c in fcurves(new, new_slot)}
    # the same plan on the copy's curves (Action.copy() keeps paths and indices)
    for group in plan:
        group.curves = {i: by_path[(c.data_path, i)] for i, c in group.curves.items()}
    scaled_bones: list[str] = []
    channels = object_channels = 0
    estimated: list[str] = []
    for group in plan:
        count, guessed = _rewrite(new, bag, group)
        if group.bone:
            channels += count
            scaled_bones.append(group.bone)
        else:
            object_channels += count
        if guessed:
            estimated.append(group.bone or target.name)
    modified = sorted({g.bone or target.name for g in plan for c in g.curves.values()
                       if any(mod.type != "CYCLES" for mod in c.modifiers)})
    _rename_and_skip(new, bag, new_slot, match, skipped)
    _record(new, source, target, clip, ratio, options)

    previous = target.animation_data.action if target.animation_data else None
    previous_name = previous.name if previous is not None else ""
    replaced = _place(new, clip, target)  # may remove the previous action: it was an earlier result
    compat.name_slot(new_slot, target.name)
    compat.assign_action(target, new, new_slot)
    kept = ""
    if previous is not None and previous_name != replaced:
        if previous != clip:  # the source's action keeps its source as a user, and is never changed
            previous.use_fake_user = True
        kept = previous_name
    for source_name in keyed:
        target_name = match.mapping.get(source_name)
        if target_name is not None and source_name in pose_of(source).bones and target_name in pose_of(target).bones:
            pose_of(target).bones[target_name].rotation_mode = pose_of(source).bones[source_name].rotation_mode

    renamed = {s: t for s, t in match.renamed.items() if s in set(keyed)}  # the ones the clip moves
    log += _report(source, target, clip, new, ratio, scaled_bones, channels, object_channels, renamed, skipped,
                   kept, replaced, estimated, modified)
    result = TransferResult(new, ratio, tuple(scaled_bones), channels, object_channels, match.renamed, skipped,
                            kept, replaced, log)
    overanim(target).transfer.result_action = new
    overanim(target).transfer.result_summary = json.dumps([to_data(m) for _, m in log])
    return result


def _rename_and_skip(action: bpy.types.Action, bag: Any, slot: Any, match: BoneMatch,
                     skipped: tuple[str, ...]) -> None:
    """Channels of bones the target lacks go; channels of bones matched by family take the target's
    bone name (path and channel group)."""
    gone = set(skipped)
    for curve in list(fcurves(action, slot)):
        parsed = bone_of_path(curve.data_path)
        if parsed is None:
            continue
        bone, rest = parsed
        if bone in gone:
            bag.fcurves.remove(curve)
        elif match.mapping.get(bone, bone) != bone:
            curve.data_path = bone_path(match.mapping[bone], rest)
    for group in list(bag.groups):
        if group.name in gone and len(group.channels) == 0:
            bag.groups.remove(group)
        elif group.name in match.renamed:
            group.name = match.renamed[group.name]


def _report(source: bpy.types.Object, target: bpy.types.Object, clip: bpy.types.Action, new: bpy.types.Action,
            ratio: TransferRatio, bones: list[str], channels: int, object_channels: int, renamed: dict[str, str],
            skipped: tuple[str, ...], kept: str, replaced: str, estimated: list[str],
            modified: list[str]) -> list[tuple[str, str]]:
    log: list[tuple[str, str]] = [("INFO", Message(
        "Transferred '{action}' from '{source}' onto '{target}' as '{result}': ratio {ratio:.4g} for the bones, "
        "{ratio_ws:.4g} for the object ({basis}: {target_scale:.4g} / {source_scale:.4g})",
        action=clip.name, source=source.name, target=target.name, result=new.name, ratio=ratio.ratio,
        ratio_ws=ratio.ratio_ws, basis=ratio.basis.value, target_scale=ratio.target_scale,
        source_scale=ratio.source_scale))]
    scaled = plural(channels, "{n} location channel", "{n} location channels")
    on = plural(len(bones), "{n} bone", "{n} bones")
    extra = Message(" and {channels} of the object", channels=plural(
        object_channels, "{n} location channel", "{n} location channels")) if object_channels else ""
    log.append(("INFO", Message("Scaled {channels} on {bones}{object}; everything else copied as it was",
                                channels=scaled, bones=on, object=extra)))
    if renamed:
        pairs = ", ".join(f"'{s}' → '{t}'" for s, t in renamed.items())
        log.append(("INFO", Message("Matched by naming family: {pairs}", pairs=pairs)))
    if skipped:
        log.append(("WARNING", Message("Skipped {bones} that '{target}' lacks: {names}", target=target.name,
                                       bones=plural(len(skipped), "{n} bone", "{n} bones"),
                                       names=", ".join(skipped))))
    if kept:
        log.append(("INFO", Message("The previous action of '{target}', '{name}', is kept (fake user)",
                                    target=target.name, name=kept)))
    if replaced:
        log.append(("INFO", Message("Replaced the earlier result '{name}'", name=replaced)))
    strips = _nla_strips(source)
    if strips:
        log.append(("WARNING", Message("'{name}' also plays {strips} in the NLA: only '{action}' was transferred "
                                       "(strips are not merged in)", name=source.name, action=clip.name,
                                       strips=plural(strips, "{n} strip", "{n} strips"))))
    if estimated:
        log.append(("WARNING", Message("Location keys of {names} are on different frames per axis: the parts the "
                                       "horizontal/vertical split moves between axes follow each key's tangent",
                                       names=", ".join(estimated))))
    if modified:
        log.append(("WARNING", Message("F-curve modifiers on the location channels of {names} are copied unscaled",
                                       names=", ".join(modified))))
    return log
