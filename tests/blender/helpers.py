"""Small helpers shared by the Blender tests."""

import os
import subprocess
from collections.abc import Iterable
from pathlib import Path

from ..batch_support import script_command

ROOT = Path(__file__).resolve().parents[2]
WALK_FRAMES = 48  # the ``walker`` fixture's walk: far enough to climb the demo terrain's 10 cm step


def benchmark_prints(script: str, args: Iterable[object], lines: Iterable[str]) -> str:
    """Run a benchmark of ``benchmarks/`` the way this process runs Blender and check that it ends
    well and prints each of ``lines`` (a benchmark is never a timed test: this only checks that it
    runs and reports all it promises). Returns what it printed."""
    result = subprocess.run(script_command(f"benchmarks/{script}", *args), cwd=ROOT, capture_output=True, text=True,
                            timeout=300, env={**os.environ, "PYTHONDONTWRITEBYTECODE": "1"}, check=False)
    assert result.returncode == 0, result.stderr + result.stdout
    for line in lines:
        assert line in result.stdout, f"missing {line!r} in:\n{result.stdout}"
    return result.stdout


def custom_props(obj) -> dict:
    """The OverAnim_ custom properties of an ID (IDs are not iterable: use keys())."""
    return {k: obj[k] for k in obj.keys() if k.startswith("OverAnim_")}  # noqa: SIM118


def linked_copy(obj, tmp_path):
    """A new file holding ``obj`` (and its data) linked from a library file, read-only as in a
    studio's shot file; returns the linked object, active."""
    import bpy

    path, name = tmp_path / "rig.blend", obj.name
    bpy.data.libraries.write(str(path), {obj, obj.data})
    bpy.ops.wm.read_homefile(use_empty=True)
    with bpy.data.libraries.load(str(path), link=True) as (_source, target):
        target.objects = [name]
    linked = target.objects[0]
    bpy.context.scene.collection.objects.link(linked)
    bpy.context.view_layer.objects.active = linked
    return linked


def fill_disk(folder):
    """Fill the file system holding ``folder`` with one file (returned) until a write fails for
    want of space."""
    import errno

    filler = folder / "filler"
    with filler.open("wb", buffering=0) as handle:
        for size in (1 << 16, 1 << 12, 1 << 9, 1):  # smaller and smaller chunks fill the last blocks
            try:
                while True:
                    handle.write(b"\0" * size)
            except OSError as error:
                if error.errno != errno.ENOSPC:
                    raise
    return filler


def chattr(path, flag):
    """``chattr flag path`` (``+a``: append only; a file that cannot be replaced or deleted, even by
    root, as a file another program holds open on Windows); False where chattr is not available."""
    import shutil
    import subprocess

    return bool(shutil.which("chattr")) and subprocess.run(["chattr", flag, str(path)], capture_output=True,
                                                           check=False).returncode == 0


def printed_reports(capfd, run):
    """What the operator call ``run`` reported, as Blender prints it in the background
    (``Warning: ...``, ``Info: ...``)."""
    capfd.readouterr()
    run()
    return capfd.readouterr().out.splitlines()


def overridden_copy(obj, tmp_path):
    """A rig as an animator gets it in a shot, the usual way: its collection (the rig and its meshes)
    saved in a library file, linked into a new file and made a library override (Object > Library
    Override > Make). The armature object is an editable override; its data and the meshes stay
    linked. Returns the override, active."""
    import bpy

    path = tmp_path / "character.blend"
    collection = bpy.data.collections.new("Character")
    bpy.context.scene.collection.children.link(collection)
    for member in (obj, *obj.children_recursive):
        for other in list(member.users_collection):
            other.objects.unlink(member)
        collection.objects.link(member)
    bpy.data.libraries.write(str(path), {collection})
    bpy.ops.wm.read_homefile(use_empty=True)
    with bpy.data.libraries.load(str(path), link=True) as (_source, target):
        target.collections = ["Character"]
    instance = bpy.data.objects.new("Character", None)
    instance.instance_type, instance.instance_collection = "COLLECTION", target.collections[0]
    bpy.context.scene.collection.objects.link(instance)
    bpy.context.view_layer.objects.active = instance
    instance.select_set(True)
    assert bpy.ops.object.make_override_library() == {"FINISHED"}
    rig = next(o for o in bpy.data.objects if o.type == "ARMATURE" and o.override_library is not None)
    bpy.context.view_layer.objects.active = rig
    return rig
