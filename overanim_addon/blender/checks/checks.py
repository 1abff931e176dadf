"""Pre-flight checks: what would make a measurement wrong or meaningless, each with a one-click fix
where a safe one exists. ``run_checks`` only reads; fixes are separate functions."""

from __future__ import annotations

import math
import re
from collections.abc import Callable
from dataclasses import dataclass

import bpy
import numpy as np

from ...core import validate_calibration
from ...core.errors import OverAnimError
from ...core.log import Level
from ...core.measurement import frames, locomotion_root, polar, stand
from ...core.messages import Message, plural
from ...core.skeleton import GROUND_LEVEL_FRACTION, Skeleton, character_height
from ...core.units import HUMAN_HEIGHT_CM, UnitScale, is_human_height, matching_unit_scale
from ..calibration.properties import settings_from_properties
from ..export import shape_keys
from ..export.shape_keys import modifiers_dropping_shape_keys
from ..masks.packed import channel_table
from ..measure import extract
from ..regions.properties import region_bones, region_keys, require_region_bones
from ..shared.fcurves import animated as animated_channels
from ..shared.overrides import linked_data_reason
from ..shared.scene import cm_per_unit, deformed_meshes, require_object_mode
from ..shared.typed import armature_data, overanim, pose_of, scene_of
from ..shared.weights import region_weights
from .apply_scale import apply_scale, scaled_by_constraints

LYING_FRACTION = 0.35  # a rig whose height along world up is below this share of its length lies down
SCALE_TOLERANCE = 1e-4
# the rotation that turns each horizontal world axis into world up (+Z), as an artist types it
STAND_UP = {"+X": "-90° about Y", "-X": "+90° about Y", "+Y": "+90° about X", "-Y": "-90° about X"}


@dataclass(frozen=True)
class CheckResult:
    id: str
    severity: Level
    message: Message
    fix: str = ""  # the id of a fix in FIXES, or "" when there is no safe one-click fix
    region: str = ""  # the Region the finding is about (the panel offers its settings under it)


def _check_calibration(context, armature):
    for problem in validate_calibration(settings_from_properties(overanim(armature).calibration)):
        yield CheckResult("calibration", Level.ERROR, Message("Calibration: {problem}", problem=problem))


def _is_power_of_ten(value: float) -> bool:
    return value > 0 and abs(math.log10(value) - round(math.log10(value))) < 1e-3


def _is_one(scale: tuple[float, ...]) -> bool:
    return all(abs(s - 1.0) <= SCALE_TOLERANCE for s in scale)


def _check_scale(context, armature):
    """The armature's scale: its own, or, with its own at 1, the one its parent gives it (Blender's
    FBX importer puts the file's unit scale on a group above a skeleton) or its constraints. WS
    carries it, CS leaves it out; Apply Scale applies either (not a constraint's)."""
    scale: tuple[float, ...] = tuple(float(s) for s in armature.scale)
    rotation, stretch = polar(extract.linear_world(armature))
    source: str = ""
    if _is_one(scale):
        scale = tuple(float(v) for v in np.linalg.eigvalsh((stretch + stretch.T) * 0.5))  # a mirror is negative
        if _is_one(scale):
            return
        source = (Message(" (scaled by its constraints)") if scaled_by_constraints(armature)
                  else Message(" (scaled by its parent '{parent}')", parent=armature.parent.name) if armature.parent
                  else "")
    fix = "" if scaled_by_constraints(armature) else "apply_armature_scale"
    meshes = len(deformed_meshes(armature, scene_of(context)))
    together = (Message(" (with its {meshes}, which keep their place)",
                        meshes=plural(meshes, "{n} deformed mesh", "{n} deformed meshes")) if meshes else "")
    if max(scale) - min(scale) > SCALE_TOLERANCE * max(abs(s) for s in scale):
        yield CheckResult("armature_scale", Level.WARNING,
                          Message("'{name}'{source} has a non-uniform scale {scale}: world-space lengths are "
                                  "distorted; apply the scale{together}", name=armature.name, source=source,
                                  scale=str(tuple(round(s, 3) for s in scale)), together=together), fix)
    elif _is_power_of_ten(scale[0]):
        # Blender's FBX importer: Unreal and Maya files in centimetres come in at scale 0.01,
        # their Y-up data stood upright by a +90 degree rotation about X
        cs, ws = _heights_cm(context, armature)
        rotated = Message("and a rotation ") if not np.allclose(rotation, np.eye(3), atol=1e-3) else ""
        yield CheckResult(
            "armature_scale", Level.WARNING,
            Message("'{name}'{source} has an object scale of {scale:g} {rotated}(the FBX importer's unit "
                    "conversion): WS values measure the rig as it stands ({ws:.4g} cm tall), CS values are its own "
                    "data without that scale ({cs:.4g} cm, {factor:g}× WS) and their scales clamp at the maximum. "
                    "Apply the scale{together} to make CS equal WS", name=armature.name, source=source,
                    scale=scale[0], rotated=rotated, ws=ws, cs=cs, factor=1.0 / scale[0], together=together), fix)
    else:
        yield CheckResult("armature_scale", Level.WARNING,
                          Message("'{name}'{source} has an unapplied scale of {scale:.3g}: Unreal will import it as "
                                  "component scale; apply it{together} unless that is intended",
                                  name=armature.name, source=source, scale=scale[0], together=together), fix)


