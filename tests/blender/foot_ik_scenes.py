"""Generated ground for the foot-IK tests, in centimetres whatever the Unit Scale, placed from where
the rig's feet are."""

from __future__ import annotations

import math

import bpy
import numpy as np
from mathutils import Matrix, Vector

from overanim_addon.blender.foot_ik import nla, values
from overanim_addon.blender.shared.fcurves import fcurves
from overanim_addon.blender.shared.scene import cm_per_unit


def cm() -> float:
    return cm_per_unit(bpy.context.scene)


def mesh_object(name, verts_cm, faces):
    mesh = bpy.data.meshes.new(name)
    mesh.from_pydata([tuple(c / cm() for c in v) for v in verts_cm], [], faces)
    mesh.update()
    obj = bpy.data.objects.new(name, mesh)
    bpy.context.scene.collection.objects.link(obj)
    return obj


def foot_cm(armature, bone="foot_l") -> Vector:
    """The world position (cm) of a bone's head as the rig is posed now."""
    return (armature.matrix_world @ armature.pose.bones[bone].head) * cm()


def box(name, x0, x1, y0, y1, z0, z1):
    verts = [(x, y, z) for z in (z0, z1) for y in (y0, y1) for x in (x0, x1)]
    faces = [(0, 1, 3, 2), (4, 5, 7, 6), (0, 1, 5, 4), (2, 3, 7, 6), (0, 2, 6, 4), (1, 3, 7, 5)]
    return mesh_object(name, verts, faces)


def box_under(armature, bone, height, half=8.0, bottom=-1.0):
    """A box whose top is ``height`` cm above the ground reference, centred under ``bone``."""
    p = foot_cm(armature, bone)
    return box(f"Box_{bone}", p.x - half, p.x + half, p.y - half, p.y + half, bottom, height)


def plane(name="Floor", z=0.0, half=150.0, centre=(0.0, 0.0), rise=(0.0, 0.0, 0.0), degrees=0.0):
    """A square around ``centre`` (cm), at height ``z`` there, rising by ``degrees`` along the
    horizontal direction ``rise``."""
    d = np.asarray(rise, float)
    slope = math.tan(math.radians(degrees))
    cx, cy = centre
    verts = []
    for x, y in ((-half, -half), (half, -half), (half, half), (-half, half)):
        verts.append((cx + x, cy + y, z + slope * float(np.array([x, y, 0.0]) @ d)))
    return mesh_object(name, verts, [(0, 1, 2, 3)])


def normal_rising(direction, degrees):
    d = Vector(direction).normalized()
    return (Vector((0.0, 0.0, 1.0)) - math.tan(math.radians(degrees)) * d).normalized()


def key_artist_action(armature):
    """A small artist's action over frames 1-5 that keeps the feet where they are: the left IK
    target and the pelvis keyed in location, the right IK target in rotation."""
    pose = armature.pose.bones
    for frame, wobble in ((1, 0.0), (5, 0.004)):
        pose["ik_foot_l"].location = (0.0, wobble, 0.0)
        pose["ik_foot_l"].keyframe_insert("location", frame=frame)
        pose["pelvis"].location = (0.0, 0.0, -wobble)
        pose["pelvis"].keyframe_insert("location", frame=frame)
        pose["ik_foot_r"].rotation_quaternion = (1.0, wobble, 0.0, 0.0)
        pose["ik_foot_r"].keyframe_insert("rotation_quaternion", frame=frame)
    for bone in ("ik_foot_l", "pelvis", "ik_foot_r"):
        pose[bone].location, pose[bone].rotation_quaternion = (0, 0, 0), (1, 0, 0, 0)
    bpy.context.scene.frame_start, bpy.context.scene.frame_end = 1, 5
    return armature.animation_data.action


def action_snapshot(action):
    """Everything of every F-curve key, to compare an action byte for byte."""
    out = []
    for curve in fcurves(action):
        keys = [(tuple(k.co), tuple(k.handle_left), tuple(k.handle_right), k.interpolation, k.handle_left_type,
                 k.handle_right_type, k.easing, k.type) for k in curve.keyframe_points]
        out.append((curve.data_path, curve.array_index, curve.group.name if curve.group else "", curve.extrapolation,
                    curve.mute, len(curve.modifiers), keys))
    return sorted(out)


def spoiled(armature, spoil):
    """The rig with an artist's action, a floor and its measurement, then spoiled by ``spoil``: what a bad
    input test refuses."""
    key_artist_action(armature)
    plane()
    with bpy.context.temp_override(active_object=armature, object=armature):
        bpy.ops.overanim.measure_proportions()
    spoil(armature)


def probe(armature):
    with bpy.context.temp_override(active_object=armature, object=armature):
        assert bpy.ops.overanim.probe_ground() == {"FINISHED"}
    return values.read(armature)


def bake(armature, **frames):
    with bpy.context.temp_override(active_object=armature, object=armature):
        assert bpy.ops.overanim.bake_foot_ik(**frames) == {"FINISHED"}


