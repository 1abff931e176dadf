#!/usr/bin/env python3
"""Set up the project and run its jobs, with nothing but Python 3.11 on the machine.

    python3 tasks.py demo    # make .venv if needed, then run the headless demo
    python3 tasks.py test    # make .venv if needed, then ruff, mypy and the whole test suite
    python3 tasks.py --help  # this text

Arguments after the command go to the demo script or to pytest (python3 tasks.py test -k falloff -x).

The virtual environment lives in .venv (override with OVERANIM_VENV). Requirements are installed
again only when a requirements file changed since the last install (a hash stamp in the venv).
Standard library only: this file runs before anything is installed.
"""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent
VENV = Path(os.environ.get("OVERANIM_VENV", ROOT / ".venv"))
REQUIRED_PYTHON = (3, 11)  # the bpy wheels are built for exactly this Python


def venv_python() -> Path:
    return VENV / ("Scripts/python.exe" if os.name == "nt" else "bin/python")


def run(*cmd: object, env: dict[str, str] | None = None) -> int:
    print("+", " ".join(str(c) for c in cmd), flush=True)
    return subprocess.call([str(c) for c in cmd], cwd=ROOT, env=env)


def ensure_venv(requirements: str) -> Path:
    python = venv_python()
    if not python.exists():
        if sys.version_info[:2] != REQUIRED_PYTHON:
            sys.exit(f"Python {'.'.join(map(str, REQUIRED_PYTHON))} is required to create {VENV} "
                     f"(bpy ships wheels for it only); this is {sys.version.split()[0]}.")
        if run(sys.executable, "-m", "venv", VENV) != 0:
            sys.exit("could not create the virtual environment")
    req = ROOT / "requirements" / requirements
    digest = hashlib.sha256()
    for path in sorted((ROOT / "requirements").glob("*.txt")):
        digest.update(path.read_bytes())
    stamp = VENV / f".installed-{req.stem}"
    if not stamp.exists() or stamp.read_text() != digest.hexdigest():
        if run(python, "-m", "pip", "install", "--disable-pip-version-check", "-q", "-r", req) != 0:
            sys.exit(f"installing {req.name} failed")
        stamp.write_text(digest.hexdigest())
    return python


def test_env() -> dict[str, str]:
    env = dict(os.environ)
    env.setdefault("PYTHONDONTWRITEBYTECODE", "1")
    return env


def cmd_demo(args: list[str]) -> int:
    python = ensure_venv("runtime.txt")
    return run(python, "scripts/demo.py", *args)


def cmd_test(args: list[str]) -> int:
    python = ensure_venv("dev.txt")
    env = test_env()
    steps = [
        ("ruff", [python, "-m", "ruff", "check", "."]),
        ("mypy", [python, "-m", "mypy"]),
        ("pytest", [python, "-m", "pytest", *args]),
    ]
    failed = [name for name, cmd in steps if run(*cmd, env=env) != 0]
    if failed:
        print(f"FAILED: {', '.join(failed)}", flush=True)
        return 1
    return 0


def main(argv: list[str]) -> int:
    commands = {"demo": cmd_demo, "test": cmd_test}
    if argv and argv[0] in ("-h", "--help", "help"):
        print(__doc__)
        return 0
    if not argv or argv[0] not in commands:
        print(__doc__, file=sys.stderr)
        return 2
    return commands[argv[0]](argv[1:])


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
