"""Replacing files so that a failure leaves the old ones: the FBX files of an export and the batch's
saves of a .blend. A target is checked before anything is written (a read-only file or folder is
refused, by root too, who could write over it); the new files are written by the caller under
hidden temporary names beside their targets and renamed over them only when all are complete, all
or none; a full disk is called so, whatever the writer said. bpy-free: the batch's orchestrator
imports what imports this.

A temporary file's name says whose it is (``owned_sibling``: our prefix, pid and host), as a journal's
content does: a write checking a folder removes what a killed write left there, never what another
live process is still writing, nor any file another program named."""

from __future__ import annotations

import contextlib
import errno
import hashlib
import json
import os
import re
import secrets
import shutil
import socket
import stat
import time
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


TEMP_PREFIX = ".overanim."  # hidden, and ours: ".overanim.hero.fbx.1f2e3d4c.4242-9a8b7c6d.tmp.fbx"
TEMP_MARK = ".tmp"  # before the target's own suffix
WRITTEN_KINDS = (".fbx", ".blend", ".json")  # the only files the add-on writes through owned_sibling
# an owned temporary name: our prefix, its target's name, token, pid and host, a kind we write. Nothing
# else is removed as ours, however old: another program may name its own files ".x.txt.<hex>.tmp.txt".
TEMPORARY = re.compile(re.escape(TEMP_PREFIX) + r"(?P<file>.+)\.[0-9a-f]{8}\.(?P<pid>[0-9]+)-(?P<host>[0-9a-f]{8})"
                       + re.escape(TEMP_MARK) + r"(?P<suffix>\.[^.]+)")


def _host_tag(host: str | None = None) -> str:
    """A short, file-name-safe stand-in for a host name."""
    return hashlib.sha256((host or socket.gethostname()).encode()).hexdigest()[:8]


def owned_sibling(target: Path) -> Path:
    """A hidden temporary name beside ``target``, this write's own (a random token) and saying which
    process writes it (its pid and host), so that a later write can tell a killed one's leftovers
    (``remove_stale_temporaries``) from a live one's. Only for the kinds of file the add-on writes
    (``WRITTEN_KINDS``): the clean-up removes no other kind."""
    if target.suffix.lower() not in WRITTEN_KINDS:
        raise ValueError(f"no temporary file of ours is a {target.suffix or 'file without a suffix'}")
    return target.with_name(f"{TEMP_PREFIX}{target.name}.{secrets.token_hex(4)}.{os.getpid()}-{_host_tag()}"
                            f"{TEMP_MARK}{target.suffix}")


def writable(path: Path) -> bool:
    """A file or folder writable for this user, and not marked read-only for everyone (root ignores
    the marks, so ``os.access`` alone would let root replace a file its owner locked)."""
    mode = path.stat().st_mode
    return bool(mode & (stat.S_IWUSR | stat.S_IWGRP | stat.S_IWOTH)) and os.access(path, os.W_OK)


def check_targets(targets: Sequence[Path]) -> list[Path]:
    """Raise WriteError naming the first target that must not be replaced: a read-only file, or a
    file in a read-only folder (the rename replaces the folder's entry). First, a replacement that
    was killed half-way in one of their folders is rolled back (``recover``) and the temporary files
    killed writes left there go (``remove_stale_temporaries``): returns those removed."""
    removed = []
    for folder in dict.fromkeys(target.parent for target in targets):
        if folder.is_dir():
            recover(folder)
            removed += remove_stale_temporaries(folder)
    for target in targets:
        if target.exists() and not writable(target):
            raise WriteError(Message("{file} is read-only", file=target.name))
    for folder in dict.fromkeys(target.parent for target in targets):
        if folder.is_dir() and not writable(folder):
            raise WriteError(Message("the folder {folder} is read-only", folder=str(folder)))
    return removed


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
                    kept[target] = owned_record(target, KEPT)
                    link_or_copy(target, kept[target])
        except OSError as error:
            remove(*kept.values())
            raise WriteError(Message("could not replace {file}: {reason}", file=target.name,
                                     reason=full_disk_reason(error, target.parent) or _reason(error))) from error
    journal = _write_journal(pairs, kept) if len(pairs) > 1 else None
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
            remove(*([journal] if journal else []))
            raise WriteError(Message("could not replace {file}: {reason}", file=target.name,
                                     reason=_reason(error))) from error
        replaced.append(target)
    remove(*kept.values())
    remove(*([journal] if journal else []))
    for folder in dict.fromkeys(target.parent for _temp, target in pairs):
        fsync(folder, directory=True)


JOURNAL, KEPT = ".journal", ".kept"
# a journal or kept copy of ours: our prefix, its target's name, a token (nothing else is read as ours)
OWNED_RECORD = re.compile(re.escape(TEMP_PREFIX) + r"(?P<file>.+)\.[0-9a-f]{8}(?P<suffix>\.journal|\.kept)")


def owned_record(target: Path, suffix: str) -> Path:
    """``sibling`` with our prefix: a replacement's journal or kept copy, which ``recover`` knows as ours."""
    return target.with_name(f"{TEMP_PREFIX}{target.name}.{secrets.token_hex(4)}{suffix}")


