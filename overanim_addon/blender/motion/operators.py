"""Motion operators: Analyze Motion (a frame range, cancellable with Esc from the panel) and Remove Motion
Curves. Analyze Motion steps the engine's session (engine.py) on a timer, or calls the engine function
without a window, as the batch step and the demo do."""

from __future__ import annotations

import bpy

from ...core.messages import Message
from ..i18n import CONTEXT
from ..shared.object_data import overanim
from ..shared.operators import ArmatureOperatorMixin, ModalSessionMixin, poll_armature, poll_armature_with
from ..shared.scene import require_armature, require_object_mode
from ..shared.typed import MaybeContext, scene_of
from .engine import MotionOptions, MotionResult, MotionSession, analyze_motion
from .writing import remove_motion_curves


class OVERANIM_OT_analyze_motion(ModalSessionMixin, ArmatureOperatorMixin, bpy.types.Operator):
    """Measure how the animation moves (cm, cm/s, cm/s², raw and calibrated), write the summary on the action
    and key the per-frame motion curves on an NLA track above your animation (your action is not changed).
    Esc cancels"""

    bl_idname = "overanim.analyze_motion"
    bl_label = "Analyze Motion"
    _cancelled = Message("Analyze Motion cancelled: nothing was written")
    _progress = "Analyze Motion: frame {done} of {total} (Esc to cancel)"

    # SKIP_SAVE: not remembered for the next click, which analyses the action's range as it is then
    frame_start: bpy.props.IntProperty(  # type: ignore[valid-type]
        name="Start", translation_context=CONTEXT, options={"SKIP_SAVE"},
        description="First frame to analyse (default: the action's first frame)")
    frame_end: bpy.props.IntProperty(  # type: ignore[valid-type]
        name="End", translation_context=CONTEXT, options={"SKIP_SAVE"},
        description="Last frame to analyse (default: the action's last frame)")

    _engine = staticmethod(analyze_motion)
    _session = staticmethod(MotionSession)

    @classmethod
    def poll(cls, context: MaybeContext) -> bool:
        return poll_armature(cls, context) is not None

    def _options(self, context: bpy.types.Context) -> MotionOptions:
        given = self.properties
        return MotionOptions(self.frame_start if given.is_property_set("frame_start") else None,
                             self.frame_end if given.is_property_set("frame_end") else None)

    def _show(self, result: MotionResult) -> None:
        self.frame_start, self.frame_end = int(result.frames[0]), int(result.frames[-1])  # the redo panel


class OVERANIM_OT_remove_motion_curves(ArmatureOperatorMixin, bpy.types.Operator):
    """Remove the OverAnim_Motion track and action and the curves they animated, and make the action the
    analysis pushed down active again (the motion summary stays on the action)"""

    bl_idname = "overanim.remove_motion_curves"
    bl_label = "Remove Motion Curves"

    @classmethod
    def poll(cls, context: MaybeContext) -> bool:
        def ready(armature: bpy.types.Object) -> bool:
            settings = overanim(armature).motion
            return settings.curves_action is not None or settings.pushed_action is not None

        return poll_armature_with(cls, context, ready,
                                  lambda name: Message("No motion curves on '{name}': Analyze Motion first", name=name))

    def run(self, context):
        armature = require_armature(context)
        require_object_mode(armature, scene_of(context))
        return remove_motion_curves(armature)


classes = (OVERANIM_OT_analyze_motion, OVERANIM_OT_remove_motion_curves)
register, unregister = bpy.utils.register_classes_factory(classes)
