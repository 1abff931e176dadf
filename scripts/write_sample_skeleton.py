"""Write ``overanim_addon/blender/sample/skeleton.blend``, the sample's skeleton that + Sample appends
(``sample/skeleton.py`` says why it is a file). Run it with the oldest Blender the add-on supports (the
manifest's ``blender_version_min``): a file Blender writes opens in that version and later ones only.

    /root/.cache/overanim/venvs/bpy-4.2/bin/python scripts/write_sample_skeleton.py   # the bpy 4.2 module
    blender-4.2 -b --factory-startup --python scripts/write_sample_skeleton.py

The bones come from ``sample/skeleton.py``'s ``BONES`` through ``make_skeletons`` (Edit Mode);
tests/blender/sample/test_skeleton_file.py makes them again and compares them with the file.
"""

from __future__ import annotations

import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


def main() -> int:
    import bpy

    from overanim_addon.blender.sample.skeleton import SKELETON_FILE, make_skeletons

    manifest = tomllib.loads((ROOT / "overanim_addon" / "blender_manifest.toml").read_text())
    oldest = tuple(int(part) for part in manifest["blender_version_min"].split(".")[:2])
    if tuple(bpy.app.version[:2]) != oldest:
        print(f"Blender {bpy.app.version_string} would write a file that Blender {oldest[0]}.{oldest[1]} (the "
              "add-on's oldest) may not open: run this with that version", file=sys.stderr)
        return 1
    bpy.ops.wm.read_homefile(use_empty=True)
    skeletons = make_skeletons(bpy.context)
    bpy.data.libraries.write(str(SKELETON_FILE), set(skeletons), fake_user=True, compress=True)
    print(f"wrote {SKELETON_FILE.relative_to(ROOT)} ({SKELETON_FILE.stat().st_size:,} bytes) with Blender "
          f"{bpy.app.version_string}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
