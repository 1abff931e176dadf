"""What every engine function does alike, given its armature (nothing selected or active): a refusal
raises OverAnimError carrying its button's Message and changes nothing, and the pipeline reports it as
the button would. Each engine's own behaviour is tested in its feature's folder (test_*_engine.py)."""

from __future__ import annotations

import bpy
import pytest

from overanim_addon.blender.checks.engine import ChecksOptions, check_rig
from overanim_addon.blender.compose.engine import ComposeOptions, compose_region_deltas
from overanim_addon.blender.foot_ik.engine import FootIKOptions, bake_foot_ik
from overanim_addon.blender.lod.engine import LodCoverageOptions, check_lod_coverage
from overanim_addon.blender.masks.engine import PaintOptions, paint_region_masks
from overanim_addon.blender.measure.engine import MeasureOptions, measure_proportions
from overanim_addon.core.errors import OverAnimError
from overanim_addon.core.messages import Message

from ..helpers import custom_props


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


def test_the_pipeline_reports_an_engines_refusal_as_its_button_would(unselected):
    from overanim_addon.blender.pipeline import process_armature

    unselected.hide_set(True)
    report = process_armature(unselected, ["measure", "paint"])
    why = f"'{unselected.name}' is hidden or disabled in the viewport: unhide it first"
    assert report["steps"]["measure"]["error"] == why and report["steps"]["paint"]["error"] == why
    assert not report["ok"]
