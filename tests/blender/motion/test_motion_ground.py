"""Motion's foot contacts over ground: a foot's height is measured above the ground under it (the
objects Foot IK probes), so the sample's feet, planted by Bake Foot IK on its 10-20 cm steps and
slopes, read as planted; without ground (or over a gap) above the ground reference, as before.

The truth is the test's own: each foot's lower joint (its head or the ball's head) from the
evaluated pose, its speed by central differences, and the ground under it by ``scene.ray_cast``
(the character's own meshes hidden so the ray meets only the ground)."""

import itertools

import bpy
import numpy as np
import pytest
from mathutils import Vector

from ..foot_ik_scenes import bake
from ..motion_scenes import analyze, curves

SIDES = {"Left": "l", "Right": "r"}


@pytest.fixture
def walk(addon, empty_scene):
    """The sample as "+ Sample" adds it: walking 96 frames over its terrain, its armature active."""
    assert bpy.ops.overanim.build_sample_character() == {"FINISHED"}
    return bpy.context.active_object


def lower_joints(armature):
    """Per side, the foot's lower joint per frame (world cm, N x 3): the ankle or the ball."""
    scene = bpy.context.scene
    found = {side: [] for side in SIDES}
    for frame in range(scene.frame_start, scene.frame_end + 1):
        scene.frame_set(frame)
        for side, s in SIDES.items():
            ankle, ball = (armature.matrix_world @ armature.pose.bones[f"{bone}_{s}"].head for bone in ("foot", "ball"))
            found[side].append(np.array(ball if ball.z < ankle.z else ankle) * 100.0)
    return {side: np.array(points) for side, points in found.items()}


def ground_under(armature, points):
    """The ground's height (world cm) straight under each point (N x 3, cm) at its frame, by the
    scene's own ray cast with the character hidden; NaN where there is none."""
    scene, hidden = bpy.context.scene, [armature, *armature.children]
    for obj in hidden:
        obj.hide_set(True)
    heights = np.full(len(points), np.nan)
    try:
        for i, point in enumerate(points):
            scene.frame_set(scene.frame_start + i)
            origin = Vector((point[0] / 100.0, point[1] / 100.0, point[2] / 100.0 + 1.0))
            hit, where, *_rest = scene.ray_cast(bpy.context.evaluated_depsgraph_get(), origin, (0.0, 0.0, -1.0))
            if hit:
                heights[i] = where.z * 100.0
    finally:
        for obj in hidden:
            obj.hide_set(False)
    return heights


def thresholds(armature):
    """The contact thresholds for this character's size (the settings at the reference character)."""
    settings, scale = armature.overanim.motion, armature["OverAnim_LocomotionScaleWS"]
    return settings.contact_speed * scale, settings.contact_height * scale


def truth(armature, above):
    """Per side, planted frames by the test's rule: the lower joint under the contact speed and under
    the contact height above ``above(side, points)`` (world cm per frame)."""
    speed_limit, height_limit = thresholds(armature)
    fps = bpy.context.scene.render.fps / bpy.context.scene.render.fps_base
    found = {}
    for side, points in lower_joints(armature).items():
        speed = np.linalg.norm(np.gradient(points, axis=0), axis=1) * fps
        found[side] = (speed < speed_limit) & (points[:, 2] - above(side, points) < height_limit)
    return found


def contacts(armature):
    """Per side, the planted frames Analyze Motion keyed (its contact curves)."""
    keyed = curves(armature)
    return {side: keyed[f"{side}FootContact"][:, 1] > 0.5 for side in SIDES}


def runs(mask):
    edges = np.flatnonzero(np.diff(np.concatenate([[0], mask.astype(int), [0]])))
    return list(zip(edges[::2], edges[1::2] - 1, strict=True))


def analysed_log(armature):
    from overanim_addon.blender.motion.engine import analyze_motion

    return [(level, str(message)) for level, message in analyze_motion(bpy.context, armature).log]


def test_after_bake_foot_ik_the_feet_on_the_steps_are_planted_in_turn(walk):
    bake(walk)
    found = analyze(walk)
    planted = contacts(walk)
    ground = {side: ground_under(walk, points) for side, points in lower_joints(walk).items()}
    assert not any(np.isnan(g).any() for g in ground.values())  # the terrain is under the whole walk
    expected = truth(walk, lambda side, _points: ground[side])
    for side, mask in planted.items():
        assert found[f"{side}ContactFrames"] == mask.sum()
        assert 0.4 <= mask.mean() <= 0.7, (side, mask.mean())
        assert (mask == expected[side]).mean() >= 0.9, (side, np.flatnonzero(mask != expected[side]))
    neither = ~(planted["Left"] | planted["Right"])
    assert neither.sum() <= 4, np.flatnonzero(neither)
    starts = sorted((first, side) for side, mask in planted.items() for first, _last in runs(mask) if first > 0)
    order = [side for _first, side in starts]
    assert len(order) >= 7 and all(a != b for a, b in itertools.pairwise(order)), starts  # in turn


