"""Writing a planned transfer: a copy of the clip (``Action.copy()``, so every channel, key time,
handle type and interpolation is Blender's own copy) in which only the location channels are
rewritten, in bulk; its record; its name; and the target playing it."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

import bpy
import numpy as np

from ...core.retarget_quality import RetargetQuality
from ...core.transfer import BoneMatch, bone_of_path, bone_path, is_axis_aligned, result_name
from .. import compat
from ..measure import results as results_module
from ..shared.fcurves import fcurves, scale_values
from ..shared.names import CHARACTER_HEIGHT_CS
from ..shared.overrides import lost_on_save_warning
from ..shared.scene import read_only_reason
from ..shared.typed import has_property, pose_of
from . import keys
from .baked import write_keys
from .control_keys import key_controls
from .plan import Group, Plan, TransferOptions
from .quality import measure
from .solve import Solved, solve

RECORD = "OverAnim_Transfer_"  # the new action's custom properties: what was done
MIX_TOLERANCE = 1e-9  # a matrix term this small mixes nothing in: no channel is made for it


@dataclass(frozen=True)
class Written:
    """What the writing did, for the result and its report."""

    action: bpy.types.Action
    bones: tuple[str, ...]  # target bones whose location channels were scaled
    channels: int  # location F-curves written on bones
    object_channels: int  # the object's own location F-curves written
    estimated: tuple[str, ...]  # owners whose axes are keyed on different frames
    modified: tuple[str, ...]  # owners with F-curve modifiers on their location channels
    previous: str  # the target's previous action, kept with a fake user ("" when none)
    replaced: str  # the earlier result of the same transfer this one replaced
    measured: tuple[str, ...]  # armatures whose measurement was written (they had none)
    lost: tuple[tuple[str, Any], ...] = ()  # WARNINGs: what an override's file will not keep of it
    solved: Solved | None = None  # a retarget's numbers (None: the clip's channels were copied)
    quality: RetargetQuality | None = None  # how good the retarget is, measured on what it wrote


def _outputs(group: Group, read: dict[int, np.ndarray]) -> dict[int, np.ndarray]:
    """Each output channel's keys and handles for a group whose split mixes its axes."""
    m, pivot = group.matrix, group.pivot
    present = sorted(group.curves)
    outputs = [i for i in range(3) if i in group.curves or any(abs(m[i, j]) > MIX_TOLERANCE for j in present)]
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
        out = layout.copy()
        out[:, :, 1] = pivot[i] + np.tensordot(m[i], controls - pivot[:, None, None], axes=1)
        written[i] = out
    return written


def _rewrite(action: bpy.types.Action, bag: Any, group: Group) -> tuple[int, bool]:
    """Scale one owner's location channels in place (new ones where the split mixes an unkeyed axis
    in). Returns (curves written, whether keys on other frames had to be estimated)."""
    if is_axis_aligned(group.matrix):  # each channel on its own: values and handles about the pivot
        for i, curve in group.curves.items():
            if len(curve.sampled_points):  # baked samples, no keys: read and scaled here
                scale_values(curve, group.matrix[i, i], group.pivot[i])
            else:  # the keys the plan read: written, not read again
                keys.write(curve, keys.scaled(group.keys[i], group.matrix[i, i], group.pivot[i]))
        return len(group.curves), False
    read = group.keys  # the copy's keys are the clip's, read while planning
    estimated = any(not keys.same_times(read[j], read[i]) for i in read for j in read)
    written = _outputs(group, read)
    template = group.curves[sorted(group.curves)[0]]
    for i, out in written.items():  # after every channel was read: they feed each other
        existing = group.curves.get(i)
        if existing is None:
            existing = compat.new_fcurve(action, bag, group.path, i, template.group.name if template.group else "")
            keys.lay_out_like(existing, template)
        keys.write(existing, out)
    return len(written), estimated


