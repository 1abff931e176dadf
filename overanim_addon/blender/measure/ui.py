from __future__ import annotations

import bpy

from ...core.naming import region_key
from ..ui import OverAnimSubPanel
from .results import CHARACTER_PROPS, PREFIX, REGION_PROPS, region_properties

# (length property, its scale property) per line of a Region's box
REGION_ROWS = (("ChainLength", "ChainLengthScale"), ("SpanLength", "SpanScale"),
               ("BoundsRadius", "BoundsRadiusScale"), ("AverageBoneLength", "AverageBoneLengthScale"))


class OVERANIM_PT_results(OverAnimSubPanel, bpy.types.Panel):
    bl_label = "Results"

    def draw(self, context: bpy.types.Context) -> None:
        armature = self.armature(context)
        layout = self.layout
        if f"{PREFIX}CharacterHeightCS" not in armature:
            layout.label(text="Not measured yet", icon="INFO")
            return
        table = layout.column(align=True)

        def line(label: str, cs: str, ws: str) -> None:
            split = table.split(factor=0.5)
            split.label(text=label)
            values = split.row()
            values.label(text=cs)
            values.label(text=ws)

        line("", "CS", "WS")
        for key, (_attr, unit, text) in CHARACTER_PROPS.items():
            cs, ws = (armature.get(f"{PREFIX}{key}{space}", 0.0) for space in ("CS", "WS"))
            line(text, *((f"{v:.1f} cm" if unit else f"{v:.3f}") for v in (cs, ws)))
        root = armature.get(f"{PREFIX}LocomotionRootBone", "")
        layout.label(text=f"Locomotion root: {root}", icon="BONE_DATA")
        for region in armature.overanim.regions:
            names = region_properties(region.name)
            if names["SpanLength"] not in armature:
                continue
            box = layout.box()
            key = region_key(region.name)
            box.label(text=region.name if key == region.name else f"{region.name}  (as {key})", icon="GROUP_BONE")
            col = box.column(align=True)
            for length, scale in REGION_ROWS:
                text = REGION_PROPS[length][2].replace("Region ", "")
                value = armature.get(names[length], 0.0)
                factor = armature.get(names[scale], 0.0)
                col.label(text=f"{text}: {value:.1f} cm  ×{factor:.3f}")
            # what the Region's Measurement Basis and Spatial Calibration resolve to, CS | WS
            motion = [armature.get(names[f"MotionScale{space}"], 0.0) for space in ("CS", "WS")]
            spatial = [armature.get(names[f"SpatialDistance{space}"], 0.0) for space in ("CS", "WS")]
            for label, values in (("Motion scale", ["cannot resolve" if not v else f"×{v:.3f}" for v in motion]),
                                  ("Spatial distance", [f"{v:.1f} cm" for v in spatial])):
                split = col.split(factor=0.5)
                split.alert = label == "Motion scale" and not all(motion)
                split.label(text=label)
                row = split.row()
                for value in values:
                    row.label(text=value)
        layout.operator("overanim.export_results_json", icon="EXPORT")


classes = (OVERANIM_PT_results,)
register, unregister = bpy.utils.register_classes_factory(classes)
