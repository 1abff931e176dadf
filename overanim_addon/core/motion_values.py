"""The Motion values, each described once: how it is computed from a point's sampled curves and how it
is named, shown and written. Analyze Motion's summary (``MotionCurves.summary``), the action's
``OverAnim_Motion_<Name>`` properties and their ``...Calibrated`` twins, the per-Region properties,
the panel's Raw/Calibrated rows, the batch report's ``raw``/``calibrated`` objects and its schema
(``$defs.motionValues``, written by ``scripts/write_batch_schema.py``) are all derived from
``MOTION_VALUES``.

Adding a value is one row here (and its schema, regenerated): every value is linear in the character's
size (cm, cm/s, cm/s²), so its calibrated twin is the same computation on the calibrated curves. The
panel's label is translated through ko_KR like every label (its entry stays in ko_KR.py)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Protocol

import numpy as np


class SampledCurves(Protocol):
    """What a value is computed from (``core.motion.MotionCurves``): per-frame path length (cm), speed
    (cm/s) and acceleration (cm/s²) of one point, and the frame rate."""

    @property
    def distance(self) -> np.ndarray: ...
    @property
    def speed(self) -> np.ndarray: ...
    @property
    def acceleration(self) -> np.ndarray: ...
    @property
    def fps(self) -> float: ...


@dataclass(frozen=True)
class MotionValue:
    name: str  # the property's suffix (OverAnim_Motion_<name>, <name>Calibrated), the spec-style name
    key: str  # the batch report's JSON key (snake_case)
    label: str  # the panel's row label (translated through ko_KR)
    unit: str  # cm, cm/s or cm/s²
    digits: int  # decimals the panel shows
    description: str  # the property's tooltip, for the actor
    compute: Callable[[SampledCurves], float]
    region: str = ""  # the per-Region property's tooltip ("": not written per Region)


def _seconds(curves: SampledCurves) -> float:
    return (len(curves.distance) - 1) / float(curves.fps)


MOTION_VALUES: tuple[MotionValue, ...] = (
    MotionValue("Distance", "distance", "Distance", "cm", 1, "Horizontal path length of the ground reference",
                lambda c: float(c.distance[-1]), region="path length of its tip relative to the ground reference"),
    MotionValue("AverageSpeed", "average_speed", "Average Speed", "cm/s", 1, "Horizontal path length over the duration",
                lambda c: float(c.distance[-1]) / _seconds(c)),
    MotionValue("MaxSpeed", "max_speed", "Max Speed", "cm/s", 1, "Greatest horizontal speed",
                lambda c: float(c.speed.max()), region="greatest speed of its tip"),
    MotionValue("MaxAcceleration", "max_acceleration", "Max Acceleration", "cm/s²", 0,
                "Greatest horizontal acceleration", lambda c: float(c.acceleration.max()),
                region="greatest acceleration of its tip"),
)
REGION_VALUES = tuple(value for value in MOTION_VALUES if value.region)

# A summary: value key -> number, read-only
MotionSummary = Mapping[str, float]


def summarize(curves: SampledCurves) -> MotionSummary:
    """Every Motion value of ``curves``, keyed as the batch report writes them."""
    return MappingProxyType({value.key: value.compute(curves) for value in MOTION_VALUES})


def schema() -> dict[str, object]:
    """The batch report schema's ``$defs.motionValues``: one number per value."""
    units = ", ".join(dict.fromkeys(value.unit for value in MOTION_VALUES))
    return {
        "type": "object",
        "description": f"{units} (calibrated: divided by the character's scale, in reference-character units).",
        "required": [value.key for value in MOTION_VALUES],
        "additionalProperties": False,
        "properties": {value.key: {"type": "number", "minimum": 0} for value in MOTION_VALUES},
    }
