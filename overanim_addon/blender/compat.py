"""Every difference between the supported Blender versions, in one place. Features call these
functions and never test ``bpy.app.version`` themselves; each branch says which versions take it.
Branches test for the feature, not the version number, so a build in between takes the right one."""

from __future__ import annotations

from typing import Any

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


def ensure_uv_pin(uv_layer: bpy.types.MeshUVLoopLayer) -> Any:
    """The pin values of a UV map (a sequence of items with ``.value``)."""
    if hasattr(uv_layer, "pin_ensure"):
        # 5.0 and later make the layer only on request, and there ``uv_layer.pin`` is not it (5.2
        # returns float2 values): take the values from the bool attribute pin_ensure() returns
        return uv_layer.pin_ensure().data
    return uv_layer.pin  # 4.2 to 4.5: made by the first write to it
