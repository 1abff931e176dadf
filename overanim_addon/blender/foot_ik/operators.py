"""Foot IK operators: Probe Ground (this frame), Bake Foot IK (a frame range, cancellable), Remove
Foot IK Bake, Detect Foot Bones."""

from __future__ import annotations

from typing import Any

import bpy

from ...core.errors import OverAnimError
from ...core.messages import Message
from ..common import ArmatureOperatorMixin, find_armature, require_armature, require_object_mode
from ..i18n import CONTEXT
from . import nla, statics, values
from .bake import BakeResult, BakeSession
from .probe import Sampler, ground_for, no_ground_warning
from .properties import BONE_FIELDS, bone_names, detected_bones, store_bone_names
from .rig import facing, no_feet, resolve


class OVERANIM_OT_probe_ground(ArmatureOperatorMixin, bpy.types.Operator):
    """Probe the ground under both feet at the current frame and write the OverAnim_FootIK_ values
    (offsets in cm, pitch and roll in degrees) on the armature"""

    bl_idname = "overanim.probe_ground"
    bl_label = "Probe Ground"

    def run(self, context):
        armature = require_armature(context)
        settings = armature.overanim.foot_ik
        rig = resolve(context, armature, settings)
        ground = ground_for(context, rig, settings)
        sampler = Sampler(rig, ground, 1)
        sampler.record()
        found = {name: float(v[0]) for name, v in sampler.solution().values().items()}
        values.write(armature, found)
        store_bone_names(settings, rig.bones)
        left, right = found["LeftHit"] > 0.5, found["RightHit"] > 0.5
        hits = "both feet" if left and right else "the left foot" if left else "the right foot" if right else \
            "neither foot"
        body, left, right = (values.signed(found[name], 2) for name in ("BodyOffset", "LeftOffset", "RightOffset"))
        return [*no_ground_warning(ground, settings), *rig.warnings,
                ("INFO", f"Frame {context.scene.frame_current}: ground under {hits}; body {body} cm, left {left} cm, "
                         f"right {right} cm")]


def _summary(result: BakeResult) -> str:
    body = result.values["BodyOffset"]
    hits = f"left foot on ground {int(result.values['LeftHit'].sum())}, right {int(result.values['RightHit'].sum())}"
    pushed = f"; '{result.pushed_down}' pushed down into the NLA" if result.pushed_down else ""
    return (f"Baked {len(result.frames)} frames ({hits}; body offset {values.signed(body.min(), 1)} to "
            f"{values.signed(body.max(), 1)} cm) "
            f"onto NLA track '{nla.BAKE_NAME}'{pushed}")


class OVERANIM_OT_bake_foot_ik(ArmatureOperatorMixin, bpy.types.Operator):
    """Probe every frame of the range and bake the foot IK offsets, rotations and OverAnim_FootIK_ curves
    into an NLA track above your animation (your action is not changed). Esc cancels"""

    bl_idname = "overanim.bake_foot_ik"
    bl_label = "Bake Foot IK"

    # SKIP_SAVE: not remembered for the next click, which bakes the scene's range as it is then
    frame_start: bpy.props.IntProperty(  # type: ignore[valid-type]
        name="Start", translation_context=CONTEXT, description="First frame to bake (default: the scene's start)",
        options={"SKIP_SAVE"})
    frame_end: bpy.props.IntProperty(  # type: ignore[valid-type]
        name="End", translation_context=CONTEXT, description="Last frame to bake (default: the scene's end)",
        options={"SKIP_SAVE"})

    _session: BakeSession | None = None
    _timer: Any = None

    def _start(self, context: bpy.types.Context) -> BakeSession:
        armature = require_armature(context)
        scene = context.scene
        start = self.frame_start if self.properties.is_property_set("frame_start") else scene.frame_start
        end = self.frame_end if self.properties.is_property_set("frame_end") else scene.frame_end
        self.frame_start, self.frame_end = start, end  # what was baked shows in the redo panel
        return BakeSession(context, armature, armature.overanim.foot_ik, start, end)

    def run(self, context):
        wm = context.window_manager
        session = self._start(context)
        wm.progress_begin(0, session.total)
        try:
            result = session.run(wm.progress_update)
        except OverAnimError:
            session.cancel()
            raise
        finally:
            wm.progress_end()
        return [*result.warnings, ("INFO", _summary(result))]

    def invoke(self, context, event):
        if context.window is None or bpy.app.background:
            return self.execute(context)
        try:
            self._session = self._start(context)
        except OverAnimError as error:
            self.report({"ERROR"}, str(error))
            return {"CANCELLED"}
        wm = context.window_manager
        wm.progress_begin(0, self._session.total)
        self._timer = wm.event_timer_add(0.01, window=context.window)
        wm.modal_handler_add(self)
        return {"RUNNING_MODAL"}

    def _end(self, context: bpy.types.Context) -> None:
        wm = context.window_manager
        wm.event_timer_remove(self._timer)
        wm.progress_end()
        context.workspace.status_text_set(None)

    def modal(self, context, event):
        session = self._session
        assert session is not None
        if event.type == "ESC":
            self._end(context)
            session.cancel()
            self.report({"WARNING"}, "Bake Foot IK cancelled: nothing was written")
            return {"CANCELLED"}
        if event.type != "TIMER":
            return {"RUNNING_MODAL"}  # the bake owns the window until it ends: no edits under it
        try:
            finished = session.step(0.05)
        except OverAnimError as error:
            self._end(context)
            session.cancel()
            self.report({"ERROR"}, str(error))
            return {"CANCELLED"}
        context.window_manager.progress_update(session.done)
        context.workspace.status_text_set(f"Bake Foot IK: frame {session.done} of {session.total} (Esc to cancel)")
        if not finished:
            return {"RUNNING_MODAL"}
        self._end(context)
        try:
            result = session.finish()
        except OverAnimError as error:
            session.cancel()
            self.report({"ERROR"}, str(error))
            return {"CANCELLED"}
        for level, message in [*result.warnings, ("INFO", _summary(result))]:
            self.report({level}, message)
        return {"FINISHED"}


