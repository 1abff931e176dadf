"""The sample character as the panel's "+ Sample" adds it."""

import bpy
import numpy as np
import pytest
from mathutils import Vector


def world_box(obj):
    corners = np.array([obj.matrix_world @ Vector(c) for c in obj.bound_box])
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

    from ..helpers import printed_reports

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


# -- the walk -------------------------------------------------------------------------------------------
FPS = 24.0
TIPS = {"LeftArm": ("hand_l", "tail"), "RightArm": ("hand_r", "tail"), "Spine": ("spine_03", "tail"),
        "Head": ("head", "tail"), "LeftLeg": ("ball_l", "tail")}  # each Region's last bone's end


def walking_sample():
    """The sample as "+ Sample" adds it: walking over the scene's 96 frames, its armature active."""
    assert bpy.ops.overanim.build_sample_character() == {"FINISHED"}
    return bpy.context.active_object


def tracks(armature):
    """World positions (cm) per frame of the scene's range: ankles, balls, root and Region tips."""
    scene = bpy.context.scene
    joints = {"hip": "thigh", "knee": "calf", "ankle": "foot", "ball": "ball"}  # each bone's head
    points = {"root": ("root", "head"), **TIPS,
              **{f"{joint}_{s}": (f"{bone}_{s}", "head") for joint, bone in joints.items() for s in "lr"}}
    found = {name: [] for name in points}
    for frame in range(scene.frame_start, scene.frame_end + 1):
        scene.frame_set(frame)
        for name, (bone, end) in points.items():
            found[name].append(np.array(armature.matrix_world @ getattr(armature.pose.bones[bone], end)) * 100.0)
    return {name: np.array(values) for name, values in found.items()}


def speeds(positions):
    """cm/s per frame by central differences, one-sided at the ends."""
    return np.linalg.norm(np.gradient(positions, axis=0), axis=1) * FPS


def planted(track, side):
    """Frames (0-based) where the foot stands still on the ground: its lower point (ankle or ball)
    under 10 cm/s and under 10 cm above the ground (flat, at the root's height)."""
    ankle, ball = track[f"ankle_{side}"], track[f"ball_{side}"]
    low = np.where((ball[:, 2] < ankle[:, 2])[:, None], ball, ankle)
    height = low[:, 2] - track["root"][:, 2]
    return (speeds(low) < 10.0) & (height < 10.0)


def runs(mask):
    """(first, last) frame indices of each stretch of True in ``mask``."""
    edges = np.flatnonzero(np.diff(np.concatenate([[0], mask.astype(int), [0]])))
    return list(zip(edges[::2], edges[1::2] - 1, strict=True))


def test_the_sample_walks_heel_to_toe_with_planted_feet_in_turn(addon, empty_scene):
    armature = walking_sample()
    scene = bpy.context.scene
    assert scene.render.fps / scene.render.fps_base == FPS
    track = tracks(armature)
    feet = {side: planted(track, side) for side in "lr"}
    for side, mask in feet.items():
        assert 0.4 <= mask.mean() <= 0.7, (side, mask.mean())
        for first, last in runs(mask):  # a planted foot does not slide: its ball stays where it stood
            ball = track[f"ball_{side}"][first:last + 1, :2]
            assert np.abs(ball - ball[0]).max() < 0.5, (side, first, last)
    for side in "lr":  # the knees bend forward on every frame: never straight, never flipped back or aside
        hip, knee, ankle = (track[f"{joint}_{side}"] for joint in ("hip", "knee", "ankle"))
        leg = ankle - hip
        along = ((knee - hip) * leg).sum(axis=1) / (leg * leg).sum(axis=1)
        bend = knee - (hip + along[:, None] * leg)
        assert (-bend[:, 1] > 5.0).all() and (np.abs(bend[:, 0]) < 5.0).all(), side  # ahead is -Y
    airborne = runs(~(feet["l"] | feet["r"]))  # a walk has no flight: at most the frame between two steps
    assert all(last - first < 2 for first, last in airborne), airborne
    starts = sorted((first, side) for side, mask in feet.items() for first, _last in runs(mask) if first > 0)
    assert [side for _first, side in starts] == ["lr"[i % 2] for i in range(len(starts))] or \
        [side for _first, side in starts] == ["rl"[i % 2] for i in range(len(starts))]  # left, right, left...
    assert len(starts) >= 7  # four cycles: eight steps
    root = track["root"]
    travel = np.linalg.norm(root[-1, :2] - root[0, :2]) / ((len(root) - 1) / FPS)
    assert 130.0 <= travel <= 150.0
    bob = track["Spine"][:, 2]
    assert 2.0 < bob.max() - bob.min() < 8.0  # the pelvis bobs, carrying the spine
    hand, spine = (speeds(track[n] - root) for n in ("LeftArm", "Spine"))
    assert hand.max() > 2.0 * spine.max()  # the arms swing; the spine rides


