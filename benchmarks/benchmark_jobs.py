"""What ``--jobs 2`` buys on the studio-like library (benchmarks/studio_library.py: 7 real characters
and clips, every step), and what bounds it, in one run (a benchmark, not a test):

  - ``--jobs 1`` (the baseline) and ``--jobs 2``, interleaved, ``--repeat`` times: wall time and the CPU
    time of every process of the run (the orchestrator and its workers: ``RUSAGE_CHILDREN``), so a
    machine shared with other work shows in the wall times but not in the CPU times;
  - from the ``--jobs 1`` report, each file's own time: the longest file's share of the whole bounds
    what any number of workers can do (the run waits for its longest file), and the order the files
    are handed out in decides how close two workers come (simulated: path order, largest first);
  - a worker's start (bpy, the add-on, an empty file's run), which each worker pays once.

    .venv/bin/python benchmarks/benchmark_jobs.py [--library DIR] [--repeat 3]

This process never imports bpy; the library is built by a child process unless --library names one.
"""

from __future__ import annotations

import argparse
import heapq
import json
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]  # the checkout
BATCH = ROOT / "scripts/overanim_batch.py"


def children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def run(paths: list[Path], report: Path, *extra: object) -> tuple[float, float, dict]:
    """Wall seconds, CPU seconds of the run's every process, the report."""
    cpu, start = children_cpu(), time.perf_counter()
    result = subprocess.run([sys.executable, str(BATCH), *map(str, paths), "--report", str(report),
                             *map(str, extra)], capture_output=True, text=True, check=False)
    wall = time.perf_counter() - start
    if result.returncode != 0:
        sys.exit(f"batch run failed ({result.returncode}):\n{result.stderr[-3000:]}")
    return wall, children_cpu() - cpu, json.loads(report.read_text())


def makespan(durations: list[float], workers: int, start: float) -> float:
    """When the last of ``durations`` ends, handed out in this order to the first free of ``workers``
    that each start after ``start`` seconds."""
    free = [start] * workers
    for duration in durations:
        heapq.heappush(free, heapq.heappop(free) + duration)
    return max(free)


def main(args: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--library", type=Path, help="the studio library, built before")
    parser.add_argument("--repeat", type=int, default=3)
    options = parser.parse_args(args)
    with tempfile.TemporaryDirectory(prefix="overanim-bench-jobs-") as tmp:
        scratch = Path(tmp)
        library = options.library
        if library is None:
            library = scratch / "library"
            library.mkdir()
            subprocess.run([sys.executable, str(ROOT / "benchmarks/benchmark_batch.py"), "--build-studio",
                            str(library)], check=True, capture_output=True)
        library = library.resolve()
        empty = scratch / "empty.blend"
        subprocess.run([sys.executable, "-c", "import bpy, sys; bpy.ops.wm.read_homefile(use_empty=True); "
                        "bpy.ops.wm.save_as_mainfile(filepath=sys.argv[-1])", str(empty)], check=True,
                       capture_output=True)
        runs: dict[str, list[tuple[float, float]]] = {"1": [], "2": [], "start": []}
        reports = {}
        for _ in range(options.repeat):
            for jobs in ("1", "2"):
                wall, cpu, reports[jobs] = run([library], scratch / f"j{jobs}.json", "--jobs", jobs)
                runs[jobs].append((wall, cpu))
            wall, cpu, _ = run([empty], scratch / "empty.json")
            runs["start"].append((wall, cpu))
    version = reports["1"]["blender_version"]

    def med(name: str, index: int) -> float:
        return statistics.median(r[index] for r in runs[name])

    speedups = sorted(a[0] / b[0] for a, b in zip(runs["1"], runs["2"], strict=True))
    durations = {f["path"]: f["duration_s"] for f in reports["1"]["files"]}
    total, longest = sum(durations.values()), max(durations.values())
    start = med("start", 0)
    by_path = [durations[p] for p in sorted(durations)]
    largest = [durations[f.relative_to(library).as_posix()]
               for f in sorted(library.rglob("*.blend"), key=lambda f: -f.stat().st_size)]
    one = start + total
    print(f"--jobs 2 on the studio library: {len(durations)} files, bpy {version}, medians of {options.repeat}")
    print(f"  --jobs 1 (baseline)   {med('1', 0):7.2f} s wall, {med('1', 1):7.2f} s CPU")
    print(f"  --jobs 2              {med('2', 0):7.2f} s wall, {med('2', 1):7.2f} s CPU")
    print(f"  --jobs 2 speed-up     {statistics.median(speedups):.2f}x ({speedups[0]:.2f}-{speedups[-1]:.2f}); "
          f"CPU of --jobs 2 / --jobs 1: {med('2', 1) / med('1', 1):.2f}x (the second worker's start)")
    print(f"  a worker's start (an empty file's run): {start:.2f} s wall, {med('start', 1):.2f} s CPU; "
          f"{start / med('1', 0):.2f}x of the --jobs 1 run")
    print(f"  the files' own times (--jobs 1): {total:.2f} s in all, the longest {longest:.2f} s "
          f"({longest / total:.0%}: {max(durations, key=durations.__getitem__)})")
    print(f"  best any 2 workers can do: {one / (start + max(longest, total / 2)):.2f}x; simulated from these "
          f"times: path order {one / makespan(by_path, 2, start):.2f}x, largest first "
          f"{one / makespan(largest, 2, start):.2f}x")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