def check(found, **expected):
    """The probe's values as expected: lengths within 0.01 cm, angles within 0.1 degree."""
    for name, value in expected.items():
        tolerance = 0.1 if name.endswith(("Pitch", "Roll")) else 0.01
        assert abs(found[name] - value) <= tolerance, (name, value, found)


def world_head_z(armature, bone, frame):
    bpy.context.scene.frame_set(frame)
    return (armature.matrix_world @ armature.pose.bones[bone].head).z * cm()


def rises_over_a_left_dip(armature) -> dict[str, float]:
    """Bake frames 1-2 with the left foot over a 5 cm dip (the right on flat ground): how far the IK
    targets and the pelvis move (cm, world Z at frame 1)."""
    plane(z=-5.0, half=10.0, centre=tuple(foot_cm(armature, "foot_l"))[:2])
    plane(name="Floor_right", half=10.0, centre=tuple(foot_cm(armature, "foot_r"))[:2])
    bones = ("ik_foot_l", "ik_foot_r", "pelvis")
    before = {bone: world_head_z(armature, bone, 1) for bone in bones}
    bake(armature, frame_start=1, frame_end=2)
    return {bone: world_head_z(armature, bone, 1) - before[bone] for bone in bones}


def world_matrix(armature, bone, frame):
    bpy.context.scene.frame_set(frame)
    return (armature.matrix_world @ armature.pose.bones[bone].matrix).to_3x3().normalized()


def with_bake_muted(armature, read):
    track = nla.bake_tracks(armature)[0]
    track.mute = True
    try:
        return read()
    finally:
        track.mute = False


def as_fbx_import(armature):
    """The rig as Blender's FBX importer brings an Unreal or Mixamo character in: its data in
    centimetres and Y-up, the armature object turned +90 degrees about X and scaled 0.01, so it
    stands where it stood and faces +Z of its object. The meshes parented to it follow."""
    to_object = Matrix.Rotation(math.radians(90.0), 4, "X") @ Matrix.Scale(0.01, 4)
    armature.data.transform(to_object.inverted())
    for child in armature.children:
        child.data.transform(to_object.inverted())
    armature.matrix_world = to_object @ armature.matrix_world
    bpy.context.view_layer.update()


# -- input Foot IK refuses --------------------------------------------------------------------------
def rename_bone(armature, old, new):
    armature.data.bones[old].name = new


def connect_bone(armature, bone):
    bpy.context.view_layer.objects.active = armature
    bpy.ops.object.mode_set(mode="EDIT")
    armature.data.edit_bones[bone].use_connect = True
    bpy.ops.object.mode_set(mode="OBJECT")


# the input each of Probe Ground and Bake Foot IK refuses: (case, operators, spoil, what the error says)
BOTH, BAKE = ("probe_ground", "bake_foot_ik"), ("bake_foot_ik",)
BAD_INPUT = [
    ("no foot bones", BOTH, lambda a: (rename_bone(a, "foot_l", "tarsus_a"), rename_bone(a, "foot_r", "tarsus_b")),
     "No foot bones found"),
    ("foot bone missing", BOTH, lambda a: setattr(a.overanim.foot_ik, "left_foot", "foot_nope"),
     "Left Foot 'foot_nope' is not a bone"),
    ("IK target not a bone", BOTH, lambda a: setattr(a.overanim.foot_ik, "right_ik_target", "ik_nope"),
     "Right IK Target 'ik_nope' is not a bone"),
    ("zero height", BOTH, lambda a: a.__setitem__("OverAnim_CharacterHeightWS", 0.0), "0 cm tall"),
    ("vertical forward axis", BOTH, lambda a: setattr(a.overanim.foot_ik, "forward_axis", "+Z"),
     r"Forward Axis \+Z of '.*' points straight up or down .*toes point along -Y"),
    ("NaN trace", BOTH, lambda a: setattr(a.overanim.foot_ik, "trace_distance", math.nan), "Trace Distance"),
    # only the bake keys bones: the probe does not mind these two
    ("axis-angle IK target", BAKE, lambda a: setattr(a.pose.bones["ik_foot_l"], "rotation_mode", "AXIS_ANGLE"),
     "Axis Angle"),
    ("driven IK target", BAKE, lambda a: a.pose.bones["ik_foot_l"].driver_add("location", 2),
     r"'ik_foot_l' location\[2\] is driven"),
    ("connected body bone", BAKE, lambda a: connect_bone(a, "pelvis"), "Body Bone 'pelvis' is connected to its parent"),
    ("zero-scale IK target", BAKE, lambda a: setattr(a.pose.bones["ik_foot_l"], "scale", (0.0, 0.0, 0.0)),
     "'ik_foot_l' has a zero scale"),
    ("zero-scale body bone", BAKE, lambda a: setattr(a.pose.bones["pelvis"], "scale", (0.0, 0.0, 0.0)),
     "'pelvis' has a zero scale"),
    ("zero object scale", BOTH, lambda a: setattr(a, "scale", (0.0, 0.0, 0.0)), "'SK_OverAnimSample' has a zero scale"),
    ("non-uniform scale", BAKE, lambda a: setattr(a, "scale", (1.0, 2.0, 1.0)), "non-uniform scale"),
]
