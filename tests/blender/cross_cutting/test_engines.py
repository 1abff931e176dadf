"""The engine functions each feature's operator, the pipeline and the other features call: given the
armature (nothing selected or active), they do what the button does and return their result with a
log of Messages; a refusal raises OverAnimError carrying its Message and changes nothing."""

from __future__ import annotations

import bpy
import pytest

from overanim_addon.blender.checks.engine import ChecksOptions, check_rig
from overanim_addon.blender.compose.engine import ComposeOptions, compose_region_deltas
from overanim_addon.blender.compose.shape_key import COMPOSED
from overanim_addon.blender.export.engine import ExportOptions, export_fbx
from overanim_addon.blender.foot_ik.bake import baked_values
from overanim_addon.blender.foot_ik.engine import FootIKOptions, bake_foot_ik
from overanim_addon.blender.lod.engine import LodCoverageOptions, check_lod_coverage
from overanim_addon.blender.masks.engine import PaintOptions, paint_region_masks
from overanim_addon.blender.measure.engine import MeasureOptions, measure_proportions
from overanim_addon.blender.shared.names import PREFIX
from overanim_addon.core.errors import OverAnimError
from overanim_addon.core.messages import Message

from ..foot_ik_scenes import box_under, plane
from ..helpers import custom_props


@pytest.fixture
def unselected(sample):
    """The sample with nothing active or selected: an engine is told its armature."""
    bpy.context.view_layer.objects.active = None
    for obj in bpy.context.scene.objects:
        obj.select_set(False)
    return sample


def templates(log):
    """The log's levels and templates: every line a Message, so a translation and the batch keep it."""
    assert all(isinstance(message, Message) for _, message in log), log
    return [(level, message.template) for level, message in log]


def operator_reports(armature, operator, capfd, **properties):
    """What the operator reports, printed as Blender prints reports in background mode."""
    capfd.readouterr()
    with bpy.context.temp_override(active_object=armature, object=armature):
        operator(**properties)
    return [line for line in capfd.readouterr().out.splitlines() if line.startswith(("Info:", "Warning:"))]


def said(log):
    return [f"{level.capitalize()}: {message}" for level, message in log]


def test_check_rig_stores_the_findings_and_returns_them_with_the_operators_report(unselected, capfd):
    outcome = check_rig(bpy.context, unselected, ChecksOptions())
    stored = [(c.check_id, c.severity, c.message) for c in unselected.overanim.checks if c.check_id]
    assert stored == [(f.id, f.severity, str(f.message)) for f in outcome.findings] and unselected.overanim.checks_run
    assert templates(outcome.log)[-1] == ("INFO", "Checks: {errors}, {warnings}")
    assert operator_reports(unselected, bpy.ops.overanim.run_checks, capfd) == said(outcome.log)


def test_measure_proportions_writes_what_it_returns(unselected):
    outcome = measure_proportions(bpy.context, unselected, MeasureOptions())
    assert outcome.results is not None
    written = outcome.results.properties()
    for name, (value, _unit, _text) in written.items():
        assert unselected[name] == (pytest.approx(value) if isinstance(value, float) else value), name
    assert templates(outcome.log)[-1][1].startswith("'{name}': height {height:.1f} cm")
    assert unselected.overanim.show_results  # a measurement of its own opens the Results


def test_a_measurement_on_the_side_leaves_the_panel_as_it_was(unselected):
    outcome = measure_proportions(bpy.context, unselected, MeasureOptions(side=True))
    assert outcome.results is not None and "OverAnim_CharacterHeightCS" in unselected
    assert not unselected.overanim.show_results and not unselected.overanim.checks_run


def test_a_check_error_refuses_the_measurement_in_the_log_and_writes_nothing(unselected):
    unselected.overanim.calibration.locomotion_root_bone = "root"  # on the ground: a check error
    outcome = measure_proportions(bpy.context, unselected, MeasureOptions())
    assert outcome.results is None and [level for level, _ in outcome.log] == ["ERROR"]
    assert outcome.log[0][1].template == "Not measured: {reason}{more}"
    assert not any(key.startswith(PREFIX) for key in unselected.keys())  # noqa: SIM118


@pytest.mark.parametrize(("engine", "options"), [
    (check_rig, ChecksOptions()), (measure_proportions, MeasureOptions()), (paint_region_masks, PaintOptions()),
    (check_lod_coverage, LodCoverageOptions()), (compose_region_deltas, ComposeOptions()),
    (bake_foot_ik, FootIKOptions())])
def test_every_engine_refuses_a_hidden_armature_with_the_message_of_its_button(unselected, engine, options):
    unselected.hide_set(True)
    before = custom_props(unselected)
    with pytest.raises(OverAnimError) as raised:
        engine(bpy.context, unselected, options)
    message = raised.value.message
    assert isinstance(message, Message)
    assert message.template == "'{name}' is hidden or disabled in the viewport: unhide it first"
    assert message.fields == {"name": unselected.name}
    assert custom_props(unselected) == before


