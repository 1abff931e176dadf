"""The add-on as users get it: the zip built by Blender's extension tool, installed and enabled."""

import json
import os
import shutil
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path

import pytest

from ..helpers import script_command

ROOT = Path(__file__).resolve().parents[3]
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


def installed(result):
    lines = [line for line in result.stdout.splitlines() if line.startswith("RESULT ")]
    assert lines, result.stdout[-3000:] + result.stderr[-3000:]
    return json.loads(lines[-1][len("RESULT "):])


def assert_installed_and_working(out):
    assert out["preferences_default"] == 180.0
    assert out["sample"] == ["FINISHED"] and out["sample_reference_height"] == 170.0  # the studio default
    assert out["measure"] == ["FINISHED"] and out["height"] == pytest.approx(180.0, abs=0.01)
    assert out["scale"] == pytest.approx(180.0 / 170.0, rel=1e-4)
    assert out["paint"] == ["FINISHED"]
    assert out["disabled"] and out["removed"]


def test_install_enable_use_disable_remove(extension_zip):
    user = tempfile.mkdtemp(prefix="overanim-install-")
    result = subprocess.run(script_command(ROOT / "tests/install_check.py", extension_zip),
                            capture_output=True, text=True, timeout=300, check=False,
                            env={**os.environ, "BLENDER_USER_RESOURCES": user, "PYTHONDONTWRITEBYTECODE": "1"})
    out = installed(result)
    assert out["enabled"] and user in out["module_file"]
    assert_installed_and_working(out)


@pytest.fixture
def zip_in_checkout(extension_zip):
    """The zip inside the checkout, which the real-blender tool mounts into its chroot."""
    folder = ROOT / "out" / "extension-test"
    folder.mkdir(parents=True, exist_ok=True)
    target = folder / extension_zip.name
    shutil.copy(extension_zip, target)
    yield target
    shutil.rmtree(folder, ignore_errors=True)


@pytest.mark.real_blender
def test_the_zip_installs_enables_and_works_in_a_real_blender(zip_in_checkout, real_binary):
    user = f"/tmp/overanim-install-{os.getpid()}"  # in the chroot
    out = installed(real_binary.run_script("tests/install_check.py", zip_in_checkout, timeout=300,
                                           blender_env=f"BLENDER_USER_RESOURCES={user}"))
    assert out["version"].startswith(real_binary.version)
    assert out["enabled"] and out["module_file"].startswith(user)
    assert_installed_and_working(out)


@pytest.mark.real_blender
def test_the_package_folder_linked_into_the_extensions_folder_is_the_extension(real_binary):
    """The README's development install: overanim_addon/ (its manifest inside) linked into a user
    extensions repository, found and enabled by a real Blender."""
    user = f"/tmp/overanim-linked-{os.getpid()}"
    out = installed(real_binary.run_script("tests/install_check.py", "--linked", ROOT / "overanim_addon",
                                           timeout=300, blender_env=f"BLENDER_USER_RESOURCES={user}"))
    assert out["version"].startswith(real_binary.version)
    assert out["enabled"] and out["module_file"] == f"{user}/extensions/user_default/overanim/__init__.py"
    assert_installed_and_working(out)