def _world_scale(obj: bpy.types.Object) -> tuple[float, ...]:
    return tuple(float(s) for s in obj.matrix_world.to_scale()[:])


def _check_mesh_scale(context, armature):
    """A deformed mesh's own scale exports with it to Unreal (the skinned vertices at that scale)."""
    if any(abs(s - 1.0) > SCALE_TOLERANCE for s in _world_scale(armature)):
        return  # the armature's Apply Scale applies the meshes' scale as well
    scaled = [(m.name, _world_scale(m)) for m in deformed_meshes(armature, scene_of(context))
              if any(abs(s - 1.0) > SCALE_TOLERANCE for s in _world_scale(m))]
    if scaled:
        listed = ", ".join(f"'{name}' ({'/'.join(f'{s:.3g}' for s in dict.fromkeys(scale))})"
                           for name, scale in scaled[:3])
        more = Message(" and {count} more", count=len(scaled) - 3) if len(scaled) > 3 else ""
        yield CheckResult("mesh_scale", Level.WARNING,
                          Message("Deformed meshes with an unapplied scale: {meshes}{more}; they export to Unreal "
                                  "at that scale: apply it", meshes=listed, more=more), "apply_mesh_scale")


def _rest_rig(context, armature, cm: float) -> tuple[Skeleton, np.ndarray]:
    return extract.rest_rig(armature, deformed_meshes(armature, scene_of(context)), cm)


POSE_ROTATION_TOLERANCE = 1e-4  # radians, about 0.006°
POSE_OFFSET_TOLERANCE = 1e-4  # of the rig's size: Blender's FBX importer leaves ~2.5e-7 of float noise


def _check_pose(context, armature):
    if armature_data(armature).pose_position != "POSE" or armature.pose is None:
        return
    joints = _rest_rig(context, armature, 1.0)[0].joint_points()
    joints = joints[np.all(np.isfinite(joints), axis=1)]
    size = float(np.ptp(joints, axis=0).max()) if len(joints) else 0.0
    posed = [pb.name for pb in pose_of(armature).bones if not _at_rest(pb.matrix_basis, POSE_OFFSET_TOLERANCE * size)]
    animated = _animated_bones(armature)
    by_hand = [name for name in posed if name not in animated]
    if by_hand:
        yield CheckResult("posed", Level.WARNING,
                          Message("The meshes are shown posed ({count}, e.g. '{bone}'): measuring uses the rest "
                                  "pose; switch the rig to Rest Position to see what is measured (Probe Ground, "
                                  "Bake Foot IK and Export for Unreal use the pose either way)",
                                  count=plural(len(by_hand), "{n} posed bone", "{n} posed bones"), bone=by_hand[0]),
                          "rest_position")
    elif posed:  # every animated rig is posed at most frames: expected, nothing to fix
        yield CheckResult("posed", Level.INFO,
                          Message("The meshes show the animation's pose ({count}, e.g. '{bone}'): measuring uses "
                                  "the rest pose", count=plural(len(posed), "{n} posed bone", "{n} posed bones"),
                                  bone=posed[0]))


_POSE_BONE_PATH = re.compile(r'^pose\.bones\["((?:[^"\\]|\\.)*)"\]')


def _animated_bones(armature) -> set[str]:
    """The bones whose channels the armature's animation keys (its action, its NLA strips) or drives."""
    adt = armature.animation_data
    paths = {path for path, _index in animated_channels(armature)}
    paths |= {driver.data_path for driver in adt.drivers} if adt is not None else set()
    found = (_POSE_BONE_PATH.match(path) for path in paths)
    return {re.sub(r"\\(.)", r"\1", match.group(1)) for match in found if match}


