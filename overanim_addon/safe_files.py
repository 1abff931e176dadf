"""Replacing files so that a failure leaves the old ones: the FBX files of an export and the batch's
saves of a .blend. A target is checked before anything is written (a read-only file or folder is
refused, by root too, who could write over it); the new files are written by the caller under
hidden temporary names beside their targets and renamed over them only when all are complete, all
or none; a full disk is called so, whatever the writer said. bpy-free: the batch's orchestrator
imports what imports this."""

from __future__ import annotations

import contextlib
import errno
import os
import secrets
import shutil
import stat
from collections.abc import Sequence
from pathlib import Path

from .core.errors import OverAnimError
from .core.messages import Message

FULL = (errno.ENOSPC, getattr(errno, "EDQUOT", errno.ENOSPC))  # no space left, or none left to this user


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


def full_disk_reason(error: BaseException, folder: Path, needed: int = 0) -> Message | None:
    """The words "the disk is full" when ``error``, raised writing about ``needed`` bytes into
    ``folder``, came of a full disk, else None. Its errno says so, or its text does (the FBX exporter's
    traceback), or, as Blender's own save says it in words that vary ("No such file or directory"
    on 4.3, "Failed to write blendfile" on 5.3), less space is left there than ``needed``."""
    text = str(error)
    full = (isinstance(error, OSError) and error.errno in FULL) or \
        any(f"[Errno {number}]" in text or os.strerror(number) in text for number in FULL)
    if not full and needed > 0:
        with contextlib.suppress(OSError):
            full = shutil.disk_usage(folder).free < needed
    return Message("the disk is full ({folder})", folder=str(folder)) if full else None


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
                                     reason=full_disk_reason(error, target.parent) or _reason(error))) from error
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
