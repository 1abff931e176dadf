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
    owner: RecordingLayout | None = None  # the layout it was called on


@dataclass
class RecordingLayout:
    calls: list[Call] = field(default_factory=list)  # shared by every sub-layout of one draw
    path: tuple[str, ...] = ()
    operator_idname: str | None = None  # what layout.operator() returned this for: its properties are set on it
    origin: Call | None = None  # the call that made this layout (None: the panel's own)

    def __getattr__(self, name: str) -> Any:
        if name.startswith("__"):
            raise AttributeError(name)
        parameters = _layout_parameters(name)  # a method UILayout does not have fails here

        def method(*args: Any, **kwargs: Any) -> Any:
            operator = _check_call(name, parameters, args, kwargs)
            call = Call(name, args, kwargs, RecordingLayout(self.calls, (*self.path, name),
                                                            operator if name == "operator" else None), self)
            child = call.layout
            child.origin = call
            self.calls.append(call)
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
        if name not in ("calls", "path", "operator_idname", "origin"):
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


# -- what a sidebar of a given width shows in full --------------------------------------------------
# The sidebar's room at UI scale 1, in px (text_wrap.ROW_CHROME_UNITS: a top-level label with an icon
# has region width - 92 for its text): an icon, a label's padding in its cell, a box's inner margins.
ICON, PADDING, BOX_MARGIN, ROW_CHROME = 20, 6, 8, 92
FIELD = 80  # a button's or field's least width in a row: what it leaves the labels beside it
ROOM = ("label", "prop", "operator", "prop_search", "row", "column", "box", "split", "template_list", "menu",
        "operator_menu_enum", "prop_enum", "popover", "template_ID")


def _children(layout: RecordingLayout) -> list[Call]:
    return [c for c in layout.calls if c.owner is layout and c.method in ROOM]


def _natural(call: Call, measure: Any) -> float:
    """The width ``call`` takes when nothing squeezes it."""
    if call.method == "label":
        text = call.kwargs.get("text", "")
        return measure(text) + (ICON if call.kwargs.get("icon", "NONE") != "NONE" else 0) + PADDING
    if call.method in ("row", "split"):
        return sum(_natural(c, measure) for c in _children(call.layout))
    if call.method in ("column", "box"):
        inner = [_natural(c, measure) for c in _children(call.layout)]
        return max(inner, default=0.0) + (BOX_MARGIN if call.method == "box" else 0)
    return FIELD


def _layout_width(layout: RecordingLayout, root: float, measure: Any) -> float:
    call = layout.origin
    if call is None:
        return root
    return _cell_width(call, root, measure) - (BOX_MARGIN if call.method == "box" else 0)


def _cell_width(call: Call, root: float, measure: Any) -> float:
    """The width the layout ``call`` was made on gives it: a split by its factor, a row by what each
    item takes (squeezed in proportion when they do not fit), a column or box all of it."""
    owner = call.owner
    assert owner is not None
    width = _layout_width(owner, root, measure)
    siblings = _children(owner)
    maker = owner.origin.method if owner.origin is not None else "column"
    if maker == "split" and len(siblings) > 1:
        factor = owner.origin.kwargs.get("factor", 0.5) if owner.origin is not None else 0.5
        index = next(i for i, c in enumerate(siblings) if c is call)
        return factor * width if index == 0 else (1 - factor) * width / (len(siblings) - 1)
    if maker == "row" and len(siblings) > 1:
        total = sum(_natural(c, measure) for c in siblings)
        return width if total <= width else width * _natural(call, measure) / total
    return width


def cut_labels(layout: RecordingLayout, region_width: int, measure: Any) -> list[tuple[str, float, float]]:
    """The labels a sidebar ``region_width`` px wide (UI scale 1) cannot show in full, with the width
    each needs and the width its cell has; ``measure`` is the UI font's text width."""
    root = region_width - ROW_CHROME + ICON + PADDING
    cut = []
    for call in layout.labels():
        if not call.kwargs.get("text"):
            continue
        need, room = _natural(call, measure), _cell_width(call, root, measure)
        if need > room + 0.5:
            cut.append((call.kwargs["text"], need, room))
    return cut
