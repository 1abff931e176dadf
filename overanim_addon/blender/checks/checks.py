"""Pre-flight checks: what would make a measurement wrong or meaningless, each with a one-click fix
where a safe one exists. ``run_checks`` only reads; fixes are separate functions."""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

import bpy
import numpy as np

from ...core import validate_calibration
from ...core.errors import OverAnimError
from ...core.skeleton import character_height, find_body_root
from ..calibration.properties import settings_from_properties
from ..common import cm_per_unit, deformed_meshes, require_object_mode
from ..measure import extract
from ..regions.properties import region_bones, region_keys, require_region_bones
from ..weights import region_weights

ERROR, WARNING, INFO = "ERROR", "WARNING", "INFO"
GROUND_LEVEL_FRACTION = 0.003  # of the rig's height: a locomotion root this low is on the ground
PLAUSIBLE_HEIGHT_CM = (5.0, 5000.0)  # a mouse to a giant; outside this the unit scale is suspect


@dataclass(frozen=True)
class CheckResult:
    id: str
    severity: str  # ERROR / WARNING / INFO (Blender report levels)
    message: str
    fix: str = ""  # the id of a fix in FIXES, or "" when there is no safe one-click fix


def _check_calibration(context, armature):
    for problem in validate_calibration(settings_from_properties(armature.overanim.calibration)):
        yield CheckResult("calibration", ERROR, f"Calibration: {problem}")


def _check_scale(context, armature):
    scale = tuple(armature.scale)
    if max(scale) - min(scale) > 1e-4 * max(abs(s) for s in scale):
        yield CheckResult("armature_scale", WARNING,
                          f"'{armature.name}' has a non-uniform scale {tuple(round(s, 3) for s in scale)}: "
                          "world-space lengths are distorted; apply the scale", "apply_armature_scale")
    elif any(abs(s - 1.0) > 1e-4 for s in scale):
        yield CheckResult("armature_scale", WARNING,
                          f"'{armature.name}' has an unapplied scale of {scale[0]:.3g}: Unreal will import it "
                          "as component scale; apply it unless that is intended", "apply_armature_scale")


def _check_pose(context, armature):
    if armature.data.pose_position != "POSE" or armature.pose is None:
        return
    posed = [pb.name for pb in armature.pose.bones if not _is_identity(pb.matrix_basis)]
    if posed:
        yield CheckResult("posed", WARNING,
                          f"The meshes are shown posed ({len(posed)} posed bones, e.g. '{posed[0]}'): measuring "
                          "uses the rest pose; switch the rig to Rest Position to see what is measured",
                          "rest_position")


def _is_identity(matrix) -> bool:
    return all(abs(matrix[i][j] - (1.0 if i == j else 0.0)) < 1e-5 for i in range(4) for j in range(4))


def _check_locomotion_root(context, armature):
    cm = cm_per_unit(context.scene)
    skeleton = extract.skeleton(armature, cm)
    chosen = armature.overanim.calibration.locomotion_root_bone
    try:
        root = skeleton.require(chosen).name if chosen else find_body_root(skeleton)
    except OverAnimError as error:
        yield CheckResult("locomotion_root", ERROR, str(error))
        return
    height = skeleton.by_name[root].head[2]
    # "at ground level" relative to the rig's own height, so an odd Unit Scale is reported as that
    # (by the unit-scale check) instead of as a root on the ground: 0.3 % is 0.54 cm at 180 cm
    top = max(0.0, float(skeleton.joint_points()[:, 2].max()))
    if not height > GROUND_LEVEL_FRACTION * top:
        yield CheckResult("locomotion_root", ERROR,
                          f"Locomotion root '{root}' is at ground level ({height:.2f} cm): locomotion height "
                          "would be 0; pick the pelvis in Locomotion Root Bone")


def _height_in_units(context, armature) -> float:
    """The character's height in Blender units (as measured: highest rest point above Z = 0)."""
    meshes = extract.lod0(deformed_meshes(armature, context.scene))
    if meshes:
        points = np.concatenate([extract.rest_points(m, armature, 1.0) for m in meshes])
    else:
        points = extract.skeleton(armature, 1.0).joint_points()
    return character_height(points)


def _check_unit_scale(context, armature):
    height_units = _height_in_units(context, armature)
    height_cm = height_units * cm_per_unit(context.scene)
    low, high = PLAUSIBLE_HEIGHT_CM
    if height_units > 0 and not low <= height_cm <= high:
        yield CheckResult("unit_scale", WARNING,
                          f"The character is {height_cm:.4g} cm tall at Unit Scale "
                          f"{context.scene.unit_settings.scale_length:g}: the unit scale does not match the rig",
                          "unit_scale")


def _check_regions(context, armature):
    meshes = deformed_meshes(armature, context.scene)
    try:
        region_keys(armature)
    except OverAnimError as error:
        yield CheckResult("region_names", ERROR, str(error))
    bones_by_region = {}
    for region in armature.overanim.regions:
        try:
            bones = require_region_bones(armature, region)
        except OverAnimError as error:
            yield CheckResult("region_collection", ERROR, str(error))
            continue
        bones_by_region.update({bone: [bone] for bone in bones})
        lazy = [b for b in bones if not armature.data.bones[b].use_deform]
        if lazy:
            yield CheckResult("region_deform", WARNING,
                              f"Region '{region.name}': bones without Deform: {', '.join(lazy)}")
    if not bones_by_region or not meshes:
        return
    painted: set[str] = set()
    for mesh_obj in meshes:
        weights = region_weights(mesh_obj, bones_by_region)
        painted.update(bone for bone, w in weights.items() if w.size and float(w.max()) > 0.0)
    for region in armature.overanim.regions:
        idle = [b for b in region_bones(armature, region) if b not in painted]
        if idle:
            yield CheckResult("region_deform", WARNING,
                              f"Region '{region.name}': bones that deform no vertex: {', '.join(idle)}")


def _check_meshes(context, armature):
    if not deformed_meshes(armature, context.scene):
        yield CheckResult("meshes", INFO, f"No mesh is deformed by '{armature.name}': heights come from the bones")


CHECKS = (_check_calibration, _check_scale, _check_pose, _check_locomotion_root, _check_unit_scale,
          _check_meshes, _check_regions)


def run_checks(context: bpy.types.Context, armature: bpy.types.Object) -> list[CheckResult]:
    require_object_mode(armature, context.scene)
    results: list[CheckResult] = []
    for check in CHECKS:
        results.extend(check(context, armature))
    return results


# -- fixes ------------------------------------------------------------------------------------------
def _fix_apply_armature_scale(context, armature):
    with context.temp_override(active_object=armature, object=armature, selected_editable_objects=[armature],
                               selected_objects=[armature]):
        bpy.ops.object.transform_apply(location=False, rotation=False, scale=True, properties=False)


def _fix_rest_position(context, armature):
    armature.data.pose_position = "REST"


def _fix_unit_scale(context, armature):
    """Pick the power of ten that brings the character nearest to a 180 cm human."""
    height_units = _height_in_units(context, armature)
    if not height_units > 0:
        raise OverAnimError("The rig has no height to match a unit scale to")
    exponent = round(math.log10(180.0 / (height_units * 100.0)))
    context.scene.unit_settings.scale_length = 10.0 ** exponent


FIXES: dict[str, tuple[str, Callable[[bpy.types.Context, bpy.types.Object], None]]] = {
    "apply_armature_scale": ("Apply Scale", _fix_apply_armature_scale),
    "rest_position": ("Rest Position", _fix_rest_position),
    "unit_scale": ("Match Unit Scale", _fix_unit_scale),
}
