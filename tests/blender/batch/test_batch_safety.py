"""The batch when things go wrong: workers killed at every moment of a save, hung, stuck at exit,
unable to start; Ctrl-C; what an interrupted save left behind. Every target must stay as it was or
be a complete file that opens, and every report must validate."""

import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import bpy
import pytest

from ...batch_support import BATCH, ROOT, load_report, run_batch, script_command, snapshot, statuses
from ...safe_file_writers import other_programs_files
from ..helpers import custom_props

RIGS = ["rigs/hero.blend", "rigs/lod_error.blend", "rigs/sub/villain.blend"]
FAULT = "OVERANIM_BATCH_FAULT"


def rigs(library: Path) -> list:
    """The three rigs, reported relative to the library."""
    return [*(library / r for r in RIGS), "--root", library]


def assert_whole(library: Path, before: dict[str, bytes]) -> set[str]:
    """Every .blend is its old bytes or a complete file that opens with our results; nothing else
    (no temporary file) is left. Returns the files that changed."""
    after = snapshot(library)
    assert sorted(after) == sorted(before), "files appeared or vanished"
    changed = {path for path in after if after[path] != before[path]}
    for path in changed:
        bpy.ops.wm.open_mainfile(filepath=str(library / path))
        armatures = [o for o in bpy.data.objects if o.type == "ARMATURE"]
        assert armatures and "OverAnim_CharacterHeightCS" in custom_props(armatures[0]), path
    bpy.ops.wm.read_homefile(use_empty=True)
    return changed


@pytest.mark.parametrize("phase", ["steps", "save-start", "temp-written", "replaced"])
def test_a_worker_killed_at_any_moment_of_a_save_leaves_every_file_whole(addon, library, tmp_path, phase):
    before = snapshot(library)
    result = run_batch(*rigs(library), "--save", "--report", tmp_path / "r.json",
                       env={FAULT: f"kill:{phase}:hero.blend"})
    assert result.returncode == 1, result.stderr
    report = load_report(tmp_path / "r.json")
    assert statuses(report) == {"rigs/hero.blend": "crashed", "rigs/lod_error.blend": "failed",
                                "rigs/sub/villain.blend": "ok"}  # the replacement worker carried on
    hero = report["files"][0]
    assert "the worker process died (killed by signal SIGKILL)" in hero["error"]
    changed = assert_whole(library, before)
    if phase == "replaced":  # killed after the rename, before it could report
        assert hero["saved_to"] == str(library / "rigs/hero.blend")
        assert "the save had completed: the file holds the new results" in hero["notes"]
        assert changed == {"rigs/hero.blend", "rigs/lod_error.blend", "rigs/sub/villain.blend"}
    else:
        assert "saved_to" not in hero and changed == {"rigs/lod_error.blend", "rigs/sub/villain.blend"}
    if phase == "temp-written":
        assert any(re.fullmatch(r"removed \.hero\.blend\.[0-9a-f]{8}\.overanim-save, the unfinished save", note)
                   for note in hero["notes"]), hero["notes"]


def _children(pid: int) -> list[int]:
    with open(f"/proc/{pid}/task/{pid}/children") as handle:
        return [int(child) for child in handle.read().split()]


