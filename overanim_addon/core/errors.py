"""Domain errors. The core raises them; the Blender layer turns them into reports at the operator
boundary, so a user's mistake never shows as a traceback."""


class OverAnimError(Exception):
    """Base of every error the add-on raises on purpose; its message is written for the artist."""


class InvalidInputError(OverAnimError, ValueError):
    """An input the contract cannot work with (wrong shape, negative limit, unknown name...)."""