def test_the_log_and_the_batch_data_say_which_rule_the_contacts_used(walk):
    from overanim_addon.blender.motion.engine import analyze_motion
    from overanim_addon.blender.motion.report import report_data

    result = analyze_motion(bpy.context, walk)
    lines = [str(message) for _level, message in result.log]
    assert "Foot contacts: height above the ground under each foot ('OverAnimSample_Terrain')" in lines
    assert report_data(result)["contacts"]["rule"] == "ground" and not report_data(result)["warnings"]
    bpy.data.objects.remove(bpy.data.objects["OverAnimSample_Terrain"])
    result = analyze_motion(bpy.context, walk)
    assert report_data(result)["contacts"]["rule"] == "ground_reference"
    assert "Foot contacts: height above the ground reference (no ground in the scene: no mesh, curve or instance " \
           "but the character's own)" in [str(message) for _level, message in result.log]


def test_without_ground_the_height_is_above_the_root_as_before(walk):
    """Today's rule where the scene has no ground: the baked feet on the (now removed) steps read
    as lifted above the root."""
    bake(walk)
    bpy.data.objects.remove(bpy.data.objects["OverAnimSample_Terrain"])
    analyze(walk)
    root = []
    for frame in range(bpy.context.scene.frame_start, bpy.context.scene.frame_end + 1):
        bpy.context.scene.frame_set(frame)
        root.append((walk.matrix_world @ walk.pose.bones["root"].head).z * 100.0)
    expected = truth(walk, lambda _side, _points: np.array(root))
    for side, mask in contacts(walk).items():
        assert np.array_equal(mask, expected[side]), (side, np.flatnonzero(mask != expected[side]))


def test_a_ground_collection_without_ground_keeps_the_ground_reference(walk):
    walk.overanim.foot_ik.ground_collection = bpy.data.collections.new("Nothing")
    lines = analysed_log(walk)
    assert ("INFO", "Foot contacts: height above the ground reference (no ground in collection 'Nothing': no "
                    "mesh, curve or instance but the character's own)") in lines


def test_over_a_gap_a_frame_falls_back_to_the_ground_reference_with_a_warning(walk):
    """Half the terrain: the feet past its edge meet no ground; those frames are measured above the
    root as before, and a warning counts them."""
    terrain = bpy.data.objects["OverAnimSample_Terrain"]
    bpy.data.objects.remove(terrain)
    bpy.ops.mesh.primitive_plane_add(size=1.0, location=(0.0, 0.0, 0.0))
    plane = bpy.context.active_object
    start = lower_joints(walk)["Left"][0] / 100.0
    # under the first metre or so of the walk only (it walks along -Y)
    plane.scale, plane.location = (4.0, 1.6, 1.0), (start[0], start[1] - 0.5, 0.0)
    bpy.context.view_layer.objects.active = walk
    points = lower_joints(walk)
    ground = {side: ground_under(walk, points[side]) for side in SIDES}
    missed = {side: int(np.isnan(g).sum()) for side, g in ground.items()}
    assert all(0 < n < len(points["Left"]) for n in missed.values()), missed
    lines = analysed_log(walk)
    warnings = [text for level, text in lines if level == "WARNING"]
    for side, n in missed.items():
        said = [text for text in warnings if text.startswith(f"{side} foot: no ground under it on ")]
        assert len(said) == 1, warnings
        count = int(said[0].removeprefix(f"{side} foot: no ground under it on ").split()[0])
        assert abs(count - n) <= 1, (side, count, n)  # the add-on's ray and the test's agree on the edge
    expected = truth(walk, lambda side, _points: np.nan_to_num(ground[side], nan=0.0))  # the root is at 0
    for side, mask in contacts(walk).items():
        assert (mask == expected[side]).mean() >= 0.97, side


def test_ground_that_moves_is_measured_where_it_stands_at_each_frame(walk):
    """A flat floor under the (unbaked, flat) walk drops 30 cm at frame 49: from then on no foot is
    planted, which a tree built once at the first frame, or the root, would not see."""
    bpy.data.objects.remove(bpy.data.objects["OverAnimSample_Terrain"])
    bpy.ops.mesh.primitive_plane_add(size=20.0, location=(0.0, 0.0, 0.0))
    floor = bpy.context.active_object
    floor.keyframe_insert("location", frame=48)
    floor.location.z = -0.3
    floor.keyframe_insert("location", frame=49)
    bpy.context.view_layer.objects.active = walk
    analyze(walk)
    planted = contacts(walk)
    assert planted["Left"][:48].any() and planted["Right"][:48].any()
    assert not planted["Left"][48:].any() and not planted["Right"][48:].any()


def test_the_demos_pipeline_reads_both_feet_planted_after_the_bake(walk):
    """The demo's order (scripts/demo.py): Foot IK baked, then Motion; its report says the rule."""
    from overanim_addon.blender.pipeline import process_armature

    report = process_armature(walk)
    assert list(report["steps"])[-2:] == ["footik", "motion"] and report["ok"], report
    step = report["steps"]["motion"]
    frames = step["frames"][1] - step["frames"][0] + 1
    assert step["contacts"]["rule"] == "ground" and not step["warnings"]
    for side in ("left", "right"):
        assert 0.4 <= step["contacts"][side] / frames <= 0.7, step["contacts"]
