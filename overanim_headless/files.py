"""Which files a batch handles, where their results go, and what an interrupted save left behind.
bpy-free. Every path is made absolute here, once, against the real working directory (never $PWD,
which Blender would use): nothing relative ever reaches bpy."""

from __future__ import annotations

import os
import re
import stat
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

from overanim_addon.safe_files import sibling

TEMP_SUFFIX = ".overanim-save"  # ".hero.blend.1f2e3d4c.overanim-save": a save in progress (see saving.py)
BLENDER_TEMP = "@"  # Blender writes "<file>@" and renames it when its own write completed


def absolute(path: str | os.PathLike[str], cwd: Path | None = None) -> Path:
    """Absolute and normalised against the process's real working directory; symlinks are kept
    (a library may link files in; a worker opens the file behind them, see ``real_file``)."""
    return Path(os.path.normpath(os.path.join(cwd or os.getcwd(), os.fspath(path))))


def is_hidden(name: str) -> bool:
    return name.startswith(".")


def temp_path(target: Path) -> Path:
    """The temporary file a save writes before it replaces ``target``: hidden, not a *.blend, and
    this save's own (a random token), so two saves of one file at once (two runs, a farm task run
    again while its first copy still works) never write into one file."""
    return sibling(target, TEMP_SUFFIX)


OURS = re.compile(rf"\.(?P<file>.+?)(\.[0-9a-f]{{8}})?{re.escape(TEMP_SUFFIX)}@?")


def leftover_owner(name: str) -> str | None:
    """The name of the file an interrupted save left ``name`` for (Blender's ``x.blend@``, or ours,
    also as named before saves had a token), or None when ``name`` is no leftover."""
    if name.lower().endswith(".blend" + BLENDER_TEMP):
        return name.removesuffix(BLENDER_TEMP)
    ours = OURS.fullmatch(name)
    return ours["file"] if ours else None


def is_leftover_name(name: str) -> bool:
    return leftover_owner(name) is not None


def leftovers_in(folder: Path) -> list[Path]:
    """What interrupted saves left in ``folder``, sorted."""
    try:
        names = os.listdir(folder)
    except OSError:
        return []
    return sorted(folder / name for name in names if is_leftover_name(name))


def leftovers_of(targets: Iterable[Path]) -> list[Path]:
    """What interrupted saves of ``targets`` may have left beside them; each folder is read once."""
    wanted = set(targets)
    return [path for folder in sorted({target.parent for target in wanted}) for path in leftovers_in(folder)
            if folder / (leftover_owner(path.name) or "") in wanted]


Identity = tuple[int, int, int]  # a file's inode, modification time (ns) and size


def identity(path: Path | None) -> Identity | None:
    """What tells whether ``path`` was replaced or changed since it was last looked at (None: no file)."""
    try:
        st = os.stat(path) if path is not None else None
    except OSError:
        return None
    return None if st is None else (st.st_ino, st.st_mtime_ns, st.st_size)


def real_file(path: Path) -> Path:
    """The file behind a symlink: the one a worker opens and --save rewrites. Opened where it lives,
    its relative paths (textures, libraries) resolve from its own folder and a save writes them back
    as they were (opened through the link, Blender would rebase them from the link's folder onto the
    real one); and the link stays a link."""
    return Path(os.path.realpath(path))


NOT_THERE = "no such file or folder"
KINDS = ((stat.S_ISFIFO, "a named pipe (FIFO)"), (stat.S_ISSOCK, "a socket"), (stat.S_ISCHR, "a character device"),
         (stat.S_ISBLK, "a block device"), (stat.S_ISDIR, "a folder"))


def not_regular(path: Path) -> str | None:
    """Why ``path`` (behind its links) is no file to open, or None for a regular file and for one
    that is not there (a broken link: opening it says so). Opening a FIFO waits for a writer: it
    blocked a worker until the timeout."""
    try:
        mode = os.stat(path).st_mode
    except OSError:
        return None
    if stat.S_ISREG(mode):
        return None
    kind = next((name for test, name in KINDS if test(mode)), "a special file")
    return f"not a regular file: {kind}"


@dataclass
class Selection:
    root: Path
    files: list[Path] = field(default_factory=list)  # absolute, sorted by their path under root
    missing: dict[Path, str] = field(default_factory=dict)  # named but no file to open -> why
    skipped: dict[Path, str] = field(default_factory=dict)  # found by a search, no file to open -> why
    leftovers: list[Path] = field(default_factory=list)  # found in the searched folders

    def relative(self, path: Path) -> str:
        return Path(os.path.relpath(path, self.root)).as_posix()


