"""The command line of scripts/overanim_batch.py: checks everything it can before any Blender
starts (paths, steps, the settings file), then starts the workers and, while they load bpy, lists
the files and checks what needs the list (the report's place, the output paths; a refusal stops the
workers), then runs or merges. bpy-free."""

from __future__ import annotations

import argparse
import importlib.util
import json
import math
import os
import shutil
import signal
import sys
import traceback
from pathlib import Path
from typing import Any

from overanim_addon.core.calibration import FIELDS, CalibrationSettings, validate_calibration
from overanim_addon.steps import STEP_NAMES, STEPS, parse_steps

from . import cache, report
from .files import Selection, absolute, clean_leftover, leftovers_of, output_path, real_file, select
from .orchestrator import EarlyWorkers, Options, Run, Task, worker_command

PROG = "overanim_batch"
USAGE_ERROR = 2


class UsageError(Exception):
    """Wrong arguments: exit 2 before anything ran."""


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog=PROG, description="Run OverAnim on .blend files and folders, headless, with a JSON report.",
        epilog="Exit codes: 0 every step of every file succeeded; 1 a step failed (an error finding, a LOD "
        "coverage error, a save) or a file crashed or timed out; 2 a file could not be opened, or bad usage; "
        "130 interrupted (Ctrl-C). Merge chunk reports with: overanim_batch merge PARTS... --report OUT")
    parser.add_argument("paths", nargs="+", metavar="PATH",
                        help=".blend files, and folders searched recursively for *.blend")
    parser.add_argument("--report", required=True, metavar="FILE", help="where to write the JSON report")
    parser.add_argument("--jobs", type=int, default=1, metavar="N", help="worker processes (default 1)")
    where = parser.add_mutually_exclusive_group()
    where.add_argument("--save", action="store_true", help="write the results back into each file")
    where.add_argument("--output-dir", metavar="DIR",
                       help="write each result to DIR, mirroring the paths under the root; sources untouched")
    parser.add_argument("--backup", action="store_true", help="keep the file a save replaces as .blend1")
    parser.add_argument("--steps", default=",".join(STEP_NAMES), metavar="LIST",
                        help=f"comma list of {','.join(STEP_NAMES)} (default: all that apply). "
                        + "; ".join(f"{name}: {text}" for name, text in STEPS.items()))
    parser.add_argument("--all-armatures", action="store_true", help="also armatures without OverAnim Regions")
    parser.add_argument("--settings", metavar="FILE.json",
                        help="calibration values for armatures that have none (field names as in the "
                        "Calibration panel's JSON export)")
    parser.add_argument("--timeout", type=float, default=600.0, metavar="SECONDS",
                        help="per file; a file taking longer fails and its worker is replaced (default 600)")
    parser.add_argument("--root", metavar="DIR",
                        help="the folder report paths and --output-dir are relative to "
                        "(default: the common folder of PATHS)")
    parser.add_argument("--blender", metavar="BINARY",
                        help="run the workers as this Blender binary (default: the Blender running this "
                        "script, else this Python with its bpy module)")
    parser.add_argument("--max-files-per-worker", type=int, default=0, metavar="N",
                        help="replace each worker after N files (0, the default: never)")
    parser.add_argument("--incremental", action="store_true",
                        help="run only the files whose key (their bytes, the add-on's and Blender's versions, the "
                        "steps and settings) is not the previous report's; take the others' results from it")
    parser.add_argument("--previous", metavar="FILE",
                        help="with --incremental: the report to take results from (default: the --report file)")
    parser.add_argument("--exit-zero", action="store_true",
                        help="exit 0 whenever the report was written, whatever its files' results (farm chunks: "
                        "the merge gives the exit code); not when no worker could start or the run was interrupted")
    return parser


def _merge_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog=f"{PROG} merge", description="Merge chunk reports into one report "
                                     "(same schema); the exit code is the merged result's.")
    parser.add_argument("parts", nargs="+", metavar="PART", help="overanim-batch/3 reports")
    parser.add_argument("--report", required=True, metavar="FILE", help="where to write the merged report")
    parser.add_argument("--remove-parts", action="store_true",
                        help="delete the parts once the merged report is written (a farm's chunk reports: the "
                        "next job's chunks may be cut otherwise)")
    return parser


