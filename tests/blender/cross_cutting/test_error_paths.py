"""Every OverAnim operator, run the way an artist could run it in situations it cannot work in, on
whichever Blender runs the suite: it either refuses in poll or reports an error; no Python traceback
reaches the artist, and nothing of the file changes."""

from __future__ import annotations

import bpy
import pytest

from ..helpers import custom_props, linked_copy


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


def rna_values(struct, depth: int = 0):
    """A PropertyGroup's values as plain data, recursively (an ID it points to by its name)."""
    if struct is None or depth > 4:
        return None
    values = {}
    for prop in struct.bl_rna.properties:
        key = prop.identifier
        if key == "rna_type":
            continue
        value = getattr(struct, key)
        if prop.type == "POINTER":
            values[key] = value.name if isinstance(value, bpy.types.ID) else rna_values(value, depth + 1)
        elif prop.type == "COLLECTION":
            values[key] = [rna_values(item, depth + 1) for item in value]
        else:
            values[key] = list(value) if getattr(prop, "is_array", False) else value
    return values


# What a refusal may leave: the Checks findings it points the artist to ("... (+4 more in Checks)")
DIAGNOSTICS = ("checks", "checks_run")


def state() -> dict:
    """What an operator must not change when it refuses: every object's custom properties and its
    OverAnim settings (Regions, calibration, Foot IK...), the data blocks by type, and each mesh's
    attributes."""
    return {
        "objects": {o.name: custom_props(o) for o in bpy.data.objects if o.library is None},
        "overanim": {o.name: {key: value for key, value in rna_values(o.overanim).items() if key not in DIAGNOSTICS}
                     for o in bpy.data.objects if o.library is None},
        "counts": {kind: len(getattr(bpy.data, kind)) for kind in ("objects", "meshes", "actions", "armatures")},
        "attributes": {m.name: sorted(a.name for a in m.attributes) for m in bpy.data.meshes if m.library is None},
    }


def active_settings(before: dict, after: dict) -> tuple[dict, dict]:
    name = bpy.context.object.name
    return before["overanim"][name], after["overanim"][name]


def only_changed(before: dict, after: dict, *keys: str) -> bool:
    """The active rig's OverAnim settings changed in ``keys`` only, and nothing else in the file."""
    old, new = active_settings(before, after)
    rest = {k: v for k, v in after.items() if k != "overanim"} == {k: v for k, v in before.items() if k != "overanim"}
    others = {n: v for n, v in after["overanim"].items() if n != bpy.context.object.name} == {
        n: v for n, v in before["overanim"].items() if n != bpy.context.object.name}
    return rest and others and {k for k in new if new[k] != old[k]} <= set(keys)


def sample_added(before: dict, after: dict) -> bool:
    new = set(after["overanim"]) - set(before["overanim"])
    return (any(bpy.data.objects[n].type == "ARMATURE" and after["overanim"][n]["regions"] for n in new)
            and all(after["overanim"][n] == before["overanim"][n] for n in before["overanim"]))


def regions_of(before: dict, after: dict) -> tuple[list, list]:
    old, new = active_settings(before, after)
    return [r["name"] for r in old["regions"]], [r["name"] for r in new["regions"]]


# The operators that can do their job in some of these situations, and what that job is. A success
# not listed here fails the test, as does a listed success whose result is not there.
WORKS = {
    "build_sample_character": sample_added,  # needs nothing selected
    "calibration_preset_add": lambda before, after: after == before,  # a preset file, nothing in the scene
    "apply_studio_defaults": lambda before, after: only_changed(before, after, "calibration"),
    "region_add": lambda before, after: len(regions_of(before, after)[1]) == len(regions_of(before, after)[0]) + 1
    and only_changed(before, after, "regions", "active_region_index"),
    "region_remove": lambda before, after: len(regions_of(before, after)[1]) == len(regions_of(before, after)[0]) - 1
    and only_changed(before, after, "regions", "active_region_index"),
    "region_move": lambda before, after: sorted(regions_of(before, after)[1]) == sorted(regions_of(before, after)[0])
    and only_changed(before, after, "regions", "active_region_index"),
    # the Regions' bones are gone, the rest of the rig is whole: these need no Region
    "run_checks": lambda before, after: only_changed(before, after),  # its findings are DIAGNOSTICS
    "fix_check": lambda before, after: only_changed(before, after),
    "detect_foot_bones": lambda before, after: only_changed(before, after, "foot_ik"),
    "detect_forward_axis": lambda before, after: only_changed(before, after, "foot_ik"),
    "clear_region_preview": lambda before, after: after == before,  # nothing painted: nothing to clear
}


@pytest.mark.parametrize("situation", SITUATIONS)
@pytest.mark.parametrize("name", OPERATORS)
def test_refused_cleanly(addon, empty_scene, tmp_path, name, situation):
    build = SITUATIONS[situation]
    build(bpy.context, tmp_path) if situation == "a linked rig" else build(bpy.context)
    operator = getattr(bpy.ops.overanim, name)
    before = state()
    if not operator.poll():
        # greyed out: a script's call is refused with the reason the button's tooltip shows
        with pytest.raises(RuntimeError) as refused:
            operator("EXEC_DEFAULT")
        reason = str(refused.value).split(".poll()", 1)[-1].strip()
        assert reason and "context is incorrect" not in reason, str(refused.value)
        assert state() == before
        return
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
    # it worked: only where this operator's job can be done here, and then its result is there
    assert result == {"FINISHED"}, result
    assert name in WORKS, f"{name} finished in '{situation}', a situation it cannot work in"
    assert WORKS[name](before, state()), f"{name} finished in '{situation}' without doing its job"
