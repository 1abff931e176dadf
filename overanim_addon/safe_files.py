"""Replacing files so that a failure leaves the old ones: the FBX files of an export and the batch's
saves of a .blend. A target is checked before anything is written (a read-only file or folder is
refused, by root too, who could write over it); the new files are written by the caller under
hidden temporary names beside their targets and renamed over them only when all are complete, all
or none. bpy-free: the batch's orchestrator imports what imports this."""

from __future__ import annotations

import contextlib
import os
import secrets
import shutil
import stat
from collections.abc import Sequence
from pathlib import Path

from .core.errors import OverAnimError
from .core.messages import Message


class WriteError(OverAnimError):
    """Nothing was replaced: every target is as it was."""


def sibling(target: Path, suffix: str) -> Path:
    """A hidden name beside ``target`` that is this write's own (a random token): two writes of one
    file at once never share a temporary file."""
    return target.with_name(f".{target.name}.{secrets.token_hex(4)}{suffix}")


def writable(path: Path) -> bool:
    """A file or folder writable for this user, and not marked read-only for everyone (root ignores
    the marks, so ``os.access`` alone would let root replace a file its owner locked)."""
    mode = path.stat().st_mode
    return bool(mode & (stat.S_IWUSR | stat.S_IWGRP | stat.S_IWOTH)) and os.access(path, os.W_OK)


def check_targets(targets: Sequence[Path]) -> None:
    """Raise WriteError naming the first target that must not be replaced: a read-only file, or a
    file in a read-only folder (the rename replaces the folder's entry)."""
    for target in targets:
        if target.exists() and not writable(target):
            raise WriteError(Message("{file} is read-only", file=target.name))
    for folder in dict.fromkeys(target.parent for target in targets):
        if folder.is_dir() and not writable(folder):
            raise WriteError(Message("the folder {folder} is read-only", folder=str(folder)))


def fsync(path: Path, directory: bool = False) -> None:
    """Best effort: some file systems cannot sync a folder; a kill needs no sync, a power cut does."""
    with contextlib.suppress(OSError):
        fd = os.open(path, os.O_RDONLY | (getattr(os, "O_DIRECTORY", 0) if directory else 0))
        try:
            os.fsync(fd)
        finally:
            os.close(fd)


def remove(*paths: Path) -> None:
    for path in paths:
        with contextlib.suppress(OSError):
            path.unlink(missing_ok=True)


def link_or_copy(source: Path, target: Path) -> None:
    """``target`` = ``source``'s bytes: a hard link where possible (no space needed), else a copy."""
    try:
        os.link(source, target)
    except OSError:
        shutil.copy2(source, target)


def _reason(error: OSError) -> str:
    return error.strerror or str(error)


def replace_all(pairs: Sequence[tuple[Path, Path]]) -> None:
    """Rename each complete temporary file (first) over its target (second), all or none. One rename
    is atomic; for several, the files at the targets are kept under hidden names (hard links) until
    every rename succeeded, and put back when one fails. A new file gets the permissions of the one
    it replaces. Raises WriteError naming the target that could not be replaced; the temporary files
    are the caller's to remove."""
    kept: dict[Path, Path] = {}  # target -> the file that was there
    for temp, target in pairs:
        try:
            fsync(temp)
            if target.exists():
                os.chmod(temp, stat.S_IMODE(target.stat().st_mode))
                if len(pairs) > 1:
                    kept[target] = sibling(target, ".kept")
                    link_or_copy(target, kept[target])
        except OSError as error:
            remove(*kept.values())
            raise WriteError(Message("could not replace {file}: {reason}", file=target.name,
                                     reason=_reason(error))) from error
    replaced: list[Path] = []
    for temp, target in pairs:
        try:
            os.replace(temp, target)
        except OSError as error:
            for done in reversed(replaced):  # put back what was there, or take away what was not
                with contextlib.suppress(OSError):
                    if done in kept:
                        os.replace(kept.pop(done), done)
                    else:
                        done.unlink()
            remove(*kept.values())
            raise WriteError(Message("could not replace {file}: {reason}", file=target.name,
                                     reason=_reason(error))) from error
        replaced.append(target)
    remove(*kept.values())
    for folder in dict.fromkeys(target.parent for _temp, target in pairs):
        fsync(folder, directory=True)