@pytest.mark.skipif(not os.path.exists("/proc/self/task"), reason="finds the worker through Linux's /proc")
def test_a_worker_killed_while_blender_writes_leaves_every_file_whole(addon, library, tmp_path):
    """SIGKILL from outside while Blender is writing a 20 MB file (its ``@`` file exists). A busy
    machine can let the write finish before this process looks: up to three tries to catch it."""
    bpy.ops.wm.open_mainfile(filepath=str(library / "rigs/sub/villain.blend"))
    bpy.ops.mesh.primitive_grid_add(x_subdivisions=700, y_subdivisions=700)
    big = library / "rigs/big.blend"
    bpy.ops.wm.save_as_mainfile(filepath=str(big))
    bpy.ops.wm.read_homefile(use_empty=True)

    def writing() -> bool:  # Blender's "@" file of our temporary file
        return any(big.parent.glob(".big.blend.*.overanim-save@"))

    command = script_command(BATCH, big, library / "rigs/hero.blend", "--save", "--report", tmp_path / "r.json")
    for _attempt in range(3):
        before = snapshot(library)
        with subprocess.Popen(command, stderr=subprocess.PIPE, text=True) as batch:
            deadline = time.monotonic() + 120
            while not writing() and time.monotonic() < deadline and batch.poll() is None:
                time.sleep(0.0005)
            seen = writing()
            for worker in _children(batch.pid):
                os.kill(worker, signal.SIGKILL)
            _, err = batch.communicate(timeout=120)
        report = load_report(tmp_path / "r.json")
        changed = assert_whole(library, before)  # whatever the moment, every file is whole
        if seen and report["files"][0]["status"] == "crashed":
            break
    else:
        pytest.fail("the save was never caught in the middle of its write")
    assert batch.returncode == 1, err
    big_entry = report["files"][0]
    assert big_entry["error"].endswith("while saving") and "not saved: the file is as it was" in big_entry["notes"]
    assert report["files"][1]["status"] == "ok" and "rigs/big.blend" not in changed


def _gone(pid: int) -> bool:
    """Exited (a zombie counts: a container's init may never reap an orphan)."""
    try:
        with open(f"/proc/{pid}/stat") as handle:
            return handle.read().rsplit(")", 1)[1].split()[0] in "ZX"
    except FileNotFoundError:
        return True


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="workers follow their orchestrator with Linux's "
                    "parent-death signal")
def test_workers_do_not_outlive_a_killed_orchestrator(library, tmp_path):
    """A farm cancelling its task, or the OOM killer, SIGKILLs the orchestrator: its workers (in
    sessions of their own) must not go on working and saving files for a run that is gone, nor hang
    forever, as this one does on hero.blend."""
    before = snapshot(library)
    command = script_command(BATCH, *rigs(library), "--save", "--report", tmp_path / "r.json")
    env = {**os.environ, FAULT: "hang:steps:hero.blend"}
    with subprocess.Popen(command, stderr=subprocess.DEVNULL, env=env) as batch:
        deadline = time.monotonic() + 120
        while not (workers := _children(batch.pid)) and time.monotonic() < deadline:
            time.sleep(0.1)
        time.sleep(3)  # starting, or hanging on hero.blend: either way it must follow its orchestrator
        batch.kill()
    deadline = time.monotonic() + 30
    while not all(_gone(pid) for pid in workers) and time.monotonic() < deadline:
        time.sleep(0.1)
    alive = [pid for pid in workers if not _gone(pid)]
    for pid in alive:
        os.kill(pid, signal.SIGKILL)
    assert workers and not alive, "a worker outlived its orchestrator"
    assert snapshot(library) == before


def test_a_save_never_replaces_a_file_changed_since_it_was_opened(addon, library):
    """An artist saves a rig while a long batch works on it: the batch's save, from the older file,
    must not silently replace the artist's (nor bring back a file deleted meanwhile)."""
    from overanim_headless.files import identity
    from overanim_headless.saving import SaveError, save_blend

    villain = library / "rigs/sub/villain.blend"
    opened = identity(villain)
    bpy.ops.wm.open_mainfile(filepath=str(villain))
    artists = library / "artists-save.blend"
    artists.write_bytes((library / "rigs/hero.blend").read_bytes())
    os.replace(artists, villain)  # as Blender saves: a new file renamed over the old one
    before = snapshot(library)
    with pytest.raises(SaveError, match=r"not saved: villain\.blend changed while the batch worked on it"):
        save_blend(villain, unchanged_since=opened)
    villain.unlink()
    with pytest.raises(SaveError, match=r"not saved: villain\.blend changed while the batch worked on it"):
        save_blend(villain, unchanged_since=opened)
    assert not villain.exists()
    del before["rigs/sub/villain.blend"]
    assert snapshot(library) == before  # no temporary file left either
    save_blend(villain, unchanged_since=None)  # it was not there when opened, nor is it now: saved
    bpy.ops.wm.read_homefile(use_empty=True)
    assert identity(villain) is not None


