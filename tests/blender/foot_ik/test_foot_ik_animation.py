"""Foot IK an animator would ship (issue 35), judged as an animator would, from the evaluated bones
(``animation_checks``): the sample walking over its terrain, a CMU walk through Blender's BVH
importer, and a Mixamo-shaped walk through Blender's glTF exporter and importer, each over a 10 cm
step, a 20 cm step and a 10 degree ramp built here. Remove Foot IK Bake gives every key back."""

from __future__ import annotations

import bpy

from .animation_checks import bake_and_judge, cm, rest_heights_cm

# -- the sample (+ Sample, Bake Foot IK with its defaults) ------------------------------------------------------

SAMPLE_FEET = (("foot_l", "ball_l"), ("foot_r", "ball_r"))


def test_the_sample_walks_up_and_down_its_step_without_a_pop(addon, empty_scene):
    assert bpy.ops.overanim.build_sample_character() == {"FINISHED"}
    armature = bpy.context.active_object
    terrain = [o for o in bpy.context.scene.objects if o.type == "MESH" and o.parent is None]
    assert terrain
    ground_z = armature.matrix_world.translation.z * cm()
    verdict = bake_and_judge(armature, "pelvis", SAMPLE_FEET, terrain, ground_z,
                             rest_heights_cm(armature, SAMPLE_FEET, ground_z))
    print(verdict.lines())
    assert verdict.pelvis_after[0] <= verdict.pelvis_before[0] + 60.0
    assert verdict.pelvis_after[1] <= 2000.0
    assert verdict.pelvis_after[2] <= 3.0  # no one-frame pop
    assert verdict.slide_after <= verdict.slide_before + 0.5
    assert verdict.ankle_error.max() <= 1.0
    assert verdict.penetration <= 0.5
