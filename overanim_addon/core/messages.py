"""Messages written for the artist, in a form a translation can take.

A ``Message`` is a ``str`` (its English text), so it goes wherever a string goes: exceptions,
reports, JSON. It also keeps its template and fields. The Blender layer looks the template up in
the artist's language and formats the translated template with the same fields, so what the fields
hold (bone, Region and object names: the artist's data) is never translated. A field that is a
Message is translated the same way. A template with no translation reads as the English one, so a
new message is usable at once and joins a language by adding one entry to its table.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any


class Message(str):
    """``Message("Region '{region}' has no bones", region=name)``: str(self) is the English text."""

    template: str
    fields: dict[str, Any]

    def __new__(cls, template: str, /, **fields: Any) -> Message:
        self = super().__new__(cls, template.format(**fields))
        self.template = template
        self.fields = fields
        return self

    def translated(self, lookup: Callable[[str], str]) -> str:
        """The text with ``lookup`` (English template -> translated template) applied to this
        template and to every Message among the fields."""
        fields = {key: value.translated(lookup) if isinstance(value, Message) else value
                  for key, value in self.fields.items()}
        try:
            return lookup(self.template).format(**fields)
        except (KeyError, IndexError, ValueError):  # a broken translation must not hide the message
            return self.template.format(**fields)


def plural(count: int, singular: str, plural_: str, /, **fields: Any) -> Message:
    """``plural(n, "{n} mesh", "{n} meshes")``: English picks by count; each template is an entry
    of its own in a translation table (a language without plural forms gives both the same text)."""
    return Message(singular if count == 1 else plural_, n=count, **fields)


def joined(parts: Sequence[str], separator: str = "; ") -> Message:
    """Several messages as one, each part translated on its own."""
    template = separator.join(f"{{p{i}}}" for i in range(len(parts)))
    return Message(template, **{f"p{i}": part for i, part in enumerate(parts)})


def to_data(text: str) -> Any:
    """A JSON-able form that ``from_data`` turns back into the same Message (a plain str stays one)."""
    if isinstance(text, Message):
        return {"template": text.template,
                "fields": {key: to_data(value) if isinstance(value, str) else value
                           for key, value in text.fields.items()}}
    return text


def from_data(data: Any) -> str:
    if isinstance(data, dict):
        fields = {key: from_data(value) if isinstance(value, dict) else value
                  for key, value in data["fields"].items()}
        return Message(data["template"], **fields)
    return str(data)
