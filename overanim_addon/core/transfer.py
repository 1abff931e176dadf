"""Calibrated action transfer, bpy-free: the ratio between two characters' measured scales, the
horizontal/vertical split of a translation, the scaling of key values and Bézier handles, and the
matching of bone names across rig naming families.

- The ratio: each character's scale is its ``MotionMeasurementScales.try_resolve_scale(basis)``;
  bone channels (the rig's own lengths) take target CS / source CS, the armature object's
  location (world lengths) target WS / source WS. A basis that cannot resolve is an error that says
  which measurement is missing.
- A translation ``d`` (a location channel triple) reaches the world through a linear map ``L``
  (the bone's rest orientation in the armature, then the armature's world rotation/scale; for
  the object, its parent's frame). Its world-vertical and world-horizontal parts are scaled
  apart: ``d' = ratio * L^-1 S L d`` with ``S = h (I - u u^T) + v u u^T``, ``u`` world up. With
  ``h = v`` that is ``ratio * h * I``: every channel scales on its own.
- Keys and handles: a Bézier curve's control points combine linearly, so each location channel's
  key values and handle values go through the same map (about a pivot: 0 for bone channels, the
  first frame's value for the object), and key times, handle times, types and interpolation
  stay as they are.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

import numpy as np

from ._numeric import coerce_enum
from .bone_names import LEFT, RIGHT, side, words
from .errors import InvalidInputError, OverAnimError
from .measurement_scales import AUTO_REGION_ORDER, MotionMeasurementBasis, MotionMeasurementScales
from .messages import Message
from .naming import cut_utf8

WORLD_UP = (0.0, 0.0, 1.0)
ALIGNED_TOLERANCE = 1e-6  # off-diagonal terms below this share of the largest: channels scale on their own

REGION_BASES = frozenset(AUTO_REGION_ORDER)
# what each basis measures, as a missing-measurement message names it
_MEASUREMENT_NAMES = {
    MotionMeasurementBasis.REGION_SPAN: Message("span length measurement"),
    MotionMeasurementBasis.REGION_BOUNDS_RADIUS: Message("bounds radius measurement"),
    MotionMeasurementBasis.REGION_CHAIN_LENGTH: Message("chain length measurement"),
    MotionMeasurementBasis.AVERAGE_BONE_LENGTH: Message("average bone length measurement"),
    MotionMeasurementBasis.CHARACTER_HEIGHT: Message("character height measurement"),
    MotionMeasurementBasis.LOCOMOTION_HEIGHT: Message("locomotion height measurement"),
    MotionMeasurementBasis.AUTO: Message("locomotion height measurement"),
}


# -- the ratio -------------------------------------------------------------------------------------
@dataclass(frozen=True)
class CharacterScales:
    """One character's two measurement-scale snapshots (component and world space)."""

    name: str
    cs: MotionMeasurementScales = field(default_factory=MotionMeasurementScales)
    ws: MotionMeasurementScales = field(default_factory=MotionMeasurementScales)


def missing_measurement(scales: MotionMeasurementScales, basis: MotionMeasurementBasis | str, character: str,
                        region: str = "") -> Message:
    """Why ``try_resolve_scale(basis)`` fails on ``scales``: the measurement it lacks."""
    basis = coerce_enum(MotionMeasurementBasis, basis)
    region_motion = basis in REGION_BASES or (basis is MotionMeasurementBasis.AUTO and scales.is_region_motion)
    if region_motion and not scales.is_region_motion:
        return Message("Basis {basis} needs a Region measurement: name a Region that both armatures have",
                       basis=basis.value)
    if region_motion and (not scales.has_region_measurements or basis is MotionMeasurementBasis.AUTO):
        return Message("Basis {basis} cannot resolve on '{name}': Region '{region}' has no Region measurement",
                       basis=basis.value, name=character, region=region)
    if region_motion:
        measurement = _MEASUREMENT_NAMES[basis]
        return Message("Basis {basis} cannot resolve on '{name}': Region '{region}' has no {measurement}",
                       basis=basis.value, name=character, region=region, measurement=measurement)
    return Message("Basis {basis} cannot resolve on '{name}': the scale of its {measurement} is not a positive "
                   "number",
                   basis=basis.value, name=character, measurement=_MEASUREMENT_NAMES[basis])


