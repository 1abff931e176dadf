"""Run the whole test suite against several Blender versions and print a pass/fail line for each.

    python3 scripts/test_versions.py [4.2 4.5 5.0] [--no-real]

Each bpy version gets its own venv (.venv-bpy-<version>, created on first use); naming versions
runs only those. The suite also runs inside the real Blender 4.3 binary of
../shared/tools/real-blender/ where it is set up (root and its chroot), unless --no-real.
Exit code 0 only when every version passed.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
VERSIONS = {"4.2": "bpy==4.2.*", "4.5": "bpy==4.5.*", "5.0": "bpy==5.0.*"}
TEST_TOOLS = ["pytest==9.*", "hypothesis==6.*"]
RUN_SH = ROOT.parent / "shared/tools/real-blender/run.sh"


def bpy_suite(version: str) -> tuple[bool, str]:
    venv = ROOT / f".venv-bpy-{version}"
    python = venv / "bin/python"
    if not python.exists() and subprocess.call([sys.executable, "-m", "venv", str(venv)]) != 0:
        return False, "could not create the venv"
    install = subprocess.run([str(python), "-m", "pip", "install", "-q", "--disable-pip-version-check",
                              VERSIONS[version], *TEST_TOOLS], capture_output=True, text=True, check=False)
    if install.returncode != 0:
        return False, "install failed: " + install.stderr.strip().splitlines()[-1]
    result = subprocess.run([str(python), "-m", "pytest", "-q", "-p", "no:cacheprovider", "tests"], cwd=ROOT,
                            capture_output=True, text=True, check=False,
                            env={**os.environ, "PYTHONDONTWRITEBYTECODE": "1"})
    tail = result.stdout.strip().splitlines()[-1] if result.stdout.strip() else result.stderr[-300:]
    return result.returncode == 0, tail


REAL_ROOT = Path(os.environ.get("REAL_BLENDER_ROOT", "/var/tmp/real-blender-root"))


def real_blender_present() -> bool:
    return RUN_SH.exists() and (REAL_ROOT / "usr/bin/blender").exists() and os.geteuid() == 0


def real_blender_suite() -> tuple[bool, str]:
    code = ("import pytest, sys; "
            "sys.exit(pytest.main(['-q', '-p', 'no:cacheprovider', '-m', 'not real_blender', 'tests']))")
    # Blender reads BLENDER_USER_RESOURCES at start: hand it a throw-away folder through run.sh
    user = f"/tmp/overanim-blender-user-{os.getpid()}"
    result = subprocess.run(["bash", str(RUN_SH), "-b", "--factory-startup", "--python-exit-code", "1",
                             "--python-expr", code], cwd=ROOT, capture_output=True, text=True, check=False,
                            env={**os.environ, "BLENDER_ENV": f"BLENDER_USER_RESOURCES={user}"})
    lines = [line for line in result.stdout.splitlines() if " passed" in line or " failed" in line]
    return result.returncode == 0, lines[-1] if lines else (result.stdout + result.stderr)[-300:]


def main(args: list[str]) -> int:
    versions = [a for a in args if a in VERSIONS] or list(VERSIONS)
    results = {f"bpy {v}": bpy_suite(v) for v in versions}
    if "--no-real" not in args:
        if real_blender_present():
            results["blender 4.3 (real binary)"] = real_blender_suite()
        else:
            print("skip  blender 4.3 (real binary)    not set up: run setup.sh (as root) of the tool in "
                  f"../shared/tools/real-blender/ relative to the project, here {RUN_SH.parent}")
    for name, (ok, detail) in results.items():
        print(f"{'PASS' if ok else 'FAIL'}  {name:28s} {detail}")
    return 0 if all(ok for ok, _ in results.values()) else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
