"""Run inside a real Blender (run.sh) by tests/blender/cross_cutting/test_translations.py, in ko_KR:
every panel of the sidebar drawn in its fullest states (a finding with its fix, the results, the masks
painted, a Foot IK bake, a Motion analysis, a transfer, an export, a copied rig), and every text as
Blender would display it. Prints ``RESULT {json}``: the texts that stay English, and the tooltips of
our operators and fields that have no Korean (issue 31, window finding 11).
"""

import json
import os
import re
import sys
import tempfile
import traceback

import bpy

sys.path.insert(0, os.getcwd())
sys.path.insert(0, os.path.join(os.getcwd(), "tests"))
import overanim_addon

out: dict = {}
HANGUL = re.compile("[\uac00-\ud7a3]")
UNITS = re.compile(r"[-+]?\d[\d.,]*|\b(?:cm/s²|cm/s|cm|s|px)\b|[×=÷/()°%—+-]")
overanim_addon.register()
try:
    from layout_recorder import RecordingLayout, draw_panel

    from overanim_addon.blender.i18n import CONTEXT


    t = bpy.app.translations
    view = bpy.context.preferences.view
    view.language = "ko_KR"
    view.use_translate_interface = view.use_translate_tooltips = view.use_translate_reports = True

    def displayed(call, key="text", ctxt="text_ctxt"):
        text = call.kwargs.get(key) or ""
        if not text or call.kwargs.get("translate") is False:
            return text
        return t.pgettext_iface(text, call.kwargs.get(ctxt) or t.contexts.default)

    drawn: dict[tuple[str, bool], set] = {}  # (text as displayed, drawn as one of the add-on's terms): where

    def record(where: str, layout: RecordingLayout) -> None:
        for call in layout.calls:
            for key, ctxt in (("text", "text_ctxt"), ("heading", "heading_ctxt")):
                if call.kwargs.get(key):
                    term = call.kwargs.get(ctxt) == CONTEXT and call.kwargs.get("translate") is not False
                    drawn.setdefault((displayed(call, key, ctxt), term), set()).add(where)

    def panels(where: str) -> None:
        for cls in bpy.types.Panel.__subclasses__():
            ours = cls.draw.__module__.startswith("overanim_addon")  # not the preset menu's Blender draws
            if cls.__name__.startswith("OVERANIM_PT_") and hasattr(bpy.types, cls.__name__) and ours and \
                    (cls.poll(bpy.context) if hasattr(cls, "poll") else True):
                record(f"{where}/{cls.__name__}", draw_panel(cls, bpy.context, region_width=291))
        armature = bpy.context.active_object
        if armature is not None and armature.type == "ARMATURE":
            layout = RecordingLayout()
            for index, region in enumerate(armature.overanim.regions):
                bpy.types.OVERANIM_UL_regions.draw_item(None, bpy.context, layout.column(), armature.overanim,
                                                        region, 0, armature.overanim, "active_region_index", index)
            record(f"{where}/regions list", layout)

    from overanim_addon.blender.shared.text_wrap import wrapped_label

    wrapped_label.__defaults__ = ("NONE", lambda text, width, measure: [text])  # a sentence read whole, unwrapped
    bpy.ops.wm.read_homefile(use_empty=True)
    panels("empty")
    bpy.ops.overanim.build_sample_character()
    rig = bpy.context.active_object
    names = set()  # the artist's names: never translated
    panels("new sample")
    rig.scale = (1.02, 1.02, 1.02)
    bpy.ops.overanim.run_checks()
    panels("a finding")
    rig.scale = (1, 1, 1)
    bpy.ops.overanim.run_checks()
    bpy.ops.overanim.measure_proportions()
    regions = rig.overanim.regions
    regions["LeftArm"].mask_channel, regions["Spine"].mask_channel = "R", "G"
    regions["LeftArm"].delta_shape_key, regions["Spine"].delta_shape_key = "Delta_LeftArm", "Delta_Spine"
    bpy.ops.overanim.paint_region_masks()
    bpy.ops.overanim.check_lod_coverage()
    bpy.ops.overanim.compose_region_deltas()
    bpy.ops.overanim.bake_foot_ik()
    bpy.ops.overanim.analyze_motion()
    folder = tempfile.mkdtemp()
    bpy.ops.overanim.export_fbx(filepath=os.path.join(folder, "sample.fbx"))
    rig.overanim.foot_ik.forward_axis = "+X"  # its note and Detect Forward Axis
    panels("every step")
    rig.overanim.foot_ik.forward_axis = "-Y"
    # a copy: its panels say whose values they show; a transfer onto it shows its result
    for obj in bpy.context.view_layer.objects:
        obj.select_set(obj == rig)
    bpy.ops.object.duplicate()
    copy = bpy.context.active_object
    panels("a copy")
    copy.overanim.transfer.source = rig
    copy.overanim.transfer.action = bpy.data.actions["SK_OverAnimSample_Walk"]
    bpy.ops.overanim.transfer_action(source=rig.name, action="SK_OverAnimSample_Walk")
    panels("a transfer")
    for obj in bpy.data.objects:
        names.add(obj.name)
        if obj.type == "ARMATURE":
            names.update(bone.name for bone in obj.data.bones)
            names.update(region.name for region in obj.overanim.regions)
            names.update(c.name for c in obj.data.collections_all)
    names.update(a.name for a in bpy.data.actions)
    names.add(os.path.join(folder, "sample.fbx"))

    def english(text: str, term: bool) -> bool:
        """A text that reads English to a Korean artist where it should not: not a name (or a piece of one,
        wrapped), not figures and units, not one of the add-on's terms (a label of a few words in CONTEXT)."""
        if HANGUL.search(text) or any(text in name for name in names):
            return False
        words = UNITS.sub(" ", text).split()
        if all(re.fullmatch("[A-Z]{1,3}", word) for word in words):  # figures, units, CS, WS, a channel's letter
            return False
        return not (term and len(words) <= 3 and ":" not in text)  # a term's unit ("(cm)") is not a word

    out["english"] = sorted({(text, sorted(where)[0]) for (text, term), where in drawn.items() if english(text, term)})
    out["texts"] = len(drawn)

    # tooltips: our operators (in their context) and our fields (Blender's default context)
    untranslated = []
    for cls in bpy.types.Operator.__subclasses__():
        if cls.__name__.startswith("OVERANIM_OT_") and hasattr(bpy.types, cls.__name__):
            rna = cls.bl_rna
            if rna.description and t.pgettext_tip(rna.description, rna.translation_context) == rna.description:
                untranslated.append(("operator", cls.__name__, rna.description))
            settings = getattr(bpy.ops.overanim, cls.bl_idname.split(".")[1]).get_rna_type()
            for prop in settings.properties:  # its settings, in the Adjust Last Operation panel (F9)
                if prop.identifier != "rna_type" and not prop.is_hidden and prop.description and \
                        t.pgettext_tip(prop.description) == prop.description:
                    untranslated.append(("operator field", f"{cls.__name__}.{prop.identifier}", prop.description))
    structs = [s for s in bpy.types.PropertyGroup.__subclasses__() if s.__name__.startswith("OVERANIM_PG_")]
    structs += [bpy.types.OVERANIM_AP_preferences] if hasattr(bpy.types, "OVERANIM_AP_preferences") else []
    for struct in structs:
        for prop in struct.bl_rna.properties:
            if (prop.identifier in ("rna_type", "name") and prop.description.startswith("Unique name")) or \
                    prop.identifier == "rna_type" or prop.is_hidden or not prop.description:
                continue
            if t.pgettext_tip(prop.description) == prop.description:
                untranslated.append(("field", f"{struct.__name__}.{prop.identifier}", prop.description))
    out["tooltips"] = untranslated
except Exception:
    out["error"] = traceback.format_exc()
finally:
    overanim_addon.unregister()
print("RESULT " + json.dumps(out, ensure_ascii=True))
