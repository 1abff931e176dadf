"""A rig made a library override the usual way (issue 19.7): the armature object an editable
override, its data and meshes still linked. Measure, Probe and Bake work on it as far as Blender
keeps what they write; only what cannot be written is refused, by name."""

import bpy
import pytest

from overanim_addon.blender.foot_ik import nla
from overanim_addon.blender.shared.overrides import in_use

from ..foot_ik_scenes import key_artist_action, plane
from ..helpers import custom_props, overridden_copy
from ..motion_scenes import constant_clip
from ..transfer_scenes import walking_source

# what Blender prints when it cannot apply an override's replacement of a whole add-on group
GROUP_REPLACED = "expected ID type"


def run(rig, operator, **kwargs):
    with bpy.context.temp_override(active_object=rig, object=rig):
        return getattr(bpy.ops.overanim, operator)(**kwargs)


def reopened(rig, tmp_path):
    """The shot file saved and opened again: what Blender kept of the override."""
    path, name = str(tmp_path / "shot.blend"), rig.name
    bpy.ops.wm.save_as_mainfile(filepath=path)
    bpy.ops.wm.open_mainfile(filepath=path)
    return bpy.data.objects[name, None]


def test_the_fixture_is_an_editable_override_with_linked_data(rig, tmp_path):
    override = overridden_copy(rig, tmp_path)
    assert override.library is None and not override.override_library.is_system_override
    assert override.data.library is not None


def test_measure_works_on_it_and_names_the_values_this_file_cannot_keep(rig, tmp_path, capfd):
    override = overridden_copy(rig, tmp_path)
    capfd.readouterr()
    assert run(override, "measure_proportions") == {"FINISHED"}
    assert override["OverAnim_CharacterHeightCS"] == pytest.approx(180.0, abs=0.01)
    out = capfd.readouterr().out
    assert "'SK_OverAnimSample' is a library override of character.blend" in out
    assert "OverAnim_CharacterHeightCS" in out and "not saved with this file" in out


def test_a_rig_measured_in_its_library_keeps_what_the_override_measures(rig, tmp_path, capfd):
    assert run(rig, "measure_proportions") == {"FINISHED"}  # in the library file: overridable there
    override = overridden_copy(rig, tmp_path)
    override.scale = (2.0, 2.0, 2.0)
    capfd.readouterr()
    assert run(override, "measure_proportions") == {"FINISHED"}
    assert "not saved with this file" not in capfd.readouterr().out
    assert override["OverAnim_CharacterHeightWS"] == pytest.approx(360.0, abs=0.01)
    assert reopened(override, tmp_path)["OverAnim_CharacterHeightWS"] == pytest.approx(360.0, abs=0.01)


def test_probe_and_bake_work_on_it_and_the_bake_is_saved_with_the_file(rig, tmp_path):
    artist = key_artist_action(rig).name
    assert run(rig, "probe_ground") == {"FINISHED"}  # creates the OverAnim_FootIK_ values in the library
    assert run(rig, "measure_proportions") == {"FINISHED"}
    override = overridden_copy(rig, tmp_path)
    plane()
    assert run(override, "probe_ground") == {"FINISHED"}
    assert run(override, "bake_foot_ik", frame_start=1, frame_end=5) == {"FINISHED"}
    assert [t.name for t in nla.bake_tracks(override)] == [nla.BAKE_NAME]
    saved = reopened(override, tmp_path)
    (track,) = nla.bake_tracks(saved)
    assert track.strips[0].action.name.startswith("OverAnim_FootIK")
    assert artist in {s.action.name for t in saved.animation_data.nla_tracks for s in t.strips}
    assert saved.overanim.foot_ik.left_foot == "foot_l"  # the bones it found, kept with the override
    assert "OverAnim_FootIK_LeftOffset" in custom_props(saved)


def test_what_the_linked_data_holds_is_refused_by_name(rig, tmp_path):
    override = overridden_copy(rig, tmp_path)
    with pytest.raises(RuntimeError, match=r"armature data 'SK_OverAnimSample' of 'SK_OverAnimSample' is linked "
                                           r"from character\.blend"):
        run(override, "fix_check", fix="rest_position")
    with pytest.raises(RuntimeError, match="linked from a library and read-only"):
        run(override, "paint_region_masks")  # the meshes are linked


