"""What Live Preview reads on an update (issue 33.1): while no armature is live, only the armatures the
update changed; while one is, that one's Regions besides. Never a walk of the scene."""

import bpy
import pytest

from overanim_addon.blender.masks import live
from overanim_addon.blender.masks.live import changes, lifecycle


@pytest.fixture
def reads(monkeypatch):
    """The objects whose ``Object.overanim`` Live Preview's handlers read, and the armatures whose
    Regions' mask fields they describe."""
    seen = {"flags": [], "fields": []}
    overanim, region_mask = lifecycle.overanim, changes.region_mask

    def flag(obj):
        seen["flags"].append(obj.name)
        return overanim(obj)

    def fields(armature, region):
        seen["fields"].append(armature.name)
        return region_mask(armature, region)

    monkeypatch.setattr(lifecycle, "overanim", flag)
    monkeypatch.setattr(changes, "region_mask", fields)
    return seen


def crowd(count):
    mesh = bpy.data.meshes.new("Crowd")
    for i in range(count):
        rig = bpy.data.objects.new(f"CrowdRig_{i:03d}", bpy.data.armatures.new(f"CrowdRig_{i:03d}"))
        rig.overanim.regions.add().name = f"Crowd_{i:03d}"
        bpy.context.scene.collection.objects.link(rig)
        bpy.context.scene.collection.objects.link(bpy.data.objects.new(f"Crowd_{i:03d}", mesh))
    bpy.context.view_layer.update()


def move(name):
    bpy.data.objects[name].location.x += 0.5
    bpy.context.view_layer.update()


@pytest.mark.parametrize("others", [0, 40])
def test_with_nothing_live_an_update_reads_only_what_it_changed(sample, reads, others):
    crowd(others)
    reads["flags"].clear()
    move("Crowd_000" if others else "SK_OverAnimSample_Body_LOD1")  # the LOD mesh: its rig's flag is read
    assert set(reads["flags"]) <= {sample.name} and reads["fields"] == []
    assert not [f for f in bpy.app.handlers.depsgraph_update_pre if f.__module__ == lifecycle.__name__]


@pytest.mark.parametrize("others", [0, 40])
def test_with_one_rig_live_an_update_reads_that_rig_and_nothing_else(sample, reads, others):
    crowd(others)
    bpy.context.view_layer.objects.active = sample
    assert bpy.ops.overanim.live_preview() == {"FINISHED"}
    reads["flags"].clear()
    reads["fields"].clear()
    move(f"Crowd_{others - 1:03d}" if others else "SK_OverAnimSample")
    assert set(reads["flags"]) <= {sample.name}
    assert set(reads["fields"]) == {sample.name} and len(reads["fields"]) == len(sample.overanim.regions)


def test_a_flag_set_on_a_rig_an_update_changes_turns_it_on(sample):
    """A script's flag is carried by the next update that changes the rig (a button's change tags it)."""
    bpy.context.view_layer.update()  # the sample's own changes evaluated
    sample.overanim.live_preview = True
    bpy.context.view_layer.update()  # changes nothing: nothing read, nothing turned on
    assert sample.name not in lifecycle._fields_seen
    sample.update_tag()
    bpy.context.view_layer.update()
    assert sample.name in lifecycle._fields_seen and sample.overanim.masks_painted
    assert lifecycle._on_depsgraph_update_pre in bpy.app.handlers.depsgraph_update_pre


def test_a_renamed_live_rig_stays_live_under_its_new_name(sample):
    bpy.context.view_layer.objects.active = sample
    assert bpy.ops.overanim.live_preview() == {"FINISHED"}
    sample.name = "Renamed"
    bpy.context.view_layer.update()
    assert list(lifecycle._fields_seen) == ["Renamed"] and live.live_armatures() == [sample]
    region = sample.overanim.regions["LeftArm"]
    region.zero_weight = 0.3
    sample.update_tag()
    bpy.context.view_layer.update()
    assert lifecycle._fields_seen["Renamed"] == changes.mask_fields(sample)