def resolve_scale(scales: MotionMeasurementScales, basis: MotionMeasurementBasis | str, character: str,
                  region: str = "") -> float:
    """``try_resolve_scale``, or an OverAnimError saying which measurement is missing."""
    ok, scale = scales.try_resolve_scale(basis)
    if not ok:
        raise OverAnimError(missing_measurement(scales, basis, character, region))
    return scale


@dataclass(frozen=True)
class TransferRatio:
    """The resolved scales of both characters and the two ratios (target / source)."""

    basis: MotionMeasurementBasis
    source_scale: float  # CS
    target_scale: float
    source_scale_ws: float
    target_scale_ws: float

    @property
    def ratio(self) -> float:
        """Bone channels' ratio: their values are the rig's own lengths (CS)."""
        return self.target_scale / self.source_scale

    @property
    def ratio_ws(self) -> float:
        """The armature object's ratio: its location is in world lengths (WS)."""
        return self.target_scale_ws / self.source_scale_ws


def transfer_ratio(source: CharacterScales, target: CharacterScales, basis: MotionMeasurementBasis | str,
                   region: str = "") -> TransferRatio:
    """Both characters' scales for ``basis`` in both spaces, and their ratios."""
    basis = coerce_enum(MotionMeasurementBasis, basis)
    return TransferRatio(
        basis=basis,
        source_scale=resolve_scale(source.cs, basis, source.name, region),
        target_scale=resolve_scale(target.cs, basis, target.name, region),
        source_scale_ws=resolve_scale(source.ws, basis, source.name, region),
        target_scale_ws=resolve_scale(target.ws, basis, target.name, region),
    )


def require_finite_factor(value: float) -> float:
    """A ratio times the artist's scales must be a finite number: anything else would write NaN keys."""
    number = float(value)
    if not math.isfinite(number):
        raise OverAnimError(Message("The transfer ratio times Scale Horizontal or Scale Vertical is not a finite "
                                    "number ({value}): nothing was transferred", value=number))
    return number


# -- the horizontal/vertical split -------------------------------------------------------------------
def split_matrix(to_world: np.ndarray, horizontal: float, vertical: float,
                 up: Sequence[float] = WORLD_UP) -> np.ndarray:
    """``L^-1 S L``: a translation in the channels' space whose world-horizontal part is scaled by
    ``horizontal`` and world-vertical part by ``vertical`` (``L`` = ``to_world``, 3x3)."""
    if horizontal == vertical:
        return float(horizontal) * np.eye(3)
    lin = np.asarray(to_world, dtype=np.float64).reshape(3, 3)
    u = np.asarray(up, dtype=np.float64)
    u = u / np.linalg.norm(u)
    largest = float(np.abs(lin).max()) if np.all(np.isfinite(lin)) else math.nan
    if not largest > 0.0 or abs(float(np.linalg.det(lin))) <= 1e-12 * largest**3:
        raise InvalidInputError(Message("A location channel's space is degenerate (a zero or non-finite scale)"))
    s = float(horizontal) * (np.eye(3) - np.outer(u, u)) + float(vertical) * np.outer(u, u)
    return np.linalg.solve(lin, s @ lin)


def is_axis_aligned(matrix: np.ndarray, tolerance: float = ALIGNED_TOLERANCE) -> bool:
    """No channel mixes into another: each channel scales by its diagonal term alone."""
    m = np.asarray(matrix, dtype=np.float64).reshape(3, 3)
    largest = float(np.abs(m).max())
    return largest == 0.0 or float(np.abs(m - np.diag(np.diag(m))).max()) <= tolerance * largest


def transform_values(values: np.ndarray, matrix: np.ndarray, pivot: Sequence[float] = (0.0, 0.0, 0.0)) -> np.ndarray:
    """``pivot + M (v - pivot)`` for each column of ``values`` (3 x N: x, y, z rows)."""
    v = np.asarray(values, dtype=np.float64).reshape(3, -1)
    p = np.asarray(pivot, dtype=np.float64).reshape(3, 1)
    return p + np.asarray(matrix, dtype=np.float64).reshape(3, 3) @ (v - p)


