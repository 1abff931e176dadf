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

    def __getattr__(self, name: str) -> Any:
        if name.startswith("__"):
            raise AttributeError(name)

        def method(*args: Any, **kwargs: Any) -> Any:
            child = RecordingLayout(self.calls, (*self.path, name))
            self.calls.append(Call(name, args, kwargs, child))
            if name == "panel_prop":  # (header, body): body is None while the panel is closed
                data, prop = args[:2]
                return child, (RecordingLayout(self.calls, (*self.path, "panel_body")) if getattr(data, prop)
                               else None)
            if name == "panel":
                return child, RecordingLayout(self.calls, (*self.path, "panel_body"))
            return child

        return method

    # what tests read
    def of(self, method: str) -> list[Call]:
        return [c for c in self.calls if c.method == method]

    def labels(self) -> list[Call]:
        return self.of("label")

    def texts(self) -> list[str]:
        return [c.kwargs.get("text", "") for c in self.labels()]


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
