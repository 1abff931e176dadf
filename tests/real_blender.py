"""Where the real Blender 4.3 tool lives and whether it runs here, for the tests marked real_blender.

The tool is ``../shared/tools/real-blender/`` relative to the project's folder (beside the checkout,
not inside it); its ``setup.sh`` builds a chroot with Blender once, as root.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
TOOL = ROOT.parent / "shared" / "tools" / "real-blender"
REAL_ROOT = Path(os.environ.get("REAL_BLENDER_ROOT", "/var/tmp/real-blender-root"))
RUN_SH = TOOL / "run.sh"
SHOT_SH = TOOL / "shot.sh"


def missing() -> str | None:
    """Why the real Blender cannot run here, or None when it can."""
    where = f"../shared/tools/real-blender/ relative to the project, here {TOOL}"
    if not RUN_SH.exists():
        return f"no real Blender: its tool is not where the project expects it ({where})"
    if not (REAL_ROOT / "usr/bin/blender").exists():
        return f"no real Blender: run setup.sh of the tool in {where} once, as root"
    if os.geteuid() != 0 or shutil.which("chroot") is None:
        return f"no real Blender: the tool in {where} runs Blender in a chroot and needs root"
    return None


def require() -> None:
    """Skip the calling test, saying why and where the tool lives, when the real Blender cannot run."""
    import bpy

    if bpy.app.binary_path:
        pytest.skip("already running inside a real Blender: this test starts one of its own")
    reason = missing()
    if reason:
        pytest.skip(reason)
