"""Characters as they arrive from elsewhere, built the way they arrive: a Mixamo-shaped rig written
with Blender's glTF exporter and read back with its glTF importer at the default settings.

Mixamo's skeleton: ``mixamorig:*`` joints in centimetres, Y-up, facing +Z, under an object that
stands it up (+90 degrees about X) and brings it to metres (scale 0.01). The round trip gives what
the importer gives (its own bone tails, a baked key on every frame for every bone), which is the
point: the tests work on that, not on what was built.
"""

from __future__ import annotations

import math

import bpy
import numpy as np
from mathutils import Matrix, Vector

from overanim_addon.blender.shared.scene import cm_per_unit

FRAMES = 44  # the walk's last frame
WALK_CM = 30.0  # how far the Hips (and with them the feet) travel forward over the frames
START_CM = 10.0  # ahead of the rest pose at the first frame, so no frame is at rest

# joint heads, cm, Y-up, the character facing +Z, its left at +X (Mixamo's layout)
JOINTS: dict[str, tuple[str | None, tuple[float, float, float]]] = {
    "Hips": (None, (0, 100, 0)), "Spine": ("Hips", (0, 110, 1)), "Spine1": ("Spine", (0, 122, 1)),
    "Spine2": ("Spine1", (0, 135, 0)), "Neck": ("Spine2", (0, 150, 0)), "Head": ("Neck", (0, 160, 2)),
    "HeadTop_End": ("Head", (0, 180, 2)),
}
for _side, _s in (("Left", 1), ("Right", -1)):
    JOINTS.update({
        f"{_side}Shoulder": ("Spine2", (_s * 6, 145, 0)), f"{_side}Arm": (f"{_side}Shoulder", (_s * 18, 145, 0)),
        f"{_side}ForeArm": (f"{_side}Arm", (_s * 45, 145, 0)), f"{_side}Hand": (f"{_side}ForeArm", (_s * 70, 145, 0)),
        f"{_side}UpLeg": ("Hips", (_s * 9, 95, 0)), f"{_side}Leg": (f"{_side}UpLeg", (_s * 9, 52, 0)),
        f"{_side}Foot": (f"{_side}Leg", (_s * 9, 9, -2)), f"{_side}ToeBase": (f"{_side}Foot", (_s * 9, 2, 10)),
        f"{_side}Toe_End": (f"{_side}ToeBase", (_s * 9, 2, 18)),
    })
PREFIX = "mixamorig:"
FORWARD_DATA = Vector((0.0, 0.0, 1.0))


def _tube(head: Vector, tail: Vector, radius: float, segments: int = 8) -> list[Vector]:
    axis = (tail - head).normalized()
    u = axis.orthogonal().normalized()
    v = axis.cross(u)
    return [end + radius * (math.cos(a) * u + math.sin(a) * v)
            for end in (head, head.lerp(tail, 0.5), tail)
            for a in (2 * math.pi * k / segments for k in range(segments))]