def _ours_to_recover(folder: Path, pairs: Sequence[tuple[Path, Path, Path | None]]) -> bool:
    """Whether every file a journal names is one of ours in ``folder``: a temporary (``TEMPORARY``) or
    kept copy (``OWNED_RECORD``) of its target there. A journal naming anything else is not acted on:
    another program's file is never renamed or removed (issue 31)."""
    for temp, target, kept in pairs:
        named = TEMPORARY.fullmatch(temp.name)
        copy = OWNED_RECORD.fullmatch(kept.name) if kept is not None else None
        if any(path.parent != folder for path in (temp, target, *([kept] if kept else []))) or named is None \
                or named["file"] != target.name or (kept is not None and (copy is None or copy["file"] != target.name)):
            return False
    return True
FOREIGN_JOURNAL_SECONDS = 600  # another machine's replacement (or temporary file) is taken as killed after this long


def _still_running(data: dict, journal: Path) -> bool:
    """The replacement that wrote ``data`` may still be renaming (``_may_still_run``)."""
    return _may_still_run(int(data.get("pid", 0)), data.get("host") == socket.gethostname(), journal)


def _may_still_run(pid: int | None, this_host: bool, path: Path) -> bool:
    """The process that left ``path`` may still be working on it: another live process of this
    machine, or, for another machine's file on a shared folder or one that does not say whose it is
    (pid None), one changed in the last ``FOREIGN_JOURNAL_SECONDS``. Raises OSError when ``path``
    is gone."""
    if pid is None or not this_host:
        return time.time() - path.stat().st_mtime < FOREIGN_JOURNAL_SECONDS
    if pid in (0, os.getpid()):  # this process is not writing it now: it checks before it writes
        return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:  # alive, another user's
        return True
    return True


def _write_journal(pairs: Sequence[tuple[Path, Path]], kept: dict[Path, Path]) -> Path:
    """What a replacement of several files is about to rename, beside the first target, synced
    before the first rename: a process killed between two renames leaves it for ``recover``."""
    journal = owned_record(pairs[0][1], JOURNAL)
    entries = [{"temp": str(temp), "target": str(target), "kept": str(kept[target]) if target in kept else None}
               for temp, target in pairs]
    temp = journal.with_name(journal.name + ".tmp")
    try:
        temp.write_text(json.dumps({"pid": os.getpid(), "host": socket.gethostname(), "files": entries}))
        fsync(temp)
        os.replace(temp, journal)
        fsync(journal.parent, directory=True)
    except OSError as error:
        remove(temp, *kept.values())
        raise WriteError(Message("could not replace {file}: {reason}", file=pairs[0][1].name,
                                 reason=full_disk_reason(error, journal.parent) or _reason(error))) from error
    return journal


def recover(folder: Path) -> list[Path]:
    """Roll back every replacement in ``folder`` that was killed between its renames: each target
    gets the file it had before (a target that did not exist goes again), the temporary files and
    the kept copies go. Returns the targets put back. A journal that cannot be read is left alone."""
    restored: list[Path] = []
    for journal in sorted(folder.glob(f"{TEMP_PREFIX}*{JOURNAL}")):
        try:
            data = json.loads(journal.read_text())
            pairs = [(Path(e["temp"]), Path(e["target"]), Path(e["kept"]) if e["kept"] else None)
                     for e in data["files"]]
            if OWNED_RECORD.fullmatch(journal.name) is None or not _ours_to_recover(folder, pairs) \
                    or _still_running(data, journal):
                continue
        except (OSError, ValueError, KeyError, TypeError):
            continue
        for temp, target, kept in pairs:
            with contextlib.suppress(OSError):
                if kept is not None and kept.exists():
                    os.replace(kept, target)  # the old file back
                    remove(kept)  # a rename onto another link of the same file leaves both (never replaced)
                    restored.append(target)
                elif kept is None and not temp.exists():
                    target.unlink(missing_ok=True)  # renamed into a place that was empty before
                    restored.append(target)
            remove(temp)
        remove(journal)
        fsync(folder, directory=True)
    return restored


def remove_stale_temporaries(folder: Path) -> list[Path]:
    """Remove the temporary files (``owned_sibling``) that writes killed before their rename left in
    ``folder``, each as large as the file it was for; a live process's stay (``_may_still_run``), and
    so does every file not named by ``owned_sibling`` (issue 31: another program's were deleted).
    Returns those removed."""
    removed = []
    with contextlib.suppress(OSError):
        for path in sorted(folder.iterdir()):
            found = TEMPORARY.fullmatch(path.name)
            suffix = found["suffix"].lower() if found else ""
            if found is None or suffix not in WRITTEN_KINDS or not found["file"].lower().endswith(suffix):
                continue
            try:
                if not path.is_file() or _may_still_run(int(found["pid"]), found["host"] == _host_tag(), path):
                    continue
                path.unlink()
            except OSError:
                continue
            removed.append(path)
    return removed
