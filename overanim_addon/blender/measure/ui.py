from __future__ import annotations

import bpy

from ...core.messages import Message
from ...core.naming import region_key
from ..i18n import CONTEXT, tr
from ..shared.names import CHARACTER_HEIGHT_CS, PREFIX
from ..shared.object_data import overanim
from ..shared.panels import ORDER, OverAnimSubPanel
from ..shared.text_wrap import wrapped_label
from ..shared.typed import MaybeContext, context_of, has_property, layout_of
from .results import CHARACTER_PROPS, region_properties

# Row labels that read in full at the sidebar's default width (the custom properties' descriptions
# keep the long names): character rows, then (length, its scale) per line of a Region's box
CHARACTER_ROWS = {"CharacterHeight": "Character height", "CharacterScale": "Character scale",
                  "LocomotionHeight": "Locomotion height", "LocomotionScale": "Locomotion scale",
                  "GroundProbeRadius": "Probe radius", "GroundProbeScale": "Probe scale"}
REGION_ROWS = {("ChainLength", "ChainLengthScale"): "Chain length", ("SpanLength", "SpanScale"): "Endpoint span",
               ("BoundsRadius", "BoundsRadiusScale"): "Bounds radius",
               ("AverageBoneLength", "AverageBoneLengthScale"): "Avg. bone length"}


# what the table's two columns are (docs/measuring.md): an imported rig at object scale 0.01 reads 100x in CS
SPACES = Message("CS: component space, the rig's own data without its object's scale. WS: world space, as it "
                 "stands in the scene. Lengths in cm, scales ×")


def centimetres(value: float, unit: str = " cm") -> str:
    """A length for a narrow cell: a tenth of a cm up to 1000 cm, whole cm beyond (a rig at object
    scale 0.01 measures 18000 cm in CS, where a tenth says nothing)."""
    return f"{value:.1f}{unit}" if abs(value) < 1000 else f"{value:.0f}{unit}"


class OVERANIM_PT_results(OverAnimSubPanel, bpy.types.Panel):
    """The results in a section of their own that opens after a measurement (a sub-panel cannot be
    opened from Python; a layout panel whose open state is a property can). Measure and Export are
    among the steps' buttons of the main panel (ui.py)."""

    bl_label = "Results"
    bl_order = ORDER["results"]
    bl_options = {"HIDE_HEADER"}

    def draw(self, context: MaybeContext) -> None:
        armature = self.armature(context)
        layout = layout_of(self)
        header, body = layout.panel_prop(overanim(armature), "show_results")
        header.label(text="Results", text_ctxt=CONTEXT)
        if body is not None:
            self.draw_results(body, armature, context_of(context))

    @staticmethod
    def draw_results(layout: bpy.types.UILayout, armature: bpy.types.Object, context: bpy.types.Context) -> None:
        if not has_property(armature, CHARACTER_HEIGHT_CS):
            layout.label(text=tr("Not measured yet"), icon="INFO", translate=False)
            return
        table = layout.column(align=True)

        def line(label: str, cs: str, ws: str) -> None:
            split = table.split(factor=0.5)
            split.label(text=label, text_ctxt=CONTEXT)
            values = split.row()
            values.label(text=cs, translate=False)
            values.label(text=ws, translate=False)

        line("", "CS (cm)", "WS (cm)")  # the unit once: two lengths of a rig at scale 0.01 fill a cell each
        for key, text in CHARACTER_ROWS.items():
            unit = CHARACTER_PROPS[key][1]
            cs, ws = (armature.get(f"{PREFIX}{key}{space}", 0.0) for space in ("CS", "WS"))
            line(text, *((centimetres(v, "") if unit else f"×{v:.3f}") for v in (cs, ws)))
        wrapped_label(layout.column(align=True), context, tr(SPACES), icon="INFO")
        root = armature.get(f"{PREFIX}LocomotionRootBone", "")
        wrapped_label(layout.column(align=True), context, tr(Message("Locomotion root: {bone}", bone=root)),
                      icon="BONE_DATA")  # a Mixamo bone name is long
        for region in overanim(armature).regions:
            names = region_properties(region.name)
            if not has_property(armature, names["SpanLength"]):
                continue
            box = layout.box()
            box.label(text=region.name, icon="GROUP_BONE", translate=False)  # the artist's name
            col = box.column(align=True)
            key = region_key(region.name)
            if key != region.name:  # the key its properties use, on a row of its own (a key is at most 24 bytes)
                split = col.split(factor=0.5)
                split.label(text="Written as", text_ctxt=CONTEXT)
                split.label(text=key, translate=False)
            for (length, scale), text in REGION_ROWS.items():
                value = armature.get(names[length], 0.0)
                factor = armature.get(names[scale], 0.0)
                split = col.split(factor=0.5)
                split.label(text=text, text_ctxt=CONTEXT)
                split.label(text=f"{centimetres(value)}  ×{factor:.3f}", translate=False)
            # what the Region's Measurement Basis and Spatial Calibration resolve to, CS | WS
            motion = [armature.get(names[f"MotionScale{space}"], 0.0) for space in ("CS", "WS")]
            spatial = [armature.get(names[f"SpatialDistance{space}"], 0.0) for space in ("CS", "WS")]
            for label, values in (("Motion scale", [tr("cannot resolve") if not v else f"×{v:.3f}" for v in motion]),
                                  ("Spatial distance", [centimetres(v) for v in spatial])):
                split = col.split(factor=0.5)
                split.alert = label == "Motion scale" and not all(motion)
                split.label(text=label, text_ctxt=CONTEXT)
                row = split.row()
                for value in values:
                    row.label(text=value, translate=False)
        layout.operator("overanim.export_results_json", icon="EXPORT")


classes = (OVERANIM_PT_results,)
register, unregister = bpy.utils.register_classes_factory(classes)
