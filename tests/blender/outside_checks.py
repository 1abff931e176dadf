"""The checks of an exported FBX read by software we did not write (ufbx, assimp: outside_fbx.py)
against the scene as Blender evaluates it: the properties on the skeleton's root, the animated
values as curves, the unit and axes, the bones' rest pose, the packed Region masks per corner."""

from __future__ import annotations

import re

import bpy
import numpy as np
import pytest

from overanim_addon.blender.masks.packed import PACKED

from .outside_fbx import read_assimp, read_ufbx, skeleton_root

UNREAL_SAFE = re.compile(r"[A-Za-z0-9_]+")  # Unreal keeps the name as a metadata tag (FBX.<name>) unchanged
PREFIX = "OverAnim_"


def export(armature, path):
    with bpy.context.temp_override(active_object=armature, object=armature):
        assert bpy.ops.overanim.export_fbx(filepath=str(path)) == {"FINISHED"}


def reported(reports, words: str):
    """The fields of the export's report line whose template has ``words`` (None: no such line)."""
    found = [m for _level, m in reports if words in getattr(m, "template", "")]
    return found[-1].fields if found else None


def scene_values(armature) -> dict[str, np.ndarray]:
    """Every number OverAnim_* property of the armature on every frame of the scene range."""
    scene = bpy.context.scene
    names = [k for k in armature.keys() if k.startswith(PREFIX) and isinstance(armature[k], int | float)]  # noqa: SIM118
    series: dict[str, list[float]] = {name: [] for name in names}
    current = scene.frame_current
    for frame in range(scene.frame_start, scene.frame_end + 1):
        scene.frame_set(frame)
        for name in names:
            series[name].append(float(armature[name]))
    scene.frame_set(current)
    return {name: np.array(values) for name, values in series.items()}


# -- the checks, each against the scene -------------------------------------------------------------------------

def check_properties(armature, read, root):
    """Every OverAnim_* custom property, as the scene holds it now, on the skeleton's root node, user-
    defined, with a name Unreal keeps."""
    ours = {k: armature[k] for k in armature.keys() if k.startswith(PREFIX)}  # noqa: SIM118
    assert len(ours) >= 10
    in_file = {name: prop for name, prop in read.props[root].items() if name.startswith(PREFIX)}
    assert in_file.keys() == ours.keys()
    for name, value in ours.items():
        prop = in_file[name]
        assert UNREAL_SAFE.fullmatch(name), name
        assert "USER_DEFINED" in prop.flags, (name, prop.flags)
        if isinstance(value, str):
            assert prop.value == value, name
        else:
            assert prop.value == pytest.approx(float(value), rel=1e-6, abs=1e-6), name


def check_curves(armature, read, root, reports):
    """Every animated OverAnim_* property has a curve of the scene's values on every frame; every
    property the scene changes over the take is animated; the all-zero curves are those reported."""
    values = scene_values(armature)
    animated = {n for n, p in read.props[root].items() if n.startswith(PREFIX) and "ANIMATED" in p.flags}
    changing = {name for name, series in values.items() if np.ptp(series) > 0.0}
    assert changing and changing <= animated, changing - animated
    scene = bpy.context.scene
    frames = np.arange(scene.frame_start, scene.frame_end + 1)
    for name in animated:
        times, keys = read.curves[name]
        np.testing.assert_allclose(times, frames, atol=1e-3, err_msg=name)
        np.testing.assert_allclose(keys, values[name], atol=1e-4, err_msg=name)
    told = reported(reports, "animated custom properties as animation curves")
    assert told is not None and told["n"] == len(animated) and told["node"] == root
    zero = {name for name in animated if not np.any(read.curves[name][1])}
    said = reported(reports, "stay 0 on every frame")
    assert zero == (set(said["names"].split(", ")) if said else set())
    return animated


