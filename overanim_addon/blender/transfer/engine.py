"""``transfer_action(context, armature, options) -> TransferResult``: one clip onto a character of
another size (the armature), its translations scaled by the ratio of the two characters' measured
sizes (the maths in ``core.transfer``). The operator and scripts call this; it never calls an
operator.

Everything is read and checked first (``plan.py``: the armatures, the action, the bones, both
measurements, the ratio); only then is anything written (``apply.py``), so a refusal changes
nothing. This module says what was done."""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

import bpy

from ...core.bone_map import BoneMap
from ...core.bone_profiles import PROFILE_LABELS
from ...core.log import Level, Log, LogLine
from ...core.messages import Message, plural, to_data
from ...core.retarget_quality import RetargetQuality
from ...core.transfer import TransferRatio, clamp_warnings
from ..regions.region import BASIS_ITEMS
from ..shared.object_data import overanim
from .apply import RECORD, Written, apply_plan
from .plan import Plan, TransferOptions, plan_transfer
from .retarget import unmapped_warning

__all__ = ["RECORD", "TransferOptions", "TransferResult", "transfer_action"]


@dataclass(frozen=True)
class TransferResult:
    action: bpy.types.Action  # the new action, assigned to the target
    ratio: TransferRatio
    bones: tuple[str, ...]  # target bones whose location channels were scaled
    channels: int  # location F-curves written on bones
    object_channels: int  # the object's own location F-curves written
    renamed: Mapping[str, str]  # source bone -> target bone, matched by naming family (read-only)
    skipped: tuple[str, ...]  # bones the action keys that the target lacks
    previous: str = ""  # the target's previous action (kept with a fake user), "" when none
    replaced: str = ""  # the earlier result of the same transfer this one replaced
    log: Log = ()
    bone_map: BoneMap | None = None  # a retarget's map (None: the clip's channels were copied by name)
    quality: RetargetQuality | None = None  # a retarget's numbers

    def __post_init__(self) -> None:
        object.__setattr__(self, "renamed", MappingProxyType(dict(self.renamed)))


def transfer_action(context: bpy.types.Context, armature: Any, options: TransferOptions) -> TransferResult:
    """Transfer ``options.action`` (default: the source's active action) from ``options.source`` onto
    ``armature``; raises OverAnimError, having changed nothing, for input it cannot work with."""
    plan = plan_transfer(context, armature, options)
    written = apply_plan(context, plan, options)
    log = _report(plan, written)
    overanim(plan.target).transfer.result_action = written.action
    # the panel shows the ratio and sizes from the action's record, and the other lines from here
    details = [(level.value, to_data(m)) for level, m in log if m.template != SUMMARY]
    overanim(plan.target).transfer.result_summary = json.dumps(details)
    return TransferResult(
        action=written.action, ratio=plan.ratio, bones=written.bones, channels=written.channels,
        object_channels=written.object_channels, renamed=plan.match.renamed, skipped=plan.skipped,
        previous=written.previous, replaced=written.replaced, log=log,
        bone_map=plan.across.bone_map if plan.across is not None else None, quality=written.quality)


UNEVEN_TOLERANCE = 1e-4  # as the Checks' non-uniform scale warning

BASIS_LABELS = {identifier: label for identifier, label, _description in BASIS_ITEMS}  # as the Basis field reads
SUMMARY = ("Transferred '{action}' from '{source}' onto '{target}' as '{result}': ratio {ratio:.4g} for the bones, "
           "{ratio_ws:.4g} for the object ({basis}: {target_scale:.4g} / {source_scale:.4g})")


def summary(plan: Plan, written: Written) -> Message:
    ratio = plan.ratio
    return Message(
        SUMMARY, action=plan.clip.name, source=plan.source.name, target=plan.target.name, result=written.action.name,
        ratio=ratio.ratio, ratio_ws=ratio.ratio_ws, basis=BASIS_LABELS[ratio.basis.name],
        target_scale=ratio.target_scale, source_scale=ratio.source_scale)


def _scaled(written: Written) -> Message:
    extra = Message(" and {channels} of the object", channels=plural(
        written.object_channels, "{n} location channel", "{n} location channels")) if written.object_channels else ""
    return Message("Scaled {channels} on {bones}{object}; everything else copied as it was",
                   channels=plural(written.channels, "{n} location channel", "{n} location channels"),
                   bones=plural(len(written.bones), "{n} bone", "{n} bones"), object=extra)


