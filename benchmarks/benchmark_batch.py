"""How much the batch's long-lived workers and --jobs buy, measured in one run (a benchmark, not a
test): a library of sample rigs, processed

  - one process per file: the batch started once per file (what a shell loop over files does);
  - one worker per file in one run (--max-files-per-worker 1): the cost of starting bpy each time;
  - one worker for all (the default), the baseline;
  - --jobs 2 against --jobs 1.

    .venv/bin/python benchmarks/benchmark_batch.py [--rigs 20] [--repeat 3]

Medians of --repeat runs; ratios against the baseline of the same run. This process never imports
bpy: the library is built by a child process, the runs are the batch's command line.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]  # the checkout
BATCH = ROOT / "scripts/overanim_batch.py"


def build(folder: Path, count: int) -> None:
    """The sample character with its Region deltas, saved ``count`` times under different names."""
    sys.path.insert(0, str(ROOT))
    import bpy

    from overanim_headless.session import ensure_registered

    cleanup = ensure_registered()
    try:
        from overanim_addon.blender.sample.build import add_sample_deltas, build_sample_character

        for index in range(count):
            bpy.ops.wm.read_homefile(use_empty=True)
            armature = build_sample_character(bpy.context, f"SK_Rig{index:03d}")
            add_sample_deltas(armature)
            bpy.ops.wm.save_as_mainfile(filepath=str(folder / f"rig_{index:03d}.blend"))
        bpy.ops.wm.read_homefile(use_empty=True)
    finally:
        cleanup()


def timed(commands: list[list[str]], repeat: int) -> list[float]:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        for command in commands:
            result = subprocess.run(command, capture_output=True, text=True, check=False)
            if result.returncode != 0:
                sys.exit(f"benchmark run failed ({result.returncode}): {' '.join(command)}\n{result.stderr[-2000:]}")
        times.append(time.perf_counter() - start)
    return times


def main(args: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rigs", type=int, default=20)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--build", metavar="FOLDER", help=argparse.SUPPRESS)
    options = parser.parse_args(args)
    if options.build:
        build(Path(options.build), options.rigs)
        return 0
    with tempfile.TemporaryDirectory(prefix="overanim-bench-batch-") as tmp:
        library, reports = Path(tmp) / "library", Path(tmp) / "reports"
        library.mkdir()
        subprocess.run([sys.executable, __file__, "--build", str(library), "--rigs", str(options.rigs)], check=True,
                       capture_output=True)
        files = sorted(library.glob("*.blend"))

        def batch(*extra: object, paths: list[Path] | tuple[Path, ...] = (library,)) -> list[str]:
            return [sys.executable, str(BATCH), *map(str, paths), "--report", str(reports / "r.json"), *map(str, extra)]

        runs = {
            "one process per file (the batch run once per file)": timed(
                [batch(paths=[f]) for f in files], options.repeat),
            "one worker per file in one run (--max-files-per-worker 1)": timed(
                [batch("--max-files-per-worker", 1)], options.repeat),
            "one worker for all files (default, --jobs 1): baseline": timed([batch()], options.repeat),
            "--jobs 2": timed([batch("--jobs", 2)], options.repeat),
        }
    baseline = statistics.median(runs["one worker for all files (default, --jobs 1): baseline"])
    print(f"{len(files)} sample rig{'s' * (len(files) != 1)} (checks, measure, paint, LOD coverage, compose), "
          f"medians of {options.repeat} run{'s' * (options.repeat != 1)}, Python {sys.version.split()[0]}")
    for name, times in runs.items():
        median = statistics.median(times)
        print(f"  {name:60s} {median:7.2f} s  ({min(times):.2f}-{max(times):.2f})  {median / baseline:5.2f}x the "
              f"baseline's time")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