def _at_rest(matrix, offset_tolerance: float) -> bool:
    """A pose bone's matrix_basis is the identity but for float noise: its rotation/scale part
    within POSE_ROTATION_TOLERANCE, its offset within ``offset_tolerance`` (rig units)."""
    return (all(abs(matrix[i][j] - (1.0 if i == j else 0.0)) <= POSE_ROTATION_TOLERANCE
                for i in range(3) for j in range(3))
            and all(abs(matrix[i][3]) <= offset_tolerance for i in range(3)))


def _lying_axis(world: Skeleton) -> tuple[str, float, float] | None:
    """The world axis a rig lies along (its bones much longer along a horizontal axis than along
    world up), with its length and its height (cm); None for a rig standing up."""
    points = world.joint_points()
    extent = points.max(axis=0) - points.min(axis=0)
    longest = int(np.argmax(extent))
    if longest == 2 or extent[2] >= LYING_FRACTION * extent[longest]:
        return None
    along = points[:, longest]  # the far end (the head of a rig built from its feet) names the sign
    sign = "+" if along.max() >= -along.min() else "-"
    return f"{sign}{'XYZ'[longest]}", float(extent[longest]), float(extent[2])


def _check_locomotion_root(context, armature):
    """The locomotion root must stand above the ground along world up (the measuring frame of
    core.measurement); a rig lying down is named as such instead of blaming its root, and one that
    hangs from its origin (a BVH rest pose) is measured from its lowest point."""
    skeleton, vertices = _rest_rig(context, armature, cm_per_unit(scene_of(context)))
    broken = skeleton.non_finite_bones()
    if broken:
        yield CheckResult("bone_positions", Level.ERROR,
                          Message("Bones with a rest position that is not a number (NaN or inf): {bones}{more}: "
                                  "fix or delete them", bones=", ".join(broken[:5]),
                                  more=Message(" and {count} more", count=len(broken) - 5) if len(broken) > 5 else ""))
        return
    standing = stand(skeleton, vertices, extract.linear_world(armature))
    upright = standing.upright
    lying = _lying_axis(standing.world)
    try:
        root = locomotion_root(settings_from_properties(overanim(armature).calibration), upright)
    except OverAnimError as error:
        if lying is None:
            yield CheckResult("locomotion_root", Level.ERROR, error.message)
            return
        root = ""
    height = upright.by_name[root].head[2] if root else 0.0
    # "at ground level" relative to the rig's own height, so an odd Unit Scale is reported as that
    # (by the unit-scale check) instead of as a root on the ground: 0.3 % is 0.54 cm at 180 cm
    top = max(0.0, float(upright.joint_points()[:, 2].max()))
    grounded = not height > GROUND_LEVEL_FRACTION * top
    if lying is not None:
        # lying down, it does not hang from its origin: is its root on the plane through the origin
        origin_height, origin_top = height - standing.ground_cs, max(0.0, top - standing.ground_cs)
        grounded = not origin_height > GROUND_LEVEL_FRACTION * origin_top
        axis, length, tall = lying
        yield CheckResult(
            "orientation", Level.ERROR if grounded else Level.WARNING,
            Message("'{name}' lies along world {axis}: {length:.4g} cm long but {tall:.4g} cm tall along world up "
                    "(+Z), which Measure uses as up. Stand it up: rotate the armature object {rotation} (or fix its "
                    "rest pose){unless}", name=armature.name, axis=axis, length=length, tall=tall,
                    rotation=STAND_UP[axis],
                    unless="" if grounded else Message(", unless the creature really is long and low")))
        return
    below = standing.hang_ws
    if below is not None and below.upside_down:
        yield CheckResult(
            "orientation", Level.ERROR if grounded else Level.WARNING,
            Message("'{name}' reaches {depth:.4g} cm below its origin along world up (+Z) and {above:.4g} cm above "
                    "it: Measure takes the plane through the armature's origin as the ground. {advice}",
                    name=armature.name, depth=below.depth, above=below.above,
                    advice=Message("It stands upside down: rotate the armature object 180° about X (or fix its rest "
                                   "pose)")))
        return
    if below is not None:  # nothing to fix: a Set Origin would put an animated clip's origin under its feet
        yield CheckResult(
            "ground", Level.INFO,
            Message("'{name}' hangs {depth:.4g} cm below its origin along world up (+Z), as a BVH rest pose hangs "
                    "from its hips: Measure takes its ground at its lowest point in the rest pose, not at its origin",
                    name=armature.name, depth=below.depth))
    if grounded:
        yield CheckResult("locomotion_root", Level.ERROR,
                          Message("Locomotion root '{bone}' is at ground level ({height:.2f} cm): locomotion height "
                                  "would be 0; pick the pelvis in Locomotion Root Bone", bone=root, height=height))


