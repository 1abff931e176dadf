"""``write_gltf(kind, path, *args)``: a test character written by ``gltf_writer.py`` in a process of
its own (see there why), once per session for each kind and arguments, then copied to ``path``
(with the buffers a .gltf refers to). ``open_imported(path)``: the file as Blender's glTF importer
reads it (its defaults), imported in a process of its own, once per content, and opened here."""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import tempfile
from pathlib import Path

from ..batch_support import script_command

WRITER = Path(__file__).with_name("gltf_writer.py")
_written: dict[tuple, Path] = {}


def _run(*args: object) -> None:
    result = subprocess.run(script_command(WRITER, *args), capture_output=True, text=True, timeout=300,
                            env={**os.environ, "PYTHONDONTWRITEBYTECODE": "1"}, check=False)
    assert result.returncode == 0, result.stdout + result.stderr


def write_gltf(kind: str, path: object, *args: object) -> None:
    target = Path(str(path))
    key = (kind, target.suffix, args)
    if key not in _written:
        folder = Path(tempfile.mkdtemp(prefix="overanim-gltf-"))
        made = folder / f"{kind}{target.suffix}"
        _run(kind, made, *args)
        _written[key] = made
    made = _written[key]
    shutil.copyfile(made, target)
    for buffer in made.parent.iterdir():  # a .gltf's buffers, under the names its JSON gives them
        if buffer != made:
            shutil.copyfile(buffer, target.parent / buffer.name)


def open_imported(path: object) -> None:
    """Open, in place of the current file, ``path`` as the glTF importer makes it (a copy of the
    saved import beside ``path``, so a test that saves writes there)."""
    import bpy

    source = Path(str(path))
    files = [source, *sorted(p for p in source.parent.glob("*.bin"))] if source.suffix == ".gltf" else [source]
    key = ("import", hashlib.sha1(b"".join(p.read_bytes() for p in files)).hexdigest())
    if key not in _written:
        made = Path(tempfile.mkdtemp(prefix="overanim-gltf-")) / "imported.blend"
        _run("import", source, made)
        _written[key] = made
    opened = source.with_name(source.stem + "_imported.blend")
    shutil.copyfile(_written[key], opened)
    bpy.ops.wm.open_mainfile(filepath=str(opened))
