"""Live Preview: the Region masks follow the mask fields and the weight brush (``lifecycle``)."""

from .lifecycle import errors, live_armatures, poll, register, remove, set_live_preview, unregister

__all__ = ["errors", "live_armatures", "poll", "register", "remove", "set_live_preview", "unregister"]
