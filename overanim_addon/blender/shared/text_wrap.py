"""Long messages in the sidebar: a label is cut with "…" where the region ends, so a finding's
message is wrapped over as many label rows as it needs, measured with Blender's own UI font at the
region's current width and UI scale."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import TYPE_CHECKING

import blf
import bpy

from .typed import preferences_of

if TYPE_CHECKING:
    from .typed import Icon

# Room a label row of a sub-panel leaves beside its text, in UI units of 20 px at scale 1: the tabs,
# the panel margins and border, the icon column and the label padding (measured on 4.3 screenshots).
ROW_CHROME_UNITS = 4.6
FALLBACK_REGION_WIDTH = 300  # no region (scripts, tests): a narrow sidebar's width


def wrap_text(text: str, width: float, measure: Callable[[str], float]) -> list[str]:
    """Greedy word wrap of ``text`` into lines that ``measure`` no wider than ``width``; a word wider
    than a whole line (a long name) is broken between characters. Spaces between words are kept,
    line breaks in the text are honoured; no text is ever lost."""
    lines: list[str] = []
    for paragraph in text.split("\n"):
        line = ""
        for word in paragraph.split(" "):
            candidate = f"{line} {word}" if line else word
            if measure(candidate) <= width or not candidate:
                line = candidate
                continue
            if line:
                lines.append(line)
            line = ""
            while measure(word) > width and len(word) > 1:  # break a long word between characters
                cut = len(word) - 1
                while cut > 1 and measure(word[:cut]) > width:
                    cut -= 1
                lines.append(word[:cut])
                word = word[cut:]
            line = word
        lines.append(line)
    return lines


def wrap_path(path: str, width: float, measure: Callable[[str], float]) -> list[str]:
    """A file path over lines broken after its folder separators, so that each line reads as whole
    folders; a folder wider than a line is broken between characters. Every character is kept."""
    lines: list[str] = []
    line = ""
    for part in re.split(r"(?<=[/\\])", path):
        if line and measure(line + part) > width:
            lines.append(line)
            line = ""
        for char in part:
            if line and measure(line + char) > width:
                lines.append(line)
                line = ""
            line += char
    lines.append(line)
    return lines


def _measure(ui_scale: float) -> Callable[[str], float]:
    style = preferences_of(bpy.context).ui_styles[0].widget
    blf.size(0, style.points * ui_scale)
    return lambda text: blf.dimensions(0, text)[0]


def text_width(context: bpy.types.Context, text: str) -> float:
    """How wide ``text`` is drawn in the UI font, in px at the current UI scale."""
    return _measure(preferences_of(context).system.ui_scale or 1.0)(text)


def wrapped_label(layout: bpy.types.UILayout, context: bpy.types.Context, text: str, icon: Icon = "NONE",
                  wrap: Callable[[str, float, Callable[[str], float]], list[str]] = wrap_text) -> None:
    """``text`` (already translated) as label rows fitting the region, the icon on the first row
    and the next rows indented under the text. Draws into ``layout`` (use an aligned column).
    ``wrap``: ``wrap_path`` for a file path."""
    ui_scale = preferences_of(context).system.ui_scale or 1.0  # 0 without a window
    region_width = context.region.width if context.region is not None else FALLBACK_REGION_WIDTH
    width = max(region_width - ROW_CHROME_UNITS * 20 * ui_scale, 40 * ui_scale)
    for index, line in enumerate(wrap(text, width, _measure(ui_scale))):
        row_icon: Icon = icon if index == 0 else ("BLANK1" if icon != "NONE" else "NONE")
        layout.label(text=line, icon=row_icon, translate=False)
