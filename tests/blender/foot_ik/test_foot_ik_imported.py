"""Foot IK on the rigs artists get most, which have no IK controls: a real CMU walk (01_01, 120
fps, through Blender's BVH importer and the Checks' Match Unit Scale) and a Mixamo-shaped walk
through Blender's glTF exporter and importer, each over a 10 cm step, a 20 cm step and a 10 degree
ramp built across its path. Bake Foot IK solves their legs as Two Bone IK and keys FK rotations;
judged from the evaluated bones (``animation_checks``), and Remove gives every key back."""

from __future__ import annotations

import bpy
import numpy as np
import pytest

from ..gltf_writer_call import open_imported, write_gltf
from ..imported_characters import PREFIX as MIXAMO
from ..mocap_scenes import CMU_FEET, bvh_excerpt, import_bvh
from . import mixamo_walk, terrains
from .animation_checks import bake_and_judge, cm, sample

WALK_FRAMES = 720  # 01_01: a second standing, then five of walking


def rest_heights_above_the_sole(armature, feet):
    """Each foot's (ankle, toe) joint height above its lowest joint in the rest pose (cm)."""
    world, bones = armature.matrix_world, armature.data.bones
    out = []
    for pair in feet:
        z = [(world @ bones[name].head_local).z * cm() for name in pair]
        out.append(tuple(h - min(z) for h in z))
    return out


def judge_over(armature, kind, pelvis, feet):
    scene = bpy.context.scene
    hips = sample(armature, pelvis, feet, range(scene.frame_start, scene.frame_end + 1)).pelvis
    floor = armature.matrix_world.translation.z * cm()
    ground = [terrains.build(kind, hips, floor)]
    with bpy.context.temp_override(active_object=armature, object=armature):
        assert bpy.ops.overanim.detect_foot_bones() == {"FINISHED"}
        assert bpy.ops.overanim.detect_forward_axis() == {"FINISHED"}
    verdict = bake_and_judge(armature, pelvis, feet, ground, floor, rest_heights_above_the_sole(armature, feet))
    print(kind, verdict.lines())
    return verdict


def accept(verdict):
    """The issue's acceptance for imported rigs."""
    assert np.percentile(verdict.ankle_error, 95) <= 1.5
    assert verdict.penetration <= 1.0
    assert np.percentile(verdict.sole_error, 95) <= 4.0
    assert verdict.slide_after <= verdict.slide_before + 0.5
    assert verdict.pelvis_after[0] <= verdict.pelvis_before[0] + 60.0
    assert verdict.added_acceleration <= 2000.0


@pytest.mark.parametrize("kind", terrains.KINDS)
def test_a_cmu_walk_lands_on_the_ground(addon, tmp_path, kind):
    armature = import_bvh(bvh_excerpt(tmp_path, WALK_FRAMES))
    accept(judge_over(armature, kind, "Hips", CMU_FEET))


MIXAMO_FEET = ((MIXAMO + "LeftFoot", MIXAMO + "LeftToeBase"), (MIXAMO + "RightFoot", MIXAMO + "RightToeBase"))


@pytest.fixture(scope="module")
def walking_mixamo_glb(addon, tmp_path_factory):
    path = tmp_path_factory.mktemp("mixamo_walk") / "mixamo_walk.glb"
    write_gltf("mixamo_walk", path, 0.01)
    return path


@pytest.mark.parametrize("kind", terrains.KINDS)
def test_a_mixamo_walk_through_gltf_lands_on_the_ground(walking_mixamo_glb, kind):
    open_imported(walking_mixamo_glb)
    armature = next(o for o in bpy.data.objects if o.type == "ARMATURE")
    bpy.context.view_layer.objects.active = armature
    scene = bpy.context.scene
    scene.frame_start, scene.frame_end = 1, mixamo_walk.CYCLE * mixamo_walk.CYCLES
    accept(judge_over(armature, kind, MIXAMO + "Hips", MIXAMO_FEET))
