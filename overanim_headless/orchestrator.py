"""Runs a batch: starts worker processes (worker.py), hands each of them one file at a time,
replaces a worker that died or hung (only the file it had fails), and builds the report. bpy-free.

Workers run in their own session: Ctrl-C at the terminal reaches this process only, which stops
handing out files, stops the workers (a save cut short leaves its target as it was, see saving.py),
and reports what was done. Killed outright, this process takes its workers with it on Linux."""

from __future__ import annotations

import contextlib
import json
import os
import selectors
import signal
import subprocess
import sys
import tempfile
import threading
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any

from . import cache, report
from .files import Identity, Leftover, clean_leftover, identity, leftovers_of

POLL_S = 0.2  # how often the loop looks at deadlines and signals while waiting for workers
EXIT_GRACE_S = 10.0  # how long a worker asked to exit gets before it is killed (at most --timeout)
STARTUP_ATTEMPTS = 3  # workers that die before they are ready, in a row, before the run gives up
STARTUP_S = 120.0  # how long a worker may take to become ready (a busy farm machine, a slow share)
# a worker's program: the package imported from this checkout, wherever the worker's Python looks
WORKER = (f"import sys; sys.path.insert(0, {str(Path(__file__).resolve().parents[1])!r}); "
          "from overanim_headless.worker import main; sys.exit(main())")
PARENT_ENV = "OVERANIM_BATCH_PARENT"  # this process's id, for a worker to follow it (worker.die_with_the_orchestrator)


@dataclass
class Task:
    index: int
    source: Path  # the file a worker opens: the one behind a symlink (files.real_file)
    rel: str  # the path in the report: relative to the root
    target: Path | None  # where the result is saved (the source, an output file, or nowhere)
    before: Identity | None = None  # the target's identity when the task was handed out
    hashed: cache.Hashed | None = None  # the source's content hash (cache.py), taken while the workers start
    key: str | None = None  # its cache key, once the workers said their versions


@dataclass
class Options:
    jobs: int = 1
    timeout: float = 600.0
    steps: tuple[str, ...] = ()
    all_armatures: bool = False
    settings: dict[str, Any] | None = None
    backup: bool = False
    max_files_per_worker: int = 0  # 0: a worker handles files until the run ends


def worker_command(blender: str | None) -> list[str]:
    """A worker is ``blender --background ... --python-expr WORKER`` when there is a Blender binary
    (the batch was started from Blender, or --blender), else this Python, which has the bpy module
    (-P: the working directory, the library's folder perhaps, is not searched for modules)."""
    if blender:
        return [blender, "--background", "--factory-startup", "--disable-autoexec", "--python-exit-code", "1",
                "--python-expr", WORKER]
    return [sys.executable, "-P", "-c", WORKER]


class Worker:
    def __init__(self, command: list[str], log: IO[bytes], timeout: float) -> None:
        self.log = log
        self.proc = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=log,
                                     env={**os.environ, "PWD": os.getcwd(), PARENT_ENV: str(os.getpid())},
                                     start_new_session=True)
        self.buffer = b""
        self.ready = False
        self.task: Task | None = None
        self.phase = "starting"
        self.started = time.monotonic()
        self.deadline: float | None = self.started + timeout
        self.handled = 0

    def fileno(self) -> int:
        assert self.proc.stdout is not None
        return self.proc.stdout.fileno()

    def send(self, message: dict[str, Any]) -> bool:
        assert self.proc.stdin is not None
        try:
            self.proc.stdin.write((json.dumps(message) + "\n").encode())
            self.proc.stdin.flush()
        except OSError:  # it died: the read side will see the end of its output
            return False
        return True

    def messages(self) -> list[dict[str, Any]] | None:
        """What arrived, or None when the worker's output ended (it exited or died)."""
        data = os.read(self.fileno(), 1 << 16)
        if not data:
            return None
        self.buffer += data
        *lines, self.buffer = self.buffer.split(b"\n")
        out = []
        for line in lines:
            try:
                out.append(json.loads(line))
            except ValueError:
                continue
        return out

    def stop(self) -> None:
        """Kill it (and anything it started) at once."""
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(self.proc.pid, signal.SIGKILL)
        self.proc.wait()

    def ask_to_exit(self, grace: float) -> None:
        assert self.proc.stdin is not None
        with contextlib.suppress(OSError):
            self.proc.stdin.close()
        self.deadline = time.monotonic() + grace

    def how_it_ended(self) -> str:
        try:
            code = self.proc.wait(timeout=5)
        except subprocess.TimeoutExpired:
            self.stop()
            code = self.proc.returncode
        if code < 0:
            try:
                return f"killed by signal {signal.Signals(-code).name}"
            except ValueError:
                return f"killed by signal {-code}"
        return f"exit code {code}"

    def log_tail(self, lines: int = 6) -> list[str]:
        self.log.flush()
        self.log.seek(0)
        text = self.log.read().decode("utf-8", "replace")
        self.log.seek(0, os.SEEK_END)
        return [line.rstrip() for line in text.splitlines() if line.strip()][-lines:]