def load_settings(path: Path) -> dict[str, Any]:
    """Calibration values from JSON: an object of fields (snake_case or the spec's C++ names), or the
    Calibration panel's JSON export (its "calibration" object). Missing fields take the spec's
    defaults; the result is validated as the Calibration panel would."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, ValueError) as error:
        raise UsageError(f"--settings {path}: {getattr(error, 'strerror', None) or error}") from error
    if isinstance(data, dict) and isinstance(data.get("calibration"), dict):
        data = data["calibration"]
    if not isinstance(data, dict):
        raise UsageError(f"--settings {path}: expected a JSON object of calibration fields")
    by_name = {spec.name: spec for spec in FIELDS} | {spec.cpp: spec for spec in FIELDS}
    values: dict[str, Any] = CalibrationSettings().as_dict()
    for key, value in data.items():
        spec = by_name.get(key)
        if spec is None:
            raise UsageError(f"--settings {path}: unknown field {key!r} (known: {', '.join(s.name for s in FIELDS)})")
        kind = type(spec.default)
        ok = isinstance(value, kind) if kind in (bool, str) else (
            isinstance(value, int | float) and not isinstance(value, bool) and math.isfinite(value))
        if not ok:
            raise UsageError(f"--settings {path}: {key} must be {kind.__name__ if kind is not float else 'a number'}")
        values[spec.name] = float(value) if kind is float else value
    problems = validate_calibration(CalibrationSettings(**values))
    if problems:
        raise UsageError(f"--settings {path}: {'; '.join(problems)}")
    return values


def _is_blend(path: Path) -> bool:
    return path.name.lower().endswith((".blend", ".blend1", ".blend@"))


def _blender_binary(option: str | None) -> str | None:
    """--blender, else the Blender running this script; None: workers are this Python (bpy module)."""
    if option:
        found = shutil.which(str(absolute(option)) if os.sep in option else option)
        if found is None:
            raise UsageError(f"--blender {option}: no such program (or not one this user may run)")
        return found
    bpy = sys.modules.get("bpy")  # already loaded only inside a Blender binary or a bpy process
    binary = getattr(getattr(bpy, "app", None), "binary_path", "") if bpy is not None else ""
    if binary:
        return str(binary)
    if importlib.util.find_spec("bpy") is None:  # looks the module up without importing it
        raise UsageError(f"this Python ({sys.executable}) has no bpy module: run with the Python that has it "
                         "(.venv/bin/python), under blender --background, or pass --blender BINARY")
    return None


def plan(options: argparse.Namespace) -> tuple[Run, Path]:
    """Everything checked and resolved (absolute paths, once); raises UsageError."""
    if options.jobs < 1:
        raise UsageError("--jobs must be at least 1")
    if not options.timeout > 0:
        raise UsageError("--timeout must be a positive number of seconds")
    if options.max_files_per_worker < 0:
        raise UsageError("--max-files-per-worker must be 0 or more")
    try:
        steps = parse_steps(options.steps)
    except ValueError as error:
        raise UsageError(f"--steps: {error} (known: {', '.join(STEP_NAMES)})") from error
    paths = [absolute(p) for p in options.paths]
    report_path = absolute(options.report)
    if _is_blend(report_path) or report_path in paths or report_path.is_dir():
        raise UsageError(f"--report {options.report}: the report is JSON; it must not name a .blend file or a folder")
    settings_path = absolute(options.settings) if options.settings else None
    if settings_path is not None and os.path.realpath(report_path) == os.path.realpath(settings_path):
        raise UsageError(f"--report {options.report} is the --settings file")
    settings = load_settings(settings_path) if settings_path is not None else None
    previous_path, previous = _previous(options, report_path)
    output_dir = absolute(options.output_dir) if options.output_dir else None
    if output_dir is not None:  # else every save fails, after all the work
        existing = next(p for p in (output_dir, *output_dir.parents) if p.exists())
        if not existing.is_dir():
            raise UsageError(f"--output-dir {options.output_dir}: {existing} is a file, not a folder")
    root = absolute(options.root) if options.root else None
    if root is not None and not root.is_dir():
        raise UsageError(f"--root {options.root}: not a folder")
    command = worker_command(_blender_binary(options.blender))
    early = EarlyWorkers(command, options.jobs)  # they start while the library is listed
    try:
        selection = select(paths, root, skip=[output_dir] if output_dir else [])
        tasks = _tasks(options, selection, output_dir)
        _check_report(options, report_path)
        for task, hashed in zip(tasks, cache.hash_files(t.source for t in tasks), strict=True):
            task.hashed = hashed  # while the workers load bpy
    except BaseException:  # a refused plan (UsageError), Ctrl-C while listing: no worker outlives it
        early.stop()
        raise
    if not tasks:  # nothing to hand out
        early.stop()
    leftovers = [*selection.leftovers, *leftovers_of(t.target for t in tasks if t.target)]
    cleaned = [clean_leftover(path) for path in sorted(set(leftovers))]
    run = Run(tasks, selection.root, command, Options(options.jobs, options.timeout, steps, options.all_armatures,
                                                      settings, options.backup, options.max_files_per_worker),
              leftovers=cleaned, missing=[(Task(-1, p, selection.relative(p), None), why)
                                          for p, why in selection.missing.items()], early=early if tasks else None,
              previous=previous, previous_path=previous_path)
    report.add_skipped(run.report, {selection.relative(p): why for p, why in selection.skipped.items()})
    if not selection.files and not selection.missing:
        run.report["error"] = "no .blend file found in " + ", ".join(options.paths)
    return run, report_path


def _previous(options: argparse.Namespace, report_path: Path) -> tuple[Path | None, dict[str, Any] | None]:
    """--incremental's previous report and its reusable entries (None: every file runs, said why)."""
    if options.previous and not options.incremental:
        raise UsageError("--previous names the report --incremental takes results from: add --incremental")
    if not options.incremental:
        return None, None
    if options.save or options.output_dir:
        raise UsageError("--incremental re-checks a library into a report; with --save or --output-dir every "
                         "file runs (drop --incremental)")
    path = absolute(options.previous) if options.previous else report_path
    try:
        return path, cache.load_previous(path)
    except cache.PreviousError as error:
        print(f"{PROG}: --incremental: {error}; every file runs", file=sys.stderr)
        return None, None


