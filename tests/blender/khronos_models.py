"""The Khronos sample characters (tests/fixtures/khronos) as Blender's glTF importer makes them, and
what the tests compute from the evaluated scene to check the add-on against (world cm).

The import runs in a process of its own (``gltf_writer_call.open_imported``: in-process glTF crashed
real Blender), which saves a .blend that the test opens in place of its file."""

from __future__ import annotations

import json
import math
import shutil
import struct

import bpy
import numpy as np

from ..fixtures.third_party import khronos_glb
from .real_characters import import_gltf


def import_khronos(name: str, tmp_path) -> bpy.types.Object:
    """A fresh file holding Khronos's ``name`` (``third_party.KHRONOS_SHA256``) as imported with the
    importer's defaults; returns its armature, active and the only object selected."""
    path = tmp_path / f"{name}.glb"
    shutil.copyfile(khronos_glb(name), path)
    return import_gltf(path)


def clip_action(clip: str) -> bpy.types.Action:
    """The action the glTF importer made of the file's animation ``clip``: named ``clip`` from
    Blender 4.5 on; 4.2's importer appends the animated node's name (the Fox's ``Walk_root``)."""
    if clip in bpy.data.actions:
        return bpy.data.actions[clip]
    named = [action for action in bpy.data.actions if action.name.startswith(clip + "_")]
    assert len(named) == 1, (clip, [action.name for action in bpy.data.actions])
    return named[0]


def play(armature: bpy.types.Object, action_name: str) -> list[int]:
    """Make the action of the clip ``action_name`` the armature's active action, as an artist picks
    a clip; returns the whole frames its keys span."""
    action = clip_action(action_name)
    armature.animation_data.action = action
    start, end = action.frame_range
    return list(range(math.ceil(start - 1e-6), math.floor(end + 1e-6) + 1))


def cm() -> float:
    return bpy.context.scene.unit_settings.scale_length * 100.0


def heads_cm(armature: bpy.types.Object, bone: str, frames: list[int]) -> np.ndarray:
    """The evaluated pose bone's head in world cm at each frame (frames x 3)."""
    scene, out = bpy.context.scene, []
    for frame in frames:
        scene.frame_set(frame)
        out.append(tuple(armature.matrix_world @ armature.pose.bones[bone].head))
    return np.array(out) * cm()


def horizontal_path_cm(points: np.ndarray) -> float:
    """The length of a world path projected on the ground plane (world XY)."""
    return float(np.linalg.norm(np.diff(points[:, :2], axis=0), axis=1).sum())


def rest_vertices_cm(armature: bpy.types.Object) -> np.ndarray:
    """Every vertex of the meshes the armature deforms, evaluated in its Rest Position, in world cm."""
    data = armature.data
    shown = data.pose_position
    data.pose_position = "REST"
    try:
        bpy.context.view_layer.update()
        depsgraph = bpy.context.evaluated_depsgraph_get()
        points = []
        for obj in bpy.context.scene.objects:
            if obj.type != "MESH" or obj.find_armature() is not armature:
                continue
            evaluated = obj.evaluated_get(depsgraph)
            mesh = evaluated.to_mesh()
            points += [tuple(evaluated.matrix_world @ v.co) for v in mesh.vertices]
            evaluated.to_mesh_clear()
    finally:
        data.pose_position = shown
        bpy.context.view_layer.update()
    return np.array(points) * cm()


def rest_head_cm(armature: bpy.types.Object, bone: str) -> np.ndarray:
    return np.array(armature.matrix_world @ armature.data.bones[bone].head_local) * cm()


def glb_document(name: str) -> dict:
    """The JSON chunk of Khronos's ``name``, read with the standard library: what the file says."""
    data = khronos_glb(name).read_bytes()
    length, kind = struct.unpack_from("<II", data, 12)
    assert data[:4] == b"glTF" and kind == 0x4E4F534A, name  # magic, then the JSON chunk first
    return json.loads(data[20:20 + length])


def clip_seconds(document: dict) -> dict[str | None, tuple[float, float]]:
    """Each animation's name (None when it has none) and the first and last time it keys (seconds)."""
    accessors, out = document["accessors"], {}
    for animation in document["animations"]:
        times = [accessors[s["input"]] for s in animation["samplers"]]
        out[animation.get("name")] = (min(t["min"][0] for t in times), max(t["max"][0] for t in times))
    return out
