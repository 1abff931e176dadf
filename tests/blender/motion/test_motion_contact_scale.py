"""Foot contacts are geometry (issue 31, defect 4): the thresholds follow the character's measured
size, never a scale clamped to Minimum/Maximum Character Scale. The same real walk (CMU 01_01 through
Blender's BVH importer) at a twentieth of a person, a person and ten persons has its feet planted on
the same frames; before, 7.9 cm tall planted the left foot on 276 frames, 15.8 m on 61, a person 225."""

from __future__ import annotations

import bpy
import numpy as np
import pytest

from overanim_addon.blender.motion.engine import MotionOptions, analyze_motion
from overanim_addon.core.units import CMU_UNIT
from tests.fixtures.third_party import cmu_bvh

FRAMES = 480  # 4 s of 01_01 at 120 fps: the subject stands a second, then walks


def walk(tmp_path, size):
    """01_01's first ``FRAMES`` frames imported ``size`` times a person (CMU's unit read as such)."""
    head, motion = cmu_bvh("01_01.bvh").read_text().split("MOTION", 1)
    lines = motion.strip().splitlines()
    path = tmp_path / "walk.bvh"
    path.write_text(f"{head}MOTION\nFrames: {FRAMES}\n{lines[1]}\n" + "\n".join(lines[2:2 + FRAMES]) + "\n")
    bpy.ops.wm.read_homefile(use_empty=True)
    assert bpy.ops.import_anim.bvh(filepath=str(path), global_scale=CMU_UNIT * size, update_scene_fps=True,
                                   update_scene_duration=True) == {"FINISHED"}
    return bpy.context.active_object


def height_cm(armature):
    """The rest skeleton's extent along world up, cm, read from the bones."""
    z = [(armature.matrix_world @ p).z for b in armature.data.bones for p in (b.head_local, b.tail_local)]
    return (max(z) - min(z)) * bpy.context.scene.unit_settings.scale_length * 100.0


def contacts(tmp_path, size):
    armature = walk(tmp_path, size)
    result = analyze_motion(bpy.context, armature, MotionOptions())
    return height_cm(armature), {side: result.contact_frames(side) for side in ("Left", "Right")}, result.thresholds


def test_the_same_walk_plants_its_feet_on_the_same_frames_at_any_size(addon, tmp_path):
    person_height, person, person_thresholds = contacts(tmp_path, 1.0)
    assert 120.0 < person_height < 200.0
    for side in ("Left", "Right"):  # a walk: planted on part of the frames, not none, not all
        assert 0.2 * FRAMES < len(person[side]) < 0.9 * FRAMES, (side, len(person[side]))
    for size in (0.05, 10.0):  # 7 cm and 15 m: outside the default 0.25 to 4 Character Scale
        height, found, thresholds = contacts(tmp_path, size)
        assert height == pytest.approx(person_height * size, rel=1e-4)
        assert thresholds == pytest.approx(tuple(np.multiply(person_thresholds, size)), rel=1e-4)
        assert found == person, size
