"""Remove Foot IK Bake and a re-bake take away what the bake made and nothing of the artist's: an
action dropped into the bake's track, a track of theirs that happens to have its name, the walk
moved into the bake's track. Each is checked in the file saved and opened again, where an action
without a user is gone."""

import bpy
import pytest

from overanim_addon.blender.foot_ik import nla

from ..foot_ik_scenes import bake, key_artist_action, plane, world_head_z

WALK_NAME = "Walk"


def remove(armature):
    with bpy.context.temp_override(active_object=armature, object=armature):
        assert bpy.ops.overanim.remove_foot_ik_bake() == {"FINISHED"}


def reopened(armature, tmp_path):
    """The file saved and opened again (actions nothing uses are not written); the armature in it."""
    name, path = armature.name, tmp_path / "shot.blend"
    bpy.ops.wm.save_as_mainfile(filepath=str(path))
    bpy.ops.wm.open_mainfile(filepath=str(path))
    return bpy.data.objects[name]


def own_action(armature, name):
    """An action the artist keyed on the rig (pelvis up 1 cm at frames 1 and 5), then took off it:
    as one made in the Action Editor, ready to be dropped into the NLA."""
    adt = armature.animation_data
    active = adt.action
    adt.action = None
    bone = armature.pose.bones["pelvis"]
    for frame in (1, 5):
        bone.location = (0.0, 0.0, 0.01)
        bone.keyframe_insert("location", frame=frame)
    action, slot = adt.action, getattr(adt, "action_slot", None)
    action.name = name
    adt.action = active
    bone.location = (0.0, 0.0, 0.0)
    return action, slot


def drop(track, action, slot, frame):
    """The action dropped into ``track`` at ``frame``, as the artist does in the NLA editor."""
    strip = track.strips.new(action.name, frame, action)
    if slot is not None:
        strip.action_slot = slot
    return strip


def strips_of(armature, action_name):
    """(track name, frame) of every strip of the named action in the armature's NLA."""
    return [(track.name, strip.frame_start) for track in armature.animation_data.nla_tracks
            for strip in track.strips if strip.action is not None and strip.action.name == action_name]


def walking(rig):
    walk = key_artist_action(rig)
    walk.name = WALK_NAME
    plane()
    return walk


def test_an_action_dropped_into_the_bakes_track_survives_a_rebake_and_remove(rig, tmp_path):
    walking(rig)
    bake(rig)
    idle, slot = own_action(rig, "Idle")
    drop(nla.bake_tracks(rig)[0], idle, slot, 20)
    bake(rig)  # again: the previous bake goes, the artist's strip stays
    assert strips_of(rig, "Idle") == [("OverAnim_FootIK", 20.0)]
    assert len(strips_of(rig, "OverAnim_FootIK")) == 1
    remove(rig)
    assert strips_of(rig, "Idle") == [("OverAnim_FootIK", 20.0)]
    assert not strips_of(rig, "OverAnim_FootIK") and "OverAnim_FootIK" not in bpy.data.actions
    rig = reopened(rig, tmp_path)
    assert "Idle" in bpy.data.actions and strips_of(rig, "Idle") == [("OverAnim_FootIK", 20.0)]
    assert rig.animation_data.action.name == WALK_NAME  # what the bake pushed down is back


def test_an_artists_track_named_like_the_bakes_is_not_the_bake(rig, tmp_path):
    """The artist pushed their walk down onto a track they named OverAnim_FootIK: a bake over it
    plays as over any other track of theirs, and neither the bake nor Remove takes it away."""
    walk = walking(rig)
    adt = rig.animation_data
    track = adt.nla_tracks.new()
    track.name = "Walk track"
    drop(track, walk, getattr(adt, "action_slot", None), 1)
    adt.action = None
    bake(rig)
    baked = [world_head_z(rig, bone, 3) for bone in ("pelvis", "ik_foot_l")]
    remove(rig)
    track.name = "OverAnim_FootIK"
    bake(rig)
    assert strips_of(rig, WALK_NAME) == [("OverAnim_FootIK", 1.0)]
    assert [world_head_z(rig, bone, 3) for bone in ("pelvis", "ik_foot_l")] == pytest.approx(baked, abs=1e-4)
    remove(rig)
    assert [t.name for t in adt.nla_tracks] == ["OverAnim_FootIK"] and strips_of(rig, WALK_NAME)
    assert "OverAnim_FootIK" not in bpy.data.actions
    rig = reopened(rig, tmp_path)
    assert WALK_NAME in bpy.data.actions and strips_of(rig, WALK_NAME) == [("OverAnim_FootIK", 1.0)]


