"""What a clip with a Foot IK bake carries into the FBX file: either the legs as baked in Blender
(the bake's bone keys play; the ``OverAnim_FootIK_`` curves are left out) or the offset curves for a
runtime foot IK in Unreal (the curves go in; the bake's bone keys are left out, so the legs play as
animated). Never both: Unreal's foot IK would lift feet the bake already put on the ground.

Export for Unreal chooses (its Foot IK field) and wraps its writing in ``clip_for_export``, which
changes nothing it does not put back."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import cast

import bpy

from ...core.foot_ik import VALUE_NAMES
from ...core.log import Level, LogLine
from ...core.messages import Message
from ..shared.fcurves import fcurves
from . import nla, values

LEGS, CURVES = "LEGS", "CURVES"
CLIP_ITEMS = [
    (LEGS, "Legs Baked in Blender", "The Foot IK bake's bone keys play in the clip (the feet on the ground as in "
     "Blender); the OverAnim_FootIK_ curves are left out, so a runtime foot IK does not lift the feet again"),
    (CURVES, "Offset Curves for Runtime IK", "The OverAnim_FootIK_ curves go into the clip for Unreal's own foot IK; "
     "the bake's bone keys are left out, so the legs play as animated"),
]


@contextmanager
def clip_for_export(armature: bpy.types.Object, choice: str) -> Iterator[list[LogLine]]:
    """While the export writes, the armature carries only what ``choice`` says (LEGS or CURVES);
    yields the report's line about it (empty without a bake)."""
    strips = nla.bake_strips(armature)
    if not strips:
        yield []
        return
    if choice == CURVES:
        channels = [c for _track, strip in strips
                    for c in fcurves(cast(bpy.types.Action, strip.action), getattr(strip, "action_slot", None))
                    if c.data_path.startswith("pose.bones")]  # a bake's strip plays the bake's action
        muted = [(c, c.mute) for c in channels]
        for curve, _mute in muted:
            curve.mute = True
        try:
            yield [(Level.INFO, Message("Foot IK: the clip carries the offset curves for a runtime foot IK; the bake's "
                                        "bone keys are left out, the legs play as animated"))]
        finally:
            for curve, mute in muted:
                curve.mute = mute
        return
    kept = values.read(armature)
    values.remove(armature)  # not written, so not sampled as curves either
    try:
        yield [(Level.INFO, Message("Foot IK: the clip carries the legs as baked in Blender; the OverAnim_FootIK_ "
                                    "curves are left out, so a runtime foot IK does not lift the feet again"))]
    finally:
        if set(kept) == set(VALUE_NAMES):
            values.write(armature, kept)
        else:
            for name, value in kept.items():
                armature[values.property_name(name)] = value
