"""The batch report, schema ``overanim-batch/3``: schemas/overanim-batch-3.schema.json, described in
docs/batch-report.md. Building, rounding, writing, merging, the summary line and the exit code.
bpy-free; the demo's report.json is built here too."""

from __future__ import annotations

import json
import math
import os
import stat
import tempfile
from collections.abc import Iterable, Mapping
from datetime import UTC, datetime
from pathlib import Path, PurePath
from typing import Any

from overanim_addon.steps import STEP_NAMES

SCHEMA = "overanim-batch/3"
SCHEMA_FILE = "schemas/" + SCHEMA.replace("/", "-") + ".schema.json"  # its JSON Schema, from the checkout
UNITS = "cm"
SPACES = ("CS = component space: the rig's own lengths, in the armature object's space without its "
          "transform; WS = world space: the same lengths after the object's rotation and scale")
DECIMALS = 3  # every number: 0.001 cm, 0.001 for a ratio, 1 ms

# what happened to a file; "unreadable" makes the exit code 2, anything else but "ok" makes it 1
OK, FAILED, UNREADABLE, CRASHED, TIMEOUT = "ok", "failed", "unreadable", "crashed", "timeout"
INTERRUPTED = "interrupted"
STATUSES = (OK, FAILED, UNREADABLE, CRASHED, TIMEOUT, INTERRUPTED)
EXIT_OK, EXIT_FAILED, EXIT_UNREADABLE, EXIT_INTERRUPTED = 0, 1, 2, 130
TIMING_KEYS = ("started", "duration_s")  # what differs between two runs of the same files


def rounded(value: Any) -> Any:
    """``value`` with every float rounded to DECIMALS (-0.0 becomes 0.0, NaN and infinities
    become None: JSON has no such numbers)."""
    if isinstance(value, bool) or value is None or isinstance(value, int | str):
        return value
    if isinstance(value, float):
        return round(value, DECIMALS) + 0.0 if math.isfinite(value) else None
    if isinstance(value, Mapping):
        return {str(k): rounded(v) for k, v in value.items()}
    if isinstance(value, Iterable):
        return [rounded(v) for v in value]
    return str(value)


def now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


def new_report(root: Path, *, jobs: int, steps: Iterable[str] = STEP_NAMES, started: str | None = None) -> dict:
    """The top level, before any file; ``finish`` completes it."""
    return {
        "schema": SCHEMA, "ok": True, "started": started or now(), "duration_s": 0.0,
        "blender_version": None, "addon_version": None, "units": UNITS, "spaces": SPACES,
        "jobs": jobs, "steps": [s for s in STEP_NAMES if s in set(steps)], "root": str(root),
        "interrupted": False, "summary": {}, "leftovers": [], "not_run": [], "files": [],
    }


def file_entry(path: str, status: str, *, error: str = "", duration_s: float = 0.0, saved_to: str = "",
               notes: Iterable[str] = (), armatures: Iterable[Mapping] = (), key: str | None = None) -> dict:
    """One file's entry; ``key`` is its cache key (overanim_headless/cache.py), None when its result
    must not be reused."""
    entry: dict[str, Any] = {"path": path, "ok": status == OK, "status": status}
    if error:
        entry["error"] = error
    entry["duration_s"] = duration_s
    if saved_to:
        entry["saved_to"] = saved_to
    entry["notes"] = list(notes)
    entry["armatures"] = list(armatures)
    entry["key"], entry["reused"] = key, False
    return entry


def add_skipped(report: dict, skipped: Mapping[str, str]) -> None:
    """What a folder search found named *.blend that is no file to open (a FIFO...): never handed to
    a worker. The key is there only when something was skipped (older readers know no such key)."""
    if skipped:
        entries = report.setdefault("skipped", [])
        entries += [{"path": path, "why": why} for path, why in skipped.items()]
        entries.sort(key=lambda x: PurePath(x["path"]).parts)


def first_failure(armatures: Iterable[Mapping]) -> str:
    """``'SK_Hero' lod: Region 'Head' is inactive at LOD1 (+1 more)``, or "" when every step is ok."""
    failures = [f"'{a['armature']}' {name}: {step.get('error', '')}"
                for a in armatures for name, step in a["steps"].items() if not step["ok"]]
    if not failures:
        return ""
    return failures[0] + (f" (+{len(failures) - 1} more)" if len(failures) > 1 else "")


def summarize(files: Iterable[Mapping]) -> dict[str, int]:
    files = list(files)
    counts = {status: sum(1 for f in files if f["status"] == status) for status in STATUSES}
    return {"files": len(files), **counts, "reused": sum(1 for f in files if f["reused"])}


