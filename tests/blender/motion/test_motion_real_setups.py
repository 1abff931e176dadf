"""Analyze Motion on CMU's real walk (``01_01.bvh``) under the set-ups artists meet around it: a turned
Y-up import, an object scale of 0.01, a scaled NLA strip, a scene rate other than the clip's, the object
keyed to move, a repeating strip, a static ground-level root over travelling hips, a transform a script
set just before. Every expected value comes from the evaluated scene in the test (helpers in
test_motion_real_mocap.py)."""

from __future__ import annotations

import math

import bpy
import numpy as np
import pytest

from overanim_addon.blender.checks.fixes import FIXES

from ..mocap_scenes import agreement, bvh_excerpt, fps, horizontal_path, import_bvh, origin_heights_cm, world_heads_cm
from ..motion_scenes import analyze, summary

# -- a static ground-level root over travelling hips --------------------------------------------------------

def with_static_root(tmp_path, frames, hold_travel=False):
    """01_01 with a ``root`` joint added at the origin (ground level) above its Hips, keyed nowhere: the
    shape of a clip exported without root motion (the capsule stays, the pelvis walks away), as an
    Unreal-style or Rigify rig animated on its hips gives it. The Hips keep the real channels."""
    head, motion = bvh_excerpt(tmp_path, frames, hold_travel).read_text().split("MOTION", 1)
    body = head.split("ROOT Hips", 1)[1].replace("\n", "\n\t").rstrip()
    head = ("HIERARCHY\nROOT root\n{\n\tOFFSET 0 0 0\n"
            "\tCHANNELS 6 Xposition Yposition Zposition Zrotation Yrotation Xrotation\n\tJOINT Hips" + body + "\n}\n")
    lines = motion.strip().splitlines()
    rows = ["0 0 0 0 0 0 " + row for row in lines[2:]]
    path = tmp_path / f"rooted_{frames}{'_held' if hold_travel else ''}.bvh"
    path.write_text(f"{head}MOTION\n{lines[0]}\n{lines[1]}\n" + "\n".join(rows) + "\n")
    return path


@pytest.mark.parametrize("clip", ["hips travel", "hips held"])
def test_a_static_root_over_travelling_hips_reads_in_place_and_says_so(addon, tmp_path, reports, clip):
    """The ground-level root rule is kept (root motion: the root stays, the clip is in place), but where
    the Hips walk away over the ground (here 01_01's, 1.5 m from where they start) the 0 cm/s cannot be
    taken for the clip's speed: a warning names the root and the Hips and how far they end from their
    start, measured in the test."""
    armature = import_bvh(with_static_root(tmp_path, 480, hold_travel=clip == "hips held"))
    assert armature.data.bones["Hips"].parent.name == "root"
    found = analyze(armature)
    assert (armature.overanim.motion.reference_rule, armature.overanim.motion.reference_bone) == ("root_bone", "root")
    assert found["InPlace"] == 1 and found["Distance"] == 0.0
    hips = world_heads_cm(armature, ["Hips"], range(1, 481))[:, 0, :2]
    away = float(np.linalg.norm(hips[-1] - hips[0]))
    warned = [message for level, message in reports if level == "WARNING" and "stays put" in str(message)]
    if clip == "hips held":
        assert away < 0.1 * armature["OverAnim_LocomotionHeightWS"] and not warned
        return
    assert away > 100.0 and len(warned) == 1
    message = warned[0]
    assert (message.fields["root"], message.fields["bone"]) == ("root", "Hips")
    assert message.fields["away"] == pytest.approx(away, rel=0.05)


@pytest.mark.parametrize(("scale", "last"), [(1.0, 239), (2.0, 478)])
def test_a_repeated_nla_strip_reads_one_cycle_without_the_wrap(addon, tmp_path, scale, last):
    """01_01's first 240 frames played twice by an NLA strip (Repeat 2, as an artist loops a clip): the
    default range is the action once through the strip, and the scene frame where the action's last
    frame would fall already plays the second repetition's first (the hips snap back 30 cm): it is
    left out, so no snap reads as a 3,800 cm/s Max Speed. The truth is the evaluated Hips over the
    analysed frames."""
    armature = import_bvh(bvh_excerpt(tmp_path, 240))
    action = armature.animation_data.action
    armature.animation_data.action = None
    strip = armature.animation_data.nla_tracks.new().strips.new("walk", 1, action)
    strip.scale, strip.repeat = scale, 2.0
    found = analyze(armature)
    assert (found["FrameStart"], found["FrameEnd"]) == (1, last)
    length, average, fastest = horizontal_path(world_heads_cm(armature, ["Hips"], range(1, last + 1))[:, 0], fps())
    assert fastest < 300.0  # the real walk's peak is about 200 cm/s / scale: no snap inside the range
    assert found["Distance"] == pytest.approx(length, rel=0.05)
    assert found["AverageSpeed"] == pytest.approx(average, rel=0.05)
    assert found["MaxSpeed"] == pytest.approx(fastest, rel=0.05)


