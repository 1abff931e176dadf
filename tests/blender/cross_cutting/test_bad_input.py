import bpy
import pytest

from overanim_addon.core.naming import region_key

from ..helpers import custom_props, linked_copy


def test_nothing_selected(addon, empty_scene):
    assert not bpy.ops.overanim.measure_proportions.poll()
    with pytest.raises(RuntimeError):
        bpy.ops.overanim.measure_proportions()


def test_armature_without_bones(addon, empty_scene):
    armature = bpy.data.objects.new("Empty", bpy.data.armatures.new("Empty"))
    bpy.context.scene.collection.objects.link(armature)
    bpy.context.view_layer.objects.active = armature
    with pytest.raises(RuntimeError, match="has no bones"):
        bpy.ops.overanim.measure_proportions()
    assert custom_props(armature) == {}


def test_missing_locomotion_root_bone(sample):
    sample.overanim.calibration.locomotion_root_bone = "Hips_renamed"
    with pytest.raises(RuntimeError, match="no bone named 'Hips_renamed'"):
        bpy.ops.overanim.measure_proportions()
    assert custom_props(sample) == {}


def test_renamed_bones_keep_previous_results(sample):
    bpy.ops.overanim.measure_proportions()
    before = custom_props(sample)
    sample.overanim.calibration.locomotion_root_bone = "pelvis"
    sample.data.bones["pelvis"].name = "Pelvis_new"  # the setting now names a missing bone
    with pytest.raises(RuntimeError, match="no bone named 'pelvis'"):
        bpy.ops.overanim.measure_proportions()
    assert custom_props(sample) == before  # a failure writes nothing half-way


def test_hidden_armature(sample):
    sample.hide_set(True)
    with pytest.raises(RuntimeError, match="hidden or disabled"):
        bpy.ops.overanim.measure_proportions()
    assert custom_props(sample) == {}


def test_linked_armature_is_read_only(sample, tmp_path):
    linked = linked_copy(sample, tmp_path)
    assert linked.library is not None
    with pytest.raises(RuntimeError, match="linked from a library"):
        bpy.ops.overanim.measure_proportions()


def test_duplicate_region_names(sample):
    sample.overanim.regions[1].name = sample.overanim.regions[0].name
    with pytest.raises(RuntimeError, match="Two Regions are named"):
        bpy.ops.overanim.measure_proportions()
    assert custom_props(sample) == {}


def test_region_names_that_clash_as_name_keys(sample):
    sample.overanim.regions[0].name = "Left Arm"
    sample.overanim.regions[1].name = region_key("Left Arm")  # typed like the other's key
    with pytest.raises(RuntimeError, match="give the same name key"):
        bpy.ops.overanim.measure_proportions()
    assert custom_props(sample) == {}


def _mesh_state(obj):
    mesh = obj.data
    return (sorted(a.name for a in mesh.attributes), [g.name for g in obj.vertex_groups],
            [k.name for k in mesh.shape_keys.key_blocks] if mesh.shape_keys else [])


EDIT_MODE_OPERATORS = [
    ("measure_proportions", {}), ("run_checks", {}), ("fix_check", {"fix": "unit_scale"}),
    ("paint_region_masks", {"write_vertex_groups": True}), ("clear_region_preview", {}),
    ("check_lod_coverage", {}), ("compose_region_deltas", {}),
]


@pytest.mark.parametrize("in_edit_mode", ["armature", "mesh"])
@pytest.mark.parametrize(("operator", "options"), EDIT_MODE_OPERATORS, ids=[o for o, _ in EDIT_MODE_OPERATORS])
def test_edit_mode_is_refused_and_changes_nothing(sample, in_edit_mode, operator, options):
    """Edit Mode holds the artist's edits apart from the data until it is left: reading would use
    stale bones or vertices, writing would be lost on leaving it. Every operator says so instead."""
    from overanim_addon.blender.sample.build import add_sample_deltas

    add_sample_deltas(sample)
    body = bpy.data.objects["SK_OverAnimSample_Body"]
    bpy.ops.overanim.paint_region_masks()  # something for Clear to remove
    target = sample if in_edit_mode == "armature" else body
    bpy.context.view_layer.objects.active = target
    bpy.ops.object.mode_set(mode="EDIT")
    before = (custom_props(sample), _mesh_state(body), sample.overanim.checks_run,
              bpy.context.scene.unit_settings.scale_length)
    refused = pytest.raises(RuntimeError, match=f"'{target.name}' is in Edit Mode: switch to Object Mode")
    with bpy.context.temp_override(active_object=sample, object=sample), refused:
        getattr(bpy.ops.overanim, operator)(**options)
    assert (custom_props(sample), _mesh_state(body), sample.overanim.checks_run,
            bpy.context.scene.unit_settings.scale_length) == before
    bpy.ops.object.mode_set(mode="OBJECT")


@pytest.mark.parametrize("operator", ["paint_region_masks", "clear_region_preview"])
def test_dynamic_topology_sculpting_is_refused_and_changes_nothing(sample, operator):
    """Sculpt Mode with Dynamic Topology keeps the mesh in its own BMesh until it is left, like Edit
    Mode: masks written meanwhile were dropped on leaving, after a report that they were painted."""
    body = bpy.data.objects["SK_OverAnimSample_Body"]
    bpy.ops.overanim.paint_region_masks()  # something for Clear to remove
    bpy.context.view_layer.objects.active = body
    bpy.ops.object.mode_set(mode="SCULPT")
    bpy.ops.sculpt.dynamic_topology_toggle()
    assert body.use_dynamic_topology_sculpting
    before = [a.name for a in body.data.color_attributes]
    with bpy.context.temp_override(active_object=sample, object=sample), \
            pytest.raises(RuntimeError, match=f"'{body.name}' is sculpted with Dynamic Topology"):
        getattr(bpy.ops.overanim, operator)()
    bpy.ops.object.mode_set(mode="OBJECT")  # Blender's own round trip changes its hidden attributes
    assert [a.name for a in body.data.color_attributes] == before