def test_paint_region_masks_paints_every_mesh_and_shows_the_preview(unselected, capfd):
    outcome = paint_region_masks(bpy.context, unselected, PaintOptions(write_vertex_groups=True))
    meshes = [o for o in bpy.context.scene.objects if o.type == "MESH" and o.parent is unselected]
    assert outcome.stats.meshes == len(meshes) and outcome.stats.regions == len(unselected.overanim.regions)
    assert outcome.stats.vertices == sum(len(m.data.vertices) for m in meshes)
    assert unselected.overanim.masks_painted
    head = next(r for r in unselected.overanim.regions)
    assert all(f"OverAnim_MaskGroup_{head.name}" in m.vertex_groups for m in meshes)  # the option was followed
    assert templates(outcome.log)[0] == ("INFO", "Painted {masks} on {meshes} ({vertices})")
    assert operator_reports(unselected, bpy.ops.overanim.paint_region_masks, capfd) == said(outcome.log)


def test_check_lod_coverage_returns_and_stores_the_rows_an_error_in_the_log(unselected):
    lod1 = bpy.data.objects["SK_OverAnimSample_Body_LOD1"]
    for bone in ("neck_01", "head"):
        lod1.vertex_groups.remove(lod1.vertex_groups[bone])
    unselected.overanim.regions["Head"].lod_policy = "REQUIRE_COVERAGE"
    outcome = check_lod_coverage(bpy.context, unselected, LodCoverageOptions())
    assert [(r.region, r.lod, r.covered, r.verdict.name) for r in outcome.rows] == \
        [(r.region, r.lod, r.covered, r.verdict) for r in unselected.overanim.lod_rows if r.region]
    assert ("Head", 1, False, "ERROR") in [(r.region, r.lod, r.covered, r.verdict.name) for r in outcome.rows]
    assert templates(outcome.log) == [("ERROR", "Region '{region}' is inactive at LOD{lod} (RequireCoverage)")]
    assert outcome.log[0][1].fields == {"region": "Head", "lod": 1}


def test_compose_region_deltas_composes_or_refuses_with_its_message(unselected):
    with pytest.raises(OverAnimError) as raised:
        compose_region_deltas(bpy.context, unselected, ComposeOptions())  # the sample names no Delta Shape Key yet
    assert raised.value.message.template == "No Region names a Delta Shape Key: set one in the Regions panel"
    from overanim_addon.blender.sample.build import add_sample_deltas

    add_sample_deltas(unselected)
    outcome = compose_region_deltas(bpy.context, unselected, ComposeOptions())
    composed = [o for o in bpy.context.scene.objects if o.type == "MESH" and o.data.shape_keys is not None
                and COMPOSED in o.data.shape_keys.key_blocks]
    assert outcome.stats.meshes == len(composed) > 0 and outcome.stats.regions == 2
    assert templates(outcome.log)[0][1].startswith("Composed {deltas} into shape key '{key}'")


def test_bake_foot_ik_bakes_the_range_it_is_given(rig):
    bpy.context.view_layer.objects.active = None
    plane()
    box_under(rig, "foot_l", 10.0)
    outcome = bake_foot_ik(bpy.context, rig, FootIKOptions(frame_start=3, frame_end=7))
    assert list(outcome.result.frames) == [3, 4, 5, 6, 7]
    assert outcome.bones.left_ik_target == "ik_foot_l" == rig.overanim.foot_ik.left_ik_target
    keyed = baked_values(rig)["LeftOffset"]
    assert list(keyed[:, 0]) == [3, 4, 5, 6, 7] and keyed[:, 1] == pytest.approx(outcome.result.values["LeftOffset"])
    assert templates(outcome.log)[-1][1].startswith("Baked {n} frames")


def test_bake_foot_ik_refuses_a_reversed_range_and_writes_nothing(rig):
    plane()
    with pytest.raises(OverAnimError):
        bake_foot_ik(bpy.context, rig, FootIKOptions(frame_start=9, frame_end=2))
    assert baked_values(rig) == {}


def test_export_fbx_measures_then_writes_and_says_what_went_into_the_file(unselected, tmp_path):
    path = tmp_path / "hero.fbx"
    outcome = export_fbx(bpy.context, unselected, ExportOptions(path, export_lods=False))
    assert [f.path for f in outcome.result.files] == [path] and path.stat().st_size > 0
    assert outcome.result.properties == sum(1 for k in unselected.keys() if k.startswith("OverAnim_"))  # noqa: SIM118
    assert templates(outcome.log)[-1] == ("INFO", "Exported {file} for Unreal{lods}")


def test_export_fbx_refuses_a_check_error_before_writing(unselected, tmp_path):
    unselected.overanim.calibration.locomotion_root_bone = "root"
    with pytest.raises(OverAnimError) as raised:
        export_fbx(bpy.context, unselected, ExportOptions(tmp_path / "hero.fbx"))
    assert raised.value.message.template == "Not exported: {reason}{more}"
    assert list(tmp_path.iterdir()) == []


def test_the_pipeline_reports_an_engines_refusal_as_its_button_would(unselected):
    from overanim_addon.blender.pipeline import process_armature

    unselected.hide_set(True)
    report = process_armature(unselected, ["measure", "paint"])
    why = f"'{unselected.name}' is hidden or disabled in the viewport: unhide it first"
    assert report["steps"]["measure"]["error"] == why and report["steps"]["paint"]["error"] == why
    assert not report["ok"]