def _check_report(options: argparse.Namespace, report_path: Path) -> None:
    try:
        report.check_writable(report_path)
    except OSError as error:
        raise UsageError(f"--report {options.report}: cannot write there ({error.strerror or error})") from error


def _tasks(options: argparse.Namespace, selection: Selection, output_dir: Path | None) -> list[Task]:
    """One task a file selected, its save target resolved; raises UsageError."""
    report_path = absolute(options.report)
    inputs = {Path(os.path.realpath(f)): f for f in selection.files}
    if report_path in inputs.keys() | set(selection.files):
        raise UsageError(f"--report {options.report} is one of the input files")
    outside = [f for f in selection.files if selection.relative(f).startswith("../")]
    if outside and (output_dir is not None or options.root):
        raise UsageError(f"{outside[0]} is not under the root {selection.root}")
    tasks = []
    for index, given in enumerate(selection.files):
        source, target = real_file(given), None
        if options.save:
            target = source
        elif output_dir is not None:
            target = output_path(given, selection, output_dir)
            overwritten = inputs.get(Path(os.path.realpath(target)))  # its own source, or another input
            if overwritten is not None:
                raise UsageError(f"--output-dir {options.output_dir} would overwrite the sources: the input "
                                 f"{selection.relative(overwritten)}")
        tasks.append(Task(index, source, selection.relative(given), target))
    return tasks


def _write_report(report_path: Path, data: dict[str, Any]) -> bool:
    try:
        report.write_json(report_path, data)
    except OSError as error:
        print(f"{PROG}: could not write the report {report_path}: {error.strerror or error}", file=sys.stderr)
        return False
    return True


def run_command(args: list[str]) -> int:
    try:
        options = _parser().parse_args(args)
    except SystemExit as exit_:
        return USAGE_ERROR if exit_.code else 0
    try:
        run, report_path = plan(options)
    except UsageError as error:
        print(f"{PROG}: {error}", file=sys.stderr)
        return USAGE_ERROR
    except KeyboardInterrupt:  # Ctrl-C before any file was handed out: nothing to report
        print(f"{PROG}: interrupted before it started", file=sys.stderr)
        return 128 + signal.SIGINT
    result = run.execute()
    written = _write_report(report_path, result)
    code = 128 + (run.stop_signal or signal.SIGINT) if result["interrupted"] else report.exit_code(result)
    # --exit-zero covers what the files hold, not a run that could not do its work
    final = 0 if options.exit_zero and not result["interrupted"] and not result.get("error") else code
    if not written:
        final = USAGE_ERROR
    if result.get("error"):
        print(f"{PROG}: {result['error']}", file=sys.stderr)
    why = f" (--exit-zero; the result's code is {code})" if written and final != code else ""
    print(f"{PROG}: {report.summary_line(result)}; report {report_path if written else 'NOT written'}; "
          f"exit {final}{why}", file=sys.stderr)
    return final


def merge_command(args: list[str]) -> int:
    try:
        options = _merge_parser().parse_args(args)
    except SystemExit as exit_:
        return USAGE_ERROR if exit_.code else 0
    parts = [absolute(p) for p in options.parts]
    report_path = absolute(options.report)
    if _is_blend(report_path) or report_path in parts:
        print(f"{PROG} merge: --report must be a new JSON file, not a .blend file or one of the parts",
              file=sys.stderr)
        return USAGE_ERROR
    try:
        merged = report.merge([report.load(p) for p in parts])
    except report.ReportError as error:
        print(f"{PROG} merge: {error}", file=sys.stderr)
        return USAGE_ERROR
    if not _write_report(report_path, merged):
        return USAGE_ERROR
    if options.remove_parts:
        for part in parts:
            part.unlink(missing_ok=True)
    code = report.exit_code(merged)
    print(f"{PROG} merge: {len(parts)} parts, {report.summary_line(merged)}; report {report_path}; exit {code}",
          file=sys.stderr)
    return code


def main(args: list[str]) -> int:
    try:
        if args and args[0] == "merge":
            return merge_command(args[1:])
        return run_command(args)
    except Exception:  # a bug, or the machine (no memory, no process slots): never 1, "a step failed"
        traceback.print_exc()
        print(f"{PROG}: internal error, the run could not do its work; exit {USAGE_ERROR}", file=sys.stderr)
        return USAGE_ERROR
