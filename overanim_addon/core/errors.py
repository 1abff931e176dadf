"""Domain errors. The core raises them; the Blender layer turns them into reports at the operator
boundary, so a user's mistake never shows as a traceback."""

from __future__ import annotations

from .messages import Message


class OverAnimError(Exception):
    """Base of every error the add-on raises on purpose; its message is written for the artist."""

    @property
    def message(self) -> Message:
        """What the artist reads: the ``Message`` it was raised with (a plain str, which the add-on
        never raises, is read as a Message of its own text), never the exception's repr."""
        if self.args and isinstance(self.args[0], Message):
            return self.args[0]
        if self.args and isinstance(self.args[0], str):
            return Message(self.args[0].replace("{", "{{").replace("}", "}}"))
        return Message("Unexpected error: {error}", error=str(self))


class InvalidInputError(OverAnimError, ValueError):
    """An input the contract cannot work with (wrong shape, negative limit, unknown name...)."""
