"""Action transfer, bpy-free: the ratio between two characters' measured sizes, the
horizontal/vertical split of a translation, the scaling of key values and Bézier handles, and the
matching of bone names across rig naming families.

- The ratio: each character's scale is ``MotionMeasurementScales.try_resolve_scale(basis)`` of its
  measured sizes (cm, unclamped: ``character_scales``), or, when the artist asks for calibration,
  of its calibrated scales (each size over its reference, clamped to its Minimum/Maximum
  Character Scale, 1 with calibration off); bone channels (the rig's own lengths) take target CS /
  source CS, the armature object's location (world lengths) target WS / source WS. A basis that
  cannot resolve is an error that says which measurement is missing.
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
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field, replace

import numpy as np

from ._numeric import coerce_enum, is_finite_positive
from .bone_names import LEFT, RIGHT, side, words
from .calibration import CalibrationSettings
from .errors import InvalidInputError, OverAnimError
from .measurement_scales import AUTO_REGION_ORDER, MotionMeasurementBasis, MotionMeasurementScales
from .messages import Message
from .naming import cut_utf8
from .resolved_proportions import ResolvedCharacterProportions, ResolvedRegionProportions

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
class RatioClamp:
    """A character whose calibrated scale its Minimum/Maximum Character Scale clamped, changing a ratio."""

    character: str
    space: str  # "CS" (the bones' ratio) or "WS" (the object's)
    measured: float  # its scale before the clamp (size / reference)
    scale: float  # the clamped scale the ratio used
    ratio: float  # the ratio in that space, as used
    unclamped_ratio: float  # the same with neither character clamped


@dataclass(frozen=True)
class TransferRatio:
    """The resolved scales of both characters and the two ratios (target / source)."""

    basis: MotionMeasurementBasis
    source_scale: float  # CS: a size (cm), or a calibrated scale when ``calibrated``
    target_scale: float
    source_scale_ws: float
    target_scale_ws: float
    calibrated: bool = False
    clamps: tuple[RatioClamp, ...] = ()

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


# -- from measured sizes, calibrated only when asked -------------------------------------------------
@dataclass(frozen=True)
class CharacterSizes:
    """One character as measured (cm; CS its own lengths, WS the world's), with its calibration and,
    for a Region basis, the Region's lengths in both spaces."""

    name: str
    character: ResolvedCharacterProportions = field(default_factory=ResolvedCharacterProportions)
    region_cs: ResolvedRegionProportions | None = None
    region_ws: ResolvedRegionProportions | None = None
    calibration: CalibrationSettings = field(default_factory=CalibrationSettings)


# a scale from (calibration, size, reference, optional): optional sizes are Region ones (0 = absent)
_Resolve = Callable[[CalibrationSettings, float, float, bool], float]


def _size(c: CalibrationSettings, size: float, reference: float, optional: bool) -> float:
    return float(size) if is_finite_positive(size) else 0.0


def _clamped(c: CalibrationSettings, size: float, reference: float, optional: bool) -> float:
    if optional:
        return c.resolve_optional_measurement_scale(size, reference)
    return c.resolve_measurement_scale(size, reference)


def _unclamped(c: CalibrationSettings, size: float, reference: float, optional: bool) -> float:
    if optional and not is_finite_positive(size):
        return 0.0
    if not (c.enable_automatic_calibration and is_finite_positive(size) and is_finite_positive(reference)):
        return 1.0
    return float(size) / float(reference)


def _scales(sizes: CharacterSizes, space: str, resolve: _Resolve) -> MotionMeasurementScales:
    c, whole = sizes.calibration, sizes.character
    height = resolve(c, getattr(whole, f"character_height_{space}"), c.reference_character_height, False)
    locomotion = resolve(c, getattr(whole, f"locomotion_height_{space}"), c.reference_locomotion_height, False)
    region = sizes.region_cs if space == "cs" else sizes.region_ws
    if region is None:
        return MotionMeasurementScales(character_height_scale=height, locomotion_height_scale=locomotion)
    span = resolve(c, region.span_length, c.reference_region_span_length, True)
    bounds = resolve(c, region.bounds_radius, c.reference_region_bounds_radius, True)
    chain = resolve(c, region.chain_length, c.reference_region_chain_length, True)
    average = resolve(c, region.average_bone_length, c.reference_average_bone_length, True)
    return MotionMeasurementScales(
        character_height_scale=height, locomotion_height_scale=locomotion, region_span_scale=span,
        region_bounds_radius_scale=bounds, region_chain_length_scale=chain, average_bone_length_scale=average,
        is_region_motion=True, has_region_measurements=any(v > 0.0 for v in (span, bounds, chain, average)))


def character_scales(sizes: CharacterSizes, resolve: _Resolve = _size) -> CharacterScales:
    """``sizes`` as the two snapshots ``transfer_ratio`` reads: the sizes themselves by default."""
    return CharacterScales(sizes.name, _scales(sizes, "cs", resolve), _scales(sizes, "ws", resolve))


def sized_ratio(source: CharacterSizes, target: CharacterSizes, basis: MotionMeasurementBasis | str,
                region: str = "", use_calibration: bool = False) -> TransferRatio:
    """The ratio of the two characters' measured sizes (unclamped, so an object scale of 0.01 on
    either side still gives the right motion); with ``use_calibration`` of their calibrated scales,
    each clamp that changes a ratio listed in ``clamps``."""
    if not use_calibration:
        return transfer_ratio(character_scales(source), character_scales(target), basis, region)
    used = transfer_ratio(character_scales(source, _clamped), character_scales(target, _clamped), basis, region)
    try:
        free = transfer_ratio(character_scales(source, _unclamped), character_scales(target, _unclamped), basis,
                              region)
    except OverAnimError:  # an unclamped scale past any float: no ratio to compare with
        return replace(used, calibrated=True)
    clamps = []
    for name, space, measured, scale in (
            (source.name, "CS", free.source_scale, used.source_scale),
            (target.name, "CS", free.target_scale, used.target_scale),
            (source.name, "WS", free.source_scale_ws, used.source_scale_ws),
            (target.name, "WS", free.target_scale_ws, used.target_scale_ws)):
        if not math.isclose(measured, scale, rel_tol=1e-9):
            ratios = (used.ratio, free.ratio) if space == "CS" else (used.ratio_ws, free.ratio_ws)
            clamps.append(RatioClamp(name, space, measured, scale, *ratios))
    return replace(used, calibrated=True, clamps=tuple(clamps))


def clamp_warnings(ratio: TransferRatio) -> list[Message]:
    """One line for each clamp that changed a ratio: the character, its scale and the ratio's change."""
    return [Message("Calibration clamps '{name}': its {space} scale {measured:.4g} is held at {scale:.4g} by "
                    "Minimum/Maximum Character Scale, so the {what} ratio is {ratio:.4g} instead of "
                    "{unclamped:.4g}", name=c.character, space=c.space, measured=c.measured, scale=c.scale,
                    what=Message("bones'") if c.space == "CS" else Message("object's"), ratio=c.ratio,
                    unclamped=c.unclamped_ratio) for c in ratio.clamps]


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
