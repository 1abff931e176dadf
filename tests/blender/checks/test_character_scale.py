"""One character's unit fix must not change another (issue 31, defect 3): Match Unit Scale on a CMU
BVH set the scene's Unit Scale, and Michelle beside it then measured 9.38 cm. Where other characters
share the scene, the Checks offer Scale This Character first (its object scaled, then Apply Scale),
and each fix says what it changes before it runs."""

from __future__ import annotations

import bpy
import numpy as np
import pytest

from overanim_addon.blender.checks.rig_checks import run_checks

from ...layout_recorder import draw_panel
from ..mocap_scenes import bvh_excerpt

FRAMES = 60


def cmu_walk(tmp_path):
    """CMU's 01_01 through Blender's BVH importer at its defaults: about 32 m tall."""
    assert bpy.ops.import_anim.bvh(filepath=str(bvh_excerpt(tmp_path, FRAMES))) == {"FINISHED"}
    return bpy.context.view_layer.objects.active


def rest_height_cm(armature):
    """Ground truth from the scene: the rest bones' heads and tails in the world (and the vertices of
    the meshes an Armature modifier of it deforms), highest minus lowest along Z, in cm."""
    world = armature.matrix_world
    points = [world @ p for b in armature.data.bones for p in (b.head_local, b.tail_local)]
    for obj in bpy.context.scene.objects:
        if obj.type == "MESH" and any(m.type == "ARMATURE" and m.object == armature for m in obj.modifiers):
            points += [obj.matrix_world @ v.co for v in obj.data.vertices]
    z = np.array([p.z for p in points])
    return float(z.max() - z.min()) * bpy.context.scene.unit_settings.scale_length * 100.0


def hips_path_cm(armature):
    """How far the Hips travel over the clip, world cm, from the evaluated pose of every frame."""
    scene, heads = bpy.context.scene, []
    for frame in range(1, FRAMES + 1):
        scene.frame_set(frame)
        heads.append(np.array(armature.matrix_world @ armature.pose.bones["Hips"].head))
    scene.frame_set(1)
    return float(np.linalg.norm(np.diff(heads, axis=0), axis=1).sum()) * scene.unit_settings.scale_length * 100.0


def test_the_fix_offered_beside_another_character_changes_only_this_one(sample, tmp_path):
    other = sample
    other_height = rest_height_cm(other)
    walk = cmu_walk(tmp_path)
    walk_height, walk_path = rest_height_cm(walk), hips_path_cm(walk)
    assert walk_height > 2000.0  # the importer's CMU units read as metres
    (finding,) = [f for f in run_checks(bpy.context, walk) if f.id == "unit_scale"]
    text = str(finding.message)
    assert f"'{other.name}'" in text and "Scale This Character" in text, text  # the choice, said before it runs
    assert finding.fix == "character_scale" and finding.alternative == "unit_scale"
    scale_length = bpy.context.scene.unit_settings.scale_length
    with bpy.context.temp_override(active_object=walk, object=walk):
        assert getattr(bpy.ops.overanim, f"fix_{finding.fix}")() == {"FINISHED"}
    assert rest_height_cm(other) == pytest.approx(other_height, rel=1e-6)
    assert bpy.context.scene.unit_settings.scale_length == scale_length
    cmu_unit = 0.0254 / 0.45  # CMU's motion capture counts in 1/0.45 inch: the BVH importer reads it as metres
    assert rest_height_cm(walk) == pytest.approx(walk_height * cmu_unit, rel=1e-4)  # as Match Unit Scale made it
    assert tuple(walk.scale) == pytest.approx((1.0, 1.0, 1.0))  # the scale applied: bones, not the object
    factor = rest_height_cm(walk) / walk_height
    assert hips_path_cm(walk) == pytest.approx(walk_path * factor, rel=1e-3)  # the animation came along
    assert not [f for f in run_checks(bpy.context, walk) if f.id == "unit_scale"]


