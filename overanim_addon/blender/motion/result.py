"""What an analysis found (``MotionResult``, frozen) and, once written, what it wrote and said."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType

import bpy
import numpy as np

from ...core import motion
from ...core.frozen import frozen_mapping, read_only
from ...core.log import Log
from ..shared.ground_reference import Rule, TravelReference
from .names import curve_name
from .under_feet import ContactRule


@dataclass(frozen=True)
class RegionMotion:
    name: str
    key: str
    basis: str  # the Measurement Basis (spec spelling)
    resolved: bool
    scale: float  # 0 when the basis cannot resolve
    tip: str  # the last bone of its longest chain; where it ends (joint to joint) is followed
    curves: motion.MotionCurves  # relative to the ground reference, 3D
    calibrated: motion.MotionCurves | None


@dataclass(frozen=True)
class MotionResult:
    """What an analysis found and, once written (``engine.analyze_motion``), what it wrote; ``log``
    holds its warnings and, last, its summary."""

    action: bpy.types.Action
    frames: np.ndarray  # scene frames
    fps: float
    reference: TravelReference
    in_place: bool
    actor: motion.MotionCurves  # horizontal
    actor_calibrated: motion.MotionCurves | None
    basis: str
    resolved: bool
    scale: float
    distance: motion.DistanceCurve
    regions: tuple[RegionMotion, ...]
    feet: Mapping[str, motion.FootContacts]  # "Left"/"Right", those found
    thresholds: tuple[float, float]  # (cm/s, cm) for this character
    curves: Mapping[str, np.ndarray]  # curve suffix -> per-frame values
    contact_rule: ContactRule = ContactRule.GROUND_REFERENCE  # what the feet's heights are measured above
    pushed_down: str = ""
    log: Log = ()

    def __post_init__(self) -> None:
        # deeply immutable (core/frozen.py); ``action`` stays a reference to Blender's data
        object.__setattr__(self, "frames", read_only(self.frames))
        object.__setattr__(self, "feet", MappingProxyType(dict(self.feet)))
        object.__setattr__(self, "curves", frozen_mapping(self.curves))

    @property
    def ground_root(self) -> str:
        """The ground-level root bone followed; "" when the rig has none (its hips are projected)."""
        return self.reference.bone if self.reference.rule is Rule.ROOT_BONE else ""

    @property
    def duration(self) -> float:
        return motion.duration(len(self.frames), self.fps)

    def contact_frames(self, side: str) -> list[int]:
        return self.feet[side].frames(int(self.frames[0])) if side in self.feet else []

    @property
    def zero_curves(self) -> list[str]:
        """The curves whose keys are all 0, which Unreal's importer drops by default (docs/unreal.md)."""
        return [curve_name(suffix) for suffix, values in self.curves.items() if not np.any(values)]
