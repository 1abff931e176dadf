"""Live Preview: the Region masks follow the mask fields and the weight brush. ``changes`` finds
what an update changed, once for all the live armatures; ``lifecycle`` owns the switch, the
handlers and the repaints."""

from .changes import regions_a_stroke_changes
from .lifecycle import errors, live_armatures, poll, register, remove, set_live_preview, unregister

__all__ = ["errors", "live_armatures", "poll", "regions_a_stroke_changes", "register", "remove", "set_live_preview",
           "unregister"]
