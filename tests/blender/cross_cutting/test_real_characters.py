"""Measure, Checks and Foot IK on characters as they arrive from elsewhere (tests/blender/real_characters.py):
Mixamo and a Khronos-shaped figure through Blender's glTF importer, Rigify's generated Basic Human,
BVH mocap through Blender's BVH importer."""

import math

import bpy
import numpy as np
import pytest
from mathutils import Quaternion

from overanim_addon.blender.checks.rig_checks import run_checks
from overanim_addon.blender.foot_ik.bake import baked_values
from overanim_addon.blender.measure.engine import MeasureOptions, measure_proportions
from overanim_addon.blender.motion.engine import analyze_motion
from overanim_addon.core import motion
from overanim_addon.core.units import CMU_UNIT, INCH

from ...layout_recorder import draw_panel
from ..foot_ik_scenes import box_under, check, plane, probe
from ..helpers import custom_props
from ..imported_characters import JOINTS as MIXAMO_JOINTS
from ..imported_characters import PREFIX as MIXAMO
from ..real_characters import (
    BVH_HEIGHT_INCHES,
    BVH_TOES_BELOW_HIPS,
    MIXAMO_LEG,
    bvh_walk,
    joint_to_joint,
    khronos_gltf,
    mixamo_gltf,
    tube_body,
)


def measured(armature):
    """Measure as the button does; returns the report lines (level, text)."""
    with bpy.context.temp_override(active_object=armature, object=armature):
        log = [(level, str(text)) for level, text in measure_proportions(bpy.context, armature, MeasureOptions()).log]
    assert not [text for level, text in log if level == "ERROR"], log
    return log


@pytest.fixture
def mixamo(addon, tmp_path):
    return mixamo_gltf(tmp_path)


def test_mixamo_through_gltf_measures_its_leg_joint_to_joint_not_to_invented_tails(mixamo):
    """Blender's glTF importer puts each bone's tail along the joint's own +Y at its child's distance
    or its parent's length: the leg's leaf tail (LeftToe_End) lands metres away. Lengths are joint
    to joint; the leaf, which deforms no vertex, has no length to add; the report says so."""
    cm_ws = 0.01 * 100.0  # the object scale 0.01 and 100 cm a unit: one data unit (one Mixamo cm) is 1 cm in WS
    toe_end = mixamo.data.bones[MIXAMO + "LeftToe_End"]
    assert toe_end.length * cm_ws > 100.0  # the importer's invented tail: more than a metre
    log = measured(mixamo)
    p = custom_props(mixamo)
    leg = joint_to_joint(MIXAMO_JOINTS, MIXAMO_LEG)  # about 108 cm, hip joint to the toes' end
    # Region properties are CS: the rig's own data, 100 times WS under the object scale 0.01
    assert p["OverAnim_Region_LeftLeg_ChainLength"] * 0.01 == pytest.approx(leg, rel=1e-4)
    assert p["OverAnim_Region_LeftLeg_SpanLength"] * 0.01 == pytest.approx(
        math.dist(MIXAMO_JOINTS["LeftUpLeg"][1], MIXAMO_JOINTS["LeftToe_End"][1]), rel=1e-4)
    assert p["OverAnim_Region_LeftLeg_AverageBoneLength"] * 0.01 == pytest.approx(leg / 5, rel=1e-4)
    # WS: the leg as it stands, so its chain scale (Auto basis) is not clamped at 4
    assert p["OverAnim_Region_LeftLeg_MotionScaleWS"] == pytest.approx(leg / 60.0, rel=1e-4)
    texts = [text for _level, text in log]
    assert not [t for t in texts if "below its origin" in t]  # the invented tails reach 42 m down
    notes = [text for level, text in log if level == "INFO" and "own tails" in text]
    assert len(notes) == 1 and f"'{MIXAMO}LeftToe_End'" in notes[0] and "cut to 0.0 cm" in notes[0]


def _world_path_cm(armature, bone, frames, point):
    """A pose bone's ``point`` ("head" or "tail") in world cm relative to the ground reference of a rig
    without a ground-level root (the Hips' head projected along world up onto the object's origin), per
    frame."""
    scene, path = bpy.context.scene, []
    for frame in frames:
        scene.frame_set(int(frame))
        world = armature.matrix_world
        reference = world @ armature.pose.bones[MIXAMO + "Hips"].head
        reference.z = world.translation.z
        path.append(tuple((world @ getattr(armature.pose.bones[bone], point) - reference) * 100.0))
    return np.array(path)


