"""The batch's result cache, for ``--incremental``: each file's key is the hash of its bytes, of the
add-on's and Blender's versions and of the settings that shape its result (steps, --all-armatures,
--settings); a run keeps each file's key in its report, and the next ``--incremental`` run takes a
file's entry from that report, instead of running it, when the key is the same. bpy-free.

A key is kept only for a result that the file's bytes alone decide: never for a file that changed
while it was hashed or worked on, one that links other .blend files (their changes would not show in
its key), or a result of a crash, a timeout or an interruption."""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Callable, Iterable, Mapping, MutableSequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Generic, Protocol, TypeVar

from . import report
from .files import Identity, identity

REUSABLE = (report.OK, report.FAILED, report.UNREADABLE)  # what the file's bytes decide
CHUNK = 1 << 20
HASH_THREADS = 4  # hashlib lets go of the GIL on large buffers: reading and hashing overlap


@dataclass(frozen=True)
class Hashed:
    """A file's content hash and its identity (inode, mtime, size) when hashed; ``sha256`` is None when
    it could not be read or changed while it was read."""

    identity: Identity | None
    sha256: str | None


def content_hash(path: Path) -> Hashed:
    before = identity(path)
    digest = hashlib.sha256()
    try:
        with open(path, "rb") as handle:
            while block := handle.read(CHUNK):
                digest.update(block)
    except OSError:
        return Hashed(before, None)
    after = identity(path)
    return Hashed(after, digest.hexdigest() if after == before and after is not None else None)


def hash_files(paths: Iterable[Path], threads: int = HASH_THREADS) -> list[Hashed]:
    """``content_hash`` of each path, in order; several at once (a network share answers slowly)."""
    with ThreadPoolExecutor(max_workers=threads) as pool:
        return list(pool.map(content_hash, paths))


def still(path: Path, hashed: Hashed | None) -> bool:
    """``path`` is as it was when hashed (same inode, modification time and size)."""
    return hashed is not None and hashed.sha256 is not None and identity(path) == hashed.identity


def changed_since(path: Path, hashed: Hashed | None) -> bool:
    """``path`` was hashed and is no longer as it was then."""
    return hashed is not None and hashed.sha256 is not None and identity(path) != hashed.identity


def run_key(versions: Mapping[str, Any], steps: Iterable[str], all_armatures: bool,
            settings: Mapping[str, Any] | None) -> str:
    """What, besides a file's bytes, decides its result: the workers' versions (Blender's, the add-on's
    and its source's digest, as a worker's ready message says them), the steps and the settings."""
    return json.dumps({"addon": versions.get("addon_version"), "addon_digest": versions.get("addon_digest"),
                       "blender": versions.get("blender_version"), "steps": list(steps),
                       "all_armatures": all_armatures, "settings": settings}, sort_keys=True)


def file_key(hashed: Hashed | None, run: str) -> str | None:
    if hashed is None or hashed.sha256 is None:
        return None
    return hashlib.sha256(f"{hashed.sha256}\n{run}".encode()).hexdigest()


class PreviousError(ValueError):
    """The previous report cannot be used: the run does every file."""


def load_previous(path: Path) -> dict[str, dict[str, Any]]:
    """The previous report's reusable entries by absolute path (its root joined with each path).
    Raises PreviousError saying why when there is none to use."""
    if not path.exists():
        raise PreviousError(f"no previous report at {path}")
    try:
        data = report.load(path)
    except report.ReportError as error:
        raise PreviousError(str(error)) from error
    # an interrupted run's finished files count as any run's: not_run and cut-short files have no key
    return {os.path.normpath(os.path.join(data["root"], entry["path"])): entry for entry in data["files"]
            if isinstance(entry.get("key"), str) and entry["status"] in REUSABLE}


def reused_entry(previous: Mapping[str, Any], rel: str) -> dict[str, Any]:
    """The previous run's entry for a file whose key did not change, under its path in this run."""
    return {**previous, "path": rel, "reused": True}


class Keyed(Protocol):
    """What the cache reads and sets of the orchestrator's Task."""

    index: int
    source: Path
    rel: str
    target: Path | None
    hashed: Hashed | None
    key: str | None


T = TypeVar("T", bound=Keyed)


class Settings(Protocol):
    steps: tuple[str, ...]
    all_armatures: bool
    settings: dict[str, Any] | None


class RunCache(Generic[T]):
    """One run's side of the cache: each file's key, and with --incremental (``previous``: the
    previous report's entries by absolute path) which files are taken from the previous report."""

    def __init__(self, root: Path, previous: Mapping[str, Mapping[str, Any]] | None, previous_path: Path | None):
        self.root, self.previous, self.previous_path = root, previous, previous_path
        self.run_key: str | None = None  # set when the first worker is ready
        self.reused: dict[int, tuple[T, dict[str, Any]]] = {}

    def key(self, tasks: Iterable[T], versions: Mapping[str, Any], options: Settings) -> None:
        """Every task's key, from the versions the first worker said."""
        self.run_key = run_key(versions, options.steps, options.all_armatures, options.settings)
        for task in tasks:
            task.key = file_key(task.hashed, self.run_key)

    def take(self, pending: Iterable[T], progress: Callable[[str], None]) -> list[T]:
        """The tasks still to run: with --incremental, those whose key is not the previous report's."""
        pending = list(pending)
        if self.previous is None:
            return pending
        for task in pending:
            before = self.previous.get(os.path.normpath(self.root / task.rel))
            if task.key is not None and before is not None and before["key"] == task.key:
                self.reused[task.index] = (task, reused_entry(before, task.rel))
        left = [task for task in pending if task.index not in self.reused]
        progress(f"{len(self.reused)} of {len(pending)} files as they were for {self.previous_path}: their results "
                 f"reused; {len(left)} to run")
        return left

    @staticmethod
    def kept_key(task: Keyed, entry: Mapping[str, Any]) -> str | None:
        """The key for a result a worker sent, or None when it must not be reused: a result the file's
        bytes do not decide alone, one that wrote files (--save, --output-dir), a file that changed
        while it was hashed or worked on."""
        if entry["status"] not in REUSABLE or entry.get("links_libraries") or task.target is not None:
            return None
        return task.key if still(task.source, task.hashed) else None

    def changed(self, pending: MutableSequence[T]) -> bool:
        """Files to be reused that changed on disk since they were hashed go back to ``pending``, hashed
        again, to run after all. Returns whether there were any."""
        moved = [task for task, _ in self.reused.values() if not still(task.source, task.hashed)]
        for task in moved:
            del self.reused[task.index]
            task.hashed = content_hash(task.source)
            task.key = file_key(task.hashed, self.run_key or "")
            pending.append(task)
        return bool(moved)

    def reused_entries(self, not_run: MutableSequence[T]) -> list[dict[str, Any]]:
        """The reused files' entries, checked once more: one that changed since (a run interrupted before
        it could run them) goes to ``not_run`` instead."""
        self.changed(not_run)
        return [entry for _, entry in self.reused.values()]
