"""Paint shows the preview in every 3D View; Clear Preview puts each view's own colour type back."""

import bpy

from overanim_addon.blender.masks.shading import REMEMBERED

from ..mask_reads import colour_types, views


def give_each_view_its_own_colour_type():
    choices = ["MATERIAL", "OBJECT", "RANDOM", "SINGLE", "TEXTURE", "VERTEX"]
    for number, (_screen, _index, space) in enumerate(views()):
        space.shading.color_type = choices[number % len(choices)]
    return colour_types()


def test_clear_puts_back_each_views_colour_type(sample):
    before = give_each_view_its_own_colour_type()
    assert len(before) >= 5 and len(set(before.values())) >= 5
    assert bpy.ops.overanim.paint_region_masks() == {"FINISHED"}
    assert set(colour_types().values()) == {"VERTEX"}
    assert bpy.ops.overanim.paint_region_masks() == {"FINISHED"}  # a second paint must not remember ours
    assert bpy.ops.overanim.clear_region_preview() == {"FINISHED"}
    assert colour_types() == before
    assert not [screen for screen in bpy.data.screens if REMEMBERED in screen]


def test_a_view_the_artist_changed_after_the_paint_keeps_its_new_colour_type(sample):
    before = give_each_view_its_own_colour_type()
    bpy.ops.overanim.paint_region_masks()
    screen, index, space = views()[0]
    space.shading.color_type = "OBJECT"
    bpy.ops.overanim.clear_region_preview()
    after = colour_types()
    assert after[screen, index] == "OBJECT"
    assert {k: v for k, v in after.items() if k != (screen, index)} == {
        k: v for k, v in before.items() if k != (screen, index)}


def test_the_memory_survives_saving_and_reopening_the_file(sample, tmp_path):
    before = give_each_view_its_own_colour_type()
    bpy.ops.overanim.paint_region_masks()
    path = tmp_path / "painted.blend"
    bpy.ops.wm.save_as_mainfile(filepath=str(path))
    bpy.ops.wm.open_mainfile(filepath=str(path), load_ui=True)
    bpy.context.view_layer.objects.active = bpy.data.objects["SK_OverAnimSample"]
    assert set(colour_types().values()) == {"VERTEX"}
    assert bpy.ops.overanim.clear_region_preview() == {"FINISHED"}
    assert colour_types() == before


def test_views_stay_on_the_preview_while_another_rig_still_shows_one(sample):
    from overanim_addon.blender.sample.build import build_sample_character

    before = give_each_view_its_own_colour_type()
    second = build_sample_character(bpy.context)
    for armature in (sample, second):
        bpy.context.view_layer.objects.active = armature
        assert bpy.ops.overanim.paint_region_masks() == {"FINISHED"}
    bpy.ops.overanim.clear_region_preview()  # the second rig
    assert set(colour_types().values()) == {"VERTEX"}
    bpy.context.view_layer.objects.active = sample
    bpy.ops.overanim.clear_region_preview()
    assert colour_types() == before
