"""Foot IK operators: Probe Ground (this frame), Bake Foot IK (a frame range, cancellable), Remove
Foot IK Bake, Detect Foot Bones."""

from __future__ import annotations

import bpy

from ...core.errors import OverAnimError
from ...core.log import Level, LogLine
from ...core.messages import Message, plural
from ..i18n import CONTEXT
from ..shared.finite_keys import require_finite_frame
from ..shared.ground import left_out_characters
from ..shared.nla_tracks import refuse_tweak_mode
from ..shared.object_data import overanim
from ..shared.operators import ArmatureOperatorMixin, ModalSessionMixin, poll_armature_with
from ..shared.scene import posed, require_armature, require_object_mode
from ..shared.typed import MaybeContext, scene_of
from . import nla, statics, values
from .engine import FootIKOptions, FootIKResult, FootIKSession, bake_foot_ik
from .probe import GROUND_HINT, Sampler, ground_for, why_no_ground
from .properties import BONE_FIELDS, bone_names, detected_bones, store_bone_names
from .rig import facing, no_feet, resolve


class OVERANIM_OT_probe_ground(ArmatureOperatorMixin, bpy.types.Operator):
    """Probe the ground under both feet at the current frame and write the OverAnim_FootIK_ values
    (offsets in cm, pitch and roll in degrees) on the armature"""

    bl_idname = "overanim.probe_ground"
    bl_label = "Probe Ground"

    def run(self, context):
        armature = require_armature(context)
        settings = overanim(armature).foot_ik
        rig = resolve(context, armature, settings)
        ground = ground_for(context, rig, settings)
        sampler = Sampler(rig, ground, 1)
        with posed(armature):
            sampler.record()
            require_finite_frame(scene_of(context), armature)  # rays cast from infinity would meet no ground
        found = {name: float(v[0]) for name, v in sampler.solution().values().items()}
        values.write(armature, found)
        store_bone_names(settings, rig.bones)
        left, right = found["LeftHit"] > 0.5, found["RightHit"] > 0.5
        frame = scene_of(context).frame_current
        first = [*rig.measured, *values.override_warning(armature, "Probe Ground"), *rig.warnings]
        if not (left or right):
            why = why_no_ground(ground, rig.ray, settings, scene_of(context), armature)
            return [*first, (Level.WARNING, Message("Frame {frame}: ground under neither foot: {why}; {hint}",
                                                    frame=frame, why=why, hint=GROUND_HINT))]
        hits = Message("both feet") if left and right else Message("the left foot") if left else \
            Message("the right foot")
        body, left_cm, right_cm = (values.signed(found[name], 2) for name in ("BodyOffset", "LeftOffset",
                                                                               "RightOffset"))
        passed = left_out_characters(scene_of(context), armature) if settings.ground_collection is None else None
        return [*first, (Level.INFO, Message("Frame {frame}: ground under {hits}; body {body} cm, left {left} cm, "
                                             "right {right} cm", frame=frame, hits=hits, body=body, left=left_cm,
                                             right=right_cm)),
                *([(Level.INFO, Message("Not ground: {others}", others=passed))] if passed is not None else [])]


class OVERANIM_OT_bake_foot_ik(ModalSessionMixin, ArmatureOperatorMixin, bpy.types.Operator):
    """Probe every frame of the range and bake the foot IK offsets, rotations and OverAnim_FootIK_ curves
    into an NLA track above your animation (your action is not changed). Esc cancels"""

    bl_idname = "overanim.bake_foot_ik"
    bl_label = "Bake Foot IK"
    _cancelled = Message("Bake Foot IK cancelled: nothing was written")
    _progress = "Bake Foot IK: frame {done} of {total} (Esc to cancel)"

    # SKIP_SAVE: not remembered for the next click, which bakes the scene's range as it is then
    frame_start: bpy.props.IntProperty(  # type: ignore[valid-type]
        name="Start", translation_context=CONTEXT, description="First frame to bake (default: the scene's start)",
        options={"SKIP_SAVE"})
    frame_end: bpy.props.IntProperty(  # type: ignore[valid-type]
        name="End", translation_context=CONTEXT, description="Last frame to bake (default: the scene's end)",
        options={"SKIP_SAVE"})

    _engine = staticmethod(bake_foot_ik)
    _session = staticmethod(FootIKSession)

    def _options(self, context: bpy.types.Context) -> FootIKOptions:
        given, scene = self.properties, scene_of(context)
        return FootIKOptions(self.frame_start if given.is_property_set("frame_start") else scene.frame_start,
                             self.frame_end if given.is_property_set("frame_end") else scene.frame_end)

    def _show(self, result: FootIKResult) -> None:
        frames = result.result.frames
        self.frame_start, self.frame_end = int(frames[0]), int(frames[-1])  # what was baked, in the redo panel


