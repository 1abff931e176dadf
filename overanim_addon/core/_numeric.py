"""Small numeric guards shared by the contracts (the spec's "finite and positive" tests)."""

from __future__ import annotations

import enum
import math
from typing import TypeVar

E = TypeVar("E", bound=enum.Enum)


def is_finite_positive(value: float) -> bool:
    """True for a finite number above 0 (the spec's "finite and positive")."""
    try:
        number = float(value)
    except (TypeError, ValueError):
        return False
    return math.isfinite(number) and number > 0.0


def finite_or(value: float, fallback: float) -> float:
    """``value`` as a float when it is finite, else ``fallback``."""
    try:
        number = float(value)
    except (TypeError, ValueError):
        return fallback
    return number if math.isfinite(number) else fallback


def clamp(value: float, low: float, high: float) -> float:
    return low if value < low else high if value > high else value


def coerce_enum(enum_type: type[E], value: object) -> E:
    """Accept a member, its Unreal spelling (the value) or its Python/Blender name.

    The Blender layer stores enum identifiers as member names (``SMOOTH_STEP``) while reports and
    JSON use the Unreal spelling (``SmoothStep``); both must lead to the same member.
    """
    if isinstance(value, enum_type):
        return value
    for member in enum_type:
        if value == member.value or value == member.name:
            return member
    names = ", ".join(member.name for member in enum_type)
    raise ValueError(f"{value!r} is not a {enum_type.__name__} (expected one of {names})")
