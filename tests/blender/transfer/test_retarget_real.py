"""Transfer across skeletons on real files (issue 34): CMU motion capture through the BVH importer onto
a Mixamo-shaped rig through the glTF importer at object scale 0.01, that rig onto the sample, the
sample walking onto Rigify's human metarig, Khronos's CesiumMan onto the sample; no bone map given.
Everything compared is computed here from the evaluated bones (``retarget_truth``)."""

from __future__ import annotations

import bpy
import numpy as np
import pytest

from overanim_addon.blender.sample.build import build_sample_character
from overanim_addon.blender.sample.walk import add_sample_walk
from overanim_addon.blender.transfer.engine import RECORD, TransferOptions, transfer_action

from ..khronos_models import import_khronos
from ..mocap_scenes import bvh_excerpt
from ..real_characters import enable_rigify, mixamo_gltf
from ..transfer_scenes import action_fingerprint
from . import retarget_truth as truth

BVH_FRAMES = 480  # 4 s of 01_01 at 120 fps: the walk's first steps
SHARE = 0.95  # of the frames each limb must be within 18 degrees of the source's
TRAVEL_TOLERANCE = 0.03
PLANTED = 0.9  # of the frames each target foot is planted (or not) as the source's
SLIDE_CM = 1.0


def transfer(source, target, **options):
    before = action_fingerprint(source.animation_data.action) if source.animation_data.action else None
    result = transfer_action(bpy.context, target, TransferOptions(source=source, **options))
    if before is not None:
        assert action_fingerprint(source.animation_data.action) == before  # the clip byte for byte
    return result


def frames_of(action):
    start, end = (round(f) for f in action.frame_range)
    return range(start, end + 1)


def measured(source, source_names, target, target_names, frames):
    """(share within 18 degrees per limb, travel ratio / hip-height ratio, the feet)."""
    a, b = truth.track(source, source_names, frames), truth.track(target, target_names, frames)
    shares = truth.within(a, b)
    hips = truth.hip_height(source, source_names), truth.hip_height(target, target_names)
    travel = truth.horizontal_path(b.pelvis) / truth.horizontal_path(a.pelvis)
    render = bpy.context.scene.render
    feet = truth.feet(a, hips[0], b, hips[1], render.fps / render.fps_base)
    return shares, travel / (hips[1] / hips[0]), feet


def assert_follows(shares, travel, feet):
    print("within 18 degrees:", {k: round(v, 3) for k, v in shares.items()}, "travel / heights:", round(travel, 4),
          "feet planted alike:", {k: round(v, 3) for k, v in feet.agreement.items()}, "slide cm:", round(feet.slide, 2))
    assert all(v >= SHARE for v in shares.values()), shares
    assert travel == pytest.approx(1.0, abs=TRAVEL_TOLERANCE)
    assert all(v >= PLANTED for v in feet.agreement.values()), feet
    assert feet.slide <= SLIDE_CM, feet


def cmu_walk(tmp_path):
    path = bvh_excerpt(tmp_path, BVH_FRAMES)
    assert bpy.ops.import_anim.bvh(filepath=str(path)) == {"FINISHED"}
    return bpy.context.view_layer.objects.active


@pytest.fixture
def cmu_on_mixamo(addon, tmp_path):
    mixamo = mixamo_gltf(tmp_path)  # opens the imported file
    actor = cmu_walk(tmp_path)
    result = transfer(actor, mixamo)
    return actor, mixamo, result


def test_cmu_mocap_onto_a_mixamo_rig_at_scale_001(cmu_on_mixamo):
    actor, mixamo, result = cmu_on_mixamo
    assert mixamo.scale[0] == pytest.approx(0.01)
    assert any("Retargeted across skeletons" in str(m) for _level, m in result.log)
    shares, travel, feet = measured(actor, truth.CMU, mixamo, truth.MIXAMO, frames_of(result.action))
    assert_follows(shares, travel, feet)


def test_the_mixamo_rig_s_retargeted_walk_onto_the_sample(cmu_on_mixamo):
    _actor, mixamo, first = cmu_on_mixamo
    sample = build_sample_character(bpy.context, "Sample")
    sample.location.x = 2.0
    transfer(mixamo, sample)
    shares, travel, feet = measured(mixamo, truth.MIXAMO, sample, truth.SAMPLE, frames_of(first.action))
    assert_follows(shares, travel, feet)


@pytest.fixture
def metarig(addon, empty_scene):
    import addon_utils

    enable_rigify()
    try:
        yield
    finally:
        bpy.ops.wm.read_homefile(use_empty=True)
        addon_utils.disable("rigify", default_set=True)


