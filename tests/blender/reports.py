"""What the operators report, recorded where every report passes (the operator boundary's
``report``), and whether it reads in Korean: a Message whose templates, its fields' included, each
have a ko_KR entry. conftest.py records every test's reports this way; test_translations.py asks it
about Foot IK's and proves it catches a report made outside the catalogue."""

from __future__ import annotations

import re
import string

from overanim_addon.blender.i18n import CONTEXT
from overanim_addon.blender.shared import operators
from overanim_addon.blender.translations import TRANSLATIONS
from overanim_addon.core.messages import Message

KO = TRANSLATIONS["ko_KR"]
HANGUL = re.compile("[\uac00-\ud7a3]")
LETTER = re.compile(r"[^\W\d_]")


def _has_words(template: str) -> bool:
    """Whether a template says anything to translate outside its fields ("{p0}; {p1}" of
    ``joined`` says nothing)."""
    return any(LETTER.search(literal) for literal, *_ in string.Formatter().parse(template))


def untranslated(text: str) -> list[str]:
    """What of a report has no Korean: the text itself when it is no Message, else every template
    (its own, its Message fields') without a ko_KR entry. Empty: it reads in Korean."""
    if not isinstance(text, Message):
        return [str(text)]
    missing = [text.template] if _has_words(text.template) and (CONTEXT, text.template) not in KO else []
    for value in text.fields.values():
        if isinstance(value, Message):
            missing += untranslated(value)
    return missing


def korean(text: Message) -> str:
    """The text as a Korean artist reads it (the table Blender is given, looked up as i18n.tr does)."""
    return text.translated(lambda template: KO.get((CONTEXT, template), template))


def record(monkeypatch) -> list[tuple[str, str]]:
    """Every (level, message) an operator reports from now on, in order; the reports still go to
    Blender as before."""
    reports: list[tuple[str, str]] = []
    original = operators.report

    def recording(operator, level, message):
        reports.append((level, message))
        original(operator, level, message)

    monkeypatch.setattr(operators, "report", recording)
    return reports
