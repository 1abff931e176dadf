from __future__ import annotations

from typing import Any

import bpy

from ...core.messages import Message, plural
from ..i18n import CONTEXT, tr
from ..shared.computed_on import copy_note
from ..shared.ground import ground_objects
from ..shared.object_data import overanim
from ..shared.panels import ORDER, OverAnimSubPanel
from ..shared.text_wrap import wrapped_label
from ..shared.typed import MaybeContext, armature_data, context_of, scene_of
from . import nla, values
from .properties import bone_names
from .rig import facing, feet_problem, trace_distance

# the bake's settings in the panel's order (Pelvis, then Plant) and the unit each field is in
OVER_TIME_UNITS = (("max_offset", "cm"), ("linear_stiffness", "1/s²"), ("linear_damping", ""),
                   ("heel_lift_ratio", ""), ("speed_threshold", "cm/s"), ("distance_to_ground", "cm"),
                   ("max_extension_ratio", ""))
PELVIS_FIELDS = 4  # the first of OVER_TIME_UNITS are Foot Placement's Pelvis Settings, the rest its Plant Settings


class OVERANIM_PT_foot_ik(OverAnimSubPanel, bpy.types.Panel):
    bl_label = "Foot IK"
    bl_order = ORDER["foot_ik"]

    def draw(self, context: MaybeContext) -> None:
        context = context_of(context)
        armature = self.armature(context)
        settings = overanim(armature).foot_ik
        layout = self.settings_layout()
        # short row labels: the sidebar is narrow; the tooltips carry the full names
        bones = layout.column(align=True)
        for field, text in (("left_foot", "Left Foot"), ("right_foot", "Right Foot"),
                            ("left_ik_target", "Left IK"), ("right_ik_target", "Right IK"), ("body_bone", "Body")):
            bones.prop_search(settings, field, armature_data(armature), "bones", text=text, text_ctxt=CONTEXT,
                              icon="BONE_DATA")
        names = bone_names(settings, armature)
        problem = feet_problem(armature, names)
        if problem is not None:  # what Probe and Bake would refuse with, and its fix, above the button
            wrapped_label(layout.column(align=True), context, tr(problem), icon="INFO")
        layout.operator("overanim.detect_foot_bones", icon="VIEWZOOM")
        col = layout.column()
        col.row().prop(settings, "forward_axis", text="Forward", text_ctxt=CONTEXT, expand=True)
        toes = facing(armature, names)
        if toes is not None and toes != settings.forward_axis:
            wrapped_label(col.column(align=True), context,
                          tr(Message("Its toes point along {axis} of its object", axis=toes)), icon="ERROR")
            col.operator("overanim.detect_forward_axis", icon="ORIENTATION_LOCAL")
        col.prop(settings, "trace_distance", text="Trace (cm)", text_ctxt=CONTEXT)
        col.prop(settings, "trace_calibration", text="Calibration", text_ctxt=CONTEXT)
        col.prop(settings, "ground_collection", text="Ground", text_ctxt=CONTEXT)
        self._draw_over_time(settings, layout)
        buttons = layout.column(align=True)
        buttons.scale_y = 1.2
        buttons.operator("overanim.probe_ground", icon="ORIENTATION_GLOBAL")
        buttons.operator("overanim.bake_foot_ik", icon="NLA")
        buttons.operator("overanim.remove_foot_ik_bake", icon="TRASH")
        hint = next_step(context, armature, problem is not None)  # below the buttons: it goes once done
        if hint is not None:
            wrapped_label(layout.column(align=True), context, tr(hint), icon="INFO")
        if nla.bake_tracks(armature) and settings.quality.baked:
            self._draw_quality(settings.quality, layout)
        self._draw_values(context, armature, layout)

    @staticmethod
    def _draw_over_time(settings: Any, layout: bpy.types.UILayout) -> None:
        """The bake's settings over the clip, with Unreal's Foot Placement names (full in the field) and
        their units, as "Trace (cm)" shows its own (the window showed "Max Offset 50.0": 50 what?)."""
        col = layout.column(align=True)
        col.use_property_split = False
        names = settings.bl_rna.properties
        for group, fields in (("Pelvis", OVER_TIME_UNITS[:PELVIS_FIELDS]),
                               ("Plant", OVER_TIME_UNITS[PELVIS_FIELDS:])):
            col.label(text=group, text_ctxt=CONTEXT)
            for field, unit in fields:
                name = names[field].name
                col.prop(settings, field, text=f"{name} ({unit})" if unit else name, text_ctxt=CONTEXT)

    @staticmethod
    def _draw_quality(record: Any, layout: bpy.types.UILayout) -> None:
        """The last bake's numbers (report.py), an alert where one is past its bound."""
        bad = set(record.out_of_bounds.split(",")) if record.out_of_bounds else set()
        box = layout.box().column(align=True)
        box.label(text=tr(Message("Last bake")), translate=False)
        rows = []
        if record.has_pelvis:  # one row each: the window showed an unnamed "576 cm/s²" with no before
            rows.append((Message("Pelvis speed {before:.0f} → {after:.0f} cm/s", before=record.pelvis_speed_before,
                                 after=record.pelvis_speed_after), "pelvis_speed" in bad))
            rows.append((Message("Pelvis accel. {before:.0f} → {after:.0f} cm/s²",
                                 before=record.pelvis_acceleration_before, after=record.pelvis_acceleration_after),
                         "pelvis_acceleration" in bad))
        rows.append((Message("Toe slide {before:.1f} → {after:.1f} cm", before=record.slide_before,
                             after=record.slide_after), "slide" in bad))
        rows.append((Message("Below ground {depth:.1f} cm", depth=record.penetration), "penetration" in bad))
        if record.unreachable_frames:
            rows.append((plural(record.unreachable_frames, "Out of reach on {n} frame", "Out of reach on {n} frames"),
                         True))
        for text, alert in rows:
            row = box.row()
            row.alert = alert
            row.label(text=tr(text), icon="ERROR" if alert else "CHECKMARK", translate=False)

    @staticmethod
    def _draw_values(context: bpy.types.Context, armature: bpy.types.Object, layout: bpy.types.UILayout) -> None:
        found = values.read(armature)
        if not found:  # below the buttons: what a probe replaces must not move them
            layout.label(text=tr("Not probed yet"), icon="INFO", translate=False)
            if not overanim(armature).foot_ik.bones_detected:
                layout.label(text=tr("Found by name on first use"), icon="BLANK1", translate=False)
            return
        box = layout.box().column(align=True)
        copied = copy_note(armature, overanim(armature).foot_ik.computed_on, "Probe Ground / Bake Foot IK")
        if copied is not None:  # the copy's panel shows its original's values: say so first
            wrapped_label(box, context, tr(copied), icon="ERROR")
        offset = values.signed(found.get("BodyOffset", 0.0), 2)
        body = (Message("Body offset {offset} cm (baked)", offset=offset) if nla.bake_tracks(armature)
                else Message("Body offset {offset} cm", offset=offset))
        box.label(text=tr(body), translate=False)
        rows = (("", "Left", "Right", 0, ""), ("Offset", "LeftOffset", "RightOffset", 2, " cm"),
                ("Pitch", "LeftPitch", "RightPitch", 1, "°"), ("Roll", "LeftRoll", "RightRoll", 1, "°"))
        for label, left, right, digits, unit in rows:
            split = box.split(factor=0.3)
            split.label(text=label, text_ctxt=CONTEXT)
            pair = split.row()
            for name in (left, right):
                text = f"{values.signed(found[name], digits)}{unit}" if name in found else name
                pair.label(text=text, text_ctxt=CONTEXT)
        split = box.split(factor=0.3)
        split.label(text="Ground", text_ctxt=CONTEXT)
        pair = split.row()
        for name in ("LeftHit", "RightHit"):
            hit = found.get(name, 0.0) >= 0.5
            pair.label(text="hit" if hit else "miss", icon="CHECKMARK" if hit else "X", text_ctxt=CONTEXT)
        value, note = trace_texts(armature, found.get("TraceDistance", 0.0))
        split = box.split(factor=0.3)
        split.label(text="Trace", text_ctxt=CONTEXT)
        split.label(text=value, translate=False)  # numbers: nothing to translate
        if note is not None:
            wrapped_label(box, context, tr(note), icon="INFO")


