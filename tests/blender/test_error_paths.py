"""Every OverAnim operator, run the way an artist could run it in situations it cannot work in, on
whichever Blender runs the suite: it either refuses in poll or reports an error; no Python traceback
reaches the artist, and nothing of the file changes."""

from __future__ import annotations

import bpy
import pytest

from .helpers import custom_props, linked_copy


def operators() -> list[str]:
    """Every OVERANIM_OT_* operator the add-on's modules define, as ``bpy.ops.overanim`` names (read
    from the classes: collection runs before the session fixture registers them). A feature package
    lists its modules (``MODULES``)."""
    from overanim_addon import blender

    modules = [*blender.MODULES, *(module for feature in blender.FEATURES for module in feature.MODULES)]
    return sorted({value.bl_idname.split(".", 1)[1] for module in modules for value in vars(module).values()
                   if isinstance(value, type) and issubclass(value, bpy.types.Operator)
                   and getattr(value, "bl_idname", "").startswith("overanim.")})


OPERATORS = operators()


def nothing(context):
    return None


def mesh_only(context):
    obj = bpy.data.objects.new("Plain", bpy.data.meshes.new("Plain"))
    context.scene.collection.objects.link(obj)
    context.view_layer.objects.active = obj
    return obj


def boneless_armature(context):
    obj = bpy.data.objects.new("Boneless", bpy.data.armatures.new("Boneless"))
    context.scene.collection.objects.link(obj)
    context.view_layer.objects.active = obj
    return obj


def sample_in_edit_mode(context):
    from overanim_addon.blender.sample.build import build_sample_character

    armature = build_sample_character(context)
    bpy.ops.object.mode_set(mode="EDIT")
    return armature


def sample_without_region_bones(context):
    from overanim_addon.blender.sample.build import build_sample_character

    armature = build_sample_character(context)
    for collection in list(armature.data.collections):
        armature.data.collections.remove(collection)
    return armature


def linked_sample(context, tmp_path):
    from overanim_addon.blender.sample.build import build_sample_character

    return linked_copy(build_sample_character(context), tmp_path)


SITUATIONS = {
    "nothing selected": nothing,
    "a plain mesh": mesh_only,
    "an armature without bones": boneless_armature,
    "the sample in Edit Mode": sample_in_edit_mode,
    "Regions whose collections are gone": sample_without_region_bones,
    "a linked rig": linked_sample,
}


def state() -> dict:
    """What an operator must not change when it refuses: every object's custom properties, the data
    blocks by type, and each mesh's attributes."""
    return {
        "objects": {o.name: custom_props(o) for o in bpy.data.objects if o.library is None},
        "counts": {kind: len(getattr(bpy.data, kind)) for kind in ("objects", "meshes", "actions", "armatures")},
        "attributes": {m.name: sorted(a.name for a in m.attributes) for m in bpy.data.meshes if m.library is None},
    }


@pytest.mark.parametrize("situation", SITUATIONS)
@pytest.mark.parametrize("name", OPERATORS)
def test_refused_cleanly(addon, empty_scene, tmp_path, name, situation):
    build = SITUATIONS[situation]
    build(bpy.context, tmp_path) if situation == "a linked rig" else build(bpy.context)
    operator = getattr(bpy.ops.overanim, name)
    if not operator.poll():
        return  # greyed out: nothing runs (that it says why is tested with the panel)
    before = state()
    try:
        result = operator("EXEC_DEFAULT")
    except RuntimeError as error:  # an ERROR report: Blender raises it after the operator returned
        text = str(error)
        assert "Traceback" not in text and "Python:" not in text, text
        after = state()
        if bpy.context.object is not None and bpy.context.object.mode == "EDIT":
            bpy.ops.object.mode_set(mode="OBJECT")
            after = state()  # Edit Mode holds the mesh apart: compare the data once it is written back
        assert after == before
        return
    # it worked (a situation it can handle, such as Paint's refusal to write anything on a boneless
    # Region): that is fine as long as it finished
    assert result in ({"FINISHED"}, {"CANCELLED"}, {"PASS_THROUGH"}, {"RUNNING_MODAL"})
