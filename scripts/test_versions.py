"""Run the whole test suite on every supported Blender and print a PASS/FAIL line for each.

    python3 tasks.py versions [4.2 4.5 5.0 5.2 5.3 real-4.3 real-5.2] [--no-real] [--jobs N]

Each bpy version gets its own venv outside the checkout (``$XDG_CACHE_HOME/overanim/venvs`` or
``~/.cache/overanim/venvs``, override with OVERANIM_VENVS), made with the Python its wheels are
built for and reused until requirements/test.txt or the bpy pin changes. The real Blender binaries
of ../shared/tools/real-blender/ (4.3 and 5.2 LTS) run the same suite inside themselves where their
chroots are set up (root), unless --no-real. Naming versions runs only those. ``--jobs 2`` (the
default) runs two suites at once: each is one process, and the machine has two cores.
The tests marked real_blender (a real window started from the bpy module) run in ``tasks.py test``,
not here: they start real Blenders of both versions themselves.
Each suite's whole output is kept in out/versions/<version>.log. Exit code 0 only when every
version passed. Standard library only.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
import tasks  # noqa: E402  (the venv helpers: find the Python, make the venv, install once)

# bpy version -> (the Python its PyPI wheels are built for, the pin); oldest first
BPY = {
    "4.2": ("3.11", "bpy==4.2.*"),  # the manifest's blender_version_min
    "4.5": ("3.11", "bpy==4.5.*"),  # LTS
    "5.0": ("3.11", "bpy==5.0.*"),
    "5.2": ("3.13", "bpy==5.2.*"),  # LTS, the default environment of tasks.py
    "5.3": ("3.13", "bpy==5.3.*"),  # the current release
}
REAL = {"real-4.3": "4.3", "real-5.2": "5.2"}
TOOL = ROOT.parent / "shared/tools/real-blender"
PYTEST_ARGS = ["-q", "-rfE", "-p", "no:cacheprovider", "-m", "not real_blender", "tests"]


def venv_root() -> Path:
    if os.environ.get("OVERANIM_VENVS"):
        return Path(os.environ["OVERANIM_VENVS"])
    cache = os.environ.get("XDG_CACHE_HOME") or os.path.expanduser("~/.cache")
    return Path(cache) / "overanim" / "venvs"


LOGS = ROOT / "out" / "versions"


def summary(name: str, output: str) -> str:
    """The closing line of pytest, with the failing tests' ids; the whole output goes to out/versions/."""
    LOGS.mkdir(parents=True, exist_ok=True)
    (LOGS / f"{name}.log").write_text(output)
    lines = output.splitlines()
    closing = [line for line in lines if " passed" in line or " failed" in line or " error" in line]
    failing = [line.split(" - ")[0] for line in lines if line.startswith(("FAILED ", "ERROR "))]
    text = closing[-1].strip("= ") if closing else output.strip()[-300:]
    if "Fatal Python error" in output:  # a crash has no closing line: name the test it happened in
        crashed = [line.strip() for line in lines if re.search(r'File ".*/tests/.*", line \d+ in test_', line)]
        text = " ".join(line for line in lines if line.startswith("Fatal Python error"))
        text += f" in {crashed[0]}" if crashed else ""
    return "\n".join([text, *("      " + line for line in failing)])


def bpy_suite(version: str) -> tuple[bool, str]:
    python_version, pin = BPY[version]
    try:
        python = tasks.ensure_venv(str(venv_root() / f"bpy-{version}"), python_version,
                                   tasks.requirement_files("test.txt"), f"the bpy {version} wheels", [pin])
    except SystemExit as error:  # ensure_venv says what is missing and exits: one FAIL line, not the end
        return False, str(error)
    result = subprocess.run([python, "-m", "pytest", *PYTEST_ARGS], cwd=ROOT, capture_output=True, text=True,
                            check=False, env=tasks.test_env())
    return result.returncode == 0, summary(f"bpy-{version}", result.stdout + result.stderr)


def real_root(version: str) -> Path:
    return Path(tasks.real_blender_root(version))


def real_missing(version: str) -> str | None:
    if not (TOOL / "run.sh").exists():
        return f"the real-blender tool is not at {TOOL}"
    if os.geteuid() != 0:
        return "the real-blender tool needs root"
    if not (real_root(version) / "usr/bin/blender").exists():
        return f"not set up: REAL_BLENDER_VERSION={version} {TOOL}/setup.sh (as root)"
    return None


