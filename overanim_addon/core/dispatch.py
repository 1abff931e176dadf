"""Exhaustive dispatch on an enum: a member that no branch or row handles fails loudly, never falls
into another member's branch (a new Falloff Mode used to be painted as Power).

- An ``if``/``elif`` chain on a member ends in ``else: unhandled(member)``: mypy, having narrowed the
  member through the ``is`` tests, reports a member left out, and at run time a member that gets
  there anyway (one added without its branch) raises ``UnhandledMemberError``.
- A table keyed by members is built with ``every_member(Enum, {...})``: a member without its row fails
  when the module is imported, and the table is read-only, so no ``.get(member, default)`` is needed.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from types import MappingProxyType
from typing import Never, NoReturn, TypeVar

E = TypeVar("E", bound=enum.Enum)
V = TypeVar("V")


class UnhandledMemberError(TypeError):
    """A programming error, not a user's: a dispatch was not given a branch for this member."""


def unhandled(member: Never) -> NoReturn:
    """The ``else`` of an exhaustive dispatch: raise, naming the member and its enum."""
    kind = type(member).__name__
    raise UnhandledMemberError(f"{kind} member {member!r} is not handled here: give it its own branch")


def every_member(enum_type: type[E], table: Mapping[E, V]) -> Mapping[E, V]:
    """``table`` read-only, after checking it has a row for every member of ``enum_type`` and nothing
    else (raises ``UnhandledMemberError`` when the module holding it is imported)."""
    missing = [member.name for member in enum_type if member not in table]
    foreign = [repr(key) for key in table if not isinstance(key, enum_type)]
    if missing or foreign:
        raise UnhandledMemberError(f"the {enum_type.__name__} table lacks {missing} and holds {foreign}")
    return MappingProxyType({member: table[member] for member in enum_type})