def exit_code(report: Mapping) -> int:
    if report["interrupted"]:
        return EXIT_INTERRUPTED
    statuses = {f["status"] for f in report["files"]}
    if UNREADABLE in statuses or report.get("error"):
        return EXIT_UNREADABLE
    return EXIT_OK if statuses <= {OK} else EXIT_FAILED


def finish(report: dict, duration_s: float | None = None) -> dict:
    """Order the files, count them, set ``ok``, round every number. Returns ``report``."""
    report["files"].sort(key=lambda f: PurePath(f["path"]).parts)
    report["not_run"].sort(key=lambda p: PurePath(p).parts)
    report["summary"] = summarize(report["files"])
    report["ok"] = exit_code(report) == EXIT_OK and not report["not_run"]
    if duration_s is not None:
        report["duration_s"] = duration_s
    report.update(rounded(report))
    return report


def _plural(count: int, word: str) -> str:
    return f"{count} {word}{'' if count == 1 else 's'}"


def summary_line(report: Mapping) -> str:
    """``7 files: 4 ok, 1 failed, 2 could not be opened`` (parts with 0 left out)."""
    s = report["summary"]
    parts = [f"{s[OK]} ok"]
    failed = s[FAILED] + s[CRASHED] + s[TIMEOUT]
    if failed:
        detail = [f"{s[CRASHED]} crashed" if s[CRASHED] else "", f"{s[TIMEOUT]} timed out" if s[TIMEOUT] else ""]
        detail_text = ", ".join(d for d in detail if d)
        parts.append(f"{failed} failed" + (f" ({detail_text})" if detail_text else ""))
    if s[UNREADABLE]:
        parts.append(f"{s[UNREADABLE]} could not be opened")
    if s[INTERRUPTED]:
        parts.append(f"{s[INTERRUPTED]} interrupted")
    line = f"{_plural(s['files'], 'file')}: {', '.join(parts)}"
    if s["reused"]:
        line += f" ({s['reused']} reused from the previous report)"
    if report["not_run"]:
        line += f"; {len(report['not_run'])} not run"
    if report.get("skipped"):
        line += f"; {len(report['skipped'])} skipped (not a regular file)"
    removed = sum(1 for leftover in report["leftovers"] if leftover["removed"])
    if removed:
        line += f"; removed {_plural(removed, 'leftover file')} of an interrupted save"
    return line


def _mode_for(path: Path) -> int:
    """The mode of the file being replaced, else what the umask gives a new file."""
    try:
        return stat.S_IMODE(path.stat().st_mode)
    except OSError:
        umask = os.umask(0o022)
        os.umask(umask)
        return 0o666 & ~umask


def write_json(path: Path, data: Any) -> None:
    """Write ``data`` as JSON beside ``path`` under a temporary name and rename it over ``path`` only
    once complete: a full disk or a kill leaves the previous file, never a partial or empty one.
    Raises OSError (the temporary file is removed)."""
    text = json.dumps(data, indent=2, ensure_ascii=False) + "\n"
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:  # a file name that is not valid UTF-8: escape it, stay valid JSON
        text = json.dumps(data, indent=2) + "\n"
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, temp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        os.chmod(temp, _mode_for(path))  # mkstemp makes 0600 files: give the report the usual mode
        os.replace(temp, path)
    except BaseException:
        Path(temp).unlink(missing_ok=True)
        raise