class OVERANIM_OT_remove_foot_ik_bake(ArmatureOperatorMixin, bpy.types.Operator):
    """Remove the OverAnim_FootIK track and action and the values they animated, and make the action the bake pushed
    down active again"""

    bl_idname = "overanim.remove_foot_ik_bake"
    bl_label = "Remove Foot IK Bake"

    @classmethod
    def poll(cls, context: bpy.types.Context) -> bool:
        armature = find_armature(context)
        return armature is not None and bool(nla.bake_tracks(armature) or armature.overanim.foot_ik.pushed_action)

    def run(self, context):
        armature = require_armature(context)
        require_object_mode(armature, context.scene)
        settings = armature.overanim.foot_ik
        if armature.animation_data is not None and armature.animation_data.use_tweak_mode:
            raise OverAnimError(f"'{armature.name}' is in NLA tweak mode: leave it (Tab in the NLA editor) first")
        removed = nla.remove_bake(armature)
        if removed:  # the values were the bake's (it animated them): they go with it
            values.remove(armature)
        statics.put_back(armature, statics.recorded(settings), nla.animated_below(armature))
        settings.static_values.clear()
        log = [("INFO", f"Removed {removed} '{nla.BAKE_NAME}' track{'s' if removed != 1 else ''}")]
        action = settings.pushed_action
        if action is not None:
            blending = (settings.pushed_blend_type, settings.pushed_extrapolation, settings.pushed_influence)
            if nla.bring_back(armature, action, settings.pushed_track, blending):
                log.append(("INFO", f"'{action.name}' is the active action again"))
            else:
                log.append(("WARNING", f"'{action.name}' stays in the NLA: the armature has another active action, "
                                       f"or track '{settings.pushed_track}' was changed"))
            settings.pushed_action, settings.pushed_track = None, ""
        return log


class OVERANIM_OT_detect_foot_bones(ArmatureOperatorMixin, bpy.types.Operator):
    """Fill the Foot IK bone fields from the rig's bone names (Unreal, Rigify, Mixamo, .L/.R, LeftFoot...)"""

    bl_idname = "overanim.detect_foot_bones"
    bl_label = "Detect Foot Bones"

    def run(self, context):
        armature = require_armature(context)
        require_object_mode(armature, context.scene)
        found = detected_bones(armature)
        store_bone_names(armature.overanim.foot_ik, found)
        filled = [getattr(found, field) for field in BONE_FIELDS if getattr(found, field)]
        if not (found.left_foot or found.right_foot):
            return [("WARNING", no_feet(armature))]
        if not (found.left_foot and found.right_foot):
            return [("WARNING", Message("Found {bones}: pick the missing foot with its bone picker",
                                        bones=", ".join(filled)))]
        return [("INFO", Message("Found {bones}", bones=", ".join(filled)))]


class OVERANIM_OT_detect_forward_axis(ArmatureOperatorMixin, bpy.types.Operator):
    """Set Forward Axis to the axis of the armature object the character's toes point along (its feet's heads to
    their toes, in the rest pose)"""

    bl_idname = "overanim.detect_forward_axis"
    bl_label = "Detect Forward Axis"

    def run(self, context):
        armature = require_armature(context)
        require_object_mode(armature, context.scene)
        settings = armature.overanim.foot_ik
        names = bone_names(settings, armature)
        if not (names.left_foot or names.right_foot):
            raise OverAnimError(no_feet(armature))
        toes = facing(armature, names)
        if toes is None:
            raise OverAnimError(Message("The toes of '{name}' point along no axis of its object (within 45°): set "
                                        "Forward Axis by hand", name=armature.name))
        settings.forward_axis = toes
        return [("INFO", Message("Forward Axis set to {axis}: the toes of '{name}' point along it", axis=toes,
                                 name=armature.name))]


classes = (OVERANIM_OT_probe_ground, OVERANIM_OT_bake_foot_ik, OVERANIM_OT_remove_foot_ik_bake,
           OVERANIM_OT_detect_foot_bones, OVERANIM_OT_detect_forward_axis)
register, unregister = bpy.utils.register_classes_factory(classes)