def scale_about(values: np.ndarray, factor: float, pivot: float = 0.0) -> np.ndarray:
    """One channel on its own: ``pivot + factor (v - pivot)``."""
    return pivot + float(factor) * (np.asarray(values, dtype=np.float64) - pivot)


def along_tangents(values: np.ndarray, left_slopes: np.ndarray, right_slopes: np.ndarray, key_x: np.ndarray,
                   left_x: np.ndarray, right_x: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Another channel's contribution at a curve's keys and handles when their keys are on other
    frames: its value at each key, and at each handle along its tangent there (the handle's place
    on the tangent of a Bézier curve). Returns (at keys, at left handles, at right handles)."""
    v, t = np.asarray(values, dtype=np.float64), np.asarray(key_x, dtype=np.float64)
    return (v, v + np.asarray(left_slopes) * (np.asarray(left_x) - t),
            v + np.asarray(right_slopes) * (np.asarray(right_x) - t))


# -- bone names --------------------------------------------------------------------------------------
def family_key(name: str) -> tuple[str, str] | None:
    """A name as the naming families agree on it: its words without the side word, joined, and the
    side (``foot_l``, ``foot.L``, ``LeftFoot``, ``mixamorig:LeftFoot`` -> ``("foot", "L")``;
    ``spine_01``, ``Spine01`` -> ``("spine01", "")``). None for a name of side words only."""
    w = words(name)
    where = side(w)
    rest = [x for x in w if x not in LEFT | RIGHT] if where else w
    return ("".join(rest), where) if rest else None


@dataclass(frozen=True)
class BoneMatch:
    """Source bone name -> target bone name; ``renamed`` the pairs whose names differ, ``unmatched``
    the source names with no target bone (in the source's order)."""

    mapping: dict[str, str]
    unmatched: tuple[str, ...]

    @property
    def renamed(self) -> dict[str, str]:
        return {s: t for s, t in self.mapping.items() if s != t}


def match_bones(source: Iterable[str], target: Iterable[str]) -> BoneMatch:
    """Same names first; then names that differ only by naming family (``family_key``), taken when the
    key is unique among the unmatched names on both sides (two candidates would be a guess)."""
    names = list(dict.fromkeys(source))
    targets = list(dict.fromkeys(target))
    mapping = {name: name for name in names if name in set(targets)}
    left = [n for n in names if n not in mapping]
    free = [t for t in targets if t not in mapping.values()]

    def by_key(items: list[str]) -> dict[tuple[str, str], list[str]]:
        grouped: dict[tuple[str, str], list[str]] = {}
        for item in items:
            key = family_key(item)
            if key is not None:
                grouped.setdefault(key, []).append(item)
        return grouped

    sources, candidates = by_key(left), by_key(free)
    for key, found in sources.items():
        if len(found) == 1 and len(candidates.get(key, [])) == 1:
            mapping[found[0]] = candidates[key][0]
    return BoneMatch({n: mapping[n] for n in names if n in mapping}, tuple(n for n in left if n not in mapping))


# -- data paths ----------------------------------------------------------------------------------------
_BONE_PATH = re.compile(r'^pose\.bones\["((?:[^"\\]|\\.)*)"\](.*)$', re.DOTALL)
_UNESCAPE = re.compile(r"\\(.)", re.DOTALL)


def bone_of_path(path: str) -> tuple[str, str] | None:
    """``pose.bones["foot_l"].location`` -> ``("foot_l", ".location")``; None for other paths."""
    match = _BONE_PATH.match(path)
    if match is None:
        return None
    return _UNESCAPE.sub(r"\1", match.group(1)), match.group(2)


def bone_path(bone: str, rest: str) -> str:
    """The inverse of ``bone_of_path`` (Blender's escaping of ``\\`` and ``"`` in names)."""
    escaped = bone.replace("\\", "\\\\").replace('"', '\\"')
    return f'pose.bones["{escaped}"]{rest}'


def result_name(action: str, target: str, max_bytes: int) -> str:
    """``<action>_<target>``, cut to what Blender keeps of an ID name."""
    return cut_utf8(f"{action}_{target}", max_bytes)