def test_mixamo_through_gltf_motion_follows_the_toes_not_their_invented_tail(mixamo):
    """Motion follows each Region's tip where Measure ends it: the leaf LeftToe_End deforms nothing,
    so the leg's tip is that joint, not the importer's tail 8 m out along it, which sweeps as the
    foot turns."""
    toes = mixamo.pose.bones[MIXAMO + "LeftToeBase"]  # the toes bend 30 degrees up and back down
    for frame, angle in ((1, 0.0), (8, 30.0), (16, 0.0)):
        toes.rotation_quaternion = Quaternion((1.0, 0.0, 0.0), math.radians(angle))
        toes.keyframe_insert("rotation_quaternion", frame=frame)
    result = analyze_motion(bpy.context, mixamo)
    leg = next(region for region in result.regions if region.name == "LeftLeg")
    assert leg.tip == MIXAMO + "LeftToe_End"
    joint = motion.motion_curves(_world_path_cm(mixamo, leg.tip, result.frames, "head"), result.fps)
    tail = motion.motion_curves(_world_path_cm(mixamo, leg.tip, result.frames, "tail"), result.fps)
    assert np.allclose(leg.curves.speed, joint.speed, atol=1e-3)
    assert np.allclose(leg.curves.distance, joint.distance, atol=1e-3)
    assert tail.speed.max() > 3.0 * leg.curves.speed.max()  # the tail sweeps: following it would not pass above


def test_mixamo_through_gltf_stands_on_its_origin_in_the_checks(mixamo):
    found = {(f.id, f.severity) for f in run_checks(bpy.context, mixamo)}
    assert ("orientation", "WARNING") not in found and ("orientation", "ERROR") not in found


# -- Rigify --------------------------------------------------------------------------------------------------

def test_rigify_is_measured_from_its_org_skeleton_not_from_its_hips_control(rigify):
    """A generated Rigify rig has a ``hips`` control (no legs below it) as well as its skeleton: the
    deform bones (their hierarchy runs through ORG- bones) and the ORG- copy of the metarig. The body
    root is the skeleton's pelvis joint, so the ground probe radius is half the hip joints' height."""
    bones = rigify.data.bones
    measured(rigify)
    p = custom_props(rigify)
    assert p["OverAnim_LocomotionRootBone"] == "ORG-spine"
    assert p["OverAnim_LocomotionHeightCS"] == pytest.approx(bones["ORG-spine"].head_local.z * 100.0, abs=1e-3)
    hip = max(bones[f"ORG-thigh.{side}"].head_local.z for side in "LR") * 100.0
    assert p["OverAnim_GroundProbeRadiusCS"] == pytest.approx(hip / 2.0, abs=1e-3)


def test_rigify_feet_are_its_deform_feet_and_its_ik_controls(rigify):
    with bpy.context.temp_override(active_object=rigify, object=rigify):
        assert bpy.ops.overanim.detect_foot_bones() == {"FINISHED"}
    s = rigify.overanim.foot_ik
    assert (s.left_foot, s.right_foot, s.left_ik_target, s.right_ik_target, s.body_bone) == (
        "DEF-foot.L", "DEF-foot.R", "foot_ik.L", "foot_ik.R", "torso")
    plane()
    box_under(rigify, "DEF-foot.L", 10.0)
    check(probe(rigify), LeftOffset=10.0, RightOffset=0.0, BodyOffset=0.0, LeftHit=1.0, RightHit=1.0)


# -- BVH mocap -----------------------------------------------------------------------------------------------

def fix(name):
    assert bpy.ops.overanim.fix_check(fix=name) == {"FINISHED"}


def findings(armature):
    return {(f.id, f.severity): f for f in run_checks(bpy.context, armature)}