def test_the_sample_walking_onto_rigify_s_human_metarig(metarig):
    sample = build_sample_character(bpy.context, "Sample")
    add_sample_walk(bpy.context, sample, 96)
    bpy.ops.object.select_all(action="DESELECT")
    bpy.ops.object.armature_basic_human_metarig_add()
    rig = bpy.context.view_layer.objects.active
    rig.location.x = 2.0
    result = transfer(sample, rig)
    shares, travel, feet = measured(sample, truth.SAMPLE, rig, truth.METARIG, frames_of(result.action))
    assert_follows(shares, travel, feet)


def generated_rigify():
    """Rigify's Basic Human generated as an artist generates it: the rig its controls animate."""
    bpy.ops.object.select_all(action="DESELECT")
    bpy.ops.object.armature_basic_human_metarig_add()
    metarig = bpy.context.view_layer.objects.active
    assert bpy.ops.pose.rigify_generate() == {"FINISHED"}
    rig = metarig.data.rigify_target_rig or bpy.data.objects["rig"]
    metarig.hide_set(True)
    return rig


FK_CONTROLS = {f"{bone}_fk.{side}" for bone in ("thigh", "shin", "foot", "upper_arm", "forearm", "hand")
               for side in "LR"}
BODY_CONTROLS = {"torso", "hips", "chest", "neck", "head", "shoulder.L", "shoulder.R"}
SWITCHES = ("thigh_parent.L", "thigh_parent.R", "upper_arm_parent.L", "upper_arm_parent.R")


def keyed_bones(action):
    from overanim_addon.blender.shared.fcurves import fcurves

    slot = action.slots[0] if getattr(action, "slots", None) else None
    return {c.data_path.split('"')[1] for c in fcurves(action, slot) if c.data_path.startswith("pose.bones")}


@pytest.fixture
def sample_onto_generated_rigify(metarig):
    sample = build_sample_character(bpy.context, "Sample")
    add_sample_walk(bpy.context, sample, 96)
    rig = generated_rigify()
    rig.location.x = 2.0
    return sample, rig, transfer(sample, rig)