def _world_points_in_units(context, armature) -> np.ndarray:
    """The rig as Measure reads it (the LOD0 rest vertices; the bone heads and tails when there are
    none, empty meshes included) as it stands in the world: carried by the armature's world
    rotation/scale, in Blender units from its origin. The Unit Scale applies to the world, so an FBX
    import at object scale 0.01 is judged by what the scene shows, not by its centimetre data."""
    skeleton, points = _rest_rig(context, armature, 1.0)
    if len(points) == 0:
        points = skeleton.joint_points()
    return points @ frames(extract.linear_world(armature)).ws.T


def _height_in_units(context, armature) -> float:
    """The character's height in Blender units as measured in WS: the highest point along world up."""
    return character_height(_world_points_in_units(context, armature))


def _size_in_units(context, armature) -> float:
    """The rig's size in Blender units: along world up from its lowest point (or its origin, when it
    stands above it) to its highest, or its length along a horizontal world axis when that is more.
    That is its height when it stands on its origin, and still its size when it does not (upside
    down, hanging from its origin, lying down), which the orientation check reports."""
    points = _world_points_in_units(context, armature)
    points = points[np.all(np.isfinite(points), axis=1)]
    if not len(points):
        return 0.0
    z = points[:, 2]
    return max(float(z.max() - min(float(z.min()), 0.0)), *(float(np.ptp(points[:, i])) for i in (0, 1)))


def _heights_cm(context, armature) -> tuple[float, float]:
    """(CS, WS) character height in cm."""
    ws = _height_in_units(context, armature) * cm_per_unit(scene_of(context))
    return ws / frames(extract.linear_world(armature)).object_scale, ws


UNIT_NAMES = {"power of ten": Message("metric"), "inch": Message("inches"), "foot": Message("feet"),
              "cmu": Message("CMU motion capture's 1/0.45 inch")}


def _matching_unit_scale(context, armature) -> UnitScale | None:
    """The Unit Scale Match Unit Scale sets (``core.units``), None when it would change nothing."""
    reference = settings_from_properties(overanim(armature).calibration).reference_character_height
    found = matching_unit_scale(_size_in_units(context, armature), reference if math.isfinite(reference) else 180.0)
    current = scene_of(context).unit_settings.scale_length
    return None if found is None or math.isclose(found.scale_length, current, rel_tol=1e-6) else found


def _check_unit_scale(context, armature):
    """Outside a human's height (``core.units.HUMAN_HEIGHT_CM``), say so and what Match Unit Scale
    would make of it: a giant of 25 m is most often a file read in the wrong unit. When the rig's
    own data is human-sized, its object scale makes it so, which the scale check reports."""
    size_units = _size_in_units(context, armature)
    size_cm = size_units * cm_per_unit(scene_of(context))
    if not size_units > 0 or is_human_height(size_cm):
        return
    low, high = HUMAN_HEIGHT_CM
    scale = scene_of(context).unit_settings.scale_length
    object_scale = frames(extract.linear_world(armature)).object_scale
    if not math.isclose(object_scale, 1.0, rel_tol=SCALE_TOLERANCE) and is_human_height(size_cm / object_scale):
        return  # its own data is human-sized: its object's scale makes it so, which the scale check reports
    fix = _matching_unit_scale(context, armature)
    offer = Message(": if it is not that size, its file's units are not the scene's: Match Unit Scale sets {fix:g} "
                    "({unit}), which makes it {fixed:.4g} cm", fix=fix.scale_length, unit=UNIT_NAMES[fix.unit],
                    fixed=size_units * fix.scale_length * 100.0) if fix is not None else ""
    yield CheckResult("unit_scale", Level.WARNING,
                      Message("The character measures {size:.4g} cm at Unit Scale {scale:g}, outside a human's {low:g} "
                              "to {high:g} cm{offer}", size=size_cm, scale=scale, low=low, high=high, offer=offer),
                      "unit_scale" if fix is not None else "")


