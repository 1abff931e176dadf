"""Every difference between the supported Blender versions, in one place. Features call these
functions and never test ``bpy.app.version`` themselves; each branch says which versions take it.
Branches test for the feature, not the version number, so a build in between takes the right one."""

from __future__ import annotations

from typing import Any, cast

import bpy


def set_modifier_input(modifier: bpy.types.NodesModifier, identifier: str, value: Any) -> None:
    """Set a Geometry Nodes modifier's input by its socket identifier (``Socket_1``...)."""
    interface = getattr(modifier, "properties", None)
    if interface is not None:
        # 5.1 and later: inputs are RNA structs under NodesModifier.properties.inputs, no longer
        # ID properties of the modifier (``modifier[identifier] = value`` raises TypeError there)
        getattr(interface.inputs, identifier).value = value
        return
    modifier[identifier] = value  # 4.2 to 5.0: each input is an ID property of the modifier


def is_layered(action: bpy.types.Action) -> bool:
    """4.4 and later: layered (slotted) actions, F-curves in channelbags; 4.2 and 4.3: ``Action.fcurves``."""
    return hasattr(action, "layers")


# The longest ID name Blender keeps, in UTF-8 bytes: 63 on 4.2 to 4.5, 255 from 5.0 (a longer one is cut)
ID_NAME_BYTES = cast(bpy.types.StringProperty, bpy.types.ID.bl_rna.properties["name"]).length_max - 1


def slot_of(action: bpy.types.Action, owner: bpy.types.Object) -> Any:
    """The slot of ``action`` that holds the channels of ``owner``: the one it plays when the action is
    its own, else the only object slot, else the object slot named after it; None when there is none
    (and always on 4.2 and 4.3, where an action holds one owner's channels and has no slots)."""
    if not is_layered(action):
        return None
    adt = owner.animation_data
    if adt is not None and adt.action == action and adt.action_slot is not None:
        return adt.action_slot
    slots = [s for s in action.slots if s.target_id_type in {"OBJECT", "UNSPECIFIED"}]
    if len(slots) == 1:
        return slots[0]
    return next((s for s in slots if s.name_display == owner.name), None)


def same_slot(copy: bpy.types.Action, slot: Any) -> Any:
    """The slot of ``copy`` (made by ``Action.copy()``) that ``slot`` of the original became (4.4+)."""
    return None if slot is None else copy.slots.get(slot.identifier)


def channelbag(action: bpy.types.Action, slot: Any) -> Any:
    """What holds the F-curves (``.fcurves``) and channel groups (``.groups``) of ``slot``: the
    channelbag on 4.4 and later (None when the slot has no channels), the action itself on 4.2/4.3."""
    if not is_layered(action):
        return action
    for layer in action.layers:
        for strip in layer.strips:
            bag = cast(bpy.types.ActionKeyframeStrip, strip).channelbag(slot)
            if bag is not None:
                return bag
    return None


def new_fcurve(action: bpy.types.Action, bag: Any, data_path: str, index: int, group: str) -> bpy.types.FCurve:
    """A new F-curve in ``bag`` (``channelbag``) in the channel group ``group``, made if missing."""
    if not is_layered(action):  # 4.2/4.3: the action's own F-curves, grouped on creation
        legacy: Any = action  # Action.fcurves is not in the 5.x stubs
        return legacy.fcurves.new(data_path, index=index, action_group=group)
    curve = bag.fcurves.new(data_path, index=index)  # 4.4 and 4.5 take no group here: set it after
    curve.group = bag.groups.get(group) or bag.groups.new(group)
    return curve


def assign_action(owner: bpy.types.Object, action: bpy.types.Action, slot: Any) -> None:
    """Make ``action`` the one ``owner`` plays. From 4.4 the slot must be assigned too: Blender picks
    one by itself only when its identifier is the owner's last one, and without a slot nothing plays."""
    adt = owner.animation_data or owner.animation_data_create()
    adt.action = action
    if slot is not None and adt.action_slot != slot:
        adt.action_slot = slot


def name_slot(slot: Any, name: str) -> None:
    """Name a slot after the object that plays it (what Blender does for a slot it makes), so that
    assigning the action to that object again picks it (4.4+; nothing on 4.2/4.3)."""
    if slot is not None and slot.name_display != name:
        slot.name_display = name


def name_colors(attributes: bpy.types.AttributeGroupMesh, active: str, render: str) -> None:
    """Make ``active`` and ``render`` the active and render colour attributes ('' or a name not in
    ``attributes``: none). Set by name on every version because removing the attribute they name
    leaves ``active_color_name``/``default_color_name`` naming it on 5.2 and later; 4.2 to 5.0
    reset both to '' on removal, which setting '' here repeats harmlessly."""
    names = {attribute.name for attribute in attributes}
    attributes.active_color_name = active if active in names else ""
    attributes.default_color_name = render if render in names else ""