def check_writable(path: Path) -> None:
    """Fail early (OSError) when the report could not be written where asked, before any work."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, temp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    os.close(fd)
    os.unlink(temp)


class ReportError(ValueError):
    """A file given to ``merge`` that is not a readable overanim-batch/3 report."""


def load(path: Path) -> dict:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as error:
        raise ReportError(f"{path}: not a readable JSON report ({error})") from error
    if not isinstance(data, dict) or data.get("schema") != SCHEMA:
        found = data.get("schema") if isinstance(data, dict) else type(data).__name__
        raise ReportError(f"{path}: not an {SCHEMA} report (schema: {found!r})")
    problem = _unmergeable(data)
    if problem:
        raise ReportError(f"{path}: not an {SCHEMA} report: {problem}")
    return data


def _unmergeable(data: dict) -> str:
    """What in a report that names the schema ``merge`` could not use ("" when nothing): the keys it
    reads, by type. The JSON Schema file says the rest; no jsonschema package on a farm worker."""
    def number(value: Any) -> bool:
        return isinstance(value, int | float) and not isinstance(value, bool) and math.isfinite(value)

    def texts(value: Any) -> bool:
        return isinstance(value, list) and all(isinstance(v, str) for v in value)

    try:
        started = datetime.fromisoformat(data.get("started", ""))
    except (TypeError, ValueError):
        started = None
    files, leftovers, skipped = data.get("files"), data.get("leftovers"), data.get("skipped", [])
    problems = {
        "root is not an absolute folder": not (isinstance(data.get("root"), str) and os.path.isabs(data["root"])),
        "started is not an ISO 8601 time with its time zone": started is None or started.tzinfo is None,
        "duration_s is not a number": not number(data.get("duration_s")),
        "jobs is not a whole number": not isinstance(data.get("jobs"), int) or isinstance(data.get("jobs"), bool),
        "interrupted is not true or false": not isinstance(data.get("interrupted"), bool),
        "steps, not_run: not lists of names": not (texts(data.get("steps")) and texts(data.get("not_run"))),
        "blender_version, addon_version: not text or null": not all(
            isinstance(data.get(key), str | None) for key in ("blender_version", "addon_version")),
        "error is not text": not isinstance(data.get("error", ""), str),
        "files: not a list of entries with a path, a known status, a key and reused": not (
            isinstance(files, list) and all(
            isinstance(f, dict) and isinstance(f.get("path"), str) and f["path"] and f.get("status") in STATUSES
            and "key" in f and isinstance(f["key"], str | None) and isinstance(f.get("reused"), bool) for f in files)),
        "leftovers: not a list of entries saying whether they were removed": not (isinstance(leftovers, list) and all(
            isinstance(x, dict) and isinstance(x.get("removed"), bool) for x in leftovers)),
        "skipped: not a list of entries with a path": not (isinstance(skipped, list) and all(
            isinstance(x, dict) and isinstance(x.get("path"), str) and isinstance(x.get("why"), str)
            for x in skipped)),
    }
    return next((problem for problem, found in problems.items() if found), "")


def _joined(values: Iterable[Any]) -> Any:
    distinct = sorted({v for v in values if v is not None})
    return ", ".join(distinct) if distinct else None


def merge(parts: list[dict]) -> dict:
    """One report from the chunk reports of one library: files re-rooted at the common folder of the
    parts' roots, counts and ``ok`` recomputed; ``started`` is the earliest start and ``duration_s``
    the span to the latest end. A file in two parts is a ReportError."""
    if not parts:
        raise ReportError("nothing to merge")
    root = Path(os.path.commonpath([p["root"] for p in parts]))
    seen: dict[str, int] = {}
    files, not_run, skipped = [], [], {}
    for index, part in enumerate(parts):
        def rebased(rel: str, part: dict = part) -> str:
            return Path(os.path.relpath(Path(part["root"]) / rel, root)).as_posix()

        for entry in part["files"]:
            path = rebased(entry["path"])
            if path in seen:
                raise ReportError(f"{path} is in part {seen[path] + 1} and in part {index + 1}")
            seen[path] = index
            files.append({**entry, "path": path})
        not_run += [rebased(p) for p in part["not_run"]]
        skipped.update({rebased(x["path"]): x["why"] for x in part.get("skipped", [])})
    starts = [datetime.fromisoformat(p["started"]) for p in parts]
    ends = [s.timestamp() + p["duration_s"] for s, p in zip(starts, parts, strict=True)]
    steps = {s for p in parts for s in p["steps"]}
    merged = new_report(root, jobs=max(p["jobs"] for p in parts), steps=steps,
                        started=min(starts).isoformat(timespec="seconds"))
    merged.update(blender_version=_joined(p["blender_version"] for p in parts),
                  addon_version=_joined(p["addon_version"] for p in parts),
                  interrupted=any(p["interrupted"] for p in parts),
                  leftovers=[leftover for p in parts for leftover in p["leftovers"]],
                  files=files, not_run=not_run)
    previous = _joined(p.get("previous") for p in parts)
    if previous:
        merged["previous"] = previous
    add_skipped(merged, skipped)
    errors = [p["error"] for p in parts if p.get("error")]
    if errors:
        merged["error"] = "; ".join(errors)
    return finish(merged, max(ends) - min(starts).timestamp())


def without_timings(report: Any) -> Any:
    """``report`` without what differs between two runs of the same files (tests, comparisons)."""
    if isinstance(report, Mapping):
        return {k: without_timings(v) for k, v in report.items() if k not in TIMING_KEYS}
    if isinstance(report, list):
        return [without_timings(v) for v in report]
    return report


def without_reuse(report: Mapping[str, Any]) -> Any:
    """``report`` without its timings and what says which results were reused: an --incremental run's
    report compares equal to a full run's over the same files."""
    stripped = without_timings(report)
    stripped.pop("previous", None)
    stripped["summary"].pop("reused", None)
    for entry in stripped["files"]:
        entry.pop("reused", None)
    return stripped
