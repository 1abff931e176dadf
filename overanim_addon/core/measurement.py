"""From measured geometry to the spec's resolved structures (``ResolvedCharacterProportions``,
``ResolvedRegionProportions``) and their scales.

Inputs are in centimetres in the armature's own space (component space, CS). World space (WS)
applies the armature object's world rotation/scale (``linear_world``, 3x3): a height in WS is the
distance from the ground plane carried into the world (through the object's origin, normal =
its local Z transformed as a plane normal), so a uniform object scale of 2 doubles every WS length
while CS stays as it is.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

import numpy as np

from .calibration import CalibrationSettings
from .errors import InvalidInputError
from .resolved_proportions import ResolvedCharacterProportions, ResolvedRegionProportions
from .skeleton import (
    Skeleton,
    bounding_sphere_radius,
    character_height,
    find_body_root,
    hip_joints,
    locomotion_height,
    region_chain_measures,
)


@dataclass(frozen=True)
class CharacterMeasurement:
    proportions: ResolvedCharacterProportions
    locomotion_root_bone: str  # the bone actually used (the automatic choice when the setting is None)
    root_was_automatic: bool


def _world_height_factor(linear_world: np.ndarray) -> np.ndarray:
    """Row vector f with height_ws(p) = f @ p for an armature-space point p."""
    m = np.asarray(linear_world, dtype=np.float64).reshape(3, 3)
    if not np.all(np.isfinite(m)) or abs(np.linalg.det(m)) < 1e-12:
        raise InvalidInputError("The armature's world transform is degenerate (zero or non-finite scale)")
    normal = np.linalg.inv(m).T @ np.array([0.0, 0.0, 1.0])
    normal /= np.linalg.norm(normal)
    return normal @ m


def measure_character(
    calibration: CalibrationSettings,
    skeleton: Skeleton,
    points_cs: np.ndarray,
    linear_world: np.ndarray,
) -> CharacterMeasurement:
    """Measure the whole character. ``points_cs`` are rest-pose vertices (Nx3, cm); when empty the
    bone heads/tails stand in for them."""
    if not skeleton.bones:
        raise InvalidInputError("The armature has no bones")
    points = np.asarray(points_cs, dtype=np.float64).reshape(-1, 3)
    if len(points) == 0:
        points = skeleton.joint_points()
    factor = _world_height_factor(linear_world)

    chosen = calibration.locomotion_root_bone
    automatic = not chosen
    root = find_body_root(skeleton) if automatic else skeleton.require(chosen).name

    finite = points[np.all(np.isfinite(points), axis=1)]
    height_cs = character_height(finite)
    height_ws = float(max((finite @ factor).max(), 0.0)) if len(finite) else 0.0
    loco_cs = locomotion_height(skeleton, root)
    loco_ws = float(factor @ np.asarray(skeleton.by_name[root].head))
    # the ground probe rule (skeleton.ground_probe_radius) in both spaces, from one search for legs
    hips = hip_joints(skeleton, root)
    probe_cs = float(hips[:, 2].max() * 0.5) if len(hips) else 0.0
    probe_ws = float((hips @ factor).max() * 0.5) if len(hips) else 0.0

    scale = calibration.resolve_measurement_scale
    proportions = ResolvedCharacterProportions(
        character_height_cs=height_cs,
        character_height_ws=height_ws,
        character_scale_cs=calibration.resolve_character_scale(height_cs),
        character_scale_ws=calibration.resolve_character_scale(height_ws),
        locomotion_height_cs=loco_cs,
        locomotion_height_ws=loco_ws,
        locomotion_scale_cs=scale(loco_cs, calibration.reference_locomotion_height),
        locomotion_scale_ws=scale(loco_ws, calibration.reference_locomotion_height),
        ground_probe_radius_cs=probe_cs,
        ground_probe_radius_ws=probe_ws,
        ground_probe_scale_cs=scale(probe_cs, calibration.reference_ground_probe_radius),
        ground_probe_scale_ws=scale(probe_ws, calibration.reference_ground_probe_radius),
    )
    return CharacterMeasurement(proportions, root, automatic)


def measure_region(skeleton: Skeleton, bone_names: Iterable[str], points_cs: np.ndarray) -> ResolvedRegionProportions:
    """One Region's lengths (cm). ``points_cs``: its geometry (vertices with a nonzero Region
    weight); when empty, the Region's bone heads/tails give the bounds."""
    names = list(dict.fromkeys(bone_names))
    chains = region_chain_measures(skeleton, names)
    points = np.asarray(points_cs, dtype=np.float64).reshape(-1, 3)
    if len(points) == 0:
        points = skeleton.joint_points(names)
    return ResolvedRegionProportions(
        span_length=chains.span_length,
        bounds_radius=bounding_sphere_radius(points),
        chain_length=chains.chain_length,
        average_bone_length=chains.average_bone_length,
    )