class EarlyWorkers:
    """Workers started before the run is planned: a worker's start (bpy's import, the add-on's
    registration) takes longer than listing a library, so it happens while the files are listed.
    Handed to the Run, or stopped when the plan is refused."""

    def __init__(self, command: list[str], count: int) -> None:
        self.logs = tempfile.TemporaryDirectory(prefix="overanim-batch-logs-")
        self.workers = [Worker(command, open(Path(self.logs.name) / f"worker-early-{n}.log", "w+b"), STARTUP_S)  # noqa: SIM115
                        for n in range(count)]

    def stop(self) -> None:
        for worker in self.workers:
            worker.stop()
            worker.log.close()
        self.logs.cleanup()


@dataclass
class Run:
    """One batch run over ``tasks``; ``execute`` returns the finished report."""

    tasks: list[Task]
    root: Path
    command: list[str]
    options: Options
    progress: Callable[[str], None] = lambda line: print(line, file=sys.stderr, flush=True)
    leftovers: list[Leftover] = field(default_factory=list)
    missing: list[tuple[Task, str]] = field(default_factory=list)  # named, no file to open: why
    stop_signal: int = 0
    early: EarlyWorkers | None = None  # started while the files were listed (their logs go with them)
    previous: dict[str, dict[str, Any]] | None = None  # --incremental: the previous report's entries by path
    previous_path: Path | None = None

    def __post_init__(self) -> None:
        self.report = report.new_report(self.root, jobs=self.options.jobs, steps=self.options.steps)
        self.report["leftovers"] = [{"path": str(x.path), "bytes": x.bytes, "removed": x.removed, "why": x.why}
                                    for x in self.leftovers]
        self.pending = deque(self._in_order(self.tasks))
        self.workers: list[Worker] = list(self.early.workers) if self.early else []
        self.leaving: list[Worker] = []
        self.startup_failures = 0
        self.done = 0
        self.logs = self.early.logs if self.early else tempfile.TemporaryDirectory(prefix="overanim-batch-logs-")
        self.exit_grace = min(EXIT_GRACE_S, self.options.timeout)
        self.cache = cache.RunCache[Task](self.root, self.previous, self.previous_path)
        if self.previous is not None:
            self.report["previous"] = str(self.previous_path)

    def _in_order(self, tasks: list[Task]) -> list[Task]:
        """Path order for one worker; for several, the largest files first (longer clips, heavier
        meshes take longer), so no worker ends the run alone on a long file handed out last."""
        if self.options.jobs == 1:
            return tasks
        return sorted(tasks, key=lambda t: -(t.hashed.identity[2] if t.hashed and t.hashed.identity else 0))

    # -- results ------------------------------------------------------------------------------
    def _record(self, task: Task, status: str, error: str = "", saved_to: str = "", notes: list[str] | None = None,
                armatures: list[Any] | None = None, duration: float = 0.0, key: str | None = None) -> None:
        entry = report.file_entry(task.rel, status, error=error, duration_s=duration, saved_to=saved_to,
                                  notes=notes or [], armatures=armatures or [], key=key)
        self.report["files"].append(entry)
        self.done += 1
        words = {report.OK: "ok", report.UNREADABLE: "could not be opened", report.TIMEOUT: "timed out"}
        detail = f": {error.removeprefix('could not open: ')}" if error else ""
        total = len(self.tasks) + len(self.missing) - len(self.cache.reused)
        self.progress(f"[{self.done}/{total}] {task.rel} {words.get(status, status)} "
                      f"{duration:.1f} s{detail}")

    def _cut_short(self, worker: Worker, status: str, why: str) -> None:
        """The worker was lost with ``worker.task`` in hand: report that file, tidy its save."""
        task = worker.task
        assert task is not None
        notes, saved_to = [], ""
        if worker.phase == "saving" and task.target is not None:
            for leftover in leftovers_of([task.target]):
                cleaned = clean_leftover(leftover)
                if cleaned.removed:
                    notes.append(f"removed {cleaned.path.name}, the unfinished save")
            if identity(task.target) != task.before:
                saved_to = str(task.target)
                notes.append("the save had completed: the file holds the new results")
            else:
                notes.append("not saved: the file is as it was")
        tail = worker.log_tail()
        if tail and status == report.CRASHED:
            notes.append("the worker's last output: " + " | ".join(tail))
        self._record(task, status, why, saved_to, notes, duration=time.monotonic() - worker.started)
        worker.task = None

    # -- workers ------------------------------------------------------------------------------
    def _start_worker(self, selector: selectors.BaseSelector) -> None:
        log = open(Path(self.logs.name) / f"worker-{len(self.workers) + self.done}-{time.monotonic_ns()}.log", "w+b")  # noqa: SIM115
        worker = Worker(self.command, log, STARTUP_S)
        self.workers.append(worker)
        selector.register(worker.fileno(), selectors.EVENT_READ, worker)

    def _forget(self, worker: Worker, selector: selectors.BaseSelector) -> None:
        selector.unregister(worker.fileno())
        self.workers.remove(worker)

    def _lost(self, worker: Worker, selector: selectors.BaseSelector) -> None:
        """Its output ended: it exited or died."""
        self._forget(worker, selector)
        how = worker.how_it_ended()
        if worker.task is not None:
            where = "while saving" if worker.phase == "saving" else "while working on this file"
            self._cut_short(worker, report.CRASHED, f"the worker process died ({how}) {where}")
        if not worker.ready:
            self._startup_failed(worker, how)
        worker.log.close()

    def _hand_out(self, worker: Worker) -> None:
        task = self.pending.popleft()
        task.before = identity(task.target)
        worker.task, worker.phase = task, "working"
        worker.started = time.monotonic()
        worker.deadline = worker.started + self.options.timeout
        worker.send({"id": task.index, "path": str(task.source),
                     "target": str(task.target) if task.target else None, "backup": self.options.backup,
                     "steps": list(self.options.steps), "all_armatures": self.options.all_armatures,
                     "settings": self.options.settings})

    def _receive(self, worker: Worker, message: dict[str, Any], selector: selectors.BaseSelector) -> None:
        if "ready" in message:
            worker.ready, worker.phase, worker.deadline = True, "idle", None
            self.startup_failures = 0
            for key in ("blender_version", "addon_version"):
                self.report[key] = self.report[key] or message["ready"].get(key)
            if self.cache.run_key is None:  # every task's key; --incremental: what is reused
                self.cache.key(self.tasks, {**self.report, **message["ready"]}, self.options)
                self.pending = deque(self.cache.take(self.pending, self.progress))
            return
        task = worker.task
        if task is None or message.get("id") != task.index:
            return
        if "phase" in message:
            worker.phase = message["phase"]
            return
        entry = message["entry"]
        notes = entry.get("notes", [])
        kept = self.cache.kept_key(task, entry)
        if task.target is None and cache.changed_since(task.source, task.hashed):
            notes.append("the file changed on disk while the batch worked on it: this result is not kept for "
                         "--incremental")
        self._record(task, entry["status"], entry.get("error", ""), entry.get("saved_to", ""),
                     notes, entry.get("armatures", []), time.monotonic() - worker.started, kept)
        worker.task, worker.phase, worker.deadline = None, "idle", None
        worker.handled += 1
        if self.options.max_files_per_worker and worker.handled >= self.options.max_files_per_worker:
            self._forget(worker, selector)
            worker.ask_to_exit(self.exit_grace)
            self.leaving.append(worker)

    def _wanted_workers(self) -> int:
        outstanding = len(self.pending) + sum(1 for w in self.workers if w.task is not None)
        return min(self.options.jobs, outstanding)

    def _on_signal(self, signum: int, frame: Any) -> None:
        self.stop_signal = signum

    def _tidy_leaving(self, wait: bool = False) -> None:
        """Reap the workers asked to exit; kill those past their grace: stuck at exit (a bpy exit
        hang), they have nothing left to do. ``wait``: the run is over, wait for each of them."""
        for worker in list(self.leaving):
            remaining = (worker.deadline or 0.0) - time.monotonic()
            if wait:
                try:
                    worker.proc.wait(timeout=max(0.0, remaining))
                except subprocess.TimeoutExpired:
                    worker.stop()
            elif worker.proc.poll() is None:
                if remaining > 0:
                    continue
                worker.stop()
            worker.log.close()
            self.leaving.remove(worker)

    def _startup_failed(self, worker: Worker, how: str) -> None:
        self.startup_failures += 1
        if self.startup_failures >= STARTUP_ATTEMPTS:
            tail = " | ".join(worker.log_tail())
            self.report["error"] = f"could not start a worker ({how}): {tail or 'no output'}"

    def execute(self) -> dict[str, Any]:
        started = time.monotonic()
        for task, why in self.missing:
            self._record(task, report.UNREADABLE, f"could not open: {why}")
        handlers = {}
        if threading.current_thread() is threading.main_thread():
            for signum in (signal.SIGINT, signal.SIGTERM):
                handlers[signum] = signal.signal(signum, self._on_signal)
        selector = selectors.DefaultSelector()
        for worker in self.workers:  # the early ones
            selector.register(worker.fileno(), selectors.EVENT_READ, worker)
        try:
            self._loop(selector)
            while not self.stop_signal and not self.report.get("error") and self.cache.changed(self.pending):
                self._loop(selector)  # files reused but changed on disk meanwhile run after all
        finally:
            for worker in list(self.workers):
                self._forget(worker, selector)
                if worker.task is not None:
                    worker.stop()
                    self._cut_short(worker, report.INTERRUPTED, "the run was interrupted before this file was finished")
                elif worker.proc.poll() is None:
                    worker.ask_to_exit(self.exit_grace)
                self.leaving.append(worker)
            self._tidy_leaving(wait=True)
            for signum, handler in handlers.items():  # None: a handler installed from C (Blender's)
                signal.signal(signum, signal.SIG_DFL if handler is None else handler)
            self.logs.cleanup()
        self.report["interrupted"] = bool(self.stop_signal)
        self.report["files"] += self.cache.reused_entries(self.pending)  # a changed one goes to pending
        self.report["not_run"] = [task.rel for task in self.pending]
        return report.finish(self.report, time.monotonic() - started)

    def _loop(self, selector: selectors.BaseSelector) -> None:
        while (self.pending or any(w.task for w in self.workers)) and not self.stop_signal:
            if self.report.get("error"):
                return
            while len(self.workers) < self._wanted_workers():
                self._start_worker(selector)
            for worker in self.workers:
                if worker.ready and worker.task is None and self.pending:
                    self._hand_out(worker)
            for key, _ in selector.select(POLL_S):
                worker = key.data
                if worker not in self.workers:
                    continue
                messages = worker.messages()
                if messages is None:
                    self._lost(worker, selector)
                    continue
                for message in messages:
                    self._receive(worker, message, selector)
            now = time.monotonic()
            for worker in list(self.workers):
                if worker.deadline is not None and now > worker.deadline:
                    self._forget(worker, selector)
                    worker.stop()
                    if worker.task is not None:
                        self._cut_short(worker, report.TIMEOUT, f"did not finish within {self.options.timeout:g} s "
                                        "(--timeout): its worker was stopped")
                    else:
                        self._startup_failed(worker, f"not ready within {STARTUP_S:g} s")
                    worker.log.close()
            self._tidy_leaving()
