"""What the sidebar, the Object > OverAnim menu and the reports tell a new user, drawn on real data
with a recording layout (tests/layout_recorder.py): the state of a toggle, the setting a finding
asks for right under it, what to do where a list is empty, units and names next to numbers."""

import bpy
import pytest

from ..layout_recorder import draw_panel

SIDEBAR = 291  # the default sidebar width (tests/blender/test_panel.py)


def operator_calls(layout, operator):
    return [c for c in layout.of("operator") if c.args[0] == operator]


def drawn_text(panel):
    return " ".join(draw_panel(getattr(bpy.types, f"OVERANIM_PT_{panel}"), bpy.context, region_width=SIDEBAR).texts())


# -- 18: an empty Regions list --------------------------------------------------------------------
def test_an_empty_regions_list_says_how_to_add_one(sample):
    assert "No Regions yet" not in drawn_text("regions")
    sample.overanim.regions.clear()
    assert "No Regions yet: + adds one for the active bone collection" in drawn_text("regions")


# -- 19: the menu's Live Preview tick ---------------------------------------------------------------
def test_the_menu_ticks_live_preview_only_while_it_is_on(sample):
    def icon():
        (call,) = operator_calls(draw_panel(bpy.types.OVERANIM_MT_object, bpy.context), "overanim.live_preview")
        return call.kwargs["icon"]

    assert icon() == "CHECKBOX_DEHLT"
    assert bpy.ops.overanim.live_preview() == {"FINISHED"}
    try:
        assert icon() == "CHECKBOX_HLT"
    finally:
        bpy.ops.overanim.live_preview()
    assert icon() == "CHECKBOX_DEHLT"
    bpy.context.view_layer.objects.active = None  # no rig: nothing is on
    assert icon() == "CHECKBOX_DEHLT"


# -- 21: the fix named after it in the redo panel and the undo history ------------------------------
def checks_layout():
    return draw_panel(bpy.types.OVERANIM_PT_checks, bpy.context, region_width=SIDEBAR)


def test_the_fix_button_is_named_after_its_fix_in_the_redo_panel_and_undo_history(sample):
    sample.scale = (2, 2, 2)
    bpy.ops.overanim.run_checks()
    (fix,) = [c for c in checks_layout().of("operator") if c.kwargs.get("text") == "Apply Scale"]
    # Blender names the redo panel and the undo step after the operator type: one per fix
    op = getattr(bpy.ops.overanim, fix.args[0].split(".")[1])
    assert op.get_rna_type().name == "Apply Scale"
    assert {"REGISTER", "UNDO"} <= set(getattr(bpy.types, op.idname()).bl_options)
    assert op() == {"FINISHED"}
    assert tuple(sample.scale) == (1, 1, 1) and len(sample.overanim.checks) == 0


@pytest.mark.real_blender
def test_a_fix_clicked_in_a_real_window_is_named_after_it_where_blender_lists_operators(tmp_path):
    """Blender 4.3's window: the last operator (Repeat Last, Adjust Last Operation) and the undo step
    carry the operator type's name; the fix's, not "Fix". (The undo history itself has no Python
    reader: it was looked at in a screenshot.)"""
    from .test_live_preview import run_in_window

    out = run_in_window("real_blender_fix_name.py", "overanim_fix_name.json", tmp_path, seconds=1)
    assert out["redo_panel"] == ["OVERANIM_OT_fix_apply_armature_scale", "Apply Scale"]
    assert out["scale_fixed"] == [1.0, 1.0, 1.0] and out["scale_undone"] == [2.0, 2.0, 2.0]


