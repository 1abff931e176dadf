"""Apply Scale on an animated rig. A bone's location channels are lengths in the armature's units:
once a uniform scale s is baked into the bones, every one of them must be multiplied by s, or the
animation moves the bones by 1/s of what it should (a Mixamo rig at 0.01: the hips 100x too far).
So every action that animates the rig (its active action, every NLA strip's, muted tracks and
stashes included, and Action constraints'; on layered actions only the rig's slot) has its pose-bone
``location`` curves scaled, each action and slot once however often it is used, keys and Bezier
handles alike; so do the current pose and the locations a foot-IK bake keeps to put back.

What cannot be rescaled that way is refused before anything changes, naming the actions: an action
another object plays too (it would move with it) or that is linked; a non-uniform or mirrored scale
with animated bones (rotation keys cannot carry it); location curves with F-curve modifiers other
than Cycles, multiplied in the NLA or driven; and object transforms keyed where the fix changes
them (a keyed scale on an object whose scale goes to 1, a keyed location under a scaled parent).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

import bpy
import numpy as np

from ...core.errors import OverAnimError
from ...core.messages import Message
from ..compat import is_layered
from ..shared.fcurves import Use, assigned, fcurves, scale_values
from ..shared.object_data import overanim
from ..shared.typed import pose_of

LOCATION = re.compile(r'^pose\.bones\[".*"\]\.location$')
NEUTRAL_MODIFIERS = {"CYCLES"}  # change when a value plays, never the value
TOLERANCE = 1e-5


def _key(use: Use) -> tuple[str, str]:
    return use.action.name_full, use.slot.identifier if use.slot is not None else ""


def _plays(use: Use) -> bool:
    """A layered action plays nothing on an owner without a slot."""
    return use.slot is not None or not is_layered(use.action)


def _constraint_uses(obj: bpy.types.Object) -> list[Use]:
    """Action constraints (on the object and its pose bones) play their actions on it too."""
    constraints = [*obj.constraints, *(c for pb in (pose_of(obj).bones if obj.pose else ()) for c in pb.constraints)]
    return [Use(c.action, getattr(c, "action_slot", None), "REPLACE")
            for c in constraints if c.type == "ACTION" and c.action is not None]


def uses_of(obj: bpy.types.Object) -> list[Use]:
    """Every use of an action on ``obj`` that plays, one per action and slot."""
    unique: dict[tuple[str, str], Use] = {}
    for use in [*assigned(obj), *_constraint_uses(obj)]:
        if _plays(use):
            unique.setdefault(_key(use), use)
    return list(unique.values())


def _names(actions: Iterable[bpy.types.Action]) -> str:
    return ", ".join(f"'{name}'" for name in sorted({a.name for a in actions}))


def _other_users(armature: bpy.types.Object, uses: Sequence[Use]) -> list[str]:
    """The other IDs that play one of ``uses`` (the same action and, layered, the same slot)."""
    wanted = {_key(u) for u in uses}
    others: set[str] = set()
    for action, ids in bpy.data.user_map(subset={u.action for u in uses}).items():
        for owner in ids:
            if owner == armature:
                continue
            found = assigned(owner) + (_constraint_uses(owner) if isinstance(owner, bpy.types.Object) else [])
            if any(u.action == action and _key(u) in wanted for u in found):
                others.add(owner.name)
    return sorted(others)


def _is_uniform(stretch: np.ndarray) -> bool:
    s = float(stretch[0, 0])
    return s > 0.0 and bool(np.allclose(stretch, s * np.eye(3), atol=TOLERANCE * s))


def refuse_keyed_transforms(obj: bpy.types.Object, stretch: np.ndarray, scale_to_one: bool) -> None:
    """Object keys the fix would contradict (``stretch``: the object's world stretch, 3x3): a keyed
    scale on an object whose own scale goes to 1 (``scale_to_one``), a keyed location under a
    parent, whose parent inverse takes the stretch off (the keys were in the stretched space)."""
    if np.allclose(stretch, np.eye(3), atol=TOLERANCE):
        return
    own = any(abs(s - 1.0) > TOLERANCE for s in obj.scale[:])
    adt = obj.animation_data
    for channel, applies in (("scale", scale_to_one and own), ("location", obj.parent is not None)):
        if not applies:
            continue
        paths = {channel, f"delta_{channel}"}
        keyed = [u.action for u in uses_of(obj) if any(c.data_path in paths for c in fcurves(u.action, u.slot))]
        if keyed:
            raise OverAnimError(Message("'{name}' has its {channel} keyed ({actions}): Apply Scale would be undone "
                                        "or distorted by those keys; remove them or apply the scale before keying",
                                        name=obj.name, channel=channel, actions=_names(keyed)))
        if adt is not None and any(d.data_path in paths for d in adt.drivers):
            raise OverAnimError(Message("'{name}' has its {channel} driven: Apply Scale would be undone or distorted "
                                        "by the driver; remove it or apply the scale first",
                                        name=obj.name, channel=channel))


@dataclass
class ScaledAnimation:
    """What the fix scales on an armature, checked: apply() changes it."""

    armature: bpy.types.Object
    factor: float
    curves: list[bpy.types.FCurve] = field(default_factory=list)
    actions: list[bpy.types.Action] = field(default_factory=list)

    def apply(self) -> None:
        for curve in self.curves:
            scale_values(curve, self.factor)
        for action in self.actions:
            action.update_tag()
        for bone in pose_of(self.armature).bones:  # the pose as it stands (unkeyed bones keep it)
            bone.location = bone.location * self.factor
        for item in overanim(self.armature).foot_ik.static_values:  # what Remove Foot IK Bake puts back
            if LOCATION.match(item.data_path):
                item.value *= self.factor


def plan(armature: bpy.types.Object, stretch: Any) -> ScaledAnimation:
    """Check that the armature's animation can take the world ``stretch`` (3x3) being baked into
    its bones, and say what to scale; raises OverAnimError naming the actions otherwise."""
    stretch = np.asarray(stretch, dtype=np.float64)
    uses = uses_of(armature)
    if not _is_uniform(stretch):
        posed = [u.action for u in uses
                 if any(c.data_path.startswith("pose.bones[") for c in fcurves(u.action, u.slot))]
        if posed:
            raise OverAnimError(Message("'{name}' has a non-uniform or mirrored scale and its bones are animated "
                                        "({actions}): their keys cannot take such a scale; give the armature a "
                                        "uniform scale first", name=armature.name, actions=_names(posed)))
        return ScaledAnimation(armature, 1.0)
    curves_of = {_key(u): [c for c in fcurves(u.action, u.slot) if LOCATION.match(c.data_path)] for u in uses}
    moving = [u for u in uses if curves_of[_key(u)]]
    linked = [u.action for u in moving if u.action.library is not None or (
        u.action.override_library is not None and u.action.override_library.is_system_override)]
    if linked:
        raise OverAnimError(Message("Actions {actions} (animating '{name}') are linked from a library: Apply Scale "
                                    "cannot rescale their bone locations; make them local first",
                                    actions=_names(linked), name=armature.name))
    others = _other_users(armature, moving)
    if others:
        raise OverAnimError(Message("The animation of '{name}' ({actions}) also plays on {others}: Apply Scale would "
                                    "move them too; give '{name}' its own copy of the actions first",
                                    name=armature.name, actions=_names(u.action for u in moving),
                                    others=", ".join(f"'{o}'" for o in others)))
    modified = [u.action for u in moving
                if any(m.type not in NEUTRAL_MODIFIERS for c in curves_of[_key(u)] for m in c.modifiers)]
    if modified:
        raise OverAnimError(Message("Bone locations in {actions} have F-curve modifiers that Apply Scale cannot "
                                    "rescale (only Cycles can stay): apply or remove them first",
                                    actions=_names(modified)))
    multiplied = [u.action for u in assigned(armature) if u.blend_type == "MULTIPLY" and _key(u) in curves_of
                  and curves_of[_key(u)]]
    if multiplied:
        raise OverAnimError(Message("Actions {actions} multiply bone locations in the NLA of '{name}': a scale "
                                    "cannot be applied through a product; blend them another way first",
                                    actions=_names(multiplied), name=armature.name))
    adt = armature.animation_data
    driven = sorted({d.data_path.split('"')[1] for d in (adt.drivers if adt else ()) if LOCATION.match(d.data_path)})
    if driven:
        raise OverAnimError(Message("Bone locations of '{name}' are driven ({bones}): Apply Scale cannot rescale a "
                                    "driver; remove the drivers or apply the scale first",
                                    name=armature.name, bones=", ".join(f"'{b}'" for b in driven)))
    return ScaledAnimation(armature, float(stretch[0, 0]),
                           [c for u in moving for c in curves_of[_key(u)]], [u.action for u in moving])
