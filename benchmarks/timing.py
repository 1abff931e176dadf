"""What the benchmarks share: the median and range of repeated runs, each run's ratio to a baseline
measured in the same run, and the frame-stepped session benchmark of Bake Foot IK and Analyze
Motion. bpy-free: the scripts pass in what to time."""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any


class Timing:
    """Median and range of repeated runs, in milliseconds."""

    def __init__(self, seconds: Sequence[float]):
        self.values = sorted(s * 1000.0 for s in seconds)
        self.median = statistics.median(self.values)

    def __str__(self) -> str:
        spread = f"{self.values[0]:.1f} to {self.values[-1]:.1f}" if len(self.values) > 1 else "one run"
        return f"{self.median:9.1f} ms  ({spread})"


def timed(fn: Callable[[], object], repeat: int) -> Timing:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return Timing(times)


def ratios(times: Sequence[float], base: Sequence[float]) -> list[float]:
    """Each run's time over the baseline of the same run, sorted."""
    return sorted(t / b for t, b in zip(times, base, strict=True))


def ratio(times: Sequence[float], base: Sequence[float]) -> str:
    """The median ratio to the baseline, with its range over the runs."""
    found = ratios(times, base)
    spread = f"{found[0]:.2f} to {found[-1]:.2f}" if len(found) > 1 else "one run"
    return f"{statistics.median(found):5.2f}x ({spread})"


@dataclass
class SessionRuns:
    """Seconds per run: stepping through the frames only (``base``), a session's whole own work
    (``own``), of that its set-up and its finish (``setup``, ``write``), and the operator (``ops``)."""

    base: list[float] = field(default_factory=list)
    own: list[float] = field(default_factory=list)
    setup: list[float] = field(default_factory=list)
    write: list[float] = field(default_factory=list)
    ops: list[float] = field(default_factory=list)
    session: Any = None  # the last session


def session_runs(step_frames: Callable[[], None], start: Callable[[], Any], operator: Callable[[], None],
                 repeat: int) -> SessionRuns:
    """Interleaved, so a busy moment hits every figure alike: the baseline (``step_frames``), a
    session made by ``start`` stepped to the end and finished, and the ``operator`` doing the same."""
    runs = SessionRuns()
    for _ in range(repeat):
        begin = time.perf_counter()
        step_frames()
        runs.base.append(time.perf_counter() - begin)

        begin = time.perf_counter()
        runs.session = start()
        ready = time.perf_counter()
        runs.session.step()
        sampled = time.perf_counter()
        runs.session.finish()
        done = time.perf_counter()
        runs.own.append(done - begin)
        runs.setup.append(ready - begin)
        runs.write.append(done - sampled)

        begin = time.perf_counter()
        operator()
        runs.ops.append(time.perf_counter() - begin)
    return runs


def target_line(runs: SessionRuns, target: float) -> str:
    met = statistics.median(ratios(runs.own, runs.base)) <= target
    return f"  target at most {target}x the baseline: {'met' if met else 'NOT met'}"