def test_a_hung_file_times_out_and_the_run_goes_on(library, tmp_path):
    before = snapshot(library)
    result = run_batch(*rigs(library), "--save", "--timeout", "4", "--report", tmp_path / "r.json",
                       env={FAULT: "hang:open:hero.blend"})
    assert result.returncode == 1, result.stderr
    report = load_report(tmp_path / "r.json")
    hero = report["files"][0]
    assert hero["status"] == "timeout"
    assert hero["error"] == "did not finish within 4 s (--timeout): its worker was stopped"
    assert [f["status"] for f in report["files"][1:]] == ["failed", "ok"]
    assert "] rigs/hero.blend timed out" in result.stderr
    assert snapshot(library)["rigs/hero.blend"] == before["rigs/hero.blend"]


def test_a_worker_stuck_at_exit_is_stopped_and_the_run_exits(library, tmp_path):
    """bpy can hang at exit (classes registered, a file with Python drivers): every result is in,
    so after its grace (at most --timeout) the worker is killed and the batch exits."""
    result = run_batch(library / "rigs/sub/villain.blend", "--timeout", "3", "--report", tmp_path / "r.json",
                       env={FAULT: "hang:exit:"}, timeout=120)
    assert result.returncode == 0, result.stderr
    assert load_report(tmp_path / "r.json")["ok"]


def test_workers_that_cannot_start_end_the_run_with_exit_2(library, tmp_path):
    """Even with --exit-zero: that is a run that could not do its work, not a result of its files."""
    result = run_batch(*rigs(library), "--blender", "/bin/false", "--exit-zero", "--report", tmp_path / "r.json",
                       timeout=120)
    assert result.returncode == 2, result.stderr
    report = load_report(tmp_path / "r.json")
    assert report["error"].startswith("could not start a worker (exit code 1)")
    assert report["files"] == [] and report["not_run"] == RIGS and not report["ok"]
    assert "3 not run" in result.stderr


@pytest.mark.parametrize(("signum", "code"), [(signal.SIGINT, 130), (signal.SIGTERM, 143)])
def test_ctrl_c_stops_the_run_saves_nothing_more_and_writes_the_report(library, tmp_path, signum, code):
    """Ctrl-C while the second file is being worked on: the first is saved, the second is not, the
    third never starts; the report says so and the exit code is 128 + the signal."""
    before = snapshot(library)
    command = script_command(BATCH, *rigs(library), "--save", "--report", tmp_path / "r.json")
    env = {**os.environ, FAULT: "hang:steps:lod_error.blend"}
    with subprocess.Popen(command, stderr=subprocess.PIPE, text=True, env=env) as batch:
        assert batch.stderr is not None
        lines = []
        for line in batch.stderr:
            lines.append(line)
            if line.startswith("[1/3] rigs/hero.blend ok"):
                time.sleep(0.5)  # the second file is now in the worker's hands
                batch.send_signal(signum)
                break
        rest = batch.communicate(timeout=60)[1]
    assert batch.returncode == code, "".join(lines) + rest
    report = load_report(tmp_path / "r.json")
    assert report["interrupted"] and not report["ok"] and report["not_run"] == ["rigs/sub/villain.blend"]
    assert statuses(report) == {"rigs/hero.blend": "ok", "rigs/lod_error.blend": "interrupted"}
    assert report["files"][1]["error"] == "the run was interrupted before this file was finished"
    after = snapshot(library)
    assert [p for p in before if after[p] != before[p]] == ["rigs/hero.blend"]
    assert "1 interrupted; 1 not run" in rest


