"""``bake_foot_ik(context, armature, options) -> FootIKResult``: the foot IK offsets, rotations and
``OverAnim_FootIK_`` curves probed on every frame of a range and baked onto an NLA track
(``bake.BakeSession``, run to its end as every long engine is: ``FootIKSession``, ``shared/sessions.py``),
with the report. Bake Foot IK (its modal run steps the same session) and the batch's ``footik`` step
call this; it never calls an operator."""

from __future__ import annotations

from dataclasses import dataclass

import bpy

from ...core.bone_names import FootIKBones
from ...core.log import Level, Log
from ...core.messages import Message, plural
from ..shared.finite_keys import require_finite_animation
from ..shared.object_data import overanim
from ..shared.scene import require_usable
from ..shared.sessions import Progress, run_to_end
from ..shared.typed import scene_of
from . import nla, values
from .bake import BakeResult, BakeSession


@dataclass(frozen=True)
class FootIKOptions:
    frame_start: int | None = None  # None: the scene's start
    frame_end: int | None = None  # None: the scene's end


@dataclass(frozen=True)
class FootIKResult:
    result: BakeResult
    bones: FootIKBones  # the bones baked (found by name where the fields were empty)
    log: Log = ()  # (level, Message), the summary last


def _summary(result: BakeResult) -> Message:
    body = result.values["BodyOffset"]
    pushed = Message("; '{action}' pushed down into the NLA", action=result.pushed_down) if result.pushed_down else ""
    return plural(len(result.frames),
                  "Baked {n} frame (left foot on ground {left}, right {right}; body offset {low} to {high} cm) "
                  "onto NLA track '{track}'{pushed}",
                  "Baked {n} frames (left foot on ground {left}, right {right}; body offset {low} to {high} cm) "
                  "onto NLA track '{track}'{pushed}",
                  left=int(result.values["LeftHit"].sum()), right=int(result.values["RightHit"].sum()),
                  low=values.signed(body.min(), 1), high=values.signed(body.max(), 1), track=nla.BAKE_NAME,
                  pushed=pushed)


def report_lines(result: BakeResult) -> Log:
    return (*result.warnings, (Level.INFO, _summary(result)))


class FootIKSession:
    """Bake Foot IK as a long engine's session (``shared/sessions.py``): the ``BakeSession`` checked and
    set up (a refusal raises OverAnimError), its steps sample, and ``finish`` writes the bake and gives
    the ``FootIKResult`` with its log."""

    def __init__(self, context: bpy.types.Context, armature: bpy.types.Object, options: FootIKOptions) -> None:
        scene = scene_of(context)
        start = scene.frame_start if options.frame_start is None else options.frame_start
        end = scene.frame_end if options.frame_end is None else options.frame_end
        require_finite_animation(armature)  # a NaN or infinite key never enters the bake (issue 31)
        self.bake = BakeSession(context, require_usable(armature), overanim(armature).foot_ik, start, end)

    @property
    def total(self) -> int:
        return self.bake.total

    @property
    def done(self) -> int:
        return self.bake.done

    @property
    def frames(self) -> tuple[int, int]:
        """The first and last frame baked."""
        return int(self.bake.frames[0]), int(self.bake.frames[-1])

    def step(self, seconds: float) -> bool:
        return self.bake.step(seconds)

    def finish(self) -> FootIKResult:
        result = self.bake.finish()
        return FootIKResult(result, self.bake.rig.bones, report_lines(result))

    def cancel(self) -> None:
        self.bake.cancel()


def bake_foot_ik(context: bpy.types.Context, armature: bpy.types.Object, options: FootIKOptions,
                 progress: Progress | None = None) -> FootIKResult:
    """Bake ``options``' frame range (the scene's by default); ``progress(done, total)`` is called
    between steps. A refusal raises OverAnimError having written nothing."""
    return run_to_end(FootIKSession(context, armature, options), progress)
