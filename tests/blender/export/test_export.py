"""Export for Unreal, read back with Blender's FBX importer: the measurement, the packed masks as the
vertex colour, and nothing else of OverAnim's in the file; the artist's data as it was."""

import bpy
import numpy as np
import pytest

from overanim_addon.blender.masks.packed import PACKED
from overanim_addon.blender.masks.paint import mask_name
from overanim_addon.blender.sample.build import add_sample_deltas

from ..helpers import custom_props
from ..mask_reads import assert_same, body, read_color, snapshot


@pytest.fixture
def prepared(sample):
    """The sample as an artist leaves it: deltas, an own colour layer, two packed channels, painted
    (with mask vertex groups), composed and LOD-checked."""
    add_sample_deltas(sample)
    mesh = body().data
    artist = mesh.color_attributes.new("ArtistPaint", "BYTE_COLOR", "CORNER")
    artist.data.foreach_set("color", np.full(len(artist.data) * 4, 0.25, np.float32))
    regions = sample.overanim.regions
    regions["LeftArm"].mask_channel, regions["Head"].mask_channel = "R", "A"
    regions["LeftArm"].falloff_mode, regions["LeftArm"].zero_weight = "LINEAR", 0.2
    assert bpy.ops.overanim.paint_region_masks(write_vertex_groups=True) == {"FINISHED"}
    assert bpy.ops.overanim.compose_region_deltas() == {"FINISHED"}
    assert bpy.ops.overanim.check_lod_coverage() == {"FINISHED"}
    return sample


def state():
    """Everything an export must leave as it was: the artist's data, names, what is active."""
    mesh_obj = body()
    colors = mesh_obj.data.color_attributes
    return {"artist": snapshot(mesh_obj), "meshes": sorted(m.name for m in bpy.data.meshes),
            "keys": sorted(k.name for k in bpy.data.shape_keys), "data": mesh_obj.data.name,
            "ours": sorted(a.name for a in mesh_obj.data.attributes if a.name.startswith("OverAnim_")),
            "groups": [g.name for g in mesh_obj.vertex_groups],
            "active": (colors.active_color_name, colors.default_color_name), "objects": sorted(bpy.data.objects.keys())}


def import_fbx(path):
    bpy.ops.wm.read_homefile(use_empty=True)
    assert bpy.ops.import_scene.fbx(filepath=str(path)) == {"FINISHED"}
    return bpy.data.objects["SK_OverAnimSample"], bpy.data.objects["SK_OverAnimSample_Body"]


def loop_colors(mesh, name):
    attr = mesh.color_attributes[name]
    out = np.empty(len(attr.data) * 4, np.float32)
    attr.data.foreach_get("color_srgb", out)
    return attr.domain, out.reshape(-1, 4)


