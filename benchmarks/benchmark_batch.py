"""How much the batch's long-lived workers and --jobs buy, measured in one run (a benchmark, not a
test): a library of sample rigs, processed

  - one process per file: the batch started once per file (what a shell loop over files does);
  - one worker per file in one run (--max-files-per-worker 1): the cost of starting bpy each time;
  - one worker for all (the default), the baseline;
  - --jobs 2 against --jobs 1;

then a library as a studio's looks (benchmarks/studio_library.py: the tests' real characters, each
with its clips, every step including Foot IK and Motion) with --jobs 1 and --jobs 2. For both
libraries: files per minute, and the time of --jobs 2 over that of --jobs 1.

    .venv/bin/python benchmarks/benchmark_batch.py [--rigs 20] [--repeat 3] [--studio-repeat 1]

Medians of --repeat runs; ratios against the baseline of the same run. This process never imports
bpy: the libraries are built by a child process, the runs are the batch's command line.
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


def build_studio(folder: Path) -> None:
    sys.path.insert(0, str(ROOT))
    from benchmarks.studio_library import build as build_library

    scratch = folder.parent / "scratch"
    scratch.mkdir()
    build_library(folder, scratch)


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


def throughput(name: str, files: int, one: list[float], two: list[float]) -> str:
    jobs1, jobs2 = statistics.median(one), statistics.median(two)
    return (f"  {name}: {files} files, {files / jobs1 * 60:6.1f} files/min with --jobs 1 ({jobs1:.2f} s), "
            f"{files / jobs2 * 60:6.1f} with --jobs 2 ({jobs2:.2f} s): --jobs 2 takes {jobs2 / jobs1:.2f}x the time")


def studio(tmp: Path, repeat: int) -> tuple[int, list[float], list[float]]:
    library, reports = tmp / "studio" / "library", tmp / "studio" / "reports"
    library.mkdir(parents=True)
    reports.mkdir()
    subprocess.run([sys.executable, __file__, "--build-studio", str(library)], check=True, capture_output=True)
    command = [sys.executable, str(BATCH), str(library), "--report", str(reports / "r.json")]
    return len(list(library.glob("*.blend"))), timed([command], repeat), timed([[*command, "--jobs", "2"]], repeat)


def main(args: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rigs", type=int, default=20)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--studio-repeat", type=int, default=1, help="runs of the studio library (0: none)")
    parser.add_argument("--build", metavar="FOLDER", help=argparse.SUPPRESS)
    parser.add_argument("--build-studio", metavar="FOLDER", help=argparse.SUPPRESS)
    options = parser.parse_args(args)
    if options.build:
        build(Path(options.build), options.rigs)
        return 0
    if options.build_studio:
        build_studio(Path(options.build_studio))
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
        studio_runs = studio(Path(tmp), options.studio_repeat) if options.studio_repeat else None
    baseline = statistics.median(runs["one worker for all files (default, --jobs 1): baseline"])
    print(f"{len(files)} sample rig{'s' * (len(files) != 1)} (checks, measure, paint, LOD coverage, compose), "
          f"medians of {options.repeat} run{'s' * (options.repeat != 1)}, Python {sys.version.split()[0]}")
    for name, times in runs.items():
        median = statistics.median(times)
        print(f"  {name:60s} {median:7.2f} s  ({min(times):.2f}-{max(times):.2f})  {median / baseline:5.2f}x the "
              f"baseline's time")
    print(f"Throughput (medians; the studio library: {options.studio_repeat} run{'s' * (options.studio_repeat != 1)}):")
    print(throughput("sample rigs", len(files), runs["one worker for all files (default, --jobs 1): baseline"],
                     runs["--jobs 2"]))
    name = "studio library (real characters, their clips, every step)"
    print(throughput(name, *studio_runs) if studio_runs else f"  {name}: not run (--studio-repeat 0)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