def _build(scale: float) -> bpy.types.Object:
    """The Mixamo rig as Mixamo writes it, its object at ``scale`` (its data 0.01/scale of a cm)."""
    unit = 0.01 / scale  # data units per cm
    data = bpy.data.armatures.new("Armature")
    armature = bpy.data.objects.new("Armature", data)
    bpy.context.scene.collection.objects.link(armature)
    bpy.context.view_layer.objects.active = armature
    bpy.ops.object.mode_set(mode="EDIT")
    for name, (parent, head) in JOINTS.items():
        bone = data.edit_bones.new(PREFIX + name)
        bone.head = Vector(head) * unit
        children = [h for p, h in JOINTS.values() if p == name]
        if children:
            bone.tail = Vector(children[0]) * unit
        else:  # a leaf: 5 cm on along its parent's direction (Mixamo's _End bones)
            along = (Vector(head) - Vector(JOINTS[parent][1])).normalized()
            bone.tail = (Vector(head) + along * 5.0) * unit
        if parent:
            bone.parent = data.edit_bones[PREFIX + parent]
    bpy.ops.object.mode_set(mode="OBJECT")
    armature.matrix_world = Matrix.Rotation(math.radians(90.0), 4, "X") @ Matrix.Scale(scale, 4)

    # a body: a tube around each bone that has a child, weighted to it alone
    verts: list[Vector] = []
    faces: list[tuple[int, ...]] = []
    groups: list[tuple[str, range]] = []
    for bone in data.bones:
        if not bone.children:
            continue
        ring = _tube(bone.head_local, bone.children[0].head_local, 6.0 * unit)
        start = len(verts)
        for r in range(2):
            for k in range(8):
                a, b = start + r * 8 + k, start + r * 8 + (k + 1) % 8
                faces.append((a, b, b + 8, a + 8))
        verts += ring
        groups.append((bone.name, range(start, start + len(ring))))
    mesh = bpy.data.meshes.new("Body")
    mesh.from_pydata([tuple(v) for v in verts], [], faces)
    mesh.update()
    body = bpy.data.objects.new("Body", mesh)
    bpy.context.scene.collection.objects.link(body)
    body.parent = armature
    for name, indices in groups:
        body.vertex_groups.new(name=name).add(list(indices), 1.0, "REPLACE")
    body.modifiers.new("Armature", "ARMATURE").object = armature

    # the Hips walk forward (+Z of the data) and bob; keyed in the bone's own axes
    hips = armature.pose.bones[PREFIX + "Hips"]
    to_bone = hips.bone.matrix_local.to_3x3().inverted()
    for frame in (*range(1, FRAMES, 4), FRAMES):
        t = (frame - 1) / (FRAMES - 1)
        offset = FORWARD_DATA * (START_CM + WALK_CM * t) + Vector((0.0, 2.0 * math.sin(math.pi * t * 4), 0.0))
        hips.location = to_bone @ (offset * unit)
        hips.keyframe_insert("location", frame=frame)
    hips.location = (0.0, 0.0, 0.0)
    scene = bpy.context.scene
    scene.frame_start, scene.frame_end = 1, FRAMES
    return armature


def build_mixamo(scale: float) -> bpy.types.Object:
    """The Mixamo-shaped character in the current (empty) file, as Blender would export it."""
    return _build(scale)


def write_mixamo_glb(path, scale: float = 0.01) -> None:
    """The Mixamo-shaped character written to ``path`` with Blender's glTF exporter (defaults), in a
    process of its own (``gltf_writer``); the open file is not touched."""
    from .gltf_writer_call import write_gltf

    write_gltf("mixamo", path, scale)


def import_mixamo(path) -> bpy.types.Object:
    """A fresh file with the character read back by Blender's glTF importer at its default settings;
    the armature active, the scene's range the walk's."""
    from .gltf_writer_call import open_imported

    open_imported(path)
    armature = next(o for o in bpy.data.objects if o.type == "ARMATURE")
    bpy.context.view_layer.objects.active = armature
    scene = bpy.context.scene
    scene.frame_start, scene.frame_end = 1, FRAMES
    scene.frame_set(1)
    return armature


def set_foot_ik_bones(armature: bpy.types.Object) -> None:
    """Mixamo's feet and hips, set by hand as the panel would; Mixamo has no IK target bones. The
    character faces +Z of its object (Y-up data stood up by its object)."""
    settings = armature.overanim.foot_ik
    settings.left_foot, settings.right_foot = PREFIX + "LeftFoot", PREFIX + "RightFoot"
    settings.body_bone = PREFIX + "Hips"
    settings.forward_axis = "+Z"


def world_bones_cm(armature: bpy.types.Object, frames) -> np.ndarray:
    """The world head and tail (cm) of every pose bone at each of ``frames`` (frames x bones x 2 x 3)."""
    scene, cm = bpy.context.scene, cm_per_unit(bpy.context.scene)
    out = []
    for frame in frames:
        scene.frame_set(frame)
        world = armature.matrix_world
        out.append([[tuple(world @ pb.head), tuple(world @ pb.tail)] for pb in armature.pose.bones])
    return np.array(out) * cm
