"""The Bone Map sub-panel (under Transfer): the map the next transfer across skeletons will use, by
chains (spine, neck and head, each arm, each leg, the fingers both rigs have), each row a target bone
and the source bone it follows, a button to change it, the chains left unmapped named first, and
the map saved as a preset file or loaded from one."""

from __future__ import annotations

import bpy

from ...core.bone_map import CHAINS
from ...core.bone_profiles import FINGERS, PROFILE_LABELS
from ...core.messages import Message
from ..i18n import CONTEXT, tr
from ..shared.object_data import overanim
from ..shared.panels import OverAnimSubPanel
from ..shared.text_wrap import wrapped_label
from ..shared.typed import MaybeContext, context_of, layout_of
from .map_rows import saved_map, shown_controls, shown_map
from .retarget import unmapped_warning

SIDES = {"L": "Left", "R": "Right"}
CHAIN_LABELS = {"spine": Message("Spine"), "neck": Message("Neck and Head"), "arm_L": Message("Left Arm"),
                "arm_R": Message("Right Arm"), "leg_L": Message("Left Leg"), "leg_R": Message("Right Leg")}
FINGER_LABELS = {f"{finger}_{side}": Message("{side} {finger}", side=Message(word), finger=Message(finger.title()))
                 for finger in FINGERS for side, word in SIDES.items()}


def chain_label(chain: str) -> Message:
    return CHAIN_LABELS.get(chain) or FINGER_LABELS.get(chain) or Message("Other")


class OVERANIM_PT_transfer_map(OverAnimSubPanel, bpy.types.Panel):
    bl_label = "Bone Map"
    bl_parent_id = "OVERANIM_PT_transfer"
    bl_options = {"DEFAULT_CLOSED"}

    def draw(self, context: MaybeContext) -> None:
        context = context_of(context)
        target = self.armature(context)
        layout = layout_of(self)
        source = overanim(target).transfer.source
        if source is None or source.type != "ARMATURE":
            wrapped_label(layout, context, tr(Message("Set Source to see the bone map")), icon="INFO")
            return
        bone_map = shown_map(source, target)
        if bone_map is None:
            wrapped_label(layout, context, tr(Message(
                "No body found on one of the two rigs: the transfer copies channels by name")), icon="ERROR")
            return
        wrapped_label(layout, context, tr(Message("{source} onto {target}", source=PROFILE_LABELS.get(
            bone_map.source_profile, bone_map.source_profile), target=PROFILE_LABELS.get(
            bone_map.target_profile, bone_map.target_profile))), icon="GROUP_BONE")
        warning = unmapped_warning(bone_map, source.name, target.name)
        if warning is not None:
            wrapped_label(layout, context, tr(warning), icon="ERROR")
        edited = set(saved_map(target) or {})
        controls = shown_controls(source, target)  # a Rigify rig: the controls keyed, not the ORG bones they move
        chains = bone_map.chains()
        for chain in [*CHAINS, *(c for c in chains if c not in CHAINS)]:
            rows = chains.get(chain)
            if not rows or (not any(r.source for r in rows) and chain not in CHAINS):
                continue  # fingers only where both rigs have them
            box = layout.box().column(align=True)
            box.label(text=tr(chain_label(chain)), icon="BONE_DATA", translate=False)
            for row in rows:
                line = box.row(align=True)
                line.label(text=controls.get(row.target, row.target), translate=False)
                op = line.operator("overanim.transfer_map_row", text=row.source or tr(Message("(its parent)")),
                                   icon="GREASEPENCIL" if row.target in edited else "NONE", translate=False)
                op.bone = row.target
        buttons = layout.row(align=True)
        buttons.operator("overanim.transfer_map_save", text="Save Preset", text_ctxt=CONTEXT, icon="EXPORT")
        buttons.operator("overanim.transfer_map_load", text="Load Preset", text_ctxt=CONTEXT, icon="IMPORT")
        if edited:
            layout.operator("overanim.transfer_map_reset", icon="LOOP_BACK")


classes = (OVERANIM_PT_transfer_map,)
register, unregister = bpy.utils.register_classes_factory(classes)
