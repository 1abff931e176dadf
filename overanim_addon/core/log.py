"""The one shape of what an engine says: every engine is ``engine(context, armature, options) ->
Result``, a frozen result whose ``log`` holds ``(Level, Message)`` lines, the summary among them.
Operators, the pipeline and the batch replay the same log (as reports, JSON or printed lines); an
ERROR in it means the work was refused or failed, and the operator boundary then cancels."""

from __future__ import annotations

from collections.abc import Iterable
from enum import StrEnum
from typing import Protocol

from .messages import Message


class Level(StrEnum):
    """A log line's weight; the values are Blender's report types, so a level is a report type."""

    INFO = "INFO"
    WARNING = "WARNING"
    ERROR = "ERROR"


LogLine = tuple[Level, Message]
Log = tuple[LogLine, ...]


class Result(Protocol):
    """What every engine returns: a frozen dataclass with at least its log."""

    @property
    def log(self) -> Log: ...


def has_error(log: Iterable[tuple[str, str]]) -> bool:
    """True when a line of ``log`` is an ERROR: the work did not happen as asked."""
    return any(level == Level.ERROR for level, _ in log)
