"""A Shift+D copy carries its original's Foot IK values and Motion analysis (the properties, the NLA
tracks): its panels say they were computed on the original (issue 31, window finding 5), in this
session and after the file is saved and opened again; the original's panels say nothing of it,
renamed or not."""

from __future__ import annotations

import bpy
import pytest

from ...layout_recorder import draw_panel
from ..motion_scenes import analyze

NOTE = "Computed on 'SK_OverAnimSample' before it was copied"


def panel_text(armature: bpy.types.Object, panel: str) -> str:
    """What the panel shows with ``armature`` active (a wrapped line is joined again)."""
    bpy.context.view_layer.objects.active = armature
    layout = draw_panel(getattr(bpy.types, f"OVERANIM_PT_{panel}"), bpy.context, region_width=291)
    return " ".join(layout.texts())


def notes(armature: bpy.types.Object) -> dict[str, bool]:
    return {panel: NOTE in panel_text(armature, panel) for panel in ("foot_ik", "motion")}


def shift_d(armature: bpy.types.Object) -> bpy.types.Object:
    """Object > Duplicate Objects (Shift+D) on the armature alone; the copy is left active."""
    for obj in bpy.context.view_layer.objects:
        obj.select_set(obj == armature)
    bpy.context.view_layer.objects.active = armature
    assert bpy.ops.object.duplicate() == {"FINISHED"}
    copy = bpy.context.view_layer.objects.active
    assert copy != armature and copy.type == "ARMATURE"
    return copy


def reopen(tmp_path) -> None:
    path = str(tmp_path / "copied.blend")
    assert bpy.ops.wm.save_as_mainfile(filepath=path) == {"FINISHED"}
    assert bpy.ops.wm.open_mainfile(filepath=path) == {"FINISHED"}


@pytest.fixture
def analysed(walker):
    """The walking sample baked and analysed: both panels show values."""
    with bpy.context.temp_override(active_object=walker, object=walker):
        assert bpy.ops.overanim.bake_foot_ik() == {"FINISHED"}
    analyze(walker)
    return walker


def test_a_copy_says_its_values_were_computed_on_the_original(analysed, tmp_path):
    copy = shift_d(analysed)
    assert "Offset" in panel_text(copy, "foot_ik") and "Distance" in panel_text(copy, "motion")  # shown...
    assert notes(copy) == {"foot_ik": True, "motion": True}  # ...saying whose they are
    assert "run Analyze Motion again for this copy" in panel_text(copy, "motion")
    assert notes(analysed) == {"foot_ik": False, "motion": False}
    copy_name = copy.name
    reopen(tmp_path)
    assert notes(bpy.data.objects["SK_OverAnimSample"]) == {"foot_ik": False, "motion": False}
    assert notes(bpy.data.objects[copy_name]) == {"foot_ik": True, "motion": True}


def test_the_copy_analysed_again_and_the_original_renamed(analysed, tmp_path):
    """A copy's own analysis is its own; a renamed original keeps its values as its own, saved and reopened."""
    copy = shift_d(analysed)
    analyze(copy)
    assert notes(copy) == {"foot_ik": True, "motion": False}  # its Foot IK values are still the original's
    analysed.name = "Hero"
    assert notes(analysed) == {"foot_ik": False, "motion": False}
    copy_name = copy.name
    reopen(tmp_path)
    assert notes(bpy.data.objects["Hero"]) == {"foot_ik": False, "motion": False}
    assert notes(bpy.data.objects[copy_name]) == {"foot_ik": True, "motion": False}

