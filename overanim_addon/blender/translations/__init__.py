"""The add-on's translation table, built from the language data beside it (``ko_KR.py``) and
registered with Blender: the tooltips the Korean "Region · Calibration Types" page covers, and the
add-on's messages (check findings, reports, status lines). Labels stay as they are (see i18n.py).

Tooltip keys are the English tooltips exactly as registered: the calibration fields' and the enum
items' are built here from the same tables the properties are built from; the Region fields' are
written out in the data as the catalogue writes messages, and the tests compare them with the
registered RNA (``bl_rna.properties[name].description``), so a changed tooltip fails the tests.

Messages are keyed by their English template (``core.messages``) in the add-on's own context. A new
message joins Korean by adding one entry to ``ko_KR.KO_MESSAGES``; until then it reads in English.
"""

from __future__ import annotations

import bpy

from ...core.calibration import FIELDS_BY_NAME
from ..calibration.properties import description
from ..i18n import CONTEXT
from ..regions.region import (
    BASIS_SPECS,
    COMPOSITION_SPECS,
    FALLOFF_SPECS,
    LOD_SPECS,
    SPATIAL_SPECS,
    item_description,
)
from . import ko_KR

# each enum's item specs with the Korean sentences of its items (by identifier)
ITEM_TABLES = ((FALLOFF_SPECS, ko_KR.KO_FALLOFF), (LOD_SPECS, ko_KR.KO_LOD), (COMPOSITION_SPECS, ko_KR.KO_COMPOSITION),
               (SPATIAL_SPECS, ko_KR.KO_SPATIAL), (BASIS_SPECS, ko_KR.KO_BASIS))


def build() -> dict[str, dict[tuple[str, str], str]]:
    tooltips: dict[str, str] = {}
    for name, korean in ko_KR.KO_CALIBRATION.items():
        spec = FIELDS_BY_NAME[name]
        tooltips[description(spec)] = description(spec, korean)
    tooltips.update(ko_KR.KO_REGION)
    tooltips.update(ko_KR.KO_FIELDS)
    tooltips.update(ko_KR.KO_OPERATORS)  # looked up in the operators' context (ours): both get them below
    for specs, korean_by_id in ITEM_TABLES:
        for identifier, label, spec_name, sentence in specs:
            tooltips[item_description(label, spec_name, sentence)] = item_description(label, spec_name,
                                                                                      korean_by_id[identifier])
    entries: dict[tuple[str, str], str] = {}
    for english, korean in tooltips.items():
        # Blender looks tooltips up in its default context; ours too, in case a build looks a property's
        # tooltip up in the property's own context
        entries[("*", english)] = entries[(CONTEXT, english)] = korean
    for english, korean in ko_KR.KO_MESSAGES.items():
        entries[(CONTEXT, english)] = korean
    return {"ko_KR": entries}


TRANSLATIONS = build()
_KEY = __package__ or "overanim_addon.blender.translations"


def register() -> None:
    bpy.app.translations.register(_KEY, TRANSLATIONS)


def unregister() -> None:
    bpy.app.translations.unregister(_KEY)
