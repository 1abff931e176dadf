"""The real Blender binaries of ``../shared/tools/real-blender/`` (4.3 and 5.2 LTS), for the tests
marked real_blender: whether each runs here, and how to start it headless (run.sh) or in a window
(shot.sh). Tests take the ``real_binary`` fixture (tests/blender/conftest.py), which runs them once
per version and skips, saying why, a version whose chroot is not set up.

The tool lives beside the checkout, not inside it; its ``setup.sh`` builds each chroot once, as root.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
from dataclasses import dataclass
from pathlib import Path

import pytest

import tasks

ROOT = Path(__file__).resolve().parents[2]
# beside the checkout; REAL_BLENDER_TOOL names it for a checkout kept elsewhere (a second clone)
TOOL = Path(os.environ.get("REAL_BLENDER_TOOL") or ROOT.parent / "shared" / "tools" / "real-blender")
RUN_SH = TOOL / "run.sh"
SHOT_SH = TOOL / "shot.sh"
VERSIONS = ("4.3", "5.2")


@dataclass(frozen=True)
class RealBlender:
    version: str  # "4.3" or "5.2", as the tool's REAL_BLENDER_VERSION names them

    @property
    def root(self) -> Path:
        return Path(tasks.real_blender_root(self.version))

    @property
    def version_tuple(self) -> tuple[int, int]:
        major, minor = self.version.split(".")
        return int(major), int(minor)

    def env(self, blender_env: str = "", **extra: str) -> dict[str, str]:
        """The tool's environment; ``blender_env`` (``NAME=value ...``) reaches Blender in the chroot."""
        env = {**os.environ, "REAL_BLENDER_VERSION": self.version, "REAL_BLENDER_ROOT": str(self.root), **extra}
        if blender_env:
            env["BLENDER_ENV"] = blender_env
        return env

    def tmp(self, name: str) -> Path:
        """A file in the chroot's /tmp, where windowed scripts leave their results."""
        return self.root / "tmp" / name

    def run(self, *args: str, timeout: int = 600, blender_env: str = "") -> subprocess.CompletedProcess:
        """``blender <args>`` headless in the chroot, in the checkout (mounted at the same path)."""
        return subprocess.run(["bash", str(RUN_SH), *map(str, args)], cwd=ROOT, capture_output=True, text=True,
                              timeout=timeout, check=False, env=self.env(blender_env))

    def run_script(self, script: str, *args: object, timeout: int = 600,
                   blender_env: str = "") -> subprocess.CompletedProcess:
        return self.run("-b", "--factory-startup", "--python-exit-code", "1", "--python", script, "--",
                        *map(str, args), timeout=timeout, blender_env=blender_env)

    def shot(self, png: Path, script: Path, delay: float | None = None, timeout: int = 300,
             addon: Path = ROOT / "overanim_addon") -> subprocess.CompletedProcess:
        """A window with ``addon`` enabled, ``script`` run in it, then a screenshot to ``png``."""
        extra = {"SHOT_DELAY": str(delay)} if delay is not None else {}
        script = joined(script, png.with_suffix(".py"))
        return subprocess.run(["bash", str(SHOT_SH), str(addon), str(png), str(script)], capture_output=True,
                              text=True, timeout=timeout, check=False, env=self.env(**extra))

    def missing(self) -> str | None:
        """Why this Blender cannot run here, or None when it can."""
        where = f"../shared/tools/real-blender/ relative to the project, here {TOOL}"
        if not RUN_SH.exists():
            return f"no real Blender: its tool is not where the project expects it ({where})"
        if not (self.root / "usr/bin/blender").exists():
            return (f"no real Blender {self.version}: run `REAL_BLENDER_VERSION={self.version} setup.sh` of the tool "
                    f"in {where} once, as root")
        if os.geteuid() != 0 or shutil.which("chroot") is None:
            return f"no real Blender: the tool in {where} runs Blender in a chroot and needs root"
        return None

    def require(self) -> None:
        """Skip the calling test, saying why, when this Blender cannot run (or we already run in one)."""
        import bpy

        if bpy.app.binary_path:
            pytest.skip("already running inside a real Blender: this test starts one of its own")
        reason = self.missing()
        if reason:
            pytest.skip(reason)


SHARED = re.compile(r"^from (\w+) import .*# put in front of this script by RealBlender\.shot$", re.MULTILINE)


def joined(script: Path, out: Path) -> Path:
    """``script`` with each module of this folder it imports so (``from x11_pointer import X11Pointer
    # put in front of this script by RealBlender.shot``) in place of that line, written to ``out``: shot.sh
    copies the one script into the chroot, so what several scripts share travels inside it."""
    text = script.read_text()
    if not SHARED.search(text):
        return script
    out.write_text(SHARED.sub(lambda m: (Path(__file__).parent / f"{m.group(1)}.py").read_text(), text))
    return out


def run_in_window(real_binary, script, json_name, tmp_path, seconds):
    """Run ``tests/<script>`` in a windowed real Blender (shot.sh, ``seconds`` before its screenshot
    and exit: the script works on timers) and return the JSON it wrote to /tmp/<json_name> in the
    chroot. Only an unfinished run is tried again, with twice the time: on a loaded machine the
    script's timers can still be running at the screenshot, and a shot someone else starts in the
    same chroot at the same moment can remove ours."""
    out_file = real_binary.tmp(json_name)
    for attempt in range(3):
        out_file.unlink(missing_ok=True)
        script_path = ROOT / "tests" / "real_blender" / script
        result = real_binary.shot(tmp_path / "shot.png", script_path, delay=seconds * 2**attempt)
        if out_file.exists():
            break
    assert out_file.exists(), result.stdout[-2000:] + result.stderr[-2000:]
    out = json.loads(out_file.read_text())
    assert "error" not in out, out.get("error")
    return out
