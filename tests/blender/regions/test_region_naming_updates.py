"""Naming a Region after its collection reads only the armatures an update changed, and still names
Regions after a file is opened and after undo (issue 33.1: no handler's work grows with the scene)."""

import bpy
import pytest

from overanim_addon.blender.regions import default_names


def pick(region, collection):
    """A collection picked in the panel: set, the rig tagged as a button's change tags it, evaluated."""
    region.bone_collection = collection
    region.id_data.update_tag()
    bpy.context.view_layer.update()


@pytest.fixture
def reads(monkeypatch):
    """The armatures whose Regions the naming reads (every read of ``Object.overanim`` there)."""
    seen = []
    overanim = default_names.overanim

    def counted(obj):
        seen.append(obj.name)
        return overanim(obj)

    monkeypatch.setattr(default_names, "overanim", counted)
    return seen


def crowd(count):
    """``count`` armatures with a Region each, besides the sample, and as many plain objects."""
    mesh = bpy.data.meshes.new("Crowd")
    for i in range(count):
        rig = bpy.data.objects.new(f"CrowdRig_{i:03d}", bpy.data.armatures.new(f"CrowdRig_{i:03d}"))
        rig.overanim.regions.add().name = "Region"
        bpy.context.scene.collection.objects.link(rig)
        bpy.context.scene.collection.objects.link(bpy.data.objects.new(f"Crowd_{i:03d}", mesh))
    bpy.context.view_layer.update()


@pytest.mark.parametrize("others", [0, 40])
def test_an_update_reads_only_the_armatures_it_changed(sample, reads, others):
    crowd(others)
    reads.clear()
    bpy.data.objects[f"Crowd_{others - 1:03d}" if others else "SK_OverAnimSample_Body"].location.x = 2.0
    bpy.context.view_layer.update()
    assert [name for name in reads if name.startswith("CrowdRig")] == []  # however many there are
    sample.data.collections.active = None
    assert bpy.ops.overanim.region_add() == {"FINISHED"}
    reads.clear()
    pick(sample.overanim.regions[-1], "Leg_R")
    assert set(reads) == {sample.name} and sample.overanim.regions[-1].name == "Leg_R"


def test_a_region_in_an_opened_file_is_named_at_its_first_pick(sample, tmp_path):
    """The file's Regions are seen when it loads: the first pick after opening it names the Region
    (and opening it renamed nothing)."""
    region = sample.overanim.regions.add()
    region.name, region.bone_collection = "Region", "Leg_R"  # as a script, or an older version, left it
    path = str(tmp_path / "regions.blend")
    bpy.ops.wm.save_as_mainfile(filepath=path)
    bpy.ops.wm.open_mainfile(filepath=path)
    rig = bpy.data.objects["SK_OverAnimSample"]
    bpy.context.view_layer.update()
    region = rig.overanim.regions[-1]
    assert region.name == "Region"  # opened: not renamed
    pick(region, "Leg_L")
    assert rig.overanim.regions[-1].name == "Leg_L"


def test_after_undo_a_pick_of_the_collection_seen_before_it_names_the_region_again(sample):
    """Undo puts a Region back as it was before a pick: the naming sees it so (the bpy module has no
    undo stack: the Region is set back by hand and the undo handlers run as Blender runs them)."""
    sample.data.collections.active = None
    assert bpy.ops.overanim.region_add() == {"FINISHED"}
    pick(sample.overanim.regions[-1], "Leg_R")
    region = sample.overanim.regions[-1]
    assert region.name == "Leg_R"
    region.name, region.bone_collection = "Region", ""  # what undoing the pick restores
    for handler in list(bpy.app.handlers.undo_post):
        handler(bpy.context.scene, None)
    pick(sample.overanim.regions[-1], "Leg_R")
    assert sample.overanim.regions[-1].name == "Leg_R"


def test_nothing_of_the_naming_is_left_after_unregister(addon):
    from overanim_addon.blender.shared import updates

    assert default_names._follow in updates._followers
    addon.unregister()
    try:
        assert not [f for f in updates._followers if f.__module__ == default_names.__name__]
        assert not [f for name in ("depsgraph_update_post", "load_post", "undo_post", "redo_post")
                    for f in getattr(bpy.app.handlers, name) if f.__module__ in (default_names.__name__,
                                                                                 updates.__name__)]
    finally:
        addon.register()
