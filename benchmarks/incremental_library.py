"""A library of thousands of .blend files for benchmark_incremental.py, built once inside bpy: a few
seed files (the sample character, 20 of them with their Region deltas, and the studio library's real
characters and clips, benchmarks/studio_library.py) and copies of them. Each copy is the seed opened
once and saved again with one custom property of its own on the scene (``OverAnim_LibraryCopy``: its
index), so every file's bytes, and so its content hash, differ from every other's, as distinct files
in a studio's library do, while its work stays the seed's (the batch reads no scene property).

    .venv/bin/python benchmarks/incremental_library.py OUT [--files 2000] [--studio-share 0.15]
    .venv/bin/python benchmarks/incremental_library.py --change FILE

``--change`` makes the one change the re-check benchmark and the incremental tests make to a file of
the library (``change_one``), and saves it.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # the checkout

COPY_PROPERTY = "OverAnim_LibraryCopy"
SAMPLE_SEEDS = 20


def _seed_samples(folder: Path) -> list[Path]:
    import bpy

    from overanim_addon.blender.sample.build import add_sample_deltas, build_sample_character

    seeds = []
    folder.mkdir(parents=True, exist_ok=True)
    for index in range(SAMPLE_SEEDS):
        bpy.ops.wm.read_homefile(use_empty=True)
        add_sample_deltas(build_sample_character(bpy.context, f"SK_Rig{index:03d}"))
        seeds.append(folder / f"rig_{index:03d}.blend")
        bpy.ops.wm.save_as_mainfile(filepath=str(seeds[-1]))
    return seeds


def _copies(seed: Path, folder: Path, count: int, first: int) -> None:
    """``count`` copies of ``seed`` in ``folder``, each with its own index on the scene."""
    import bpy

    bpy.ops.wm.open_mainfile(filepath=str(seed), load_ui=False)
    folder.mkdir(parents=True, exist_ok=True)
    scene: Any = bpy.context.scene  # the file just opened has one
    for index in range(first, first + count):
        scene[COPY_PROPERTY] = index
        bpy.ops.wm.save_as_mainfile(filepath=str(folder / f"{seed.stem}_{index:05d}.blend"), copy=True)


def build(out: Path, files: int, studio_share: float) -> int:
    """Seeds under ``out/seeds`` (part of the library), copies beside them, ``files`` in all."""
    import bpy

    from benchmarks.studio_library import build as build_studio
    from overanim_headless.session import ensure_registered

    cleanup = ensure_registered()
    try:
        samples = _seed_samples((out / "seeds" / "samples").resolve())
        scratch = out.parent / f".{out.name}-scratch"
        scratch.mkdir(parents=True, exist_ok=True)
        (out / "seeds" / "studio").mkdir(parents=True, exist_ok=True)
        studio = build_studio((out / "seeds" / "studio").resolve(), scratch)
        seeds = [*samples, *studio]
        wanted = {s: 0 for s in seeds}
        studio_files = round((files - len(seeds)) * studio_share)
        for n in range(files - len(seeds)):
            group = studio if n < studio_files else samples
            wanted[group[n % len(group)]] += 1
        first = 0
        for seed, count in wanted.items():
            _copies(seed, out / "copies" / seed.stem, count, first)
            first += count
        bpy.ops.wm.read_homefile(use_empty=True)
    finally:
        cleanup()
    return sum(1 for _ in out.rglob("*.blend"))


def change_one(path: Path) -> None:
    """Open ``path`` (a sample's copy) in this process, make its Head Region require LOD coverage its
    LOD1 lacks (so its result changes), save, and leave an empty file open. The add-on is registered."""
    import bpy

    from overanim_addon.blender.shared.object_data import overanim

    bpy.ops.wm.open_mainfile(filepath=str(path))
    armature = next(o for o in bpy.data.objects if o.type == "ARMATURE")
    lod1 = next(o for o in bpy.data.objects if o.name.endswith("_LOD1"))
    for bone in ("neck_01", "head"):
        lod1.vertex_groups.remove(lod1.vertex_groups[bone])
    overanim(armature).regions["Head"].lod_policy = "REQUIRE_COVERAGE"
    bpy.ops.wm.save_mainfile()
    bpy.ops.wm.read_homefile(use_empty=True)


def main(args: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("out", type=Path, nargs="?")
    parser.add_argument("--files", type=int, default=2000)
    parser.add_argument("--studio-share", type=float, default=0.15, help="of the copies, the share of studio files")
    parser.add_argument("--change", type=Path, help="make change_one's change to this file instead")
    options = parser.parse_args(args)
    if options.change is not None:
        from overanim_headless.session import ensure_registered

        cleanup = ensure_registered()
        try:
            change_one(options.change.resolve())
        finally:
            cleanup()
        return 0
    if options.out is None:
        parser.error("name the folder to build the library in, or --change FILE")
    start = time.perf_counter()
    made = build(options.out.resolve(), options.files, options.studio_share)
    print(f"{made} .blend files in {options.out} ({time.perf_counter() - start:.0f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