def test_the_round_trip_holds_the_measurement_and_the_packed_masks_only(prepared, tmp_path):
    mesh = body().data
    masks = {region: read_color(mesh, mask_name(region))[:, 0] for region in ("LeftArm", "Head")}
    vertices = len(mesh.vertices)
    prepared.overanim.calibration.reference_character_height = 150.0  # export measures first
    before = state()
    path = tmp_path / "hero.fbx"
    assert bpy.ops.overanim.export_fbx(filepath=str(path)) == {"FINISHED"}
    after = state()
    assert_same(before.pop("artist"), after.pop("artist"))
    assert after == before
    assert prepared["OverAnim_CharacterScaleCS"] == pytest.approx(180.0 / 150.0, rel=1e-4)
    measured = custom_props(prepared)
    assert path.exists() and (tmp_path / "hero_LOD1.fbx").exists()

    armature, imported = import_fbx(path)
    assert custom_props(armature).keys() == measured.keys()
    for key, value in measured.items():
        assert armature[key] == (pytest.approx(value, rel=1e-6) if isinstance(value, float) else value), key
    colors = imported.data.color_attributes
    assert [a.name for a in colors] == [PACKED]  # no preview, no float masks, not the artist's layer
    domain, stored = loop_colors(imported.data, PACKED)
    assert domain == "CORNER"
    vertex_of_loop = np.empty(len(imported.data.loops), np.int32)
    imported.data.loops.foreach_get("vertex_index", vertex_of_loop)
    assert len(imported.data.vertices) == vertices
    for column, region in ((0, "LeftArm"), (3, "Head")):
        np.testing.assert_allclose(stored[:, column], masks[region][vertex_of_loop], atol=1 / 255 + 1e-6)
    np.testing.assert_array_equal(stored[:, [1, 2]], 0.0)
    assert ((stored[:, 0] > 0) & (stored[:, 0] < 1)).sum() > 0  # a real falloff went through
    keys = [k.name for k in imported.data.shape_keys.key_blocks]
    assert "Delta_Spine" in keys and "Delta_LeftArm" in keys and "OverAnim_Composed" not in keys
    # nothing else of ours anywhere in the file
    ids = [*bpy.data.objects, *bpy.data.meshes, *bpy.data.armatures, *bpy.data.materials]
    ours = {(id_.name, key) for id_ in ids for key in id_.keys() if key.startswith("OverAnim")}  # noqa: SIM118
    assert ours == {(armature.name, key) for key in measured}
    assert not [g.name for g in imported.vertex_groups if g.name.startswith("OverAnim")]
    assert not [a.name for a in imported.data.attributes if a.name.startswith("OverAnim") and a.name != PACKED]
    assert "SK_OverAnimSample_Body_LOD1" not in bpy.data.objects  # LOD1 has a file of its own


def test_the_artists_colour_layers_can_follow_the_masks(prepared, tmp_path):
    path = tmp_path / "hero.fbx"
    bpy.ops.overanim.export_fbx(filepath=str(path), packed_only=False, export_lods=False)
    assert not (tmp_path / "hero_LOD1.fbx").exists()
    _armature, imported = import_fbx(path)
    assert [a.name for a in imported.data.color_attributes] == [PACKED, "ArtistPaint"]


def test_without_a_channel_the_artists_colours_go_and_ours_stay_out(sample, tmp_path):
    artist = body().data.color_attributes.new("ArtistPaint", "BYTE_COLOR", "POINT")
    body().data.color_attributes.active_color = artist
    bpy.ops.overanim.paint_region_masks()
    path = tmp_path / "plain.fbx"
    assert bpy.ops.overanim.export_fbx(filepath=str(path)) == {"FINISHED"}
    _armature, imported = import_fbx(path)
    assert [a.name for a in imported.data.color_attributes] == ["ArtistPaint"]


def test_an_error_finding_stops_the_export_before_any_file(sample, tmp_path):
    sample.overanim.calibration.locomotion_root_bone = "root"  # on the ground: locomotion height 0
    path = tmp_path / "hero.fbx"
    with pytest.raises(RuntimeError, match="Not exported: Locomotion root 'root' is at ground level"):
        bpy.ops.overanim.export_fbx(filepath=str(path))
    assert not list(tmp_path.iterdir())


@pytest.mark.parametrize("animated", [False, True])
def test_animation_goes_in_baked_when_there_is_any(sample, tmp_path, animated):
    if animated:
        bone = sample.pose.bones["upperarm_l"]
        for frame, angle in ((1, 0.0), (5, 0.6)):
            bone.rotation_mode = "XYZ"
            bone.rotation_euler = (angle, 0.0, 0.0)
            bone.keyframe_insert("rotation_euler", frame=frame)
    bpy.context.scene.frame_start, bpy.context.scene.frame_end = 1, 5
    path = tmp_path / "anim.fbx"
    assert bpy.ops.overanim.export_fbx(filepath=str(path)) == {"FINISHED"}
    armature, _body = import_fbx(path)
    action = armature.animation_data.action if armature.animation_data else None
    assert (action is not None) == animated


def test_a_name_without_the_extension_gets_it(sample, tmp_path):
    assert bpy.ops.overanim.export_fbx(filepath=str(tmp_path / "hero.v2"), export_lods=False) == {"FINISHED"}
    assert [p.name for p in tmp_path.iterdir()] == ["hero.v2.fbx"]


