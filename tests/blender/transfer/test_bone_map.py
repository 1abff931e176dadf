"""The bone map in the artist's hands (issue 34 item 6) and the real-window findings of issue 31 on
Transfer: the panel shows the map by chains before anything is written, a row set by hand is kept on
the target and drives the next transfer, the map goes to a preset file and comes back; the operator
from F3 takes the panel's settings; a transfer right after a Foot IK bake takes the walk it pushed."""

from __future__ import annotations

import json

import bpy
import pytest

from overanim_addon.blender.shared.fcurves import fcurves
from overanim_addon.blender.transfer.engine import TransferOptions, transfer_action
from overanim_addon.blender.transfer.map_rows import saved_map

from ...layout_recorder import draw_panel
from ..imported_characters import PREFIX, build_mixamo
from ..transfer_scenes import action_fingerprint

M = PREFIX


@pytest.fixture
def mixamo(walker):
    """A Mixamo-shaped rig (its own names, a T-pose, object scale 0.01) beside the walking sample."""
    armature = build_mixamo(0.01)
    armature.animation_data_clear()
    armature.location.x = 2.0
    bpy.context.view_layer.update()
    return armature


def panel(target):
    bpy.context.view_layer.objects.active = target
    return draw_panel(bpy.types.OVERANIM_PT_transfer_map, bpy.context, region_width=600)


def test_the_panel_shows_the_map_by_chains_before_anything_is_written(walker, mixamo):
    mixamo.overanim.transfer.source = walker
    before = {a.name for a in bpy.data.actions}
    drawn = panel(mixamo)
    texts = drawn.texts()
    for chain in ("Spine", "Neck and Head", "Left Arm", "Right Arm", "Left Leg", "Right Leg"):
        assert chain in texts, texts
    rows = {c.kwargs.get("text"): c.layout for c in drawn.calls if c.method == "operator"}
    assert "thigh_l" in rows and f"{M}LeftUpLeg" in texts
    assert {a.name for a in bpy.data.actions} == before  # drawing wrote nothing


def test_a_row_set_by_hand_is_kept_on_the_target_and_drives_the_next_transfer(walker, mixamo):
    mixamo.overanim.transfer.source = walker
    with bpy.context.temp_override(active_object=mixamo, object=mixamo):
        assert bpy.ops.overanim.transfer_map_row(bone=f"{M}LeftArm", source_bone="__parent__") == {"FINISHED"}
        assert bpy.ops.overanim.transfer_map_row(bone=f"{M}Spine2", source_bone="spine_02") == {"FINISHED"}
    assert saved_map(mixamo) == {f"{M}LeftArm": "", f"{M}Spine2": "spine_02"}
    result = transfer_action(bpy.context, mixamo, TransferOptions(source=walker))
    rows = {r.target: r.source for r in result.bone_map.rows}
    assert rows[f"{M}LeftArm"] == "" and rows[f"{M}Spine2"] == "spine_02"
    keyed = {c.data_path for c in fcurves(result.action)}
    assert f'pose.bones["{M}LeftArm"].rotation_quaternion' not in keyed  # it follows its parent
    assert f'pose.bones["{M}RightArm"].rotation_quaternion' in keyed
    texts = panel(mixamo).texts()
    assert "(its parent)" in [c.kwargs.get("text") for c in panel(mixamo).calls if c.method == "operator"], texts
    with bpy.context.temp_override(active_object=mixamo, object=mixamo):
        assert bpy.ops.overanim.transfer_map_reset() == {"FINISHED"}
    assert saved_map(mixamo) is None


def test_the_map_saved_as_a_preset_loads_onto_another_character(walker, mixamo, tmp_path):
    mixamo.overanim.transfer.source = walker
    with bpy.context.temp_override(active_object=mixamo, object=mixamo):
        bpy.ops.overanim.transfer_map_row(bone=f"{M}Neck", source_bone="spine_03")
        path = tmp_path / "sample_to_mixamo.json"
        assert bpy.ops.overanim.transfer_map_save(filepath=str(path)) == {"FINISHED"}
    document = json.loads(path.read_text())
    assert document["format"] == "OverAnim bone map" and document["target_profile"] == "Mixamo"
    rows = {r["target"]: r["source"] for r in document["rows"]}
    assert rows[f"{M}Neck"] == "spine_03" and rows[f"{M}LeftUpLeg"] == "thigh_l"
    other = build_mixamo(0.01)
    other.animation_data_clear()
    other.overanim.transfer.source = walker
    with bpy.context.temp_override(active_object=other, object=other):
        assert bpy.ops.overanim.transfer_map_load(filepath=str(path)) == {"FINISHED"}
    assert saved_map(other) == rows
    result = transfer_action(bpy.context, other, TransferOptions(source=walker))
    assert {r.target: r.source for r in result.bone_map.rows}[f"{M}Neck"] == "spine_03"


