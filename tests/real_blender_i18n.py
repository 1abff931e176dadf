"""Run inside a real Blender (run.sh) by tests/blender/test_translations.py: does a tooltip come
back in Korean with ko_KR and tooltip translation on, and in English otherwise?"""

import json
import os
import sys

import bpy

sys.path.insert(0, os.getcwd())
import overanim_addon

overanim_addon.register()
try:
    from overanim_addon.core.calibration import FIELDS_BY_NAME

    tip = FIELDS_BY_NAME["reference_character_height"].tooltip
    view = bpy.context.preferences.view
    out = {"locales": "ko_KR" in bpy.app.translations.locales}
    view.language, view.use_translate_tooltips = "ko_KR", True
    out["ko"] = bpy.app.translations.pgettext_tip(tip)
    view.use_translate_tooltips = False
    out["ko_tooltips_off"] = bpy.app.translations.pgettext_tip(tip)
    view.language, view.use_translate_tooltips = "en_US", True
    out["en"] = bpy.app.translations.pgettext_tip(tip)
    print("RESULT " + json.dumps(out, ensure_ascii=True))
finally:
    overanim_addon.unregister()