def test_a_stale_packed_attribute_stays_out_when_no_region_has_a_channel(sample, tmp_path):
    mesh = body().data
    artist = mesh.color_attributes.new("ArtistPaint", "BYTE_COLOR", "POINT")
    mesh.color_attributes.active_color = artist
    sample.overanim.regions["LeftArm"].mask_channel = "R"
    assert bpy.ops.overanim.paint_region_masks() == {"FINISHED"}
    sample.overanim.regions["LeftArm"].mask_channel = "NONE"  # no paint since: the packed layer is stale
    path = tmp_path / "hero.fbx"
    assert bpy.ops.overanim.export_fbx(filepath=str(path), export_lods=False) == {"FINISHED"}
    _armature, imported = import_fbx(path)
    assert [a.name for a in imported.data.color_attributes] == ["ArtistPaint"]  # as the report says


@pytest.mark.parametrize("mode", ["WEIGHT_PAINT", "VERTEX_PAINT", "SCULPT", "POSE"])
def test_it_exports_from_a_paint_mode_and_goes_back_to_it(sample, tmp_path, mode):
    sample.overanim.regions["LeftArm"].mask_channel = "R"
    obj = sample if mode == "POSE" else body()
    bpy.context.view_layer.objects.active = obj
    bpy.ops.object.mode_set(mode=mode)
    path = tmp_path / "hero.fbx"
    assert bpy.ops.overanim.export_fbx(filepath=str(path), export_lods=False) == {"FINISHED"}
    assert obj.mode == mode and bpy.context.view_layer.objects.active is obj
    assert body().data.name == "SK_OverAnimSample_Body"
    bpy.ops.object.mode_set(mode="OBJECT")
    _armature, imported = import_fbx(path)
    assert [a.name for a in imported.data.color_attributes] == [PACKED]


@pytest.mark.parametrize("name", ["M" * 63, "메시" * 10 + "abc"])  # 63 bytes: nothing can be appended
def test_a_long_mesh_name_reaches_the_file_as_it_is(sample, tmp_path, name):
    from ..fbx_helpers import name_of, read

    body().data.name = name
    assert body().data.name == name
    path = tmp_path / "hero.fbx"
    assert bpy.ops.overanim.export_fbx(filepath=str(path), export_lods=False) == {"FINISHED"}
    assert body().data.name == name and sorted(m.name for m in bpy.data.meshes) == sorted(
        [name, "SK_OverAnimSample_Body_LOD1"])
    assert [name_of(g) for g in read(path).of(b"Geometry")] == [name]


def test_the_report_says_where_the_files_went_and_the_panel_keeps_a_short_summary(prepared, tmp_path, capfd):
    from ...layout_recorder import draw_panel
    from ..helpers import printed_reports
    from ..sidebar import DEFAULT_SIDEBAR

    def main_panel():
        return draw_panel(bpy.types.OVERANIM_PT_main, bpy.context, region_width=DEFAULT_SIDEBAR).texts()

    assert "Last Export" not in main_panel()
    path = tmp_path / "for unreal" / "hero.fbx"
    lines = printed_reports(capfd, lambda: bpy.ops.overanim.export_fbx(filepath=str(path)))
    assert lines[-1] == f"Info: Exported {path} for Unreal (+1 LOD file)"  # the status bar shows the last one
    # a rig not named "Armature" is its own skeleton root in Unreal: nothing about a dropped node
    assert not [line for line in lines if "Armature" in line], lines
    texts = main_panel()
    summary = texts[texts.index("Last Export"):]
    assert str(path).replace(" ", "") in "".join(summary).replace(" ", "")  # the whole path, over its rows
    assert any("+1 LOD file" in row for row in summary)
    assert f"{len(prepared.data.bones)} bones and 2 meshes" in summary
    assert "R LeftArm, A Head" in " ".join(summary)  # the packed channels
    assert "No animation" in summary
    path_rows = next(i for i, row in enumerate(summary) if row.endswith(".fbx"))
    assert len(summary) - path_rows <= 6  # short: the details stay in the report


