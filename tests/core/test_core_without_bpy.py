"""The core must import in a Python that has no bpy at all."""

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

PROBE = """
import builtins, sys
real_import = builtins.__import__
def guarded(name, *args, **kwargs):
    if name == "bpy" or name.startswith(("bpy.", "bmesh", "mathutils")):
        raise ImportError("bpy is not available here")
    return real_import(name, *args, **kwargs)
builtins.__import__ = guarded
import overanim_addon, overanim_addon.core
import overanim_addon.core.proportion, overanim_addon.core.naming, overanim_addon.core.measurement
import overanim_addon.core.motion
import overanim_addon.core.transfer
assert "bpy" not in sys.modules
print("ok")
"""


def test_core_imports_without_bpy():
    out = subprocess.run([sys.executable, "-c", PROBE], cwd=ROOT, capture_output=True, text=True, check=False)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "ok"
