"""The sample character as the panel's "+ Sample" adds it."""

import bpy
import numpy as np


def world_box(obj):
    corners = np.array([obj.matrix_world @ __import__("mathutils").Vector(c) for c in obj.bound_box])
    return corners.min(axis=0), corners.max(axis=0)


def overlap(a, b):
    return bool(np.all(a[0] < b[1]) and np.all(b[0] < a[1]))


def sample_box(armature):
    boxes = [world_box(o) for o in (armature, *armature.children) if o.type == "MESH"]
    return np.min([b[0] for b in boxes], axis=0), np.max([b[1] for b in boxes], axis=0)


def test_the_operator_gives_every_panel_operator_something_to_work_on(addon, empty_scene):
    assert bpy.ops.overanim.build_sample_character() == {"FINISHED"}
    armature = bpy.context.active_object
    assert {r.delta_shape_key for r in armature.overanim.regions} >= {"Delta_Spine", "Delta_LeftArm"}
    for operator in ("run_checks", "measure_proportions", "paint_region_masks", "check_lod_coverage",
                     "compose_region_deltas", "clear_region_preview"):
        assert getattr(bpy.ops.overanim, operator)() == {"FINISHED"}, operator


def test_the_sample_stands_clear_of_what_is_already_there(addon, empty_scene):
    bpy.ops.mesh.primitive_cube_add(size=2.0, location=(0.0, 0.0, 1.0))
    bpy.ops.mesh.primitive_cube_add(size=1.0, location=(2.0, 0.2, 0.5))
    others = [world_box(o) for o in bpy.data.objects]
    bpy.ops.overanim.build_sample_character()
    first = bpy.context.active_object
    assert not [box for box in others if overlap(box, sample_box(first))]
    bpy.ops.overanim.build_sample_character()  # a second sample: named apart, clear of the first too
    second = bpy.context.active_object
    assert second.name == "SK_OverAnimSample.001" and f"{second.name}_Body" in bpy.data.objects
    assert not overlap(sample_box(first), sample_box(second))
    assert bpy.ops.overanim.compose_region_deltas() == {"FINISHED"}


def test_an_empty_scene_keeps_the_sample_at_the_cursor(addon, empty_scene):
    empty_scene.cursor.location = (1.0, -2.0, 0.0)
    bpy.ops.overanim.build_sample_character()
    assert tuple(bpy.context.active_object.location) == (1.0, -2.0, 0.0)


def test_the_sample_walks_over_ground_so_foot_ik_has_something_to_do(addon, empty_scene, capfd):
    """"+ Sample" beside the default cube: the walk and the terrain the demo has come with it."""
    from overanim_addon.blender.foot_ik.bake import baked_values

    from .helpers import printed_reports

    bpy.ops.mesh.primitive_cube_add(size=2.0, location=(0.0, 0.0, 1.0))
    assert bpy.ops.overanim.build_sample_character() == {"FINISHED"}
    armature = bpy.context.active_object
    scene = bpy.context.scene
    assert (scene.frame_start, scene.frame_end) == (1, 96) and armature.animation_data.action is not None
    lines = printed_reports(capfd, bpy.ops.overanim.probe_ground)
    assert not [line for line in lines if line.startswith("Warning:")], lines
    assert armature["OverAnim_FootIK_LeftHit"] == armature["OverAnim_FootIK_RightHit"] == 1.0
    lines = printed_reports(capfd, bpy.ops.overanim.bake_foot_ik)
    assert not [line for line in lines if line.startswith("Warning:")], lines
    baked = baked_values(armature)
    assert baked["LeftHit"][:, 1].all() and baked["RightHit"][:, 1].all()  # on the ground all the way
    assert baked["BodyOffset"][:, 1].max() > 5.0  # up the terrain's step and slopes
    settings = armature.overanim.foot_ik
    assert (settings.left_ik_target, settings.right_ik_target) == ("ik_foot_l", "ik_foot_r")
    terrain = next(o for o in bpy.data.objects if "Terrain" in o.name)
    assert not overlap(world_box(terrain), world_box(bpy.data.objects["Cube"]))