def test_motion_reads_the_walk_as_the_test_does(addon, empty_scene):
    from ..motion_scenes import analyze

    armature = walking_sample()
    track = tracks(armature)
    found = analyze(armature)
    frames = found["FrameEnd"] - found["FrameStart"] + 1
    assert (found["FrameStart"], found["FrameEnd"]) == (1, 96)  # the scene's range, no key past it
    for side in ("Left", "Right"):
        assert 0.4 <= found[f"{side}ContactFrames"] / frames <= 0.7, found
    assert 130.0 <= found["AverageSpeed"] <= 150.0
    root = track["root"]
    for region, key in (("LeftArm", "LeftArm"), ("Spine", "Spine")):
        truth = speeds(track[region] - root).max()
        assert found[f"Region_{key}_MaxSpeed"] == pytest.approx(truth, rel=0.02), region
    assert found["Region_LeftArm_MaxSpeed"] > 2.0 * found["Region_Spine_MaxSpeed"]


def test_after_bake_foot_ik_no_region_speeds_up_at_the_clips_end(addon, empty_scene):
    from ..foot_ik_scenes import bake
    from ..motion_scenes import analyze

    armature = walking_sample()
    bake(armature)
    track = tracks(armature)
    found = analyze(armature)
    root = track["root"]
    for region in TIPS:
        speed = speeds(track[region] - root)
        assert speed[-4:].max() <= 3.0 * np.median(speed) + 1.0, (region, speed[-4:], np.median(speed))
        assert found[f"Region_{region}_MaxSpeed"] == pytest.approx(speed.max(), rel=0.02), region


def test_after_bake_foot_ik_planted_feet_stand_on_the_steps_and_slopes(addon, empty_scene):
    from ..foot_ik_scenes import bake

    armature = walking_sample()
    flat = tracks(armature)
    bake(armature)
    track = tracks(armature)
    terrain = next(o for o in bpy.data.objects if "Terrain" in o.name)
    inverse = terrain.matrix_world.inverted()
    for side in "lr":
        mask = planted(flat, side)
        for i in np.flatnonzero(mask):
            ankle = track[f"ankle_{side}"][i] / 100.0
            hit, where, _normal, _index = terrain.ray_cast(inverse @ Vector((ankle[0], ankle[1], 5.0)), (0, 0, -1))
            assert hit
            ground = (terrain.matrix_world @ where).z * 100.0
            lifted = flat[f"ankle_{side}"][i][2] - flat["root"][i][2]  # its height above flat ground
            assert abs(track[f"ankle_{side}"][i][2] - ground - lifted) < 2.0, (side, i)


# -- the skin weights ----------------------------------------------------------------------------------
def painted_masks(armature):
    """Region -> its painted mask per vertex (the colour attribute's red), over the sample's meshes."""
    from overanim_addon.blender.masks.paint import mask_name

    found = {}
    for region in armature.overanim.regions:
        values = []
        for obj in armature.children:
            attribute = obj.data.color_attributes[mask_name(region.name)]
            colour = np.empty(len(attribute.data) * 4, np.float32)
            attribute.data.foreach_get("color", colour)
            values.append(colour[0::4])
        found[region.name] = np.concatenate(values)
    return found


def test_the_sample_skin_blends_across_its_joints(sample):
    """Smooth weights, as automatic weights give: a fifth or more of each Region's painted vertices
    lie on its falloff, so Zero Weight, Full Weight and Falloff Exponent visibly move its edge."""
    assert bpy.ops.overanim.paint_region_masks() == {"FINISHED"}
    before = painted_masks(sample)
    for region, mask in before.items():
        painted = mask > 0.0
        on_falloff = (mask > 1e-3) & (mask < 1.0 - 1e-3)  # float sums of 1 (0.99999994) are not a falloff
        assert on_falloff.sum() >= 0.2 * painted.sum(), (region, on_falloff.sum(), painted.sum())
        assert (mask >= 1.0 - 1e-3).any()  # and a core the Region owns outright
    for region in sample.overanim.regions:
        region.full_weight, region.falloff_exponent = 0.6, 2.0
    assert bpy.ops.overanim.paint_region_masks() == {"FINISHED"}
    for region, mask in painted_masks(sample).items():
        moved = np.abs(mask - before[region]) > 0.01
        assert moved.sum() >= 0.2 * (before[region] > 0.0).sum(), region