def _check_regions(context, armature):
    meshes = deformed_meshes(armature, scene_of(context))
    try:
        region_keys(armature)
    except OverAnimError as error:
        yield CheckResult("region_names", Level.ERROR, error.message)
    bones_by_region = {}
    for region in overanim(armature).regions:
        try:
            bones = require_region_bones(armature, region)
        except OverAnimError as error:
            yield CheckResult("region_collection", Level.ERROR, error.message,
                              region=region.name)
            continue
        bones_by_region.update({bone: [bone] for bone in bones})
        lazy = [b for b in bones if not armature_data(armature).bones[b].use_deform]
        if lazy:
            yield CheckResult("region_deform", Level.WARNING,
                              Message("Region '{region}': bones without Deform: {bones}", region=region.name,
                                      bones=", ".join(lazy)))
    if not bones_by_region or not meshes:
        return
    painted: set[str] = set()
    for mesh_obj in meshes:
        weights = region_weights(mesh_obj, bones_by_region)
        painted.update(bone for bone, w in weights.items() if w.size and float(w.max()) > 0.0)
    for region in overanim(armature).regions:
        idle = [b for b in region_bones(armature, region) if b not in painted]
        if idle:
            yield CheckResult("region_deform", Level.WARNING,
                              Message("Region '{region}': bones that deform no vertex: {bones}", region=region.name,
                                      bones=", ".join(idle)))


def _check_mask_channels(context, armature):
    try:
        channel_table(armature)
    except OverAnimError as error:
        yield CheckResult("mask_channels", Level.ERROR, error.message)


def _check_meshes(context, armature):
    if not deformed_meshes(armature, scene_of(context)):
        yield CheckResult("meshes", Level.INFO, Message("No mesh is deformed by '{name}': heights come from the bones",
                                                  name=armature.name))


def _check_shape_keys(context, armature):
    """Export for Unreal would lose them: the artist chooses (export/shape_keys.py), no one-click fix."""
    for mesh_obj in deformed_meshes(armature, scene_of(context)):
        modifiers = modifiers_dropping_shape_keys(mesh_obj)
        if modifiers:
            yield CheckResult("shape_keys_dropped", Level.WARNING, shape_keys.check_message(mesh_obj, modifiers))


# findings about what the file will hold, not about the measurement: Measure does not repeat them in
# its report, and Export for Unreal says what it did instead
EXPORT_ONLY = frozenset({"shape_keys_dropped"})

CHECKS = (_check_calibration, _check_scale, _check_mesh_scale, _check_pose, _check_locomotion_root,
          _check_unit_scale, _check_meshes, _check_regions, _check_mask_channels, _check_shape_keys)


def run_checks(context: bpy.types.Context, armature: bpy.types.Object) -> list[CheckResult]:
    require_object_mode(armature, scene_of(context))
    results: list[CheckResult] = []
    for check in CHECKS:
        results.extend(check(context, armature))
    return results


# -- fixes ------------------------------------------------------------------------------------------
def _fix_apply_armature_scale(context, armature):
    apply_scale(context, armature, with_armature=True)


def _fix_apply_mesh_scale(context, armature):
    apply_scale(context, armature, with_armature=False)


def _fix_rest_position(context, armature):
    # what the viewport shows only: the steps that need the pose take it themselves (shared.scene.posed)
    linked = linked_data_reason(armature, "Rest Position")
    if linked is not None:
        raise OverAnimError(linked)
    armature_data(armature).pose_position = "REST"


def _fix_unit_scale(context, armature):
    """The Unit Scale of the unit (metric, inches, feet, CMU's) that brings the character nearest to
    its Reference Character Height (``core.units``)."""
    if not _size_in_units(context, armature) > 0:
        raise OverAnimError(Message("The rig has no height to match a unit scale to"))
    fix = _matching_unit_scale(context, armature)
    if fix is not None:
        scene_of(context).unit_settings.scale_length = fix.scale_length


FIXES: dict[str, tuple[str, Callable[[bpy.types.Context, bpy.types.Object], None]]] = {
    "apply_armature_scale": ("Apply Scale", _fix_apply_armature_scale),
    "apply_mesh_scale": ("Apply Mesh Scale", _fix_apply_mesh_scale),
    "rest_position": ("Rest Position", _fix_rest_position),
    "unit_scale": ("Match Unit Scale", _fix_unit_scale),
}
