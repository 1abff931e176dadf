"""A batch worker: imports bpy once (or is a ``blender --background`` process), registers the add-on,
then handles the files the orchestrator sends, one JSON line each on stdin, answering with JSON
lines on its original stdout. Blender prints to stdout as well, so that is moved to stderr first.

    -> {"id": 3, "path": "/abs/hero.blend", "target": "/abs/hero.blend" | null, "backup": false,
        "steps": ["checks", ...], "all_armatures": false, "settings": {...} | null}
    <- {"ready": {"blender_version": "4.5.3 LTS", "addon_version": "0.1.0", "addon_digest": "9f2c..."}}
    <- {"id": 3, "phase": "saving"}
    <- {"id": 3, "entry": {"status": "ok", "notes": [...], "armatures": [...], "links_libraries": false, ...}}

Stdin closing ends the worker: it loads an empty file (a file with Python drivers hangs the process
at exit otherwise), unregisters the add-on (bpy 4.5 hangs at exit with classes registered) and exits.

For tests, ``OVERANIM_BATCH_FAULT=<kill|hang|wait>:<phase>:<file name>`` makes the worker kill itself
(SIGKILL), hang, or wait until the file ``OVERANIM_BATCH_FAULT_GO`` names exists, at a phase: open,
steps, save-start, temp-written, replaced, exit."""

from __future__ import annotations

import json
import os
import signal
import sys
import time
import traceback
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, cast

from overanim_addon.blender_errors import operator_failure

from . import report
from .files import identity
from .orchestrator import PARENT_ENV
from .saving import SaveError, save_blend
from .session import addon_digest, addon_module, addon_version, ensure_registered

FAULT = os.environ.get("OVERANIM_BATCH_FAULT", "")
FAULT_GO = "OVERANIM_BATCH_FAULT_GO"  # the file whose existence ends a "wait" fault
PR_SET_PDEATHSIG = 1  # linux/prctl.h


def fault(phase: str, name: str) -> None:
    if not FAULT:
        return
    action, _, rest = FAULT.partition(":")
    where, _, file_name = rest.partition(":")
    if where == phase and file_name in ("", name):
        if action == "kill":
            os.kill(os.getpid(), signal.SIGKILL)
        while action == "hang":
            time.sleep(3600)
        while action == "wait" and not Path(os.environ.get(FAULT_GO, "")).exists():
            time.sleep(0.05)


def _version(numbers: Any) -> str:
    return ".".join(str(n) for n in tuple(numbers)[:2])


def _apply_settings(armatures: list, values: dict[str, Any]) -> list[str]:
    """Calibration values for the armatures that have none (no field ever set on them)."""
    from overanim_addon.core.calibration import FIELDS, CalibrationSettings

    apply_settings = addon_module("blender.calibration.properties").apply_settings

    applied = []
    for armature in armatures:
        props = armature.overanim.calibration
        if not any(props.is_property_set(spec.name) for spec in FIELDS):
            apply_settings(props, CalibrationSettings(**values))
            applied.append(armature.name)
    return applied


def _library_path(armature: Any) -> str:
    """The library file a read-only armature comes from (see shared.scene.read_only_reason)."""
    reference = armature.override_library.reference if armature.override_library else None
    library = armature.library or armature.data.library or (reference.library if reference else None)
    return library.filepath if library is not None else "unknown"


def _opening_notes(newer: bool) -> list[str]:
    """What the report says of the file just opened: scripts not run, a newer Blender's file,
    missing libraries."""
    import bpy

    notes = []
    if bpy.app.autoexec_fail:
        notes.append("the file has Python drivers or scripts; they were not run (auto-run is off)")
    if newer:
        notes.append(f"written by Blender {_version(bpy.data.version)}, newer than this Blender "
                     f"{_version(bpy.app.version)}: what this version does not know is missing from the results")
    notes += [f"library {library.filepath} is missing: what it links is not in this file, nor in its results"
              for library in bpy.data.libraries if library.is_missing]
    return notes


def _writable(candidates: list[Any], read_only_reason: Callable[[Any], str | None], notes: list[str]) -> list[Any]:
    """The armatures the steps may write to; each other one is named in ``notes`` with why."""
    import bpy

    armatures = []
    for armature in candidates:
        read_only = read_only_reason(armature)
        if read_only is None and cast(bpy.types.Armature, armature.data).library is not None:
            # an override: its masks cannot be written (the meshes are linked) and a custom property
            # its library lacks is not saved, so the results belong in the library as well
            read_only = f"'{armature.name}' is a library override with its armature data linked"
        if read_only is None:
            armatures.append(armature)
        else:  # a shot file's linked rig: its results belong in its own file
            notes.append(f"skipped: {read_only} (its library: {_library_path(armature)})")
    return armatures