def test_a_scale_set_by_a_script_just_before_is_measured_as_played(addon, tmp_path):
    """A script scales the imported walk to 0.01 (a Mixamo-import size) and calls the engine at once,
    before Blender evaluated the change: the locomotion height (the in-place tolerance) and the travel
    both come from the rig as the scene plays it, not the former height with the new motion (which
    read a 1.7 cm walk of a 0.9 cm tall character "in place")."""
    from overanim_addon.blender.motion.engine import analyze_motion

    armature = import_bvh(bvh_excerpt(tmp_path, 480))
    armature.scale = (0.01, 0.01, 0.01)
    with bpy.context.temp_override(active_object=armature, object=armature):
        analyze_motion(bpy.context, armature)
    found = summary(armature)
    hips = world_heads_cm(armature, ["Hips"], range(1, 481))[:, 0]
    length, average, _fastest = horizontal_path(hips, fps())
    height = float(np.median(hips[:, 2] - origin_heights_cm(armature, range(1, 481))))
    assert 0.5 < height < 1.5 and length > 1.0  # the test's own: a 1 cm hip height walking 1.7 cm
    assert found["InPlace"] == 0
    assert found["Distance"] == pytest.approx(length, rel=0.05)
    assert found["AverageSpeed"] == pytest.approx(average, rel=0.05)


def y_up_turned(path):
    """The BVH's Y-up data kept as it is (no axis conversion), the object turned +90° about X: as the
    glTF and FBX importers leave a rig."""
    bpy.ops.wm.read_homefile(use_empty=True)
    assert bpy.ops.import_anim.bvh(filepath=str(path), axis_forward="Y", axis_up="Z", update_scene_fps=True,
                                   update_scene_duration=True) == {"FINISHED"}
    armature = bpy.context.active_object
    FIXES["unit_scale"][1](bpy.context, armature)
    armature.rotation_euler = (math.radians(90.0), 0.0, 0.0)
    return armature


def on_a_scaled_strip(armature):
    """The clip moved into an NLA strip starting at frame 10, played at half speed (Scale 2)."""
    action = armature.animation_data.action
    armature.animation_data.action = None
    armature.animation_data.nla_tracks.new().strips.new("walk", 10, action).scale = 2.0


@pytest.mark.parametrize("setup", ["Y-up turned +90° X", "object scale 0.01", "NLA strip scale 2 at 10",
                                   "scene at 30 fps", "object keyed forward"])
def test_a_real_walk_as_artists_set_it_up_reads_its_hips_and_joints(addon, tmp_path, setup):
    """01_01's walk under the set-ups an artist meets: each read against the evaluated Hips (path,
    speeds) and feet (the contact rule at the joints), whatever the transform, strip or rate."""
    path = bvh_excerpt(tmp_path, 480)
    armature = y_up_turned(path) if setup.startswith("Y-up") else import_bvh(path)
    if setup == "object scale 0.01":
        armature.scale = (0.01, 0.01, 0.01)
    elif setup.startswith("NLA"):
        on_a_scaled_strip(armature)
    elif setup == "scene at 30 fps":
        bpy.context.scene.render.fps = 30
    elif setup == "object keyed forward":
        armature.keyframe_insert("location", frame=1)
        armature.location.y -= 20.0  # 1.1 m at CMU's unit
        armature.keyframe_insert("location", frame=480)
    bpy.context.view_layer.update()
    with bpy.context.temp_override(active_object=armature, object=armature):  # the contact rule's scale, as it is now
        assert bpy.ops.overanim.measure_proportions() == {"FINISHED"}
    found = analyze(armature)
    frames = range(found["FrameStart"], found["FrameEnd"] + 1)
    assert len(frames) == (959 if setup.startswith("NLA") else 480)
    length, average, fastest = horizontal_path(world_heads_cm(armature, ["Hips"], frames)[:, 0], fps())
    assert found["InPlace"] == 0
    assert found["Distance"] == pytest.approx(length, rel=0.05)
    assert found["AverageSpeed"] == pytest.approx(average, rel=0.05)
    assert found["MaxSpeed"] == pytest.approx(fastest, rel=0.05)
    for side in ("Left", "Right"):
        share, planted = agreement(armature, side, f"{side}Foot", f"{side}ToeBase", frames)
        assert share >= 0.9 and planted > 0, (side, share)