def common_root(paths: list[Path]) -> Path:
    """The common folder of PATHS: a folder counts as itself, a file as its folder."""
    folders = [p if p.is_dir() else p.parent for p in paths]
    return Path(os.path.commonpath(folders)) if folders else Path(os.getcwd())


def _walk(folder: Path, skip: set[Path], selection: Selection) -> list[Path]:
    found = []
    for current, dirs, names in os.walk(folder):
        here = Path(current)
        dirs[:] = sorted(d for d in dirs if not is_hidden(d) and here / d not in skip)
        for name in sorted(names):
            if is_leftover_name(name):
                selection.leftovers.append(here / name)
            elif name.lower().endswith(".blend") and not is_hidden(name):
                why = not_regular(here / name)
                if why is None:
                    found.append(here / name)
                else:
                    selection.skipped[here / name] = why
    return found


def select(paths: list[Path], root: Path | None = None, skip: Iterable[Path] = ()) -> Selection:
    """The .blend files of PATHS (absolute): files as given, folders searched recursively for
    ``*.blend`` (never ``*.blend1``, ``*.blend@``, hidden files or hidden folders, nor the folders in
    ``skip``: an output folder inside the library; links to folders are not followed, so a link loop
    cannot trap the search), sorted by path under root. A file found through several paths (links)
    is taken once, by the first of them in that order (the Flamenco job type's listing does the same).
    What is not a regular file (a FIFO, a device) is never opened: ``skipped`` when a search found
    it, ``missing`` with why when it was named."""
    selection = Selection(root or common_root([p for p in paths if p.exists()] or paths))
    skipped = set(skip)
    found = []
    for path in paths:
        if path.is_dir():
            found += _walk(path, skipped, selection)
        elif path.is_file():
            found.append(path)
            selection.leftovers += leftovers_of([path])
        else:
            selection.missing.setdefault(path, not_regular(path) or NOT_THERE)
    seen: set[Path] = set()
    for candidate in sorted(found, key=lambda p: Path(selection.relative(p)).parts):
        real = Path(os.path.realpath(candidate))
        if real not in seen:
            seen.add(real)
            selection.files.append(candidate)
    selection.leftovers = sorted(set(selection.leftovers))
    return selection


def output_path(source: Path, selection: Selection, output_dir: Path) -> Path:
    """--output-dir mirrors each file's path under the root."""
    return output_dir / selection.relative(source)


ZSTD_MAGIC = b"\x28\xb5\x2f\xfd"
ZSTD_SEEKABLE_END = b"\xb1\xea\x92\x8f"  # Blender's zstd files end with a seek table, and it with this
GZIP_MAGIC = b"\x1f\x8b"


def is_complete_blend(path: Path) -> bool | None:
    """True for a .blend that was written to the end, False for one that was not, None when it
    cannot be told without decompressing it (gzip, from before Blender 3.0). Uncompressed, the last
    block is ENDB; zstd-compressed (Blender 3.0 and later), the file ends with its seek table."""
    try:
        with path.open("rb") as handle:
            head = handle.read(7)
            size = handle.seek(0, os.SEEK_END)
            handle.seek(max(0, size - 40))
            tail = handle.read()
    except OSError:
        return False
    if head.startswith(GZIP_MAGIC):
        return None
    if head.startswith(ZSTD_MAGIC):
        return tail.endswith(ZSTD_SEEKABLE_END)
    return head == b"BLENDER" and b"ENDB" in tail


@dataclass(frozen=True)
class Leftover:
    path: Path
    bytes: int
    removed: bool
    why: str


def clean_leftover(path: Path) -> Leftover:
    """Remove what an interrupted save left, unless it may be someone's only copy: our own temporary
    files always go (the source is intact beside them); Blender's ``x.blend@`` goes only when it is
    incomplete. A complete one may hold a save whose final rename never happened: kept, reported."""
    try:
        size = path.stat().st_size
    except OSError:
        return Leftover(path, 0, False, "vanished")
    odd = not_regular(path)
    if odd is not None:  # no save leaves one: not ours to remove, and reading it could wait forever
        return Leftover(path, 0, False, f"{odd}: left as it is")
    ours = is_hidden(path.name) and TEMP_SUFFIX in path.name
    complete = None if ours else is_complete_blend(path)
    if ours or complete is False:
        try:
            path.unlink()
        except OSError as error:
            return Leftover(path, size, False, f"could not remove it: {error.strerror}")
        why = "temporary file of an interrupted batch save" if ours else "incomplete file of an interrupted save"
        return Leftover(path, size, True, why)
    why = "complete file: may hold a save that was never renamed; check it, then rename or delete it" \
        if complete else "gzip-compressed: could not tell whether it is complete; check it, then delete it"
    return Leftover(path, size, False, why)