def test_a_preset_that_is_not_one_is_refused_and_nothing_changes(walker, mixamo, tmp_path):
    path = tmp_path / "other.json"
    path.write_text(json.dumps({"rows": {"a": "b"}}))
    with bpy.context.temp_override(active_object=mixamo, object=mixamo), pytest.raises(RuntimeError,
                                                                                      match="not an OverAnim"):
        bpy.ops.overanim.transfer_map_load(filepath=str(path))
    assert saved_map(mixamo) is None


def legs_only():
    """A rig of a pelvis and two legs (no spine, arms or head), standing on its origin."""
    data = bpy.data.armatures.new("Legs")
    obj = bpy.data.objects.new("Legs", data)
    bpy.context.scene.collection.objects.link(obj)
    with bpy.context.temp_override(active_object=obj, object=obj):
        bpy.context.view_layer.objects.active = obj
        bpy.ops.object.mode_set(mode="EDIT")
        pelvis = data.edit_bones.new("pelvis")
        pelvis.head, pelvis.tail = (0, 0, 0.9), (0, 0, 1.0)
        for side, x in (("l", 0.1), ("r", -0.1)):
            parent = pelvis
            for name, head, tail in ((f"thigh_{side}", (x, 0, 0.88), (x, 0, 0.48)),
                                     (f"calf_{side}", (x, 0, 0.48), (x, 0, 0.08)),
                                     (f"foot_{side}", (x, 0, 0.08), (x, -0.12, 0.02)),
                                     (f"ball_{side}", (x, -0.12, 0.02), (x, -0.18, 0.02))):
                bone = data.edit_bones.new(name)
                bone.head, bone.tail, bone.parent = head, tail, parent
                parent = bone
        bpy.ops.object.mode_set(mode="OBJECT")
    return obj


def test_a_map_that_leaves_chains_unmapped_says_so_before_and_after(walker, mixamo):
    legs = legs_only()
    legs.overanim.transfer.source = mixamo  # a Mixamo source: its names differ from the legs' Unreal ones
    mixamo.animation_data_create().action = bpy.data.actions.new("Idle")
    for frame in (1, 10):
        mixamo.pose.bones[f"{M}LeftUpLeg"].keyframe_insert("rotation_quaternion", frame=frame)
    texts = " ".join(panel(legs).texts())
    assert "leaves spine, neck, arm_L, arm_R unmapped" in texts, texts
    result = transfer_action(bpy.context, legs, TransferOptions(source=mixamo))
    assert any(level == "WARNING" and "unmapped" in str(m) for level, m in result.log)


# -- issue 31, from the real window ---------------------------------------------------------------------------
def test_the_operator_from_f3_takes_the_panel_s_source_and_settings(walker, mixamo):
    settings = mixamo.overanim.transfer
    settings.source, settings.plant_feet = walker, False
    with bpy.context.temp_override(active_object=mixamo, object=mixamo):
        assert bpy.ops.overanim.transfer_action() == {"FINISHED"}  # as F3 or Object > OverAnim call it
    assert mixamo.animation_data.action.name == f"{walker.animation_data.action.name}_{mixamo.name}"
    assert mixamo.animation_data.action["OverAnim_Transfer_Source"] == walker.name


def test_a_transfer_right_after_a_foot_ik_bake_takes_the_walk_the_bake_pushed(walker, mixamo):
    from ..foot_ik_scenes import bake

    walk = walker.animation_data.action
    before = action_fingerprint(walk)
    bake(walker)
    assert walker.animation_data.action is None or walker.animation_data.action != walk  # pushed into the NLA
    result = transfer_action(bpy.context, mixamo, TransferOptions(source=walker))
    assert result.action.name == f"{walk.name}_{mixamo.name}"
    notes = [str(m) for level, m in result.log if level == "INFO"]
    assert any(f"plays '{walk.name}' from the NLA (pushed down by a Foot IK bake)" in n for n in notes), notes
    assert action_fingerprint(walk) == before