def test_the_walk_moved_into_the_bakes_track_keeps_its_place(rig, tmp_path, capfd):
    walk = walking(rig)
    bake(rig)
    adt = rig.animation_data
    pushed = adt.nla_tracks[rig.overanim.foot_ik.pushed_track]
    old = pushed.strips[0]
    slot = getattr(old, "action_slot", None)
    drop(nla.bake_tracks(rig)[0], walk, slot, 20)  # moved up into the bake's track, after the baked frames
    pushed.strips.remove(old)
    capfd.readouterr()
    remove(rig)
    assert f"'{WALK_NAME}' stays in the NLA on track 'OverAnim_FootIK'" in capfd.readouterr().out
    assert strips_of(rig, WALK_NAME) == [("OverAnim_FootIK", 20.0)]
    rig = reopened(rig, tmp_path)
    assert WALK_NAME in bpy.data.actions and strips_of(rig, WALK_NAME) == [("OverAnim_FootIK", 20.0)]


@pytest.mark.parametrize("other_active", [False, True], ids=["nothing-active", "another-action-active"])
def test_the_walk_taken_out_of_the_nla_is_kept(rig, tmp_path, capfd, other_active):
    """The artist deleted the pushed-down strip: the walk had no user but the bake's record of it.
    It comes back as the active action, or, when another one is active, on a muted track of its own."""
    walking(rig)
    bake(rig)
    adt = rig.animation_data
    pushed = adt.nla_tracks[rig.overanim.foot_ik.pushed_track]
    pushed.strips.remove(pushed.strips[0])
    if other_active:
        run, _slot = own_action(rig, "Run")
        adt.action = run
    capfd.readouterr()
    remove(rig)
    out = capfd.readouterr().out
    rig = reopened(rig, tmp_path)
    assert WALK_NAME in bpy.data.actions
    if other_active:
        [(name, frame)] = strips_of(rig, WALK_NAME)
        assert name.startswith(WALK_NAME) and frame == 1.0
        assert f"'{WALK_NAME}' is kept on the muted NLA track '{name}'" in out
        assert rig.animation_data.action.name == "Run" and rig.animation_data.nla_tracks[name].mute
    else:
        assert f"'{WALK_NAME}' is the active action again" in out
        assert rig.animation_data.action.name == WALK_NAME
        assert getattr(rig.animation_data, "action_slot", True)  # 4.4+: playing through its slot


def test_a_bake_from_before_bakes_were_recorded_is_recognised_and_removed(rig, tmp_path):
    """A file baked by an add-on that did not record its bake (``baked_action`` empty): the strip on
    the bake's track that keys every Foot IK value is the bake; Remove takes it and its values away
    and brings the walk back."""
    walking(rig)
    bake(rig)
    rig.overanim.foot_ik.baked_action = None  # as such a file has it
    rig = reopened(rig, tmp_path)
    with bpy.context.temp_override(active_object=rig, object=rig):
        assert bpy.ops.overanim.remove_foot_ik_bake.poll()
    remove(rig)
    assert not strips_of(rig, "OverAnim_FootIK") and "OverAnim_FootIK" not in bpy.data.actions
    assert not [key for key in rig.keys() if key.startswith("OverAnim_FootIK")]  # noqa: SIM118
    assert rig.animation_data.action.name == WALK_NAME


def test_an_artists_track_named_like_the_bake_is_no_earlier_bake(rig):
    """Only a strip keying every Foot IK value is taken for an unrecorded bake: the artist's walk on
    a track named OverAnim_FootIK is not, and Remove has nothing to remove."""
    walk = walking(rig)
    adt = rig.animation_data
    track = adt.nla_tracks.new()
    track.name = "OverAnim_FootIK"
    drop(track, walk, getattr(adt, "action_slot", None), 1)
    adt.action = None
    assert nla.baked_action(rig) is None
    with bpy.context.temp_override(active_object=rig, object=rig):
        assert not bpy.ops.overanim.remove_foot_ik_bake.poll()
    assert strips_of(rig, WALK_NAME) == [("OverAnim_FootIK", 1.0)]