def check_units(read, meshes):
    """The file's axes and unit as docs/unreal.md says; each mesh as tall in the reader, its unit turned
    into centimetres (as Unreal's importer converts a file's unit), as in the scene."""
    assert read.axes == ("+X", "+Y", "+Z")  # right, up, front: Y-up, the character facing +Z
    assert read.unit_cm == pytest.approx(100.0)  # the file's unit is the metre
    cm = bpy.context.scene.unit_settings.scale_length * 100.0
    for mesh_obj in meshes:
        co = np.array([mesh_obj.matrix_world @ v.co for v in mesh_obj.data.vertices])
        points = read.mesh_points[mesh_obj.name]
        assert np.ptp(points[:, 1]) * read.unit_cm == pytest.approx(np.ptp(co[:, 2]) * cm, abs=1e-3), mesh_obj.name


def check_bones(armature, read, assimp_meshes, meshes):
    """Every deform bone under its parent; its bind pose (assimp) Blender's rest pose in mesh space."""
    deform = [b for b in armature.data.bones if b.use_deform]
    for bone in deform:
        assert read.kinds.get(bone.name) == "BONE", bone.name
        assert read.parents[bone.name] == (bone.parent.name if bone.parent else armature.name), bone.name
    for mesh_obj in meshes:
        bind = assimp_meshes[mesh_obj.name].bind
        groups = {g.name for g in mesh_obj.vertex_groups}
        assert {b.name for b in deform if b.name in groups} <= bind.keys()
        for name, matrix in bind.items():
            rest = mesh_obj.matrix_world.inverted() @ armature.matrix_world @ armature.data.bones[name].matrix_local
            np.testing.assert_allclose(matrix, np.array(rest), atol=1e-4, err_msg=name)


def check_colours(mesh_obj, assimp_mesh):
    """The packed masks the only colour set, equal to the painted bytes at every polygon corner; no
    colour set when the mesh has none packed (the preview never goes)."""
    mesh = mesh_obj.data
    loops = np.empty(len(mesh.loops), np.int32)
    mesh.loops.foreach_get("vertex_index", loops)
    co = np.empty(len(mesh.vertices) * 3, np.float32)
    mesh.vertices.foreach_get("co", co)
    sizes = np.empty(len(mesh.polygons), np.int32)
    mesh.polygons.foreach_get("loop_total", sizes)
    # assimp gives each corner its own vertex: the same corners, in Blender's order
    assert assimp_mesh.face_sizes == sizes.tolist()
    np.testing.assert_allclose(assimp_mesh.corners, co.reshape(-1, 3)[loops], atol=1e-5)
    if PACKED not in mesh.color_attributes:
        assert assimp_mesh.colour_sets == []
        return None
    attr = mesh.color_attributes[PACKED]
    stored = np.empty(len(attr.data) * 4, np.float32)
    attr.data.foreach_get("color_srgb", stored)
    painted = np.round(stored.reshape(-1, 4) * 255).astype(int)
    per_corner = painted[loops] if attr.domain == "POINT" else painted
    (colours,) = assimp_mesh.colour_sets
    np.testing.assert_array_equal(np.round(colours * 255).astype(int), per_corner)
    np.testing.assert_allclose(colours, per_corner / 255.0, atol=1e-6)
    return per_corner


def deformed(armature, lod=0):
    suffix = f"_LOD{lod}"
    return [o for o in bpy.context.scene.objects if o.type == "MESH" and o.find_armature() == armature
            and (o.name.endswith(suffix) if lod else not re.search(r"_LOD\d+$", o.name))]


def check_file(armature, path, tmp_path, reports, lod=0, properties_on=None):
    """Everything above on one file of the export (the properties on ``properties_on``, by default the
    skeleton's root); returns (ufbx's read, the skeleton's root, assimp's meshes)."""
    read = read_ufbx(path)
    root = skeleton_root(read)
    meshes = deformed(armature, lod)
    assert sorted(n for n, kind in read.kinds.items() if kind == "MESH") == sorted(m.name for m in meshes)
    check_properties(armature, read, properties_on or root)
    check_units(read, meshes)
    assimp_meshes = read_assimp(path, tmp_path)
    check_bones(armature, read, assimp_meshes, meshes)
    for mesh_obj in meshes:
        check_colours(mesh_obj, assimp_meshes[mesh_obj.name])
    return read, root, assimp_meshes