def handle(job: dict[str, Any], send: Any) -> dict[str, Any]:
    import bpy

    read_only_reason: Callable[[Any], str | None] = addon_module("blender.shared.scene").read_only_reason
    pipeline = addon_module("blender.pipeline")

    name = Path(job["path"]).name
    target = job["target"]
    before = identity(Path(target)) if target else None  # a save must not replace what changes meanwhile
    fault("open", name)
    try:
        # load_ui: a save must keep the artist's workspaces and views; use_scripts: never run a
        # file's own Python (drivers, registered scripts) in a batch
        bpy.ops.wm.open_mainfile(filepath=job["path"], load_ui=True, use_scripts=False)
    except RuntimeError as error:
        return {"status": report.UNREADABLE, "error": f"could not open: {operator_failure(error)}"}
    newer = tuple(cast(Sequence[int], bpy.data.version)) > tuple(bpy.app.version_file)
    notes = _opening_notes(newer)
    links = len(bpy.data.libraries) > 0  # its results depend on other files too: never reused (cache.py)
    scene = cast(bpy.types.Scene, bpy.context.scene)  # the file just opened has one
    saved_in = {"EDIT": "saved in Edit Mode", "DYNTOPO": "saved sculpting with Dynamic Topology"}
    notes += [f"{saved_in[mode]}, switched to Object Mode: {', '.join(names)}"
              for mode, names in pipeline.leave_held_modes(scene).items()]
    objects: Any = scene.objects  # Any: Object.overanim is the add-on's (registered above), unknown to the stubs
    candidates = sorted((o for o in objects if o.type == "ARMATURE"
                         and (job["all_armatures"] or len(o.overanim.regions) > 0)), key=lambda o: o.name)
    armatures = _writable(candidates, read_only_reason, notes)
    if not candidates:
        notes.append("no armature: nothing to do" if job["all_armatures"] else
                     "no armature with OverAnim Regions: nothing to do (--all-armatures takes every armature)")
    if job["settings"] is not None:
        applied = _apply_settings(armatures, job["settings"])
        if applied:
            notes.append(f"calibration from the settings file (they had none): {', '.join(applied)}")
    fault("steps", name)
    results = [pipeline.process_armature(armature, job["steps"]) for armature in armatures]
    entry: dict[str, Any] = {"notes": notes, "armatures": results, "links_libraries": links}
    failure = report.first_failure(results)
    if target and not armatures:
        notes.append("not saved: nothing was changed")
    elif target and newer:
        refusal = f"not saved: written by a newer Blender ({_version(bpy.data.version)}); saving would rewrite it " \
            "in this older format and lose what this version does not know"
        failure = refusal + (f"; {failure}" if failure else "")
    elif target:
        send({"id": job["id"], "phase": "saving"})
        try:
            save_blend(Path(target), unchanged_since=before, backup=job["backup"],
                       checkpoint=lambda phase: fault(phase, name))
            entry["saved_to"] = target
        except SaveError as save_error:
            failure = f"{save_error}" + (f"; {failure}" if failure else "")
    entry.update(status=report.FAILED if failure else report.OK, error=failure)
    return entry


def die_with_the_orchestrator() -> None:
    """Be killed when the orchestrator dies, however it dies (a farm cancelling its task with SIGKILL,
    the OOM killer): in a session of its own, a worker would otherwise go on working and saving files
    for a run that is gone, or hang forever. Killed at any moment, it leaves every file whole
    (saving.py). Linux's parent-death signal; elsewhere nothing."""
    try:
        import ctypes

        ctypes.CDLL(None).prctl(PR_SET_PDEATHSIG, signal.SIGKILL)
    except (OSError, AttributeError):
        return
    parent = os.environ.get(PARENT_ENV)
    if parent and os.getppid() != int(parent):  # it died before we asked
        os.kill(os.getpid(), signal.SIGKILL)


def main() -> int:
    die_with_the_orchestrator()
    protocol = os.fdopen(os.dup(1), "w", encoding="utf-8")
    os.dup2(2, 1)  # Blender and bpy print to stdout: keep them out of the protocol

    def send(message: dict[str, Any]) -> None:
        protocol.write(json.dumps(message) + "\n")
        protocol.flush()

    import bpy

    cleanup = ensure_registered()
    try:
        send({"ready": {"blender_version": bpy.app.version_string, "addon_version": addon_version(),
                        "addon_digest": addon_digest()}})
        for line in sys.stdin:
            job = json.loads(line)
            try:
                entry = handle(job, send)
            except Exception as error:  # a bug must cost its file, not the worker's other files
                traceback.print_exc()
                entry = {"status": report.FAILED, "error": f"internal error: {type(error).__name__}: {error}"}
            send({"id": job["id"], "entry": entry})
    finally:
        bpy.ops.wm.read_homefile(use_empty=True)
        cleanup()
        fault("exit", "")
    return 0