def test_a_bvh_in_inches_is_offered_inches_and_measures_from_its_feet(addon, tmp_path):
    """Blender's BVH importer at its scale 1 reads a Biovision file's inches as metres (a 72-inch
    skeleton is 72 m tall), and its rest pose hangs from the Hips joint at the origin. Match Unit
    Scale reads the numbers as inches; Measure takes the ground at the feet of the rest pose."""
    bvh = bvh_walk(tmp_path)
    units = findings(bvh)[("unit_scale", "WARNING")]
    assert units.fix == "unit_scale" and "(inches)" in units.message
    fix("unit_scale")
    assert bpy.context.scene.unit_settings.scale_length == pytest.approx(INCH)
    found = findings(bvh)
    assert not [key for key in found if key[1] == "ERROR" or key[0] in ("unit_scale", "orientation")]
    assert "hangs" in found[("ground", "INFO")].message
    measured(bvh)
    p = custom_props(bvh)
    inch = INCH * 100.0
    assert p["OverAnim_LocomotionRootBone"] == "Hips"
    assert p["OverAnim_CharacterHeightCS"] == pytest.approx(BVH_HEIGHT_INCHES * inch, abs=1e-3)
    assert p["OverAnim_LocomotionHeightCS"] == pytest.approx(36.0 * inch, abs=1e-3)  # the hips over the toes
    assert p["OverAnim_GroundProbeRadiusCS"] == pytest.approx(36.0 * inch / 2.0, abs=1e-3)


def bvh_in_centimetres(tmp_path):
    bvh = bvh_walk(tmp_path)
    bpy.context.scene.unit_settings.scale_length = INCH
    return bvh


@pytest.mark.parametrize("origin", ["as imported", "under its rest feet"])
def test_a_bvh_clip_bakes_over_a_floor(addon, tmp_path, origin):
    """The clip's Hips channel holds its feet on the plane through its origin. Put its origin under
    its rest pose's feet (as Object > Set Origin does, 36 inches under the animated feet), the ground
    reference stays where the feet are at the first frame: the results are the same."""
    bvh = bvh_in_centimetres(tmp_path)
    if origin != "as imported":  # Object > Set Origin > Origin to 3D Cursor, the cursor at the rest toes
        bpy.context.scene.cursor.location = (0.0, 0.0, -BVH_TOES_BELOW_HIPS)  # inches: units at this Unit Scale
        with bpy.context.temp_override(active_object=bvh, object=bvh, selected_objects=[bvh],
                                       selected_editable_objects=[bvh]):
            assert bpy.ops.object.origin_set(type="ORIGIN_CURSOR") == {"FINISHED"}
        assert bvh.location.z == pytest.approx(-BVH_TOES_BELOW_HIPS)
    plane()
    box_under(bvh, "LeftAnkle", 10.0)
    with bpy.context.temp_override(active_object=bvh, object=bvh):
        assert bpy.ops.overanim.bake_foot_ik(frame_start=1, frame_end=2) == {"FINISHED"}
    baked = baked_values(bvh)
    assert baked["LeftHit"][0, 1] == baked["RightHit"][0, 1] == 1.0
    # onto the box; the bake over time may lift it up to a centimetre more (a swinging foot clears an edge)
    assert 10.0 - 0.05 <= baked["LeftOffset"][0, 1] <= 10.0 + 1.0
    assert baked["RightOffset"][0, 1] == pytest.approx(0.0, abs=0.05)
    assert baked["BodyOffset"][0, 1] == pytest.approx(0.0, abs=0.05)


# -- giants --------------------------------------------------------------------------------------------------

def test_a_giant_is_warned_offered_its_unit_and_every_clamp_is_reported(addon, tmp_path):
    """CMU's motion capture counts in units of 1/0.45 inch: through Blender's BVH importer a person
    stands 32 m tall, well inside the old 5 cm to 50 m. Outside a human's height the Checks say so,
    with Match Unit Scale reading the numbers in CMU's unit; until then Measure reports every scale
    it clamps, with the ratio it had."""
    bvh = bvh_walk(tmp_path, unit=0.45)
    body = tube_body(bvh, [(b.name, b.head_local, b.children[0].head_local if b.children else b.tail_local)
                           for b in bvh.data.bones], 1.5)
    found = findings(bvh)
    warning = found[("unit_scale", "WARNING")]
    assert warning.fix == "unit_scale" and "CMU" in warning.message
    log = measured(bvh)
    clamped = [text for level, text in log if level == "WARNING" and "clamped" in text]
    assert len(clamped) == 1
    p = custom_props(bvh)
    for scale, value, reference in (("CharacterScale", "CharacterHeight", 180.0),
                                    ("LocomotionScale", "LocomotionHeight", 90.0),
                                    ("GroundProbeScale", "GroundProbeRadius", 42.0)):
        for space in ("CS", "WS"):
            assert p[f"OverAnim_{scale}{space}"] == 4.0
            assert f"{scale}{space} {p[f'OverAnim_{value}{space}'] / reference:.3g}×" in clamped[0]
    fix("unit_scale")
    assert bpy.context.scene.unit_settings.scale_length == pytest.approx(CMU_UNIT)
    assert ("unit_scale", "WARNING") not in findings(bvh)
    log = measured(bvh)
    assert not [text for _level, text in log if "clamped" in text]
    soles = min(v.co.z for v in body.data.vertices)  # the body's lowest point, under the Hips at the origin
    assert custom_props(bvh)["OverAnim_LocomotionHeightCS"] == pytest.approx(-soles * CMU_UNIT * 100.0, abs=1e-3)


