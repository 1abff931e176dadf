"""The Calibration fields as the Details UI names them, their limits, the studio defaults, the presets
and the preferences' reference sizes."""

import math

import bpy
import pytest

from overanim_addon.blender.calibration.preferences import STUDIO_FIELDS, OVERANIM_AP_preferences
from overanim_addon.core import FIELDS

from ...layout_recorder import draw_panel


@pytest.mark.parametrize("spec", FIELDS, ids=lambda s: s.name)
def test_calibration_property_mirrors_the_details_ui(sample, spec):
    cal = sample.overanim.calibration
    prop = cal.bl_rna.properties[spec.name]
    # the label is the Details UI name, "Reference" dropped where a heading says it; the tooltip
    # then starts with the full name
    assert prop.name in (spec.label, spec.label.removeprefix("Reference "))
    expected = spec.tooltip if prop.name == spec.label else f"{spec.label}. {spec.tooltip}"
    assert prop.description == expected
    assert getattr(cal, spec.name) == spec.default
    if prop.type == "FLOAT":
        assert prop.hard_min == pytest.approx(spec.minimum if spec.minimum is not None else -math.inf) or \
            (spec.minimum is None and prop.hard_min < -1e30)
        if spec.maximum is None:
            assert prop.hard_max > 1e30
        else:
            assert prop.hard_max == pytest.approx(spec.maximum)


def test_hard_limits_clamp_values_set_from_python(sample):
    cal = sample.overanim.calibration
    cal.reference_character_height = -5
    assert cal.reference_character_height == 1.0
    cal.maximum_character_scale = 50
    assert cal.maximum_character_scale == 10.0


def test_studio_defaults_keep_the_root_bone(sample):
    cal = sample.overanim.calibration
    cal.reference_character_height = 150
    cal.locomotion_root_bone = "pelvis"
    bpy.ops.overanim.apply_studio_defaults()
    assert cal.reference_character_height == 180 and cal.locomotion_root_bone == "pelvis"


def test_preset_saves_and_loads_a_calibration(sample, tmp_path):
    cal = sample.overanim.calibration
    cal.reference_character_height = 120
    cal.minimum_character_scale = 0.5
    assert bpy.ops.overanim.calibration_preset_add(name="Kids") == {"FINISHED"}
    path = bpy.utils.preset_find("Kids", "overanim/calibration")
    assert path
    cal.reference_character_height = 180
    cal.minimum_character_scale = 0.25
    # loading with the skinned mesh active still lands on the armature's calibration
    bpy.context.view_layer.objects.active = bpy.data.objects["SK_OverAnimSample_Body"]
    bpy.ops.script.execute_preset(filepath=path, menu_idname="OVERANIM_MT_calibration_presets")
    assert cal.reference_character_height == 120 and cal.minimum_character_scale == 0.5


def test_the_preferences_show_the_unit_beside_each_reference_size(addon):
    drawn = draw_panel(OVERANIM_AP_preferences, bpy.context)
    names = [spec.name for spec in STUDIO_FIELDS if spec.unit == "cm"]
    lengths = [c for c in drawn.of("prop") if c.args[1] in names]
    assert len(lengths) == len(names) >= 6
    for call in lengths:  # each length on a row with "cm" after it
        unit = drawn.calls[drawn.calls.index(call) + 1]
        assert (unit.method, unit.kwargs.get("text")) == ("label", "cm")
        assert unit.layout.path[:-1] == call.layout.path[:-1] == ("row",)


