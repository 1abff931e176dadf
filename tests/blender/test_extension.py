"""The add-on as users get it: the zip built by Blender's extension tool, installed and enabled."""

import json
import os
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path

import pytest

from .helpers import script_command

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "scripts"))
from build_extension import build  # noqa: E402


@pytest.fixture(scope="module")
def extension_zip(tmp_path_factory):
    return build(tmp_path_factory.mktemp("dist"))


def test_zip_holds_the_package_and_manifest_only(extension_zip):
    names = zipfile.ZipFile(extension_zip).namelist()
    assert "blender_manifest.toml" in names and "__init__.py" in names and "core/calibration.py" in names
    assert "LICENSE" in names
    assert not [n for n in names if "__pycache__" in n or n.endswith(".pyc") or n.startswith("tests")]


def test_install_enable_use_disable_remove(extension_zip):
    user = tempfile.mkdtemp(prefix="overanim-install-")
    result = subprocess.run(script_command(ROOT / "tests/install_check.py", extension_zip),
                            capture_output=True, text=True, timeout=300, check=False,
                            env={**os.environ, "BLENDER_USER_RESOURCES": user, "PYTHONDONTWRITEBYTECODE": "1"})
    lines = [line for line in result.stdout.splitlines() if line.startswith("RESULT ")]
    assert lines, result.stdout[-3000:] + result.stderr[-3000:]
    out = json.loads(lines[-1][len("RESULT "):])
    assert out["enabled"] and user in out["module_file"]
    assert out["preferences_default"] == 180.0
    assert out["sample"] == ["FINISHED"] and out["sample_reference_height"] == 170.0  # the studio default
    assert out["measure"] == ["FINISHED"] and out["height"] == pytest.approx(180.0, abs=0.01)
    assert out["scale"] == pytest.approx(180.0 / 170.0, rel=1e-4)
    assert out["paint"] == ["FINISHED"]
    assert out["disabled"] and out["removed"]
