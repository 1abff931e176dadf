"""The recorder that the panel tests draw with fails where Blender would: a panel test that passes
has drawn only properties, functions and operators that exist."""

import bpy
import pytest

from ...layout_recorder import draw_panel


def panel(draw):
    return type("Panel", (), {"draw": lambda self, context: draw(self.layout, context)})


def test_a_drawn_property_is_recorded(sample):
    layout = draw_panel(panel(lambda layout, context: layout.prop(sample.overanim, "active_region_index")), bpy.context)
    assert layout.of("prop")[0].args[1] == "active_region_index"


@pytest.mark.parametrize("draw, error", [
    (lambda layout, context: layout.prop(context.object.overanim, "active_regoin_index"), AssertionError),  # misspelt
    (lambda layout, context: layout.prop(context.object, '["no_such_key"]'), AssertionError),
    (lambda layout, context: layout.lable(text="x"), AttributeError),  # no such UILayout function
    (lambda layout, context: layout.label(txt="x"), TypeError),  # no such keyword
    (lambda layout, context: layout.operator("overanim.no_such_operator"), KeyError),
    (lambda layout, context: setattr(layout.operator("overanim.region_remove"), "regoin", "x"), AttributeError),
    (lambda layout, context: setattr(layout, "use_property_splitt", True), AttributeError),
])
def test_what_blender_would_refuse_fails_the_draw(sample, draw, error):
    with pytest.raises(error):
        draw_panel(panel(draw), bpy.context)
