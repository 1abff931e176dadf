"""Real mocap as an artist gets it (a CMU BVH through Blender's BVH importer, with the Checks' unit
fix) and the test's own truth about it, from the evaluated scene: joint heads per frame, a path's
length and speeds by central differences, the contact rule measured at the joints."""

from __future__ import annotations

import bpy
import numpy as np

from overanim_addon.blender.checks.fixes import FIXES
from tests.fixtures.third_party import cmu_bvh

from .foot_ik_scenes import cm
from .motion_scenes import curves

CMU_FEET = (("LeftFoot", "LeftToeBase"), ("RightFoot", "RightToeBase"))  # (ankle, toe) joints, left and right


def bvh_excerpt(tmp_path, frames, hold_travel=False, name="01_01.bvh"):
    """The first ``frames`` frames of a CMU file (01_01.bvh by default), the real data, with ``Frames:`` updated; with
    ``hold_travel`` the Hips' horizontal channels (X and Z, the file being Y-up) keep their first value
    on every frame: the body moves as captured, the hips bob but go nowhere."""
    head, motion = cmu_bvh(name).read_text().split("MOTION", 1)
    assert "ROOT Hips" in head and "CHANNELS 6 Xposition Yposition Zposition" in head
    lines = motion.strip().splitlines()
    assert lines[0].startswith("Frames:") and lines[1].startswith("Frame Time:")
    rows = lines[2:2 + frames]
    if hold_travel:
        first = rows[0].split()
        rows = [" ".join([first[0], values[1], first[2], *values[3:]])
                for values in (row.split() for row in rows)]
    path = tmp_path / f"{name[:-4]}_{frames}{'_held' if hold_travel else ''}.bvh"
    path.write_text(f"{head}MOTION\nFrames: {len(rows)}\n{lines[1]}\n" + "\n".join(rows) + "\n")
    return path


def import_bvh(path):
    """Blender's BVH importer into an empty file, the scene at the file's rate and range (the importer's
    Update Scene FPS and Duration), then the Checks' Match Unit Scale fix as the button applies it."""
    bpy.ops.wm.read_homefile(use_empty=True)
    assert bpy.ops.import_anim.bvh(filepath=str(path), update_scene_fps=True, update_scene_duration=True) \
        == {"FINISHED"}
    armature = bpy.context.active_object
    FIXES["unit_scale"][1](bpy.context, armature)
    return armature


def fps():
    render = bpy.context.scene.render
    return render.fps / render.fps_base


def world_heads_cm(armature, bones, frames):
    """World heads (cm) of ``bones`` per frame (frames x bones x 3), as the scene evaluates them."""
    scene, out = bpy.context.scene, []
    for frame in frames:
        scene.frame_set(int(frame))
        world = armature.matrix_world
        out.append([tuple(world @ armature.pose.bones[name].head) for name in bones])
    return np.array(out) * cm()


def origin_heights_cm(armature, frames):
    scene, out = bpy.context.scene, []
    for frame in frames:
        scene.frame_set(int(frame))
        out.append(armature.matrix_world.translation.z)
    return np.array(out) * cm()


def horizontal_path(points, rate):
    """(path length cm, average speed cm/s, max speed cm/s) of world points (N x 3) on the ground plane;
    speeds by central differences, one-sided at the ends."""
    xy = points[:, :2]
    length = float(np.linalg.norm(np.diff(xy, axis=0), axis=1).sum())
    n = len(xy)
    lo, hi = np.maximum(np.arange(n) - 1, 0), np.minimum(np.arange(n) + 1, n - 1)
    speed = np.linalg.norm(xy[hi] - xy[lo], axis=1) * rate / (hi - lo)
    return length, length / ((n - 1) / rate), float(speed.max())


def joint_contacts(heads, toes, ground, rate, speed_limit, height_limit):
    """The contact rule measured at joints, in the test: per frame the lower of the foot's head and
    the toe's head, that point's speed by central differences (one-sided at the ends), its height
    above the ground reference; planted under both limits."""
    n = len(heads)
    planted = []
    for i in range(n):
        series = toes if toes[i, 2] < heads[i, 2] else heads
        lo, hi = max(i - 1, 0), min(i + 1, n - 1)
        speed = np.linalg.norm(series[hi] - series[lo]) * rate / (hi - lo)
        planted.append(speed < speed_limit and min(heads[i, 2], toes[i, 2]) - ground[i] < height_limit)
    return np.array(planted)


def agreement(armature, side, foot, toe, frames):
    """The share of frames where the keyed contact curve agrees with ``joint_contacts``."""
    # the thresholds follow the measured size, unclamped (issue 31): locomotion height over its reference
    scale = armature["OverAnim_LocomotionHeightWS"] / armature.overanim.calibration.reference_locomotion_height
    points = world_heads_cm(armature, [foot, toe], frames)
    expected = joint_contacts(points[:, 0], points[:, 1], origin_heights_cm(armature, frames), fps(),
                              60.0 * scale, 10.0 * scale)
    keyed = curves(armature)[f"{side}FootContact"][:, 1] > 0.5
    assert len(keyed) == len(expected)
    return float(np.mean(keyed == expected)), int(expected.sum())
