"""Run inside a real Blender (run.sh) by tests/blender/cross_cutting/test_translations.py, in ko_KR: which texts does
Blender's dictionary rename, which of ours stay, what do tooltips, panels and reports read?"""

import json
import os
import sys
import traceback

import bpy

sys.path.insert(0, os.getcwd())
sys.path.insert(0, os.path.join(os.getcwd(), "tests"))
import overanim_addon

out: dict = {}
overanim_addon.register()
try:
    from layout_recorder import RecordingLayout, draw_panel

    from overanim_addon.blender.calibration.properties import OVERANIM_PG_calibration
    from overanim_addon.blender.i18n import CONTEXT
    from overanim_addon.blender.properties import OVERANIM_PG_object
    from overanim_addon.blender.regions.region import OVERANIM_PG_region
    from overanim_addon.blender.sample.build import build_sample_character
    from overanim_addon.core.calibration import FIELDS_BY_NAME

    t = bpy.app.translations
    view = bpy.context.preferences.view
    out["locales"] = "ko_KR" in t.locales
    view.language = "ko_KR"
    view.use_translate_interface = view.use_translate_tooltips = view.use_translate_reports = True

    out["blender_renames"] = {"Regions": t.pgettext_iface("Regions") != "Regions",
                              "Apply Scale": t.pgettext_iface("Apply Scale", "Operator") != "Apply Scale",
                              "Head": t.pgettext_iface("Head") != "Head"}
    # every name of ours Blender draws through our context: panel titles, operator names, property and
    # enum item names
    terms = []
    for cls in (*bpy.types.Panel.__subclasses__(), *bpy.types.Operator.__subclasses__(),
                *bpy.types.Menu.__subclasses__()):
        if cls.__name__.startswith("OVERANIM_") and hasattr(cls, "bl_label"):
            terms.append(cls.bl_label)
    for struct in (OVERANIM_PG_region, OVERANIM_PG_calibration, OVERANIM_PG_object):
        for prop in struct.bl_rna.properties:
            terms.append(prop.name)
            terms += [item.name for item in getattr(prop, "enum_items", [])]
    terms += ["Apply Scale", "Rest Position", "Match Unit Scale", "Sample", "Channel", "LOD", "Composition",
              "Spatial", "Basis", "Attachment", "Mask", "Reference Sizes", "Preview Legend"]
    terms = sorted({term for term in terms if term})
    out["terms_checked"] = len(terms)
    out["renamed_terms"] = [term for term in terms if t.pgettext_iface(term, CONTEXT) != term]

    tip = FIELDS_BY_NAME["reference_character_height"]
    description = OVERANIM_PG_calibration.bl_rna.properties[tip.name].description
    out["tooltip"] = t.pgettext_tip(description)
    item = OVERANIM_PG_region.bl_rna.properties["falloff_mode"].enum_items["SMOOTH_STEP"]
    out["item_tooltip"] = t.pgettext_tip(item.description)
    # an operator's tooltip, looked up as Blender does: in the operator's own translation context
    bake = bpy.ops.overanim.bake_foot_ik.get_rna_type()
    out["operator_tooltip"] = t.pgettext_tip(bake.description, bake.translation_context)
    view.use_translate_tooltips = False
    out["tooltip_off"] = t.pgettext_tip(description)
    view.use_translate_tooltips = True

    # the panels as an artist sees them: what each label would display
    bpy.ops.wm.read_homefile(use_empty=True)
    armature = build_sample_character(bpy.context)
    armature.scale = (1.02, 1.02, 1.02)
    bpy.ops.overanim.run_checks()
    bpy.ops.overanim.measure_proportions()
    bpy.ops.overanim.paint_region_masks()
    calls = []
    for panel in ("main", "checks", "results", "calibration", "regions", "region_masks", "foot_ik"):
        calls += draw_panel(getattr(bpy.types, f"OVERANIM_PT_{panel}"), bpy.context, region_width=300).calls
    for region in armature.overanim.regions:
        layout = RecordingLayout()
        bpy.types.OVERANIM_UL_regions.draw_item(None, bpy.context, layout, armature.overanim, region, 0, None, "", 0)
        calls += layout.calls

    def displayed(text, context, translate):
        """What Blender shows for a text it was given: looked up in the given context, else its default."""
        return text if translate is False else t.pgettext_iface(text, context or t.contexts.default)

    out["drawn"] = [displayed(call.kwargs[key], call.kwargs.get(ctxt), call.kwargs.get("translate"))
                    for call in calls for key, ctxt in (("text", "text_ctxt"), ("heading", "heading_ctxt"))
                    if call.kwargs.get(key)]
    # a Region without a collection: its list row says so in Korean
    armature.overanim.regions["LeftLeg"].bone_collection = ""
    layout = RecordingLayout()
    bpy.types.OVERANIM_UL_regions.draw_item(None, bpy.context, layout, armature.overanim,
                                            armature.overanim.regions["LeftLeg"], 0, None, "", 0)
    out["no_collection"] = [displayed(c.kwargs["text"], c.kwargs.get("text_ctxt"), c.kwargs.get("translate"))
                            for c in layout.labels()][-1]
    # why a button is greyed, as its tooltip and a script's error say it
    armature.overanim.regions.clear()
    try:
        bpy.ops.overanim.paint_region_masks()
    except RuntimeError as error:
        out["poll_message"] = str(error)
    # Foot IK as a Korean artist meets it: the sample (IK bones, a walk over its terrain) probed, then a
    # bake refused, and the panel as drawn
    bpy.ops.wm.read_homefile(use_empty=True)
    bpy.ops.overanim.build_sample_character()
    rig = bpy.context.active_object
    bpy.ops.overanim.probe_ground()
    solo = rig.animation_data.nla_tracks.new()
    solo.is_solo = True
    try:
        bpy.ops.overanim.bake_foot_ik()
    except RuntimeError as error:
        out["foot_ik_refusal"] = str(error).strip()
    rig.animation_data.nla_tracks.remove(solo)
    out["foot_ik_drawn"] = [displayed(c.kwargs[key], c.kwargs.get(ctxt), c.kwargs.get("translate"))
                            for c in draw_panel(bpy.types.OVERANIM_PT_foot_ik, bpy.context, region_width=300).calls
                            for key, ctxt in (("text", "text_ctxt"), ("heading", "heading_ctxt")) if c.kwargs.get(key)]
    view.use_translate_reports = False
    from overanim_addon.blender.i18n import tr
    from overanim_addon.core.messages import Message, plural

    out["reports_off"] = tr(Message("Checks: {errors}, {warnings}", errors=plural(0, "{n} error", "{n} errors"),
                                    warnings=plural(1, "{n} warning", "{n} warnings")))
except Exception:
    out["error"] = traceback.format_exc()
finally:
    overanim_addon.unregister()
print("RESULT " + json.dumps(out, ensure_ascii=True))