# -- shape keys the exporter drops (issue 19.5) -----------------------------------------------------
def blend_shapes(path):
    from ..fbx_helpers import name_of, read

    return sorted(name_of(d) for d in read(path).of(b"Deformer") if d.props[2] == b"BlendShape")


@pytest.mark.parametrize("kind", ["MIRROR", "SUBSURF", "SOLIDIFY"])
def test_a_modifier_that_drops_the_shape_keys_is_said_in_the_checks_and_the_report(sample, tmp_path, capfd, kind):
    """Blender's FBX exporter applies the modifiers, and a mesh with modifiers applied has no shape
    keys: the file had no morph targets at all, and nothing said so."""
    add_sample_deltas(sample)
    path = tmp_path / "hero.fbx"
    assert bpy.ops.overanim.export_fbx(filepath=str(path), export_lods=False) == {"FINISHED"}
    assert blend_shapes(path) == ["SK_OverAnimSample_Body"]  # the shape keys survive without the modifier
    body().modifiers.new("Extra", kind)
    assert bpy.ops.overanim.run_checks() == {"FINISHED"}
    (finding,) = [c for c in sample.overanim.checks if c.check_id == "shape_keys_dropped"]
    assert finding.severity == "WARNING"
    assert "'SK_OverAnimSample_Body' has 2 shape keys" in finding.message and "'Extra'" in finding.message
    assert "apply the modifiers to the shape keys, or turn them off" in finding.message
    capfd.readouterr()
    assert bpy.ops.overanim.export_fbx(filepath=str(path), export_lods=False) == {"FINISHED"}
    assert blend_shapes(path) == []  # what the report must say
    out = capfd.readouterr().out
    assert "'SK_OverAnimSample_Body': no morph targets written" in out and "'Extra'" in out
    assert "the FBX exporter applies them" not in out  # the finding is not repeated: the report says it
    body().modifiers["Extra"].show_viewport = body().modifiers["Extra"].show_render = False  # "without them"
    assert bpy.ops.overanim.run_checks() == {"FINISHED"}
    assert "shape_keys_dropped" not in [c.check_id for c in sample.overanim.checks]
    assert bpy.ops.overanim.export_fbx(filepath=str(path), export_lods=False) == {"FINISHED"}
    assert blend_shapes(path) == ["SK_OverAnimSample_Body"] and "no morph targets" not in capfd.readouterr().out


def test_each_export_option_is_one_field_shown_by_the_operator_and_passed_down_whole(sample, tmp_path, monkeypatch):
    """An option is declared once (export/options.py): the operator shows it with the field's default,
    and what the artist sets reaches the engine and the exporter as the one frozen ExportOptions."""
    import dataclasses

    from overanim_addon.blender.export import engine, fbx
    from overanim_addon.blender.export.options import ExportOptions

    fields = [f for f in dataclasses.fields(ExportOptions) if f.name != "path"]
    rna = bpy.ops.overanim.export_fbx.get_rna_type().properties
    assert fields and all(rna[f.name].default == f.default for f in fields)
    received = []
    real = fbx.export_for_unreal
    monkeypatch.setattr(engine, "export_for_unreal", lambda *args: received.append(args[2]) or real(*args))
    def other_than(name, default):
        """A value the artist could pick that is not the default: the other truth value, or another item."""
        if isinstance(default, bool):
            return not default
        return next(item.identifier for item in rna[name].enum_items if item.identifier != default)

    flipped = {f.name: other_than(f.name, f.default) for f in fields}
    assert bpy.ops.overanim.export_fbx(filepath=str(tmp_path / "hero.fbx"), **flipped) == {"FINISHED"}
    assert received == [ExportOptions(tmp_path / "hero.fbx", **flipped)]
    with pytest.raises(dataclasses.FrozenInstanceError):
        received[0].export_lods = True
