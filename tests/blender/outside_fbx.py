"""Reading an exported FBX with software we did not write, as plain data for the tests to compare with
the scene: ufbx (the single-file loader engines ship, and Unreal's Interchange ufbx translator) through
its two Python bindings, and assimp's command line for what neither binding gives yet.

- ``pufbx``: the nodes and their parents, each node's properties (name, type, flags, value) and the
  animation curves by curve node;
- ``pyufbx`` (imported as ``ufbx``): the file's unit and axes, the frame rate, the meshes' vertices in
  the world (pufbx raises NotImplementedError for the scene settings);
- ``assimp export file.fbx out.json -fassjson``: every polygon corner's position and colour, and each
  bone's bind pose (neither binding gives colours with their corner indices, nor the bind pose).
"""

from __future__ import annotations

import ctypes
import json
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import pytest

AXES = ("+X", "-X", "+Y", "-Y", "+Z", "-Z")  # ufbx's CoordinateAxis order


def require_readers() -> None:
    """Skip inside a real Blender binary: its own Python, in a chroot of the real-blender tool, has
    none of the venv's packages and no assimp, so the readers cannot exist there. Anywhere else a
    missing reader fails: requirements/test.txt installs the bindings, tasks.py installs assimp."""
    bpy = sys.modules.get("bpy")
    if bpy is not None and getattr(bpy.app, "binary_path", ""):
        pytest.skip("the outside FBX readers (pufbx, pyufbx, assimp) cannot be installed in a real Blender's "
                    "own Python inside its chroot; the bpy module's venvs run these tests")
    missing = [name for name in ("pufbx", "ufbx") if _missing_module(name)]
    if shutil.which("assimp") is None:
        missing.append("assimp (Debian's assimp-utils: python3 tasks.py test installs it)")
    assert not missing, f"outside FBX readers missing: {', '.join(missing)} (requirements/test.txt)"


def _missing_module(name: str) -> bool:
    try:
        __import__(name)
    except ImportError:
        return True
    return False


@dataclass(frozen=True)
class Prop:
    value: object
    kind: str  # ufbx's PropType name: NUMBER, INTEGER, BOOLEAN, STRING...
    flags: frozenset[str]  # ufbx's PropFlags names: USER_DEFINED, ANIMATABLE, ANIMATED...


@dataclass
class Ufbx:
    unit_cm: float  # centimetres per file unit (ufbx's unit_meters x 100)
    axes: tuple[str, str, str]  # right, up, front
    fps: float
    parents: dict[str, str | None]  # node name -> parent node name (None under the scene's root)
    kinds: dict[str, str]  # node name -> its attribute type (BONE, EMPTY, MESH...)
    props: dict[str, dict[str, Prop]]  # node name -> its properties
    curves: dict[str, tuple[np.ndarray, np.ndarray]]  # curve node name -> (frames, values) of its first curve
    mesh_points: dict[str, np.ndarray]  # mesh node name -> its vertices in the world, file units


def read_ufbx(path: Path) -> Ufbx:
    import pufbx
    import ufbx

    with ufbx.load_file(str(path)) as scene:
        settings = scene.settings
        axes = tuple(AXES[int(a)] for a in (settings.axes.right, settings.axes.up, settings.axes.front))
        fps = float(settings.frames_per_second)
        points = {}
        for node in scene.nodes:
            if node.mesh is not None:
                world = np.asarray(node.node_to_world, dtype=float).T  # pyufbx gives it transposed (row vectors)
                points[node.name] = _positions(node.mesh) @ world[:3, :3].T + world[:3, 3]
        unit_cm = float(settings.unit_meters) * 100.0
    scene = pufbx.load_fbx(str(path))
    parents, kinds, props = {}, {}, {}
    for node in scene.nodes:
        if node.is_root:
            continue
        parent = node.parent
        parents[node.name] = None if parent is None or parent.is_root else parent.name
        kinds[node.name] = node.attrib_type.name
        props[node.name] = {p.name: Prop(p.value, p.prop_type.name, _flag_names(p.flags)) for p in node.properties}
    curves = {}
    for value in scene.anim_values:
        keys = value.curves[0].keyframes if len(value.curves) and value.curves[0] is not None else []
        curves[value.name] = (np.array([k.time * fps for k in keys]), np.array([k.value for k in keys]))
    return Ufbx(unit_cm, axes, fps, parents, kinds, props, curves, points)


def _positions(mesh) -> np.ndarray:
    """The mesh's vertices. pyufbx 0.0.7 hands ufbx's doubles over as a float32 array of the same
    shape (the first half of the bytes, misread); the doubles are read at the same address."""
    view = mesh.vertex_positions
    count = int(mesh.num_vertices)
    assert view.shape == (count, 3)
    doubles = (ctypes.c_double * (count * 3)).from_address(view.__array_interface__["data"][0])
    return np.ctypeslib.as_array(doubles).reshape(count, 3).copy()


def _flag_names(flags) -> frozenset[str]:
    return frozenset(flag.name for flag in type(flags) if flag.value and flags & flag == flag)


@dataclass
class AssimpMesh:
    corners: np.ndarray  # every polygon corner's position, in the file's order (file units, mesh space)
    face_sizes: list[int]
    colour_sets: list[np.ndarray]  # one (corners x 4) array per colour set
    bind: dict[str, np.ndarray]  # bone name -> its bind pose in mesh space (the inverse of assimp's offset matrix)


def read_assimp(path: Path, scratch: Path) -> dict[str, AssimpMesh]:
    """Every mesh of the file by name, as assimp's command line reads it (one vertex per corner)."""
    out = scratch / (Path(path).stem + ".assimp.json")
    done = subprocess.run(["assimp", "export", str(path), str(out), "-fassjson"], capture_output=True, text=True,
                          check=False, timeout=120)
    assert done.returncode == 0 and out.exists(), f"assimp could not read {path}: {done.stdout}{done.stderr}"
    document = json.loads(out.read_text())
    meshes = {}
    for mesh in document["meshes"]:
        meshes[mesh["name"]] = AssimpMesh(
            np.array(mesh["vertices"], dtype=float).reshape(-1, 3), [len(f) for f in mesh["faces"]],
            [np.array(c, dtype=float).reshape(-1, 4) for c in mesh.get("colors", [])],
            {b["name"]: np.linalg.inv(np.array(b["offsetmatrix"], dtype=float).reshape(4, 4))
             for b in mesh.get("bones", [])})
    return meshes


def skeleton_root(read: Ufbx) -> str:
    """The node Unreal's importer makes the skeleton's root bone: from the bones up through their
    parents to the top of the file; a top node named Armature (any case) with a single child is
    dropped for Blender files (FFbxImporter::GetRootSkeleton, Interchange's FindSkeletonRoot)."""
    bone = next(name for name, kind in read.kinds.items() if kind == "BONE")
    while read.parents[bone] is not None:
        bone = read.parents[bone]
    children = [name for name, parent in read.parents.items() if parent == bone]
    if bone.lower() == "armature" and len(children) == 1:
        return children[0]
    return bone
