from __future__ import annotations

import bpy

from ..common import find_armature
from ..ui import OverAnimSubPanel
from .results import CHARACTER_PROPS, PREFIX, REGION_PROPS, region_key


class OVERANIM_PT_results(OverAnimSubPanel, bpy.types.Panel):
    bl_label = "Results"

    def draw(self, context: bpy.types.Context) -> None:
        armature = find_armature(context)
        assert armature is not None
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
            key = region_key(region.name)
            if f"{PREFIX}Region_{key}_SpanLength" not in armature:
                continue
            box = layout.box()
            box.label(text=region.name, icon="GROUP_BONE")
            col = box.column(align=True)
            for suffix in ("ChainLength", "SpanLength", "BoundsRadius", "AverageBoneLength"):
                _attr, _unit, text = REGION_PROPS[suffix]
                scale_suffix = suffix.replace("Length", "") + "Scale" if suffix != "AverageBoneLength" \
                    else "AverageBoneLengthScale"
                scale_suffix = {"ChainScale": "ChainLengthScale"}.get(scale_suffix, scale_suffix)
                value = armature.get(f"{PREFIX}Region_{key}_{suffix}", 0.0)
                scale = armature.get(f"{PREFIX}Region_{key}_{scale_suffix}", 0.0)
                col.label(text=f"{text.replace('Region ', '')}: {value:.1f} cm  ×{scale:.3f}")
        layout.operator("overanim.export_results_json", icon="EXPORT")


classes = (OVERANIM_PT_results,)
register, unregister = bpy.utils.register_classes_factory(classes)