# -- forward axis and foot names of real imports -----------------------------------------------------------------

def test_mixamo_through_gltf_is_offered_its_forward_axis_from_its_toes(mixamo):
    """Blender's glTF importer stands a Y-up file up with a +90 degree turn about X on the armature
    object: the default Forward Axis (-Y of the object) points down in the world. The refusal names
    the axis the toes point along (+Z of the data), Detect Forward Axis sets it, and the probe finds
    Mixamo's feet by name."""
    plane()
    box_under(mixamo, MIXAMO + "LeftFoot", 10.0)
    with pytest.raises(RuntimeError, match=r"Forward Axis -Y .* toes point along \+Z .* set Forward Axis to \+Z"):
        probe(mixamo)
    layout = draw_panel(bpy.types.OVERANIM_PT_foot_ik, bpy.context, region_width=300)
    assert "overanim.detect_forward_axis" in [call.args[0] for call in layout.of("operator")]
    assert any("+Z" in text for text in layout.texts())
    with bpy.context.temp_override(active_object=mixamo, object=mixamo):
        assert bpy.ops.overanim.detect_forward_axis() == {"FINISHED"}
    assert mixamo.overanim.foot_ik.forward_axis == "+Z"
    check(probe(mixamo), LeftOffset=10.0, RightOffset=0.0, BodyOffset=0.0, LeftHit=1.0, RightHit=1.0)
    s = mixamo.overanim.foot_ik
    assert (s.left_foot, s.right_foot) == (MIXAMO + "LeftFoot", MIXAMO + "RightFoot")
    assert "overanim.detect_forward_axis" not in [c.args[0] for c in draw_panel(
        bpy.types.OVERANIM_PT_foot_ik, bpy.context, region_width=300).of("operator")]


def test_a_khronos_figure_with_numbered_joints_is_asked_for_its_feet_then_its_facing(addon, tmp_path):
    """The Khronos sample figures' joints have no names (``Node_<n>``) and face +X: the probe asks for
    the feet to be picked, saying why; once they are, the facing comes from the toes."""
    figure, nodes = khronos_gltf(tmp_path)
    plane()
    with pytest.raises(RuntimeError, match=r"numbered bone names .* bone pickers"):
        probe(figure)
    with bpy.context.temp_override(active_object=figure, object=figure):
        assert bpy.ops.overanim.detect_foot_bones() == {"FINISHED"}
    texts = " ".join(draw_panel(bpy.types.OVERANIM_PT_foot_ik, bpy.context, region_width=300).texts())
    assert "numbered bone names" in texts
    settings = figure.overanim.foot_ik
    settings.left_foot, settings.right_foot = nodes["ankle_l"], nodes["ankle_r"]
    with pytest.raises(RuntimeError, match=r"toes point along \+X"):
        probe(figure)
    with bpy.context.temp_override(active_object=figure, object=figure):
        assert bpy.ops.overanim.detect_forward_axis() == {"FINISHED"}
    assert settings.forward_axis == "+X"
    box_under(figure, nodes["ankle_r"], 10.0)
    check(probe(figure), LeftOffset=0.0, RightOffset=10.0, BodyOffset=0.0)


def test_biovision_ankles_are_its_feet_and_its_facing_is_the_default(addon, tmp_path):
    bvh = bvh_walk(tmp_path)
    with bpy.context.temp_override(active_object=bvh, object=bvh):
        assert bpy.ops.overanim.detect_foot_bones() == {"FINISHED"}
    s = bvh.overanim.foot_ik
    assert (s.left_foot, s.right_foot) == ("LeftAnkle", "RightAnkle")
    with bpy.context.temp_override(active_object=bvh, object=bvh):
        assert bpy.ops.overanim.detect_forward_axis() == {"FINISHED"}
    assert s.forward_axis == "-Y"  # Blender's BVH importer turns the file's +Z forward into -Y
