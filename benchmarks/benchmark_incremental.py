"""How long a library takes to re-check after one file changed, with --incremental, against the full
run of the same library, in one run (a benchmark, not a test):

  1. the full run (``--jobs N``): the baseline, and the report the re-checks take results from;
  2. one file changed (a sample copy's Head Region made to require LOD coverage its LOD1 lacks, so its
     result changes), then ``--incremental --previous <full report>`` (``--repeat`` times);
  3. nothing changed since the re-check: ``--incremental`` against its own report;
  4. hashing every file alone (what every run adds to find the changed ones), in this process.

Checks that the re-check's report is the full run's but for the changed file and the reuse marks, and
that the changed file's entry is what a run of that file alone gives (``--verify-full``: a second
full run after the change, compared whole). The changed file is restored at the end.

    .venv/bin/python benchmarks/benchmark_incremental.py [--library DIR | --files 2000] [--jobs 2] [--repeat 3]

The library (benchmarks/incremental_library.py) is built into a temporary folder unless ``--library``
names one built before. This process never imports bpy.
"""

from __future__ import annotations

import argparse
import json
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]  # the checkout
sys.path.insert(0, str(ROOT))
from overanim_headless import cache  # noqa: E402  (bpy-free)
from overanim_headless.files import select  # noqa: E402
from overanim_headless.report import without_reuse  # noqa: E402

BATCH = ROOT / "scripts/overanim_batch.py"
LIBRARY = ROOT / "benchmarks/incremental_library.py"  # builds the library, and makes the one change


def batch(library: Path, report: Path, *extra: object) -> tuple[float, dict]:
    start = time.perf_counter()
    result = subprocess.run([sys.executable, str(BATCH), str(library), "--report", str(report), *map(str, extra)],
                            capture_output=True, text=True, check=False)
    took = time.perf_counter() - start
    if result.returncode not in (0, 1):
        sys.exit(f"batch run failed ({result.returncode}):\n{result.stderr[-3000:]}")
    return took, json.loads(report.read_text())


def entries(report: dict) -> dict[str, dict]:
    return {f["path"]: f for f in without_reuse(report)["files"]}


def main(args: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--library", type=Path, help="a library built before (benchmarks/incremental_library.py)")
    parser.add_argument("--files", type=int, default=2000, help="files to build without --library")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--repeat", type=int, default=3, help="re-checks after the change")
    parser.add_argument("--verify-full", action="store_true", help="a second full run after the change, compared whole")
    options = parser.parse_args(args)
    with tempfile.TemporaryDirectory(prefix="overanim-bench-incremental-") as tmp:
        scratch = Path(tmp)
        library = options.library
        if library is None:
            library = scratch / "library"
            subprocess.run([sys.executable, str(LIBRARY), str(library),
                            "--files", str(options.files)], check=True, capture_output=True)
        library = library.resolve()
        files = select([library]).files
        start = time.perf_counter()
        cache.hash_files(files)
        hashing = time.perf_counter() - start
        size = sum(f.stat().st_size for f in files)
        jobs = ("--jobs", options.jobs)
        full_s, full = batch(library, scratch / "full.json", *jobs)
        changed = next(f for f in files if f.parent.name == "rig_007" or f.name.startswith("rig_007"))
        kept = scratch / "kept.blend"
        shutil.copy2(changed, kept)
        try:
            subprocess.run([sys.executable, str(LIBRARY), "--change", str(changed)], check=True, capture_output=True)
            rechecks = [batch(library, scratch / f"re{n}.json", *jobs, "--incremental", "--previous",
                              scratch / "full.json") for n in range(options.repeat)]
            again_s, again = batch(library, scratch / "again.json", *jobs, "--incremental", "--previous",
                                   scratch / "re0.json")
            rel = changed.relative_to(library).as_posix()
            _, alone = batch(changed, scratch / "alone.json", "--root", library)
            whole = batch(library, scratch / "whole.json", *jobs)[1] if options.verify_full else None
        finally:
            shutil.copy2(kept, changed)
    recheck = rechecks[0][1]
    before, after = entries(full), entries(recheck)
    differ = sorted(p for p in before.keys() | after.keys() if before.get(p) != after.get(p))
    same = differ == [rel] and after[rel] == entries(alone)[rel]
    times = [t for t, _ in rechecks]
    median = statistics.median(times)
    print(f"Incremental batch: {len(files)} files ({size / 1e6:.0f} MB) in {library}, --jobs {options.jobs}, "
          f"bpy {full['blender_version']}")
    print(f"  full run (baseline)                                {full_s:8.1f} s  1x")
    print(f"  --incremental after one file changed ({options.repeat} runs)      {median:8.1f} s  "
          f"({min(times):.1f}-{max(times):.1f})  {median / full_s:.4f}x the full run; "
          f"{recheck['summary']['reused']} reused, {len(files) - recheck['summary']['reused']} run")
    print(f"  --incremental with nothing changed                 {again_s:8.1f} s  {again_s / full_s:.4f}x; "
          f"{again['summary']['reused']} reused")
    print(f"  hashing every file (part of every run)             {hashing:8.2f} s  {hashing / full_s:.4f}x")
    print(f"  target: at most 60 s: {'met' if median <= 60 else 'NOT met'}")
    print(f"  the re-check's report is the full run's but for {rel}, which is a run of it alone's: "
          f"{'yes' if same else 'NO: ' + ', '.join(differ[:5])}")
    if whole is not None:
        print(f"  ... and a second full run's whole, but for timings and reuse: "
              f"{'yes' if without_reuse(whole) == without_reuse(recheck) else 'NO'}")
    return 0 if same else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
