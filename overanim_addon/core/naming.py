"""The one rule for every name the add-on derives from a name the artist chose (a Region name):
colour attributes, vertex groups, shape keys and custom properties all use ``region_key``.

Blender holds at most 63 bytes of UTF-8 in an attribute, vertex-group, shape-key or ID-property
name. Past that it cuts vertex-group names (two long Regions land on one group), refuses
attributes (``None`` back) and custom properties (``KeyError``), so a long or non-ASCII Region name
used to break a write half-way. The key of a Region name:

- keeps letters and digits of any script (``str.isalnum``) and ``_``; every other character
  (spaces, punctuation, emoji, control characters) becomes ``_``;
- when that changed the name, or the name is longer than ``KEY_BYTES`` bytes, is cut at a UTF-8
  character boundary and ends in ``_`` plus ``HASH_DIGITS`` hex digits of a hash of the whole
  name, so "Left Arm" and "Left-Arm" stay apart;
- depends on the name alone (stable: adding or renaming another Region never renames it);
- is at most ``KEY_BYTES`` bytes, so every derived name fits ``MAX_NAME_BYTES`` (the longest,
  ``OverAnim_Region_<key>_AverageBoneLengthScale``, puts 39 bytes around the key).

``region_keys`` applies the rule to all of a rig's Regions and refuses, before anything is
written, an empty name, two Regions with one name, and two names with one key (a name typed like
another's key, or a hash collision), naming both Regions.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence

from .errors import InvalidInputError
from .messages import Message

MAX_NAME_BYTES = 63  # attribute, vertex-group, shape-key and ID-property names (64 with the NUL)
KEY_BYTES = 24
HASH_DIGITS = 6


def utf8_length(text: str) -> int:
    return len(text.encode("utf-8"))


def cut_utf8(text: str, max_bytes: int) -> str:
    """The longest start of ``text`` whose UTF-8 form has at most ``max_bytes`` bytes (never half a
    character)."""
    return text.encode("utf-8")[:max(max_bytes, 0)].decode("utf-8", errors="ignore")


def name_hash(name: str) -> str:
    """``HASH_DIGITS`` hex digits of BLAKE2b over the UTF-8 name: the same in every Python run and
    on every machine (``hash()`` is salted per process)."""
    return hashlib.blake2b(name.encode("utf-8"), digest_size=8).hexdigest()[:HASH_DIGITS]


def region_key(name: str) -> str:
    """The Region's name key (the rule is in the module docstring)."""
    clean = "".join(c if c.isalnum() or c == "_" else "_" for c in name)
    if clean == name and utf8_length(clean) <= KEY_BYTES:
        return clean
    return f"{cut_utf8(clean, KEY_BYTES - HASH_DIGITS - 1)}_{name_hash(name)}"


def derived_name(prefix: str, key: str, suffix: str = "") -> str:
    """``prefix + key + suffix``, checked against Blender's limit: a frame too long for a key is a
    bug of ours, caught here before anything is written."""
    name = f"{prefix}{key}{suffix}"
    if utf8_length(name) > MAX_NAME_BYTES:
        raise InvalidInputError(Message("'{name}' is longer than Blender's {limit}-byte name limit", name=name,
                                        limit=MAX_NAME_BYTES))
    return name


def region_keys(names: Sequence[str]) -> list[str]:
    """The keys of a rig's Region names, in order; ``InvalidInputError`` for an empty name, a name
    used twice, or two names that give one key."""
    keys: list[str] = []
    owner: dict[str, str] = {}
    seen: set[str] = set()
    for name in names:
        if not name.strip():
            raise InvalidInputError(Message("A Region has no name: name every Region"))
        if name in seen:
            raise InvalidInputError(Message("Two Regions are named '{name}': Region names must be unique", name=name))
        seen.add(name)
        key = region_key(name)
        if key in owner:
            raise InvalidInputError(Message("Regions '{first}' and '{second}' give the same name key '{key}': "
                                            "rename one", first=owner[key], second=name, key=key))
        owner[key] = name
        keys.append(key)
    return keys
