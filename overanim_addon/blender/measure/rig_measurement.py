"""Measure an armature: Blender data in, core measurement, results out (no writes here)."""

from __future__ import annotations

from typing import Any

import bpy
import numpy as np

from ...core import MotionMeasurementBasis, SpatialCalibrationMode, validate_calibration
from ...core.errors import OverAnimError
from ...core.measurement import RegionSpaces, calibrate_region, measure_character, scale_clamps
from ...core.messages import Message, joined
from ...core.skeleton import Skeleton, region_tip_point
from ..calibration.properties import settings_from_properties
from ..regions.properties import region_enum, region_keys, require_region_bones
from ..shared.scene import cm_per_unit, deformed_meshes, require_object_mode
from ..shared.typed import overanim, scene_of
from . import extract
from .results import MeasurementResults, RegionResult


def measure(context: bpy.types.Context, armature: bpy.types.Object) -> MeasurementResults:
    require_object_mode(armature, scene_of(context))
    settings = settings_from_properties(overanim(armature).calibration)
    problems = validate_calibration(settings)
    if problems:
        raise OverAnimError(Message("Calibration: {problem}", problem=joined(problems)))
    cm = cm_per_unit(scene_of(context))
    skeleton = extract.skeleton(armature, cm)
    meshes = extract.lod0(deformed_meshes(armature, scene_of(context)))

    region_keys(armature)  # names that cannot be keyed are refused before any work
    bones_by_region = {region.name: require_region_bones(armature, region) for region in overanim(armature).regions}
    inputs: dict[str, dict[str, Any]] = {region.name: {
        "measurement_basis": region_enum(region, "measurement_basis", MotionMeasurementBasis).value,
        "spatial_calibration_mode": region_enum(region, "spatial_calibration_mode", SpatialCalibrationMode).value,
        "authored_distance": float(region.authored_distance),
        "region_ratio": float(region.region_ratio),
    } for region in overanim(armature).regions}

    points = [extract.rest_points(m, armature, cm) for m in meshes]  # once: both measures use them
    all_points = np.concatenate(points) if points else np.zeros((0, 3))
    # a Region's leaf bones have no child joint: the skin they deform bounds their invented tails
    skin = extract.leaf_skin(skeleton, meshes, points, [b for bones in bones_by_region.values() for b in bones])
    skeleton = Skeleton(skeleton.bones, skin)
    linear = extract.linear_world(armature)
    character = measure_character(settings, skeleton, all_points, linear)
    geometry = extract.region_points(meshes, points, bones_by_region)
    spaces = RegionSpaces(skeleton, linear)
    regions = []
    for name, bones in bones_by_region.items():
        cs, ws = spaces.measure(bones, geometry[name])
        given = inputs[name]
        calibration = calibrate_region(settings, character.proportions, cs, ws, given["measurement_basis"],
                                       given["spatial_calibration_mode"], given["authored_distance"],
                                       given["region_ratio"])
        regions.append(RegionResult(name, tuple(bones), cs, ws, calibration, given, spaces.leaves(bones),
                                    region_tip_point(skeleton, bones)))
    clamps = scale_clamps(settings, character.proportions,
                          [(r.name, r.proportions, r.proportions_ws) for r in regions])
    return MeasurementResults(character.proportions, character.locomotion_root_bone,
                              character.root_was_automatic, tuple(regions), tuple(clamps), settings.scale_range)
