"""What one of Blender's own operators said when it failed (opening or saving a .blend, the FBX
exporter). bpy-free: the batch's worker and save read it as the FBX export does."""

from __future__ import annotations

ERROR_PREFIX = "Error: "  # how bpy.ops writes an ERROR report into the RuntimeError it raises


def operator_failure(error: BaseException) -> str:
    """The reason in ``error``, raised by ``bpy.ops.wm.open_mainfile``, ``save_as_mainfile`` or
    ``export_scene.fbx`` (any exception works: an OSError's text is its own). Why a function: a
    Blender operator gives its ERROR reports only as the RuntimeError's text, each line
    "Error: <report>", and a Python operator that raised (the FBX exporter) reports its whole
    traceback and a "Location:" line; the last report line says why (the console has the rest).
    OverAnim's own features never need this: their engines raise OverAnimError with its Message."""
    lines = [line.strip() for line in str(error).splitlines()]
    lines = [line for line in lines if line and not line.startswith("Location:")]
    if not lines:
        return ""
    last = lines[-1]
    return last[len(ERROR_PREFIX):].strip() if last.startswith(ERROR_PREFIX) else last
