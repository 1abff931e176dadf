"""Build the extension zip with Blender's own extension tool (blender_ext.py from the bpy wheel).

    .venv/bin/python scripts/build_extension.py      # -> dist/overanim-<version>.zip

Stages overanim_addon/ with blender_manifest.toml beside it (no tests, caches or .pyc), validates
the package, then builds it. Exit code 0 only when both steps succeeded.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import tempfile
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def blender_ext() -> Path:
    import importlib.util

    spec = importlib.util.find_spec("bpy")
    if spec is None or spec.origin is None:
        sys.exit("the bpy module is not installed: run `python3 tasks.py test` once to set up .venv")
    found = sorted(Path(spec.origin).parent.glob("*/scripts/addons_core/bl_pkg/cli/blender_ext.py"))
    if not found:
        sys.exit("blender_ext.py was not found inside the bpy wheel")
    return found[-1]


def build(output_dir: Path = ROOT / "dist") -> Path:
    manifest = tomllib.loads((ROOT / "blender_manifest.toml").read_text())
    output_dir.mkdir(parents=True, exist_ok=True)
    zip_path = output_dir / f"{manifest['id']}-{manifest['version']}.zip"
    tool = blender_ext()
    with tempfile.TemporaryDirectory() as tmp:
        stage = Path(tmp) / manifest["id"]
        shutil.copytree(ROOT / "overanim_addon", stage,
                        ignore=shutil.ignore_patterns("__pycache__", "*.pyc", ".*"))
        shutil.copy(ROOT / "blender_manifest.toml", stage / "blender_manifest.toml")
        for args in (["validate", str(stage)],
                     ["build", "--source-dir", str(stage), "--output-filepath", str(zip_path)]):
            result = subprocess.run([sys.executable, str(tool), *args], capture_output=True, text=True, check=False)
            print(result.stdout.strip())
            if result.returncode != 0:
                sys.exit(f"blender_ext.py {args[0]} failed:\n{result.stderr.strip()}")
    return zip_path


if __name__ == "__main__":
    print(f"built {build()}")
