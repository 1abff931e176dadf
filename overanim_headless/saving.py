"""Saving a .blend so that a kill at any moment leaves the target as it was or completely written.

Blender's own save renames the old file to ``.blend1`` and then its ``@`` temporary file over the
target: killed between the two, the target is gone. Here Blender writes a hidden temporary file
beside the target (``files.temp_path``); only when that save completed is it renamed over the target
(``os.replace``, atomic). No ``.blend1`` appears unless ``backup`` asks for one. The checks of the
target, the rename and the words for a full disk are the add-on's own (``overanim_addon.safe_files``,
which its FBX export uses too). Importing this module does not import bpy (the demo and the batch
worker call ``save_blend`` with bpy loaded)."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

from overanim_addon.blender_errors import operator_failure
from overanim_addon.safe_files import WriteError, check_targets, full_disk_reason, link_or_copy, remove, replace_all

from .files import Identity, identity, is_complete_blend, temp_path


class SaveError(Exception):
    """The save did not complete; the target is as it was."""


def _backup(target: Path) -> None:
    """``target.blend1`` = the current target, replaced in one rename (a hard link when possible)."""
    staging = temp_path(target.with_name(target.name + "1"))
    link_or_copy(target, staging)
    os.replace(staging, target.with_name(target.name + "1"))


def _size(path: Path) -> int:
    try:
        return path.stat().st_size
    except OSError:
        return 0


def save_blend(target: Path, *, unchanged_since: Identity | None, backup: bool = False,
               checkpoint: Callable[[str], None] = lambda _: None) -> None:
    """Save the open file to ``target`` (absolute) without touching it until the save completed,
    and only if ``target`` is still as it was when the work began (``unchanged_since``, from
    ``files.identity``; None: it did not exist): a batch's save must not replace a file someone
    saved (or deleted) meanwhile. The open file keeps its own path (a copy is saved) and everything
    the file holds, its UI included when it was opened with ``load_ui=True``. ``checkpoint(phase)``
    is called at "save-start", "temp-written" and "replaced". Raises SaveError; the temporary file
    is then gone."""
    import bpy

    try:
        check_targets([target])
    except WriteError as error:
        raise SaveError(f"not saved: {error}") from None
    temp = temp_path(target)
    blender_temp = temp.with_name(temp.name + "@")
    # the new file is about as large as the one opened (or the one it replaces), or larger
    needed = max(_size(Path(bpy.data.filepath)) if bpy.data.filepath else 0, _size(target))
    checkpoint("save-start")
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        # relative paths are remapped for the temporary file's folder, which is the target's
        bpy.ops.wm.save_as_mainfile(filepath=str(temp), copy=True, check_existing=False)
        if is_complete_blend(temp) is False:
            raise SaveError("Blender did not write the whole file")
    except (RuntimeError, OSError, SaveError) as error:
        remove(temp, blender_temp)
        message = full_disk_reason(error, target.parent, needed) or operator_failure(error)
        raise SaveError(f"could not save {target.name}: {message or type(error).__name__}") from error
    checkpoint("temp-written")
    if identity(target) != unchanged_since:
        remove(temp)
        raise SaveError(f"not saved: {target.name} changed while the batch worked on it (saved or deleted by "
                        "someone else meanwhile)")
    try:
        if backup and target.exists():
            _backup(target)
        replace_all([(temp, target)])  # with the file's permissions (the new file would get the umask's)
    except (OSError, WriteError) as error:
        remove(temp)
        if isinstance(error, WriteError):
            raise SaveError(str(error)) from error
        raise SaveError(f"could not replace {target.name}: {error.strerror or error}") from error
    checkpoint("replaced")