def test_alone_in_its_scene_the_unit_scale_stays_first_and_each_fix_says_what_it_changes(addon, empty_scene,
                                                                                        tmp_path):
    walk = cmu_walk(tmp_path)
    (finding,) = [f for f in run_checks(bpy.context, walk) if f.id == "unit_scale"]
    assert finding.fix == "unit_scale" and finding.alternative == "character_scale"
    tips = {key: getattr(bpy.ops.overanim, f"fix_{key}").get_rna_type().description
            for key in ("unit_scale", "character_scale")}
    assert "every object in the scene" in tips["unit_scale"], tips
    assert "nothing else" in tips["character_scale"], tips


def test_the_checks_panel_offers_both_choices_this_characters_first(sample, tmp_path):
    walk = cmu_walk(tmp_path)
    bpy.context.view_layer.objects.active = walk
    bpy.ops.overanim.run_checks()
    calls = draw_panel(bpy.types.OVERANIM_PT_checks, bpy.context).of("operator")
    assert [(c.args[0], c.kwargs["text"]) for c in calls if c.args[0].startswith("overanim.fix_")] == [
        ("overanim.fix_character_scale", "Scale This Character"), ("overanim.fix_unit_scale", "Match Unit Scale")]


def test_a_character_whose_object_scale_is_keyed_is_refused_and_left_as_it_was(sample, tmp_path):
    walk = cmu_walk(tmp_path)
    walk.keyframe_insert("scale", frame=1)
    before = (rest_height_cm(walk), rest_height_cm(sample), tuple(walk.matrix_world.col[0]))
    with bpy.context.temp_override(active_object=walk, object=walk), \
            pytest.raises(RuntimeError, match="has keyed scale"):
        bpy.ops.overanim.fix_character_scale()
    assert (rest_height_cm(walk), rest_height_cm(sample), tuple(walk.matrix_world.col[0])) == before


def test_a_character_hanging_from_this_one_is_named_and_nothing_changes(sample, tmp_path):
    """Issue 31's probe: another character parented under the BVH shrank with it (181 cm to 10 cm)
    while the fix said every other object was as it was."""
    walk = cmu_walk(tmp_path)
    sample.parent = walk
    bpy.context.view_layer.update()
    before = (rest_height_cm(walk), rest_height_cm(sample), tuple(walk.matrix_world.col[0]))
    with bpy.context.temp_override(active_object=walk, object=walk), \
            pytest.raises(RuntimeError, match=f"'{sample.name}' hang from"):
        bpy.ops.overanim.fix_character_scale()
    assert (rest_height_cm(walk), rest_height_cm(sample), tuple(walk.matrix_world.col[0])) == before


def posed_extent_m(armature, meshes, frame):
    """(each mesh's evaluated height, the posed bones' height) along world Z at ``frame``."""
    bpy.context.scene.frame_set(frame)
    depsgraph = bpy.context.evaluated_depsgraph_get()
    heights = []
    for mesh in meshes:
        evaluated = mesh.evaluated_get(depsgraph)
        z = [(evaluated.matrix_world @ v.co).z for v in evaluated.data.vertices]
        heights.append(max(z) - min(z))
    z = [(armature.matrix_world @ b.head).z for b in armature.pose.bones]
    return heights, max(z) - min(z)


def test_scaling_a_character_takes_its_unparented_skin_and_its_walk_along(walker):
    """Skin held by an Armature modifier only (no parent), posed by the walk at frame 10: skin, bones
    and keys all take the factor; both objects end at scale 1."""
    from overanim_addon.blender.checks.apply_scale import scale_character

    meshes = [o for o in bpy.context.scene.objects
              if o.type == "MESH" and any(m.type == "ARMATURE" and m.object == walker for m in o.modifiers)]
    for mesh in meshes:
        world = mesh.matrix_world.copy()
        mesh.parent = None
        mesh.matrix_world = world
    skins, bones = posed_extent_m(walker, meshes, 10)
    scale_character(bpy.context, walker, 0.5)
    scaled_skins, scaled_bones = posed_extent_m(walker, meshes, 10)
    assert scaled_skins == pytest.approx([0.5 * h for h in skins], rel=1e-4)
    assert scaled_bones == pytest.approx(0.5 * bones, rel=1e-4)
    assert [tuple(o.scale) for o in (walker, *meshes)] == [pytest.approx((1.0, 1.0, 1.0))] * (1 + len(meshes))
