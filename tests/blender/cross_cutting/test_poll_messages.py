"""Every greyed OverAnim button says why: each operator whose poll() refuses in a situation an
artist meets (nothing selected, a plain mesh, a new armature, Edit Mode, a rig not measured or
baked yet) sets a poll message, which Blender shows in the button's tooltip, in F3 and in the error
of a script's call; the message is a translatable Message."""

import bpy
import pytest

from overanim_addon.blender.translations.ko_KR import KO_MESSAGES
from overanim_addon.core.messages import Message

DEFAULT_REFUSAL = "failed, context is incorrect"  # Blender's words when poll() gives no reason


def our_operators():
    return [cls for cls in bpy.types.Operator.__subclasses__()
            if cls.__name__.startswith("OVERANIM_OT_") and hasattr(bpy.types, cls.__name__)]


def nothing_selected(scene):
    bpy.context.view_layer.objects.active = None


def plain_mesh(scene):
    mesh = bpy.data.objects.new("Cube", bpy.data.meshes.new("Cube"))
    scene.collection.objects.link(mesh)
    bpy.context.view_layer.objects.active = mesh


def new_armature(scene):
    """What Add > Armature gives: one bone, no Regions, nothing measured or baked."""
    armature = bpy.data.objects.new("Armature", bpy.data.armatures.new("Armature"))
    scene.collection.objects.link(armature)
    bpy.context.view_layer.objects.active = armature
    bpy.ops.object.mode_set(mode="EDIT")
    bone = armature.data.edit_bones.new("Bone")
    bone.tail = (0, 0, 1)
    bpy.ops.object.mode_set(mode="OBJECT")


def one_region(scene):
    from overanim_addon.blender.sample.build import build_sample_character

    armature = build_sample_character(bpy.context)
    while len(armature.overanim.regions) > 1:
        armature.overanim.regions.remove(1)


def sample_in_edit_mode(scene):
    from overanim_addon.blender.sample.build import build_sample_character

    build_sample_character(bpy.context)
    bpy.ops.object.mode_set(mode="EDIT")


SITUATIONS = [nothing_selected, plain_mesh, new_armature, one_region, sample_in_edit_mode]


@pytest.mark.parametrize("situation", SITUATIONS)
def test_every_refusing_poll_says_why(addon, empty_scene, monkeypatch, situation):
    situation(empty_scene)
    said = {}
    for cls in our_operators():
        original = cls.poll_message_set

        def record(_cls, message, *args, _name=cls.__name__, _original=original):
            said[_name] = args[0] if callable(message) and args else message
            _original(message, *args)

        monkeypatch.setattr(cls, "poll_message_set", classmethod(record))
    refused = []
    for cls in our_operators():
        op = getattr(bpy.ops.overanim, cls.bl_idname.split(".")[1])
        if op.poll():
            continue
        refused.append(cls.__name__)
        with pytest.raises(RuntimeError) as error:
            op()
        assert DEFAULT_REFUSAL not in str(error.value), cls.__name__  # a reason, in the error a script sees
        message = said.get(cls.__name__)
        assert isinstance(message, Message), cls.__name__  # translatable: a template with fields
        assert message.template in KO_MESSAGES, message.template
        assert message in str(error.value)
    if bpy.context.object is not None and bpy.context.object.mode == "EDIT":
        bpy.ops.object.mode_set(mode="OBJECT")
    assert refused  # each situation greys something out


def test_the_reasons_name_what_to_do(addon, empty_scene):
    plain_mesh(empty_scene)
    with pytest.raises(RuntimeError, match="'Cube' is neither an armature nor a mesh deformed by one"):
        bpy.ops.overanim.run_checks()
    new_armature(empty_scene)
    for op in ("paint_region_masks", "check_lod_coverage", "compose_region_deltas"):
        with pytest.raises(RuntimeError, match=r"'Armature' has no Regions yet: add one with \+ in the Regions"):
            getattr(bpy.ops.overanim, op)()
    with pytest.raises(RuntimeError, match="Measure Proportions first"):
        bpy.ops.overanim.export_results_json(filepath="/nonexistent/never.json")
