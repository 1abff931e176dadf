"""Saving a .blend so that a kill at any moment leaves the target as it was or completely written.

Blender's own save renames the old file to ``.blend1`` and then its ``@`` temporary file over the
target: killed between the two, the target is gone. Here Blender writes a hidden temporary file
beside the target (``files.temp_path``); only when that save completed is it renamed over the target
(``os.replace``, atomic). No ``.blend1`` appears unless ``backup`` asks for one. Importing this
module does not import bpy (the demo and the batch worker call ``save_blend`` with bpy loaded)."""

from __future__ import annotations

import contextlib
import os
import shutil
import stat
from collections.abc import Callable
from pathlib import Path

from .files import Identity, identity, is_complete_blend, temp_path


class SaveError(Exception):
    """The save did not complete; the target is as it was."""


def _fsync(path: Path, directory: bool = False) -> None:
    """Best effort: some file systems cannot sync a folder; a kill needs no sync, a power cut does."""
    with contextlib.suppress(OSError):
        fd = os.open(path, os.O_RDONLY | (getattr(os, "O_DIRECTORY", 0) if directory else 0))
        try:
            os.fsync(fd)
        finally:
            os.close(fd)


def _remove(*paths: Path) -> None:
    for path in paths:
        with contextlib.suppress(OSError):
            path.unlink(missing_ok=True)


def _writable(path: Path) -> bool:
    """A file or folder writable for this user, and not marked read-only for everyone (root ignores
    the marks, so ``os.access`` alone would let a batch run as root replace a file its owner locked)."""
    mode = path.stat().st_mode
    return bool(mode & (stat.S_IWUSR | stat.S_IWGRP | stat.S_IWOTH)) and os.access(path, os.W_OK)


def _backup(target: Path) -> None:
    """``target.blend1`` = the current target, replaced in one rename (a hard link when possible)."""
    staging = temp_path(target.with_name(target.name + "1"))
    try:
        os.link(target, staging)
    except OSError:
        shutil.copy2(target, staging)
    os.replace(staging, target.with_name(target.name + "1"))


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

    if target.exists() and not _writable(target):
        raise SaveError(f"not saved: {target.name} is read-only")
    if target.parent.is_dir() and not _writable(target.parent):  # the rename replaces the folder's entry
        raise SaveError(f"not saved: the folder {target.parent} is read-only")
    temp = temp_path(target)
    blender_temp = temp.with_name(temp.name + "@")
    checkpoint("save-start")
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        # relative paths are remapped for the temporary file's folder, which is the target's
        bpy.ops.wm.save_as_mainfile(filepath=str(temp), copy=True, check_existing=False)
        if is_complete_blend(temp) is False:
            raise SaveError("Blender did not write the whole file")
        _fsync(temp)
        if target.exists():  # keep the file's permissions (the new file would get the umask's)
            os.chmod(temp, stat.S_IMODE(target.stat().st_mode))
    except (RuntimeError, OSError, SaveError) as error:
        _remove(temp, blender_temp)
        message = str(error).strip().removeprefix("Error: ").strip()
        raise SaveError(f"could not save {target.name}: {message or type(error).__name__}") from error
    checkpoint("temp-written")
    if identity(target) != unchanged_since:
        _remove(temp)
        raise SaveError(f"not saved: {target.name} changed while the batch worked on it (saved or deleted by "
                        "someone else meanwhile)")
    try:
        if backup and target.exists():
            _backup(target)
        os.replace(temp, target)
    except OSError as error:
        _remove(temp)
        raise SaveError(f"could not replace {target.name}: {error.strerror or error}") from error
    _fsync(target.parent, directory=True)
    checkpoint("replaced")
