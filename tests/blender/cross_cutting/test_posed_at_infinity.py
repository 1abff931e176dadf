"""A pose at infinity with every key finite (a driver, an F-Curve modifier) is refused by Motion,
Export and Foot IK, naming the bone and the frame, and nothing is written (issue 31, defect 2, beyond the keys): a
driven 1e300 on the Hips, kept by Blender as float32's largest, was analysed into Region Distances of
3.4e40 cm, MaxSpeeds of 4.1e41 cm/s and foot-speed curves of inf keys, and exported into an FBX whose
Hips curve re-imports with infinite keys."""

from __future__ import annotations

import math

import bpy
import numpy as np
import pytest

from overanim_addon.blender.export.engine import ExportOptions, export_fbx
from overanim_addon.blender.foot_ik.engine import FootIKOptions, bake_foot_ik
from overanim_addon.blender.measure.engine import MeasureOptions, measure_proportions
from overanim_addon.blender.motion.engine import MotionOptions, analyze_motion
from overanim_addon.blender.shared.fcurves import fcurves
from overanim_addon.core.errors import OverAnimError

from ..helpers import custom_props
from ..transfer_scenes import action_fingerprint

HIPS = "pelvis"  # the sample's Hips


def drive(walker):
    walker.pose.bones[HIPS].driver_add("location", 2).driver.expression = "max(0, frame - 5) * 1e300"


def modify(walker):
    curve = next(c for c in fcurves(walker.animation_data.action)
                 if c.data_path == f'pose.bones["{HIPS}"].location' and c.array_index == 1)
    generator = curve.modifiers.new("GENERATOR")
    generator.use_additive, generator.coefficients = True, (math.inf, 1.0)


def first_frame_at_infinity(armature, bone):
    """Ground truth from the evaluated scene: the first frame whose posed head of ``bone`` is not a
    finite number (or float32's largest, what Blender keeps of one)."""
    scene = bpy.context.scene
    try:
        for frame in range(scene.frame_start, scene.frame_end + 1):
            scene.frame_set(frame)
            head = np.array(armature.evaluated_get(bpy.context.evaluated_depsgraph_get()).pose.bones[bone].head)
            if not np.all(np.isfinite(head)) or np.abs(head).max() >= np.finfo(np.float32).max:
                return frame
    finally:
        scene.frame_set(scene.frame_start)
    return None


def state(walker, folder):
    return (sorted(p.name for p in folder.iterdir()),
            [action_fingerprint(a) for a in sorted(bpy.data.actions, key=lambda a: a.name)],
            {a.name: custom_props(a) for a in bpy.data.actions}, custom_props(walker),
            [t.name for t in walker.animation_data.nla_tracks])


ENGINES = {
    "Motion": lambda armature, folder: analyze_motion(bpy.context, armature, MotionOptions()),
    "Export": lambda armature, folder: export_fbx(bpy.context, armature, ExportOptions(folder / "hero.fbx")),
    "Foot IK": lambda armature, folder: bake_foot_ik(bpy.context, armature, FootIKOptions()),
}


# Foot IK refuses a driver on a bone it keys before it samples anything, whatever the driver gives
# ("driven IK target" in foot_ik_scenes.py): only the modifier reaches its samples
CASES = [(engine, pose) for engine in ENGINES for pose in (drive, modify) if (engine, pose) != ("Foot IK", drive)]


@pytest.mark.parametrize(("engine", "pose_at_infinity"), CASES,
                         ids=[f"{pose.__name__}-{engine}" for engine, pose in CASES])
def test_a_bone_posed_at_infinity_with_finite_keys_is_refused_naming_bone_and_frame(walker, tmp_path, engine,
                                                                                   pose_at_infinity):
    measure_proportions(bpy.context, walker, MeasureOptions())  # the measurement Motion would write first
    pose_at_infinity(walker)
    frame = first_frame_at_infinity(walker, HIPS)
    assert frame is not None
    before = state(walker, tmp_path)
    with pytest.raises(OverAnimError) as refused:
        ENGINES[engine](walker, tmp_path)
    text = str(refused.value.message)
    assert f"'{HIPS}'" in text and f"frame {frame}" in text and "not a finite number" in text, text
    assert state(walker, tmp_path) == before


def test_probe_ground_refuses_a_pose_at_infinity_naming_bone_and_frame(walker, tmp_path):
    """Probe Ground reads one frame: posed at infinity there, it said "ground under neither foot" (the rays
    cast from infinity met nothing) and wrote zeros as the probed values."""
    measure_proportions(bpy.context, walker, MeasureOptions())
    modify(walker)
    frame = bpy.context.scene.frame_current
    assert first_frame_at_infinity(walker, HIPS) == frame
    before = state(walker, tmp_path)
    refusal = rf"'{HIPS}' is not a finite number .* on frame {frame}: nothing was written"
    with bpy.context.temp_override(active_object=walker, object=walker), pytest.raises(RuntimeError, match=refusal):
        bpy.ops.overanim.probe_ground()
    assert state(walker, tmp_path) == before
