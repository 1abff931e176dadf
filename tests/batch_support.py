"""What the batch tests share: the report schema check, running the batch CLI, reading its report.
Importing this does not import bpy."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from overanim_headless.report import SCHEMA_FILE

ROOT = Path(__file__).resolve().parents[1]
BATCH = ROOT / "scripts/overanim_batch.py"
SCHEMA_PATH = ROOT / SCHEMA_FILE


def validate(report: dict) -> dict:
    """Fail unless ``report`` is valid against the schema file. jsonschema comes with
    requirements/test.txt in every venv and with Debian's python3-jsonschema in the real binaries'
    chroots (scripts/test_versions.py installs it): a report check never passes unvalidated."""
    import jsonschema  # a missing package fails the test: an unvalidated report proves nothing
    schema = json.loads(SCHEMA_PATH.read_text())
    validator = jsonschema.Draft202012Validator(schema, format_checker=jsonschema.FormatChecker())
    errors = sorted(validator.iter_errors(report), key=lambda e: list(e.absolute_path))
    assert not errors, "\n".join(f"{list(e.absolute_path)}: {e.message}" for e in errors[:5])
    return report


def load_report(path: Path) -> dict:
    return validate(json.loads(Path(path).read_text()))


def script_command(script: object, *args: object) -> list[str]:
    """The command that runs one of our headless scripts the way this process runs Blender: plain
    Python with the bpy module, or, inside a real Blender binary (whose sys.executable is a Python
    without bpy), ``blender --background --python script -- args``. Does not import bpy."""
    bpy = sys.modules.get("bpy")
    binary = getattr(getattr(bpy, "app", None), "binary_path", "") if bpy is not None else ""
    if binary:
        return [binary, "--background", "--factory-startup", "--python-exit-code", "1", "--python", str(script),
                "--", *map(str, args)]
    return [sys.executable, str(script), *map(str, args)]


# runs a command with a file-size limit (a full disk: writes past it fail with EFBIG); no
# preexec_fn, which would run Python in a fork of a process that imported bpy
LIMITED = "import os, resource, sys; n = int(sys.argv[1]); resource.setrlimit(resource.RLIMIT_FSIZE, (n, n)); " \
    "os.execv(sys.argv[2], sys.argv[2:])"


def run_batch(*args: object, cwd: Path = ROOT, env: dict[str, str] | None = None, timeout: float = 300,
              file_size_limit: int = 0) -> subprocess.CompletedProcess:
    command = script_command(BATCH, *args)
    if file_size_limit:
        command = [sys.executable, "-c", LIMITED, str(file_size_limit), *command]
    return subprocess.run(command, cwd=cwd, capture_output=True, text=True, timeout=timeout,
                          env={**os.environ, "PYTHONDONTWRITEBYTECODE": "1", **(env or {})}, check=False)


def snapshot(folder: Path) -> dict[str, bytes]:
    """Every file under ``folder`` (hidden ones too) and its bytes."""
    return {p.relative_to(folder).as_posix(): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def statuses(report: dict) -> dict[str, str]:
    return {f["path"]: f["status"] for f in report["files"]}


# a prelude for ``python -c``: any import of bpy fails, and the checkout is on the path
GUARD = """
import builtins, sys
real_import = builtins.__import__
def guarded(name, *args, **kwargs):
    if name == "bpy" or name.startswith(("bpy.", "bmesh", "mathutils", "_bpy")):
        raise ImportError("bpy is not available here")
    return real_import(name, *args, **kwargs)
builtins.__import__ = guarded
sys.path[:0] = [{root!r}]
"""


def without(report, *keys):
    """``report`` without the timings, and without ``keys`` at the top level."""
    from overanim_headless.report import without_timings

    return {k: v for k, v in without_timings(report).items() if k not in keys}
