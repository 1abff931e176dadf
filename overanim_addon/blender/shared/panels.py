"""What every feature's sidebar panel shares: its place in the OverAnim tab, under the main panel
(blender/ui.py), and the order of the panels there."""

from __future__ import annotations

from typing import TYPE_CHECKING

import bpy

from ..i18n import CONTEXT
from .scene import find_armature
from .typed import MaybeContext, PanelBase, context_of, layout_of

if TYPE_CHECKING:
    from .typed import Icon

CATEGORY = "OverAnim"
# The sub-panels top to bottom (their bl_order, whatever order the features register in): what would
# make a measurement wrong first, then Measure with its results, then the settings (Calibration
# starts closed); Region Masks (the actions and what they drew) above the Regions list and its
# settings, as Measure stands above Calibration; then Foot IK, and Motion after the rig's set-up.
ORDER = {"checks": 10, "results": 20, "calibration": 30, "region_masks": 40, "regions": 50, "foot_ik": 60,
         "motion": 100}


class OverAnimSubPanel(PanelBase):
    """Shared placement of the feature sub-panels; each sets its ``bl_order`` from ``ORDER``."""

    bl_space_type = "VIEW_3D"
    bl_region_type = "UI"
    bl_category = CATEGORY
    bl_parent_id = "OVERANIM_PT_main"
    bl_translation_context = CONTEXT  # titles are the add-on's terms: Blender's dictionary must not rename them

    @classmethod
    def poll(cls, context: MaybeContext) -> bool:
        context = context_of(context)
        return find_armature(context) is not None

    @staticmethod
    def armature(context: MaybeContext) -> bpy.types.Object:
        """The armature the panel draws (poll() guarantees there is one)."""
        armature = find_armature(context_of(context))
        assert armature is not None
        return armature

    def settings_layout(self) -> bpy.types.UILayout:
        """The panel's layout for a column of settings: labels left of their fields, no keyframe dots."""
        layout = layout_of(self)
        layout.use_property_split = True
        layout.use_property_decorate = False
        return layout


def checkbox_icon(on: bool) -> Icon:
    """The icon of a toggle operator drawn as a checkbox: ticked only while on."""
    return "CHECKBOX_HLT" if on else "CHECKBOX_DEHLT"
