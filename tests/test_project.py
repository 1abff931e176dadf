"""The project around the add-on: the task runner's usage and the licence the manifest names."""

import subprocess
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def tasks(*args):
    return subprocess.run([sys.executable, "tasks.py", *args], cwd=ROOT, capture_output=True, text=True, timeout=60,
                          check=False)


def test_tasks_help_prints_usage_and_succeeds():
    for flag in ("--help", "-h"):
        result = tasks(flag)
        assert result.returncode == 0 and "python3 tasks.py test" in result.stdout, flag


def test_tasks_without_a_known_command_is_a_usage_error():
    for args in ((), ("bogus",)):
        result = tasks(*args)
        assert result.returncode == 2 and "python3 tasks.py demo" in result.stderr


def test_the_licence_file_is_the_gpl_3_the_manifest_names():
    manifest = tomllib.loads((ROOT / "overanim_addon/blender_manifest.toml").read_text())
    assert manifest["license"] == ["SPDX:GPL-3.0-or-later"]
    text = (ROOT / "LICENSE").read_text()
    assert text.lstrip().startswith("GNU GENERAL PUBLIC LICENSE\n                       Version 3, 29 June 2007")
    assert "END OF TERMS AND CONDITIONS" in text and "any later version" in text
    assert len(text.splitlines()) == 674  # the complete text, as the FSF publishes it
