"""What the sidebar, the Object > OverAnim menu and the reports tell a new user, drawn on real data
with a recording layout (tests/layout_recorder.py): the state of a toggle, the setting a finding
asks for right under it, what to do where a list is empty, units and names next to numbers."""

import bpy

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