def _record(action: bpy.types.Action, plan: Plan, options: TransferOptions) -> None:
    for name in [k for k in action.keys() if k.startswith(RECORD)]:  # noqa: SIM118 (IDs are not iterable)
        del action[name]  # a copy of an earlier result carries its record: this one replaces it
    ratio = plan.ratio
    record: dict[str, Any] = {
        "Source": plan.source.name, "Target": plan.target.name, "Action": plan.clip.name, "Basis": ratio.basis.value,
        "SourceScale": ratio.source_scale, "TargetScale": ratio.target_scale, "Ratio": ratio.ratio,
        "SourceScaleWS": ratio.source_scale_ws, "TargetScaleWS": ratio.target_scale_ws, "RatioWS": ratio.ratio_ws,
        "ScaleHorizontal": float(options.scale_horizontal), "ScaleVertical": float(options.scale_vertical),
        "Calibrated": bool(ratio.calibrated),
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


def _write_measurements(plan: Plan) -> tuple[tuple[str, ...], tuple[tuple[str, Any], ...]]:
    """An armature with no measurement yet gets the fresh one written, as Measure writes it (and, on
    an override, Measure's warning of what its file will not keep). Returns (names, warnings)."""
    written, lost = [], []
    for armature in (plan.source, plan.target):
        if armature.name in plan.measurements and not has_property(armature, CHARACTER_HEIGHT_CS) \
                and read_only_reason(armature) is None:
            results = plan.measurements[armature.name]
            results_module.write(armature, results)
            written.append(armature.name)
            lost += lost_on_save_warning(armature, results.properties(), "Measure Proportions")
    return tuple(written), tuple(lost)


def _scaled_copy(plan: Plan, options: TransferOptions) -> tuple[bpy.types.Action, Any, dict[str, Any]]:
    """The copy of the clip with its location channels rewritten; returns it, its slot and what was done."""
    new = plan.clip.copy()
    new_slot = compat.same_slot(new, plan.slot)
    bag = compat.channelbag(new, new_slot)
    by_path = {(c.data_path, c.array_index): c for c in fcurves(new, new_slot)}
    # the same plan on the copy's curves (Action.copy() keeps paths and indices)
    groups = [replace(g, curves={i: by_path[(c.data_path, i)] for i, c in g.curves.items()}) for g in plan.groups]
    done: dict[str, Any] = {"bones": [], "channels": 0, "object_channels": 0, "estimated": []}
    for group in groups:
        count, guessed = _rewrite(new, bag, group)
        if group.bone:
            done["channels"] += count
            done["bones"].append(group.bone)
        else:
            done["object_channels"] += count
        if guessed:
            done["estimated"].append(group.bone or plan.target.name)
    done["modified"] = sorted({g.bone or plan.target.name for g in groups for c in g.curves.values()
                               if any(mod.type != "CYCLES" for mod in c.modifiers)})
    _rename_and_skip(new, bag, new_slot, plan.match, plan.skipped)
    _record(new, plan, options)
    return new, new_slot, done


def _retargeted_copy(context: bpy.types.Context, plan: Plan, options: TransferOptions,
                     ) -> tuple[bpy.types.Action, Any, dict[str, Any]]:
    """A copy of the clip keyed with the retarget's channels at every frame (``solve``, ``baked``); on a
    generated Rigify rig, its controls' (``control_keys``), the quality measured on its evaluated body."""
    across = plan.across
    assert across is not None
    solved = solve(across.source, across.target, across.bone_map, across.worlds, across.poses, plan.ratio.ratio_ws,
                   across.fps, options.plant_feet)
    new = plan.clip.copy()
    new_slot = compat.same_slot(new, plan.slot)
    names = across.target.hierarchy.names
    frames = across.frames.astype(np.float64)
    if across.target.controls is not None:
        keyed = key_controls(context, across.target, solved, new, new_slot, frames)
        bones, curves = list(keyed.bones), keyed.curves
        solved = replace(solved, pose=keyed.pose)  # what the rig does under the keys, for the numbers
    else:
        _bones, curves = write_keys(new, new_slot, names, solved, frames)
        bones = [names[b] for b in solved.rotated]
    quality = measure(across.source, across.target, across.bone_map, solved, across.worlds, across.poses, across.fps)
    _record(new, plan, options)
    new[RECORD + "Retargeted"] = True
    numbers = {"DirectionError": max(quality.chain_errors.values(), default=0.0),
               "Slide": max(quality.slides.values(), default=0.0),
               "Planted": min(quality.agreement.values(), default=1.0), "StrideRatio": quality.stride_ratio,
               "LegRatio": quality.leg_ratio}
    for key, value in numbers.items():
        new[RECORD + key] = float(value)
    return new, new_slot, {"bones": bones, "channels": curves, "object_channels": 0,
                           "estimated": [], "modified": [], "solved": solved, "quality": quality}


def _play(plan: Plan, new: bpy.types.Action, new_slot: Any) -> tuple[str, str]:
    """The target plays the result; its previous action is kept (fake user). Returns (kept, replaced)."""
    target = plan.target
    previous = target.animation_data.action if target.animation_data else None
    previous_name = previous.name if previous is not None else ""
    replaced = _place(new, plan.clip, target)  # may remove the previous action: it was an earlier result
    compat.name_slot(new_slot, target.name)
    compat.assign_action(target, new, new_slot)
    kept = ""
    if previous is not None and previous_name != replaced:
        if previous != plan.clip:  # the source's action keeps its source as a user, and is never changed
            previous.use_fake_user = True
        kept = previous_name
    source_pose, target_pose = pose_of(plan.source).bones, pose_of(target).bones
    if plan.across is not None:  # the retarget keys quaternions
        keyed = {c.data_path for c in fcurves(new, new_slot)}
        for name in plan.across.target.hierarchy.names:
            if bone_path(name, ".rotation_quaternion") in keyed:
                target_pose[name].rotation_mode = "QUATERNION"
        return kept, replaced
    for source_name in plan.keyed:
        target_name = plan.match.mapping.get(source_name)
        if target_name is not None and source_name in source_pose and target_name in target_pose:
            target_pose[target_name].rotation_mode = source_pose[source_name].rotation_mode
    return kept, replaced


def apply_plan(context: bpy.types.Context, plan: Plan, options: TransferOptions) -> Written:
    """Write what ``plan`` says: the only step of a transfer that changes the file."""
    measured, lost = _write_measurements(plan)
    if plan.across is not None:
        new, new_slot, done = _retargeted_copy(context, plan, options)
    else:
        new, new_slot, done = _scaled_copy(plan, options)
    kept, replaced = _play(plan, new, new_slot)
    return Written(new, tuple(done["bones"]), done["channels"], done["object_channels"], tuple(done["estimated"]),
                   tuple(done["modified"]), kept, replaced, measured, lost, done.get("solved"), done.get("quality"))
