"""How the add-on's texts meet Blender's translation: one translation context of our own, and
``tr`` for messages.

- The add-on's terms (panel titles, field and button labels: the Details UI names and the add-on's
  own names) use ``CONTEXT``. Blender's dictionary has no entries in it, so it cannot rename them
  ("Regions" would read "지역" in the default context); they read as the docs and the spec write them.
- Tooltips are looked up by Blender in its default context; ``translations/`` gives them.
- Messages (check findings, reports, status lines) go through ``tr``: the template is looked up in
  ``CONTEXT`` with Blender's "Reports" translation switch, then formatted with its fields (see
  ``core.messages``), so the artist's names are never translated. Why a button is greyed (poll
  messages, shown in its tooltip) goes through ``tip``, the same with the "Tooltips" switch.
- Names that are the artist's data (bones, collections, Regions, objects) are drawn with
  ``translate=False``.
"""

from __future__ import annotations

import bpy

from ..core.messages import Message

CONTEXT = "OverAnim"


def _lookup(template: str) -> str:
    if not template:  # gettext's "" is the catalogue header
        return template
    return bpy.app.translations.pgettext_rpt(template, CONTEXT) or template


def tr(text: str) -> str:
    """A message in the artist's language (Blender's "Reports" translation setting)."""
    if isinstance(text, Message):
        return text.translated(_lookup)
    return _lookup(text)


def _lookup_tip(template: str) -> str:
    if not template:
        return template
    return bpy.app.translations.pgettext_tip(template, CONTEXT) or template


def tip(text: str) -> str:
    """A message shown in a tooltip (a greyed button's reason) in the artist's language (Blender's
    "Tooltips" translation setting)."""
    if isinstance(text, Message):
        return text.translated(_lookup_tip)
    return _lookup_tip(text)
