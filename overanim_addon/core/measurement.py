"""From measured geometry to the spec's resolved structures (``ResolvedCharacterProportions``,
``ResolvedRegionProportions``), their scales, and what each Region's settings resolve to.

Inputs are in centimetres in the armature's own space (its bone and vertex data, no object
transform). ``linear_world`` is the armature object's world rotation/scale (3x3), split into a
rotation R and a stretch (``frames``). Both spaces measure heights along *world up* (+Z), from the
plane through the object's origin:

- **WS** (world space): everything carried by the whole ``linear_world``: world lengths in cm, so
  an object scale of 2 doubles every WS length;
- **CS** (component space): everything carried by R alone: the rig's own lengths without the
  object's scale, along the local axis that the object's rotation turns into world up.

A rig stood upright by its object transform therefore measures upright: Blender's FBX importer
gives Unreal or Maya rigs Y-up bone data, a +90 degree rotation about X and a scale of 0.01; WS
equals the same rig with its transforms applied, and CS = WS / 0.01.

A rig that hangs from its origin (``ground.measuring_ground``: a BVH rest pose, its Hips at the
origin and its feet below) is measured from its lowest point instead, in each space (``stand``).
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass

import numpy as np

from .body_root import find_body_root, ground_probe_radius, leg_chains, locomotion_height
from .bounding_ball import bounding_sphere_radius
from .calibration import CalibrationSettings
from .errors import InvalidInputError
from .ground import Hang, character_height, hang, measuring_ground, rig_points
from .measurement_scales import MotionMeasurementBasis, MotionMeasurementScales
from .messages import Message
from .proportion import SpatialCalibrationMode, build_measurement_scales, resolve_spatial_distance
from .resolved_proportions import ResolvedCharacterProportions, ResolvedRegionProportions
from .skeleton import BoneEnd, Skeleton, region_chain_measures


@dataclass(frozen=True)
class Frames:
    """3x3 maps from the armature's own space into the two measuring frames (Z = world up)."""

    cs: np.ndarray  # the rotation of the object's world transform: the rig's own lengths
    ws: np.ndarray  # the whole world rotation/scale: world lengths

    @property
    def object_scale(self) -> float:
        """The object's uniform scale (the cube root of the stretch's volume): WS / CS."""
        return float(abs(np.linalg.det(self.ws)) ** (1.0 / 3.0))