def test_checks_on_it_replace_the_findings_its_library_had_also_after_saving(rig, tmp_path):
    """An override cannot remove the items its library gave a collection: a fresh run of the checks
    must not show the library's findings as its own."""
    rig.scale = (2.0, 2.0, 2.0)
    assert run(rig, "run_checks") == {"FINISHED"}
    assert [c.check_id for c in rig.overanim.checks] == ["armature_scale"]
    override = overridden_copy(rig, tmp_path)
    override.scale = (1.0, 1.0, 1.0)
    assert run(override, "run_checks") == {"FINISHED"}
    assert in_use(override.overanim.checks, "check_id") == []
    assert in_use(reopened(override, tmp_path).overanim.checks, "check_id") == []


def test_a_region_from_the_library_is_refused_by_name_when_removed_or_moved_and_a_new_one_is_not(rig, tmp_path):
    override = overridden_copy(rig, tmp_path)
    regions = override.overanim.regions
    before = [r.name for r in regions]
    override.overanim.active_region_index = 0
    with pytest.raises(RuntimeError, match=f"Region '{before[0]}' comes from character.blend"):
        run(override, "region_remove")
    with pytest.raises(RuntimeError, match=f"Region '{before[0]}' comes from character.blend"):
        run(override, "region_move", direction="DOWN")
    assert [r.name for r in regions] == before
    assert run(override, "region_add") == {"FINISHED"}
    assert run(override, "region_remove") == {"FINISHED"}  # the one added here
    assert [r.name for r in regions] == before


def test_every_field_of_every_group_on_a_rig_is_kept_by_its_overrides(rig):
    builtin = set(bpy.types.PropertyGroup.bl_rna.properties.keys())  # rna_type, name

    def unkept(group, path):
        for prop in group.bl_rna.properties:
            if prop.identifier in builtin:
                continue
            if not group.is_property_overridable_library(prop.identifier):
                yield f"{path}.{prop.identifier}"
            value = getattr(group, prop.identifier)
            if isinstance(value, bpy.types.PropertyGroup):
                yield from unkept(value, f"{path}.{prop.identifier}")

    assert rig.is_property_overridable_library("overanim")
    assert list(unkept(rig.overanim, "overanim")) == []


def test_the_last_transfer_onto_it_is_still_shown_after_saving_twice(rig, tmp_path, capfd):
    """The library rig never ran a transfer: its file has no transfer group to record a difference in."""
    override = overridden_copy(rig, tmp_path)
    source = walking_source()
    override.overanim.transfer.source = source  # as picked in the panel
    assert run(override, "transfer_action", source=source.name, basis="ABSOLUTE") == {"FINISHED"}
    records = override.overanim.transfer
    made, summary, picked = records.result_action.name, records.result_summary, source.name
    assert summary and override.animation_data.action.name == made
    capfd.readouterr()
    for _ in range(2):  # the second save starts from the library's file again
        override = reopened(override, tmp_path)
        assert override.overanim.transfer.result_action.name == made
        assert override.overanim.transfer.result_summary == summary
        assert override.overanim.transfer.source.name == picked
    assert GROUP_REPLACED not in "".join(capfd.readouterr())


def test_the_last_motion_analysis_on_it_is_still_shown_after_saving_twice(rig, tmp_path, capfd):
    override = overridden_copy(rig, tmp_path)
    clip = constant_clip(override).name
    assert run(override, "analyze_motion") == {"FINISHED"}
    motion = override.overanim.motion
    curves, frames = motion.curves_action.name, (motion.frame_start, motion.frame_end)
    assert motion.analyzed_action.name == clip and frames == (1, 61)
    override.override_library.operations_update()  # as an undo step does: 5.x records whole groups here
    capfd.readouterr()
    for _ in range(2):
        override = reopened(override, tmp_path)
        motion = override.overanim.motion
        assert motion.analyzed_action.name == clip and motion.curves_action.name == curves
        assert (motion.frame_start, motion.frame_end) == frames
    assert GROUP_REPLACED not in "".join(capfd.readouterr())