def next_step(context: bpy.types.Context, armature: bpy.types.Object, feet_problem: bool) -> Message | None:
    """What to do first (issue 31: on X Bot with a CMU clip the panel said what it found, not what to
    do): put ground under the character, then bake; said once the feet are found."""
    if feet_problem:
        return None  # the feet's own line above says what to do
    settings = overanim(armature).foot_ik
    if not ground_objects(scene_of(context), armature, settings.ground_collection):
        return Message("First: put ground under the character (a mesh: a floor, steps), or set Ground to the "
                       "collection that holds it")
    if nla.bake_tracks(armature):
        return None
    names = bone_names(settings, armature)
    if not (names.left_ik_target or names.right_ik_target):
        return Message("Next: Bake Foot IK. Without IK targets it solves the legs as Two Bone IK and keys them "
                       "on a track of their own (Remove gives the animation back)")
    return Message("Next: Probe Ground to check what the feet stand on, then Bake Foot IK")


def trace_texts(armature: bpy.types.Object, probed: float) -> tuple[str, Message | None]:
    """The probed trace distance as the Trace field above makes it ("55.4 cm = 50 × 1.107"); when
    the field or the measurement changed since, that value alone and a note of what the next
    probe uses."""
    settings = overanim(armature).foot_ik
    now, scale = trace_distance(armature, settings)
    if abs(now - probed) < 0.05:  # the values show one decimal
        return f"{probed:.1f} cm = {settings.trace_distance:g} × {scale:.3f}", None
    return (f"{probed:.1f} cm",
            Message("Trace or the measurement changed since: the next probe traces {now:.1f} cm", now=now))


classes = (OVERANIM_PT_foot_ik,)
register, unregister = bpy.utils.register_classes_factory(classes)