class OVERANIM_OT_remove_foot_ik_bake(ArmatureOperatorMixin, bpy.types.Operator):
    """Remove the OverAnim_FootIK track and action and the values they animated, and make the action the bake pushed
    down active again"""

    bl_idname = "overanim.remove_foot_ik_bake"
    bl_label = "Remove Foot IK Bake"

    @classmethod
    def poll(cls, context: MaybeContext) -> bool:
        return poll_armature_with(
            cls, context, lambda armature: overanim(armature).foot_ik.pushed_action or nla.baked_action(armature),
            lambda name: Message("'{name}' has no Foot IK bake to remove", name=name))

    def run(self, context):
        armature = require_armature(context)
        require_object_mode(armature, scene_of(context))
        settings = overanim(armature).foot_ik
        refuse_tweak_mode(armature)
        removed = nla.remove_bake(armature)
        if removed.strips:  # the values were the bake's (it animated them): they go with it
            values.remove(armature)
        statics.put_back(armature, statics.recorded(settings), nla.animated_below(armature))
        statics.store(settings, {})
        log: list[LogLine] = []
        if removed.tracks or not removed.kept:
            log.append((Level.INFO, plural(removed.tracks, "Removed {n} '{track}' track",
                                           "Removed {n} '{track}' tracks", track=nla.BAKE_NAME)))
        log += [(Level.INFO, Message("The bake's strip is removed from track '{track}'; the track stays with your "
                                     "strips in it", track=name)) for name in removed.kept]
        action = settings.pushed_action
        if action is not None:
            blending = (settings.pushed_blend_type, settings.pushed_extrapolation, settings.pushed_influence)
            log.append(nla.put_back_pushed(armature, action, settings.pushed_track, blending))
            settings.pushed_action, settings.pushed_track = None, ""
        return log


class OVERANIM_OT_detect_foot_bones(ArmatureOperatorMixin, bpy.types.Operator):
    """Fill the Foot IK bone fields from the rig's bone names (Unreal, Rigify, Mixamo, .L/.R, LeftFoot...)"""

    bl_idname = "overanim.detect_foot_bones"
    bl_label = "Detect Foot Bones"

    def run(self, context):
        armature = require_armature(context)
        require_object_mode(armature, scene_of(context))
        found = detected_bones(armature)
        store_bone_names(overanim(armature).foot_ik, found)
        filled = [getattr(found, field) for field in BONE_FIELDS if getattr(found, field)]
        if not (found.left_foot or found.right_foot):
            return [(Level.WARNING, no_feet(armature))]
        if not (found.left_foot and found.right_foot):
            return [(Level.WARNING, Message("Found {bones}: pick the missing foot with its bone picker",
                                            bones=", ".join(filled)))]
        return [(Level.INFO, Message("Found {bones}", bones=", ".join(filled)))]


class OVERANIM_OT_detect_forward_axis(ArmatureOperatorMixin, bpy.types.Operator):
    """Set Forward Axis to the axis of the armature object the character's toes point along (its feet's heads to
    their toes, in the rest pose)"""

    bl_idname = "overanim.detect_forward_axis"
    bl_label = "Detect Forward Axis"

    def run(self, context):
        armature = require_armature(context)
        require_object_mode(armature, scene_of(context))
        settings = overanim(armature).foot_ik
        names = bone_names(settings, armature)
        if not (names.left_foot or names.right_foot):
            raise OverAnimError(no_feet(armature))
        toes = facing(armature, names)
        if toes is None:
            raise OverAnimError(Message("The toes of '{name}' point along no axis of its object (within 45°): set "
                                        "Forward Axis by hand", name=armature.name))
        settings.forward_axis = toes
        return [(Level.INFO, Message("Forward Axis set to {axis}: the toes of '{name}' point along it", axis=toes,
                                     name=armature.name))]


classes = (OVERANIM_OT_probe_ground, OVERANIM_OT_bake_foot_ik, OVERANIM_OT_remove_foot_ik_bake,
           OVERANIM_OT_detect_foot_bones, OVERANIM_OT_detect_forward_axis)
register, unregister = bpy.utils.register_classes_factory(classes)