def test_leftovers_of_an_interrupted_save_are_reported_and_removed_next_run(library, tmp_path):
    rigs = library / "rigs"
    hero = (rigs / "hero.blend").read_bytes()
    (rigs / ".hero.blend.overanim-save@").write_bytes(hero[:1000])  # ours, cut mid-write
    (rigs / ".lod_error.blend.overanim-save").write_bytes(hero)  # ours, written but never renamed
    (rigs / "big.blend@").write_bytes(hero[: len(hero) // 2])  # Blender's own, incomplete
    (rigs / "keep.blend@").write_bytes(hero)  # Blender's own, complete: may be someone's only copy
    result = run_batch(rigs, "--report", tmp_path / "r.json")
    assert result.returncode == 1, result.stderr
    report = load_report(tmp_path / "r.json")
    leftovers = {Path(x["path"]).name: x for x in report["leftovers"]}
    assert {name: x["removed"] for name, x in leftovers.items()} == {
        ".hero.blend.overanim-save@": True, ".lod_error.blend.overanim-save": True, "big.blend@": True,
        "keep.blend@": False}
    assert leftovers["big.blend@"]["bytes"] == len(hero) // 2 and "incomplete" in leftovers["big.blend@"]["why"]
    assert "complete file" in leftovers["keep.blend@"]["why"]
    assert sorted(p.name for p in rigs.iterdir()) == ["hero.blend", "hero.blend1", "keep.blend@", "lod_error.blend",
                                                      "sub"]
    assert len(report["files"]) == 3 and "removed 3 leftover files of an interrupted save" in result.stderr
    # a file named on its own: its own leftovers are found beside it
    (rigs / ".hero.blend.overanim-save").write_bytes(hero)
    result = run_batch(rigs / "hero.blend", "--report", tmp_path / "r2.json")
    assert result.returncode == 0, result.stderr
    assert [Path(x["path"]).name for x in load_report(tmp_path / "r2.json")["leftovers"]] == [
        ".hero.blend.overanim-save"]
    assert not (rigs / ".hero.blend.overanim-save").exists()


EXPORT_KILLED = "\n".join([
    "import os, signal, sys",
    "from pathlib import Path",
    "from overanim_addon import safe_files",
    "safe_files.owned_sibling(Path(sys.argv[1])).write_bytes(b'half an export')",
    "os.kill(os.getpid(), signal.SIGKILL)",
])


def test_a_batch_save_removes_the_temporary_file_a_killed_export_left_beside_it(addon, library, tmp_path):
    """An export into the rig's folder was killed before its rename (issue 25): the batch's save of
    that rig, which checks the folder first as an export does, takes the leftover away."""
    folder = library / "rigs"
    killed = subprocess.run([sys.executable, "-c", EXPORT_KILLED, str(folder / "hero.fbx")], cwd=ROOT, check=False)
    assert killed.returncode == -9
    assert [p for p in folder.iterdir() if p.name.endswith(".tmp.fbx")]
    result = run_batch(folder / "hero.blend", "--save", "--steps", "measure", "--report", tmp_path / "r.json")
    assert result.returncode == 0, result.stderr
    assert statuses(load_report(tmp_path / "r.json")) == {"hero.blend": "ok"}
    assert not [p for p in folder.iterdir() if p.name.endswith(".tmp.fbx")]


def test_a_batch_save_leaves_another_programs_hidden_files_alone(addon, library, tmp_path):
    """Issue 31: a batch save runs the export's clean-up of its folder; files another program named
    like a temporary of ours, however old, are not ours to remove."""
    folder = library / "rigs"
    theirs = other_programs_files(folder)
    result = run_batch(folder / "hero.blend", "--save", "--steps", "measure", "--report", tmp_path / "r.json")
    assert result.returncode == 0, result.stderr
    assert statuses(load_report(tmp_path / "r.json")) == {"hero.blend": "ok"}
    assert [name for name in theirs if (folder / name).read_text() == "theirs"] == theirs