def test_the_sample_walking_onto_a_generated_rigify_rig_keys_its_fk_controls(sample_onto_generated_rigify):
    """An artist animates a generated Rigify rig through its controls: the transfer keys the FK controls
    (and torso, hips, chest, neck, head), its limbs' IK/FK switches to FK on the clip's frames, never a
    bone its constraints overwrite; its deform bones, evaluated, follow the source as the other pairs do.
    Before this, the DEF bones were keyed and overwritten: thighs within 18 degrees on 1-3% of the frames."""
    sample, rig, result = sample_onto_generated_rigify
    keyed = keyed_bones(result.action)
    assert keyed >= FK_CONTROLS | BODY_CONTROLS, keyed
    assert not [b for b in keyed if b.startswith(("DEF-", "ORG-", "MCH-"))], keyed
    frames = frames_of(result.action)
    for frame in (frames[0], frames[len(frames) // 2], frames[-1]):
        bpy.context.scene.frame_set(frame)
        assert all(rig.pose.bones[bone]["IK_FK"] == 1.0 for bone in SWITCHES)  # FK: the keyed controls move it
    shares, travel, feet = measured(sample, truth.SAMPLE, rig, truth.RIGIFY, frames)
    assert_follows(shares, travel, feet)


def test_a_generated_rigify_rig_s_quality_numbers_are_its_evaluated_bones(sample_onto_generated_rigify):
    """The numbers the transfer reports are measured on what the rig does under its keys: within the
    bounds where the evaluated deform bones are (the previous test), the feet planted and not sliding."""
    _sample, _rig, result = sample_onto_generated_rigify
    quality = result.quality
    assert quality is not None and set(quality.chain_errors) >= {"spine", "arm_L", "arm_R", "leg_L", "leg_R"}
    assert min(quality.chain_within.values()) >= SHARE and max(quality.slides.values()) <= SLIDE_CM
    assert min(quality.agreement.values()) >= PLANTED
    assert not [m for level, m in result.log if level == "WARNING"], result.log
    assert any("generated Rigify rig" in str(m) and "thigh_fk.L" in str(m) for _level, m in result.log)
    assert result.action[f"{RECORD}DirectionError"] == pytest.approx(max(quality.chain_errors.values()))


def test_cmu_mocap_onto_a_generated_rigify_rig(metarig, tmp_path):
    """Motion capture (a T-pose source, 120 fps) onto the generated rig's controls: the evaluated deform
    bones follow within the same bounds. The report warns of the middle of the spine, which Rigify bends
    between hips and chest where the captured spine bends otherwise; never of a limb."""
    rig = generated_rigify()
    rig.location.x = 2.0
    actor = cmu_walk(tmp_path)
    result = transfer(actor, rig)
    assert keyed_bones(result.action) >= FK_CONTROLS | BODY_CONTROLS
    shares, travel, feet = measured(actor, truth.CMU, rig, truth.RIGIFY, frames_of(result.action))
    assert_follows(shares, travel, feet)
    warned = [str(m) for level, m in result.log if level == "WARNING"]
    assert not [w for w in warned if "Chain leg" in w or "Chain arm" in w], warned
    assert min(result.quality.chain_within[c] for c in ("leg_L", "leg_R", "arm_L", "arm_R")) >= SHARE
    said = [str(m) for _level, m in result.log]
    assert any("ORG-spine.001" in line and "no control of their own" in line for line in said), said


def test_the_bone_map_panel_shows_a_generated_rigify_rig_s_controls(metarig):
    from ...layout_recorder import draw_panel

    sample = build_sample_character(bpy.context, "Sample")
    rig = generated_rigify()
    rig.overanim.transfer.source = sample
    bpy.context.view_layer.objects.active = rig
    texts = draw_panel(bpy.types.OVERANIM_PT_transfer_map, bpy.context, region_width=600).texts()
    assert {"thigh_fk.L", "shin_fk.R", "upper_arm_fk.L", "hips", "chest", "head"} <= set(texts), texts
    assert not [t for t in texts if t.startswith("DEF-")], texts


def test_cesium_man_onto_the_sample(addon, tmp_path):
    cesium = import_khronos("CesiumMan", tmp_path)
    sample = build_sample_character(bpy.context, "Sample")
    sample.location.x = 2.0
    result = transfer(cesium, sample)
    assert any("Retargeted" in str(m) for _level, m in result.log)
    shares, travel, feet = measured(cesium, truth.CESIUM, sample, truth.SAMPLE, frames_of(result.action))
    assert_follows(shares, travel, feet)


def test_the_result_says_how_good_it_is_in_numbers(cmu_on_mixamo):
    """The report's numbers agree with what the evaluated bones show: the largest direction error
    within the test's bound, no slide, the feet planted as the source's."""
    _actor, _mixamo, result = cmu_on_mixamo
    quality = result.quality
    assert quality is not None and set(quality.chain_errors) >= {"spine", "arm_L", "arm_R", "leg_L", "leg_R"}
    assert min(quality.chain_within.values()) >= 0.95 and max(quality.slides.values()) < 1.0
    assert min(quality.agreement.values()) >= 0.9
    assert quality.leg_ratio == pytest.approx(quality.stride_ratio, rel=0.1)
    lines = [str(m) for _level, m in result.log]
    assert any(line.startswith("Largest direction error: spine") for line in lines), lines
    assert result.action[f"{RECORD}DirectionError"] == pytest.approx(max(quality.chain_errors.values()))
    assert not [m for level, m in result.log if level == "WARNING"], result.log
    rows = {r.target: r.source for r in result.bone_map.rows}
    assert rows[f"{truth.M}LeftUpLeg"] == "LeftUpLeg" and result.bone_map.source_profile == "Mixamo"


def test_root_motion_goes_on_the_target_s_root_from_the_hips_of_a_source_without_one(cmu_on_mixamo):
    """The Mixamo rig has no root bone (its Hips are the root); the sample has Unreal's ground-level
    ``root``: it carries the pelvis's path on the ground, as Motion measures it, and stays on the ground."""
    _actor, mixamo, first = cmu_on_mixamo
    sample = build_sample_character(bpy.context, "Sample")
    transfer(mixamo, sample)
    frames = frames_of(first.action)
    roots, pelvis = [], []
    for frame in frames:
        bpy.context.scene.frame_set(frame)
        w = sample.matrix_world
        roots.append(np.array(w @ sample.pose.bones["root"].head))
        pelvis.append(np.array(w @ sample.pose.bones["pelvis"].head))
    roots, pelvis = np.array(roots), np.array(pelvis)
    assert truth.horizontal_path(roots * 100.0) > 50.0  # it travels
    np.testing.assert_allclose(roots[:, :2], pelvis[:, :2], atol=1e-4)
    np.testing.assert_allclose(roots[:, 2], 0.0, atol=1e-6)