def _report(plan: Plan, written: Written) -> Log:
    """The log: what was measured, the summary (first of the panel's lines), then the details."""
    source, target, clip = plan.source, plan.target, plan.clip
    lines: list[LogLine] = [(Level.INFO, Message("'{name}' had no measurement: measured, and the results written",
                                                 name=name)) for name in written.measured]
    lines += [(Level.INFO, note) for note in plan.notes]
    lines += [(Level.INFO, summary(plan, written))]
    lines += _retargeted(plan, written) if plan.across is not None else [(Level.INFO, _scaled(written))]
    lines += [(Level(level), message) for level, message in written.lost]
    lines += [(Level.WARNING, line) for line in clamp_warnings(plan.ratio)]
    renamed = {s: t for s, t in plan.match.renamed.items() if s in set(plan.keyed)}  # the ones the clip moves
    if renamed:
        pairs = ", ".join(f"'{s}' → '{t}'" for s, t in renamed.items())
        lines.append((Level.INFO, Message("Matched by naming family: {pairs}", pairs=pairs)))
    if plan.skipped:
        lines.append((Level.WARNING, Message(
            "Skipped {bones} that '{target}' lacks: {names}", target=target.name,
            bones=plural(len(plan.skipped), "{n} bone", "{n} bones"), names=", ".join(plan.skipped))))
    if written.previous:
        lines.append((Level.INFO, Message("The previous action of '{target}', '{name}', is kept (fake user)",
                                          target=target.name, name=written.previous)))
    if written.replaced:
        lines.append((Level.INFO, Message("Replaced the earlier result '{name}'", name=written.replaced)))
    strips = _nla_strips(source)
    if strips:
        lines.append((Level.WARNING, Message(
            "'{name}' also plays {strips} in the NLA: only '{action}' was transferred (strips are not merged in)",
            name=source.name, action=clip.name, strips=plural(strips, "{n} strip", "{n} strips"))))
    if written.estimated:
        lines.append((Level.WARNING, Message(
            "Location keys of {names} are on different frames per axis: the parts the horizontal/vertical split "
            "moves between axes follow each key's tangent", names=", ".join(written.estimated))))
    if written.object_channels:
        lines += [(Level.WARNING, line) for line in _uneven(plan)]
    if written.modified:
        lines.append((Level.WARNING, Message("F-curve modifiers on the location channels of {names} are copied "
                                             "unscaled", names=", ".join(written.modified))))
    return tuple(lines)


def _retargeted(plan: Plan, written: Written) -> list[LogLine]:
    """What a retarget across skeletons did: the map's profiles, the chains it left out."""
    across = plan.across
    assert across is not None
    bone_map = across.bone_map
    lines: list[LogLine] = [(Level.INFO, Message(
        "Retargeted across skeletons ({source_profile} onto {target_profile}): {bones} keyed on every frame, each "
        "pointing where its source bone points", source_profile=PROFILE_LABELS.get(bone_map.source_profile, ""),
        target_profile=PROFILE_LABELS.get(bone_map.target_profile, ""),
        bones=plural(len(written.bones), "{n} bone", "{n} bones")))]
    controls = across.target.controls
    if controls is not None:
        lines.append((Level.INFO, Message(
            "'{target}' is a generated Rigify rig: its controls were keyed ({controls}), and its IK/FK switches "
            "keyed to FK over the clip ({switches})", target=plan.target.name, controls=", ".join(written.bones),
            switches=", ".join(bone for bone, _prop in controls.switches) or "-")))
        between = [r.target for r in bone_map.rows if r.source and r.target not in controls.controls]
        if between:  # their direction errors are Rigify's bend between controls, not a row to fix
            lines.append((Level.INFO, Message(
                "{bones} of '{target}' have no control of their own: Rigify bends them between the controls keyed, so "
                "they follow their source bones only as far as that bend does", bones=", ".join(between),
                target=plan.target.name)))
    warning = unmapped_warning(bone_map, plan.source.name, plan.target.name)
    if warning is not None:
        lines.append((Level.WARNING, warning))
    if written.quality is not None:
        lines += [(Level.INFO, line) for line in written.quality.lines()]
        lines += [(Level.WARNING, line) for line in written.quality.warnings()]
    return lines


def _uneven(plan: Plan) -> list[Message]:
    """The object's location takes one ratio (of heights): an armature scaled unevenly stretches its
    strides in the world by other factors, so its feet slide along that travel."""
    lines = []
    for armature in (plan.source, plan.target):
        scale = tuple(abs(float(s)) for s in armature.matrix_world.to_scale()[:])
        if max(scale) - min(scale) > UNEVEN_TOLERANCE * max(scale):
            lines.append(Message(
                "'{name}' has a non-uniform scale {scale}: its own location was scaled by the one ratio "
                "{ratio:.4g}, which its strides do not share in every direction, so its feet may slide; apply the "
                "scale (Checks) first", name=armature.name, scale=str(tuple(round(s, 3) for s in scale)),
                ratio=plan.ratio.ratio_ws))
    return lines


def _nla_strips(obj: bpy.types.Object) -> int:
    adt = obj.animation_data
    if adt is None:
        return 0
    return sum(1 for track in adt.nla_tracks if not track.mute for strip in track.strips if not strip.mute)
