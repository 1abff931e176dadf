"""Draw a panel of the add-on without a window: its ``draw`` runs on real Blender data with a
stand-in for ``UILayout`` that records every call, so tests can read what an artist would see
(labels, their translation flags, which properties are drawn and how).

Nothing of bpy is replaced: the panel class, its data and the context are the real ones; only the
layout, which exists in a window alone, is recorded.
"""

from __future__ import annotations

import inspect
import types
from dataclasses import dataclass, field
from types import SimpleNamespace
from typing import Any


@dataclass
class Call:
    method: str
    args: tuple
    kwargs: dict
    layout: RecordingLayout


@dataclass
class RecordingLayout:
    calls: list[Call] = field(default_factory=list)  # shared by every sub-layout of one draw
    path: tuple[str, ...] = ()
    operator_idname: str | None = None  # what layout.operator() returned this for: its properties are set on it

    def __getattr__(self, name: str) -> Any:
        if name.startswith("__"):
            raise AttributeError(name)
        parameters = _layout_parameters(name)  # a method UILayout does not have fails here

        def method(*args: Any, **kwargs: Any) -> Any:
            operator = _check_call(name, parameters, args, kwargs)
            child = RecordingLayout(self.calls, (*self.path, name), operator if name == "operator" else None)
            self.calls.append(Call(name, args, kwargs, child))
            if name == "panel_prop":  # (header, body): body is None while the panel is closed
                data, prop = args[:2]
                return child, (RecordingLayout(self.calls, (*self.path, "panel_body")) if getattr(data, prop)
                               else None)
            if name == "panel":
                return child, RecordingLayout(self.calls, (*self.path, "panel_body"))
            return child

        return method

    def __setattr__(self, name: str, value: Any) -> None:
        # the layout's own settings (enabled, alert, use_property_split...): a misspelt one fails
        if name not in ("calls", "path", "operator_idname"):
            import bpy

            if self.operator_idname is not None:
                if name not in _operator_rna(self.operator_idname).properties:
                    raise AttributeError(f"{self.operator_idname} has no property {name!r}")
            elif name not in bpy.types.UILayout.bl_rna.properties:
                raise AttributeError(f"UILayout has no property {name!r}")
        object.__setattr__(self, name, value)

    # what tests read
    def of(self, method: str) -> list[Call]:
        return [c for c in self.calls if c.method == method]

    def labels(self) -> list[Call]:
        return self.of("label")

    def texts(self) -> list[str]:
        return [c.kwargs.get("text", "") for c in self.labels()]


# the (data, property name) parameter pairs of UILayout's functions: the property must exist
_PROPERTY_PAIRS = (("data", "property"), ("search_data", "search_property"), ("dataptr", "propname"),
                   ("active_dataptr", "active_propname"))


def _layout_parameters(name: str) -> list[str]:
    """The parameter names of UILayout's function ``name``, as its RNA declares them."""
    import bpy

    function = bpy.types.UILayout.bl_rna.functions.get(name)
    if function is None:
        raise AttributeError(f"UILayout has no function {name!r}")
    return list(function.parameters.keys())


def _operator_rna(idname: str) -> Any:
    """The RNA of a registered operator ``module.name``; KeyError when there is none."""
    import bpy

    module, function = idname.split(".")
    return getattr(getattr(bpy.ops, module), function).get_rna_type()


def _check_call(name: str, parameters: list[str], args: tuple, kwargs: dict) -> str | None:
    """Fail as Blender would: too many arguments, an unknown keyword, a property its data does not
    have, an operator that is not registered. Returns the operator's idname for an operator call."""
    if len(args) > len(parameters):
        raise TypeError(f"UILayout.{name}() takes at most {len(parameters)} arguments, got {len(args)}")
    unknown = set(kwargs) - set(parameters)
    if unknown:
        raise TypeError(f"UILayout.{name}() has no keyword {sorted(unknown)}")
    given = {**dict(zip(parameters, args, strict=False)), **kwargs}
    for data_name, property_name in _PROPERTY_PAIRS:
        if data_name in given and property_name in given and given[data_name] is not None:
            data, prop = given[data_name], given[property_name]
            if prop.startswith('["'):  # a custom property
                assert prop[2:-2] in data, f"{data!r} has no custom property {prop}"
            else:
                assert prop in data.bl_rna.properties, f"{data.bl_rna.identifier} has no property {prop!r}"
    if name in ("operator", "operator_menu_enum", "operator_enum") and "operator" in given:
        _operator_rna(given["operator"])  # KeyError for an unknown operator
        return given["operator"]
    return None


def draw_panel(panel_class: type, context: Any, region_width: int | None = None) -> RecordingLayout:
    """Run ``panel_class.draw`` (and its header preset, if any) with a recording layout. With
    ``region_width`` the context's region is a stand-in of that width (there is no region outside a
    window)."""
    import bpy

    layout = RecordingLayout()
    if region_width is not None:
        context = _ContextWithRegion(context, SimpleNamespace(width=region_width))
    panel = SimpleNamespace(layout=layout)
    blender_names = set(dir(bpy.types.Panel))
    for name in dir(panel_class):  # the panel's own helpers, bound as on a real instance
        if name.startswith("__") or (name in blender_names and not name.startswith("bl_")):
            continue
        static = inspect.getattr_static(panel_class, name)
        attr = getattr(panel_class, name)
        if isinstance(static, (staticmethod, classmethod)) or not inspect.isfunction(attr):
            setattr(panel, name, attr)
        else:
            setattr(panel, name, types.MethodType(attr, panel))
    panel_class.draw(panel, context if context is not None else bpy.context)
    return layout


class _ContextWithRegion:
    def __init__(self, context: Any, region: Any) -> None:
        self._context, self.region = context, region

    def __getattr__(self, name: str) -> Any:
        return getattr(self._context, name)
