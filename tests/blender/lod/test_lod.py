"""Check LOD Coverage on the sample: the table for every LOD Policy, attachment dependencies."""

import bpy
import pytest


def lod_rows(armature):
    return {(r.region, r.lod): (r.covered, r.verdict, r.attachment_dependency) for r in armature.overanim.lod_rows}


def strip_lod1(bones):
    lod1 = bpy.data.objects["SK_OverAnimSample_Body_LOD1"]
    for bone in bones:
        lod1.vertex_groups.remove(lod1.vertex_groups[bone])


@pytest.mark.parametrize(
    "policy, attached, verdict",
    [("ALLOW_INACTIVE", False, "OK"), ("WARN_IF_INACTIVE", False, "WARNING"), ("REQUIRE_COVERAGE", False, "ERROR"),
     ("ALLOW_INACTIVE", True, "ERROR"), ("WARN_IF_INACTIVE", True, "ERROR"), ("REQUIRE_COVERAGE", True, "ERROR")],
)
def test_lod_table_for_every_policy(sample, policy, attached, verdict):
    strip_lod1(["neck_01", "head"])
    head = sample.overanim.regions["Head"]
    head.lod_policy, head.is_attachment_dependency = policy, attached
    if verdict == "ERROR":
        with pytest.raises(RuntimeError, match="Region 'Head' is inactive at LOD1"):
            bpy.ops.overanim.check_lod_coverage()
    else:
        assert bpy.ops.overanim.check_lod_coverage() == {"FINISHED"}
    rows = lod_rows(sample)
    assert rows[("Head", 0)] == (True, "OK", attached)
    assert rows[("Head", 1)] == (False, verdict, attached)
    assert rows[("Spine", 1)][:2] == (True, "OK")


def test_object_parented_to_a_region_bone_makes_it_an_attachment_dependency(sample):
    strip_lod1(["hand_l", "lowerarm_l", "upperarm_l", "clavicle_l"])
    sample.overanim.regions["LeftArm"].lod_policy = "ALLOW_INACTIVE"
    assert bpy.ops.overanim.check_lod_coverage() == {"FINISHED"}
    prop = bpy.data.objects.new("Sword", None)
    bpy.context.scene.collection.objects.link(prop)
    prop.parent, prop.parent_type, prop.parent_bone = sample, "BONE", "hand_l"
    with pytest.raises(RuntimeError, match="attachment dependency"):
        bpy.ops.overanim.check_lod_coverage()
    assert lod_rows(sample)[("LeftArm", 1)] == (False, "ERROR", True)