def polar(linear: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """``linear`` = R @ P: R a rotation (det +1), P a symmetric stretch (with a negative eigenvalue
    when ``linear`` mirrors). A mirror has no one place: it may go on any axis of the stretch, and
    each choice leaves another R. It goes on the axis that leaves R turning the same local axis to
    world up (+Z) as ``linear`` does (to the nearest R can, when the stretch is not uniform), so a
    rig mirrored left to right (scale -1 on X) stands in CS as it stands in the viewport instead of
    upside down; among equal choices, the R nearest the identity (scale (-1, 1, 1) keeps R = I)."""
    m = np.asarray(linear, dtype=np.float64).reshape(3, 3)
    u, s, vt = np.linalg.svd(m)
    rotation = u @ vt
    if np.linalg.det(rotation) > 0.0:
        return rotation, rotation.T @ m
    q, stretch = -rotation, vt.T @ np.diag(s) @ vt  # -m = q @ stretch, both proper
    up = m.T @ np.array([0.0, 0.0, 1.0])  # the local direction that linear carries highest
    local_up = q.T @ np.array([0.0, 0.0, 1.0])
    # the mirror axis must be an eigenvector of the stretch: the singular vectors, and (when
    # singular values are equal, as in a uniform scale) the object's own axes and those axes made
    # perpendicular to local up, which a uniform mirror needs
    axes = [*vt, *np.eye(3), *(e - (e @ local_up) * local_up for e in np.eye(3))]
    best: tuple[tuple[float, float], np.ndarray] | None = None
    for axis in axes:
        norm = float(np.linalg.norm(axis))
        if norm < 1e-6:
            continue
        a = axis / norm
        if np.linalg.norm(stretch @ a - (a @ stretch @ a) * a) > 1e-9 * s[0]:
            continue
        r = q @ (2.0 * np.outer(a, a) - np.eye(3))  # q, turned half a turn about the mirror axis
        key = (round(float(r.T[:, 2] @ up) / float(np.linalg.norm(up)), 9), float(np.trace(r)))
        if best is None or key > best[0]:
            best = (key, r)
    assert best is not None  # the singular vectors are eigenvectors of the stretch
    return best[1], best[1].T @ m


def frames(linear_world: np.ndarray) -> Frames:
    """Split ``linear_world`` = R @ P (``polar``): CS is carried by R, WS by the whole matrix."""
    m = np.asarray(linear_world, dtype=np.float64).reshape(3, 3)
    if not np.all(np.isfinite(m)) or abs(np.linalg.det(m)) < 1e-12:
        raise InvalidInputError(Message("The armature's world transform is degenerate (zero or non-finite scale)"))
    return Frames(cs=polar(m)[0], ws=m)


@dataclass(frozen=True)
class Standing:
    """The rig in both measuring frames (``frames``), each raised so that its ground is at Z = 0:
    ``ground_*`` (cm) is how far below the armature's origin that ground is (0 but for a rig that
    hangs from its origin, ``ground.measuring_ground``)."""

    upright: Skeleton  # CS
    world: Skeleton  # WS
    points_cs: np.ndarray
    points_ws: np.ndarray
    ground_cs: float
    ground_ws: float
    hang_ws: Hang | None  # how the rig (in WS, from its origin) reaches below its origin, if it does


def stand(skeleton: Skeleton, points: np.ndarray, linear_world: np.ndarray) -> Standing:
    """``points`` (N x 3, the armature's own space) are the vertices, or when empty the bones'
    heads and ends stand in for them; non-finite points are left out."""
    f = frames(linear_world)
    p = np.asarray(points, dtype=np.float64).reshape(-1, 3)
    if len(p) == 0:
        p = skeleton.joint_points()
    p = p[np.all(np.isfinite(p), axis=1)]
    extent = rig_points(skeleton, p)
    extent = extent[np.all(np.isfinite(extent), axis=1)]
    ground = {space: measuring_ground((extent @ m.T)[:, 2]) for space, m in (("cs", f.cs), ("ws", f.ws))}
    lift = {space: np.array([0.0, 0.0, ground[space]]) for space in ground}
    return Standing(skeleton.transformed(f.cs, ground["cs"]), skeleton.transformed(f.ws, ground["ws"]),
                    p @ f.cs.T + lift["cs"], p @ f.ws.T + lift["ws"], ground["cs"], ground["ws"],
                    hang((extent @ f.ws.T)[:, 2]))


@dataclass(frozen=True)
class CharacterMeasurement:
    proportions: ResolvedCharacterProportions
    locomotion_root_bone: str  # the bone actually used (the automatic choice when the setting is None)
    root_was_automatic: bool
    ground_cs: float = 0.0  # how far below the origin the ground was measured from (``Standing``)
    ground_ws: float = 0.0


def require_finite_bones(skeleton: Skeleton) -> None:
    broken = skeleton.non_finite_bones()
    if broken:
        more = Message(", and {count} more", count=len(broken) - 1) if len(broken) > 1 else ""
        raise InvalidInputError(Message("Bone '{bone}' has a rest position that is not a number (NaN or inf){more}",
                                        bone=broken[0], more=more))


def locomotion_root(calibration: CalibrationSettings, upright: Skeleton) -> str:
    """The Locomotion Root Bone, or the automatic body root found on the upright (CS) skeleton."""
    chosen = calibration.locomotion_root_bone
    return upright.require(chosen).name if chosen else find_body_root(upright)


def measure_character(
    calibration: CalibrationSettings,
    skeleton: Skeleton,
    points: np.ndarray,
    linear_world: np.ndarray,
) -> CharacterMeasurement:
    """Measure the whole character. ``points`` are rest-pose vertices (Nx3, cm, the armature's own
    space); when empty the bone heads and ends stand in for them."""
    if not skeleton.bones:
        raise InvalidInputError(Message("The armature has no bones"))
    require_finite_bones(skeleton)
    standing = stand(skeleton, points, linear_world)
    upright, world = standing.upright, standing.world

    root = locomotion_root(calibration, upright)
    legs = leg_chains(upright, root)  # found upright: the same legs in both spaces
    height = {"cs": character_height(standing.points_cs), "ws": character_height(standing.points_ws)}
    loco = {"cs": locomotion_height(upright, root), "ws": locomotion_height(world, root)}
    probe = {"cs": ground_probe_radius(upright, root, legs), "ws": ground_probe_radius(world, root, legs)}

    scale = calibration.resolve_measurement_scale
    values: dict[str, float] = {}
    for space in ("cs", "ws"):
        values[f"character_height_{space}"] = float(height[space])
        values[f"character_scale_{space}"] = calibration.resolve_character_scale(height[space])
        values[f"locomotion_height_{space}"] = float(loco[space])
        values[f"locomotion_scale_{space}"] = scale(loco[space], calibration.reference_locomotion_height)
        values[f"ground_probe_radius_{space}"] = float(probe[space])
        values[f"ground_probe_scale_{space}"] = scale(probe[space], calibration.reference_ground_probe_radius)
    return CharacterMeasurement(ResolvedCharacterProportions(**values), root, not calibration.locomotion_root_bone,
                                standing.ground_cs, standing.ground_ws)


def measure_region(skeleton: Skeleton, bone_names: Iterable[str], points: np.ndarray) -> ResolvedRegionProportions:
    """One Region's lengths (cm) in the skeleton's and points' own frame. ``points``: its geometry
    (vertices with a nonzero Region weight); when empty, the Region's bone heads/tails give the
    bounds."""
    names = list(dict.fromkeys(bone_names))
    chains = region_chain_measures(skeleton, names)
    p = np.asarray(points, dtype=np.float64).reshape(-1, 3)
    if len(p) == 0:
        p = skeleton.joint_points(names)
    return ResolvedRegionProportions(
        span_length=chains.span_length,
        bounds_radius=bounding_sphere_radius(p),
        chain_length=chains.chain_length,
        average_bone_length=chains.average_bone_length,
    )


class RegionSpaces:
    """Measures Regions in CS (the rig's own lengths) and WS (carried by ``linear_world``; a
    uniform object scale of 2 doubles them). The skeleton is carried into WS once, not per Region."""

    def __init__(self, skeleton: Skeleton, linear_world: np.ndarray):
        self.ws_matrix = frames(linear_world).ws
        self.cs, self.ws = skeleton, skeleton.transformed(self.ws_matrix)

    def measure(self, bone_names: Iterable[str], points: np.ndarray) -> tuple[ResolvedRegionProportions,
                                                                                ResolvedRegionProportions]:
        names = list(dict.fromkeys(bone_names))
        p = np.asarray(points, dtype=np.float64).reshape(-1, 3)
        return measure_region(self.cs, names, p), measure_region(self.ws, names, p @ self.ws_matrix.T)

    def leaves(self, bone_names: Iterable[str]) -> tuple[tuple[str, BoneEnd], ...]:
        """The Region's leaf bones, whose lengths come from their own tails (CS; see ``Skeleton.end``)."""
        return region_chain_measures(self.cs, bone_names).leaves


@dataclass(frozen=True)
class RegionCalibration:
    """What a Region's Measurement Basis and Spatial Calibration resolve to, in both spaces.

    ``motion_scale_*``: ``try_resolve_scale(basis)`` of the Region's measurement scales, 0 when it
    fails (``motion_resolved_*`` false). ``spatial_distance_*`` (cm): ``resolve_spatial_distance``
    with the Region's offset reference length as its reference size and the character scale of
    that space."""

    scales_cs: MotionMeasurementScales
    scales_ws: MotionMeasurementScales
    motion_resolved_cs: bool
    motion_scale_cs: float
    motion_resolved_ws: bool
    motion_scale_ws: float
    spatial_distance_cs: float
    spatial_distance_ws: float


def calibrate_region(
    calibration: CalibrationSettings,
    character: ResolvedCharacterProportions,
    region_cs: ResolvedRegionProportions,
    region_ws: ResolvedRegionProportions,
    basis: MotionMeasurementBasis | str,
    spatial_mode: SpatialCalibrationMode | str,
    authored_distance: float,
    region_ratio: float,
) -> RegionCalibration:
    scales_cs = build_measurement_scales(calibration, character, region_cs, world_space=False)
    scales_ws = build_measurement_scales(calibration, character, region_ws, world_space=True)
    ok_cs, motion_cs = scales_cs.try_resolve_scale(basis)
    ok_ws, motion_ws = scales_ws.try_resolve_scale(basis)

    def spatial(character_scale: float, region: ResolvedRegionProportions) -> float:
        return resolve_spatial_distance(spatial_mode, authored_distance, region_ratio, character_scale,
                                        region.offset_reference_length())

    return RegionCalibration(
        scales_cs=scales_cs, scales_ws=scales_ws,
        motion_resolved_cs=ok_cs, motion_scale_cs=motion_cs, motion_resolved_ws=ok_ws, motion_scale_ws=motion_ws,
        spatial_distance_cs=spatial(character.character_scale_cs, region_cs),
        spatial_distance_ws=spatial(character.character_scale_ws, region_ws),
    )


@dataclass(frozen=True)
class ScaleClamp:
    """A scale whose ratio (measured / reference) fell outside the Minimum/Maximum Character Scale
    range and was clamped to ``bound``."""

    scale: str  # the scale's custom-property name without the prefix: CharacterScaleCS, ChainLengthScale...
    space: str  # "CS" or "WS"
    region: str  # "" for a whole-character scale
    ratio: float
    bound: float


def scale_clamps(calibration: CalibrationSettings, character: ResolvedCharacterProportions,
                 regions: Iterable[tuple[str, ResolvedRegionProportions, ResolvedRegionProportions]] = ()
                 ) -> list[ScaleClamp]:
    """Every scale ``resolve_measurement_scale`` clamps (none when calibration is off), in the order
    the properties are written: the character's three in CS and WS, then each Region's four."""
    if not calibration.enable_automatic_calibration:
        return []
    low, high = calibration.scale_range
    c = calibration
    character_scales = (("CharacterScale", "character_height", c.reference_character_height),
                        ("LocomotionScale", "locomotion_height", c.reference_locomotion_height),
                        ("GroundProbeScale", "ground_probe_radius", c.reference_ground_probe_radius))
    region_scales = (("SpanScale", "span_length", c.reference_region_span_length),
                     ("BoundsRadiusScale", "bounds_radius", c.reference_region_bounds_radius),
                     ("ChainLengthScale", "chain_length", c.reference_region_chain_length),
                     ("AverageBoneLengthScale", "average_bone_length", c.reference_average_bone_length))
    measured = [(f"{name}{space}", space, "", getattr(character, f"{attr}_{space.lower()}"), reference)
                for space in ("CS", "WS") for name, attr, reference in character_scales]
    measured += [(name, space, region, getattr(proportions, attr), reference)
                 for region, cs, ws in regions for space, proportions in (("CS", cs), ("WS", ws))
                 for name, attr, reference in region_scales]
    out = []
    for scale, space, region, value, reference in measured:
        if not (math.isfinite(value) and value > 0.0 and math.isfinite(reference) and reference > 0.0):
            continue  # resolves to 1 (or 0, an absent Region measurement): nothing is clamped
        ratio = value / reference
        if ratio > high or ratio < low:
            out.append(ScaleClamp(scale, space, region, ratio, high if ratio > high else low))
    return out