# What the suite needs inside the real binaries' Python beyond setup.sh's numpy, pytest and hypothesis:
# Debian's packages of it, installed into the chroot once (root, like setup.sh).
REAL_PACKAGES = {"jsonschema": "python3-jsonschema"}  # module -> Debian package


def prepare_real(version: str) -> str | None:
    """Install REAL_PACKAGES missing from the chroot's Python; the reason when that fails, else None."""
    root = str(real_root(version))
    missing = [package for module, package in REAL_PACKAGES.items()
               if subprocess.run(["chroot", root, "python3", "-c", f"import {module}"], capture_output=True,
                                 check=False).returncode != 0]
    if not missing:
        return None
    apt = ["chroot", root, "env", "DEBIAN_FRONTEND=noninteractive", "apt-get", "-o",
           "Acquire::Check-Valid-Until=false", "-qq"]
    subprocess.run([*apt, "update"], capture_output=True, check=False)
    done = subprocess.run([*apt, "install", "-y", "--no-install-recommends", *missing], capture_output=True,
                          text=True, check=False)
    return None if done.returncode == 0 else f"could not install {' '.join(missing)} in {root}: {done.stderr[-300:]}"


def real_suite(version: str) -> tuple[bool, str]:
    reason = prepare_real(version)
    if reason:
        return False, reason
    code = f"import pytest, sys; sys.exit(pytest.main({PYTEST_ARGS!r}))"
    user = f"/tmp/overanim-blender-user-{os.getpid()}-{version}"  # Blender reads it at start: via run.sh
    env = {**os.environ, "REAL_BLENDER_VERSION": version, "REAL_BLENDER_ROOT": str(real_root(version)),
           "BLENDER_ENV": f"BLENDER_USER_RESOURCES={user} PYTHONDONTWRITEBYTECODE=1"
                          + (" CI=true" if os.environ.get("CI") else "")}  # run.sh clears the environment
    result = subprocess.run(["bash", str(TOOL / "run.sh"), "-b", "--factory-startup", "--python-exit-code", "1",
                             "--python-expr", code], cwd=ROOT, capture_output=True, text=True, check=False, env=env)
    return result.returncode == 0, summary(f"real-{version}", result.stdout + result.stderr)


def main(args: list[str]) -> int:
    jobs = 2
    if "--jobs" in args:
        jobs = int(args[args.index("--jobs") + 1])
    named = [a for a in args if a in BPY or a in REAL]
    wanted = named or [*BPY, *REAL]
    if "--no-real" in args:
        wanted = [w for w in wanted if w not in REAL]
    suites, results = {}, {}
    for name in wanted:
        if name in REAL:
            reason = real_missing(REAL[name])
            if reason:
                results[f"blender {REAL[name]} (real binary)"] = (False, reason)
                continue
            suites[f"blender {REAL[name]} (real binary)"] = (real_suite, REAL[name])
        else:
            suites[f"bpy {name}"] = (bpy_suite, name)

    def timed(item: tuple[str, tuple]) -> tuple[str, tuple[bool, str, float]]:
        name, (function, version) = item
        start = time.monotonic()
        print(f"start {name}", flush=True)
        ok, detail = function(version)
        print(f"{'PASS' if ok else 'FAIL'}  {name:28s} {detail}", flush=True)
        return name, (ok, detail, time.monotonic() - start)

    # real binaries first: they take longest
    order = sorted(suites.items(), key=lambda item: "real" not in item[0])
    with ThreadPoolExecutor(max_workers=max(1, jobs)) as pool:
        finished = dict(pool.map(timed, order))
    print("\nBlender version matrix:")
    for name, (_ok, detail) in results.items():
        print(f"FAIL  {name:28s} {detail}")
    for name, (ok, detail, seconds) in finished.items():
        print(f"{'PASS' if ok else 'FAIL'}  {name:28s} {detail} ({seconds:.0f} s)")
    everything = [ok for ok, _ in results.values()] + [ok for ok, _, _ in finished.values()]
    print(f"matrix: {sum(everything)} passed, {len(everything) - sum(everything)} failed", flush=True)
    return 0 if all(everything) else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
