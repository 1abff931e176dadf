"""Build the extension zip with Blender's own extension tool (blender_ext.py from the bpy wheel).

    .venv/bin/python scripts/build_extension.py      # -> dist/overanim-<version>.zip

Stages overanim_addon/ (its manifest inside, no caches or .pyc) with the licence, validates
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
    """Blender's extension tool: from the bpy wheel, or from the scripts of the running Blender."""
    import importlib.util

    candidates: list[Path] = []
    if "bpy" in sys.modules:  # inside Blender (binary or module): ask it where its scripts are
        import bpy

        candidates += [Path(d) / "addons_core/bl_pkg/cli/blender_ext.py" for d in bpy.utils.script_paths()]
    spec = importlib.util.find_spec("bpy")
    if spec is not None and spec.origin is not None:
        candidates += sorted(Path(spec.origin).parent.glob("*/scripts/addons_core/bl_pkg/cli/blender_ext.py"))
    for candidate in candidates:
        if candidate.exists():
            return candidate
    sys.exit("blender_ext.py was not found: run `python3 tasks.py test` once to install the bpy wheel in .venv")


def build(output_dir: Path = ROOT / "dist") -> Path:
    manifest = tomllib.loads((ROOT / "overanim_addon/blender_manifest.toml").read_text())
    output_dir.mkdir(parents=True, exist_ok=True)
    zip_path = output_dir / f"{manifest['id']}-{manifest['version']}.zip"
    tool = blender_ext()
    with tempfile.TemporaryDirectory() as tmp:
        stage = Path(tmp) / manifest["id"]
        shutil.copytree(ROOT / "overanim_addon", stage,
                        ignore=shutil.ignore_patterns("__pycache__", "*.pyc", ".*"))
        shutil.copy(ROOT / "LICENSE", stage / "LICENSE")  # the GPL-3.0-or-later text the manifest names
        for args in (["validate", str(stage)],
                     ["build", "--source-dir", str(stage), "--output-filepath", str(zip_path)]):
            result = subprocess.run([sys.executable, str(tool), *args], capture_output=True, text=True, check=False)
            print(result.stdout.strip())
            if result.returncode != 0:
                sys.exit(f"blender_ext.py {args[0]} failed:\n{result.stderr.strip()}")
    return zip_path


if __name__ == "__main__":
    print(f"built {build()}")
