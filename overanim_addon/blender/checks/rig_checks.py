"""Pre-flight checks: what would make a measurement wrong or meaningless, each a ``Finding`` that
names its one-click fix where a safe one exists (fixes.py). ``run_checks`` only reads."""

from __future__ import annotations

import math
import re
from dataclasses import dataclass

import bpy
import numpy as np

from ...core import validate_calibration
from ...core.errors import OverAnimError
from ...core.ground import GROUND_LEVEL_FRACTION
from ...core.log import Level
from ...core.measurement import frames, locomotion_root, polar, stand
from ...core.messages import Message, plural
from ...core.skeleton import Skeleton
from ...core.units import HUMAN_HEIGHT_CM, is_human_height
from ..calibration.properties import settings_from_properties
from ..masks.packed import channel_table
from ..regions.region import region_bones, region_keys, require_region_bones
from ..shared import extract, shape_keys
from ..shared.fcurves import animated as animated_channels
from ..shared.object_data import overanim
from ..shared.scene import cm_per_unit, deformed_meshes, require_object_mode
from ..shared.shape_keys import modifiers_dropping_shape_keys
from ..shared.typed import armature_data, pose_of, scene_of
from ..shared.weights import region_weights
from .apply_scale import scaled_by_constraints
from .rig_size import (
    UNIT_NAMES,
    heights_cm,
    matching_unit_scale,
    other_characters,
    rest_rig,
    size_in_units,
    stored_infinities,
)

LYING_FRACTION = 0.35  # a rig whose height along world up is below this share of its length lies down
SCALE_TOLERANCE = 1e-4
# the rotation that turns each horizontal world axis into world up (+Z), as an artist types it
STAND_UP = {"+X": "-90° about Y", "-X": "+90° about Y", "+Y": "+90° about X", "-Y": "-90° about X"}


@dataclass(frozen=True)
class Finding:
    id: str
    severity: Level
    message: Message
    fix: str = ""  # the id of a fix in FIXES, or "" when there is no safe one-click fix
    region: str = ""  # the Region the finding is about (the panel offers its settings under it)
    alternative: str = ""  # another fix in FIXES the artist may choose instead of ``fix``, or ""


def _check_calibration(context, armature):
    for problem in validate_calibration(settings_from_properties(overanim(armature).calibration)):
        yield Finding("calibration", Level.ERROR, Message("Calibration: {problem}", problem=problem))


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
        yield Finding("armature_scale", Level.WARNING,
                          Message("'{name}'{source} has a non-uniform scale {scale}: world-space lengths are "
                                  "distorted; apply the scale{together}", name=armature.name, source=source,
                                  scale=str(tuple(round(s, 3) for s in scale)), together=together), fix)
    elif _is_power_of_ten(scale[0]):
        # Blender's FBX importer: Unreal and Maya files in centimetres come in at scale 0.01,
        # their Y-up data stood upright by a +90 degree rotation about X
        cs, ws = heights_cm(context, armature)
        rotated = Message("and a rotation ") if not np.allclose(rotation, np.eye(3), atol=1e-3) else ""
        yield Finding(
            "armature_scale", Level.WARNING,
            Message("'{name}'{source} has an object scale of {scale:g} {rotated}(the FBX importer's unit "
                    "conversion): WS values measure the rig as it stands ({ws:.4g} cm tall), CS values are its own "
                    "data without that scale ({cs:.4g} cm, {factor:g}× WS) and their scales clamp at the maximum. "
                    "Apply the scale{together} to make CS equal WS", name=armature.name, source=source,
                    scale=scale[0], rotated=rotated, ws=ws, cs=cs, factor=1.0 / scale[0], together=together), fix)
    else:
        yield Finding("armature_scale", Level.WARNING,
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
        yield Finding("mesh_scale", Level.WARNING,
                          Message("Deformed meshes with an unapplied scale: {meshes}{more}; they export to Unreal "
                                  "at that scale: apply it", meshes=listed, more=more), "apply_mesh_scale")



POSE_ROTATION_TOLERANCE = 1e-4  # radians, about 0.006°
POSE_OFFSET_TOLERANCE = 1e-4  # of the rig's size: Blender's FBX importer leaves ~2.5e-7 of float noise


def _check_pose(context, armature):
    if armature_data(armature).pose_position != "POSE" or armature.pose is None:
        return
    joints = rest_rig(context, armature, 1.0)[0].joint_points()
    joints = joints[np.all(np.isfinite(joints), axis=1)]
    size = float(np.ptp(joints, axis=0).max()) if len(joints) else 0.0
    posed = [pb.name for pb in pose_of(armature).bones if not _at_rest(pb.matrix_basis, POSE_OFFSET_TOLERANCE * size)]
    animated = _animated_bones(armature)
    by_hand = [name for name in posed if name not in animated]
    if by_hand:
        yield Finding("posed", Level.WARNING,
                          Message("The meshes are shown posed ({count}, e.g. '{bone}'): measuring uses the rest "
                                  "pose; switch the rig to Rest Position to see what is measured (Probe Ground, "
                                  "Bake Foot IK and Export for Unreal use the pose either way)",
                                  count=plural(len(by_hand), "{n} posed bone", "{n} posed bones"), bone=by_hand[0]),
                          "rest_position")
    elif posed:  # every animated rig is posed at most frames: expected, nothing to fix
        yield Finding("posed", Level.INFO,
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


def _lying_finding(armature: bpy.types.Object, lying: tuple[str, float, float], root_height: float,
                   top: float) -> Finding:
    """A rig lying down does not hang from its origin: an ERROR when its root is on the plane through
    the origin (heights from there), else a WARNING (a long, low creature may be meant so)."""
    grounded = not root_height > GROUND_LEVEL_FRACTION * top
    axis, length, tall = lying
    return Finding(
        "orientation", Level.ERROR if grounded else Level.WARNING,
        Message("'{name}' lies along world {axis}: {length:.4g} cm long but {tall:.4g} cm tall along world up "
                "(+Z), which Measure uses as up. Stand it up: rotate the armature object {rotation} (or fix its "
                "rest pose){unless}", name=armature.name, axis=axis, length=length, tall=tall,
                rotation=STAND_UP[axis],
                unless="" if grounded else Message(", unless the creature really is long and low")))


def _check_locomotion_root(context, armature):
    """The locomotion root must stand above the ground along world up (the measuring frame of
    core.measurement); a rig lying down is named as such instead of blaming its root, and one that
    hangs from its origin (a BVH rest pose) is measured from its lowest point."""
    skeleton, vertices = rest_rig(context, armature, cm_per_unit(scene_of(context)))
    stored_bones, stored_vertices = stored_infinities(context, armature)  # an infinity is kept as 3.4e38
    broken = list(dict.fromkeys([*skeleton.non_finite_bones(), *stored_bones]))
    for mesh, count in stored_vertices.items():
        yield Finding("vertex_positions", Level.ERROR,
                      Message("Mesh '{mesh}' has {vertices} at a position that is not a number (NaN or inf): fix or "
                              "delete them", mesh=mesh, vertices=plural(count, "{n} vertex", "{n} vertices")))
    if broken:
        yield Finding("bone_positions", Level.ERROR,
                          Message("Bones with a rest position that is not a number (NaN or inf): {bones}{more}: "
                                  "fix or delete them", bones=", ".join(broken[:5]),
                                  more=Message(" and {count} more", count=len(broken) - 5) if len(broken) > 5 else ""))
    if broken or stored_vertices:
        return
    standing = stand(skeleton, vertices, extract.linear_world(armature))
    upright = standing.upright
    lying = _lying_axis(standing.world)
    try:
        root = locomotion_root(settings_from_properties(overanim(armature).calibration), upright)
    except OverAnimError as error:
        if lying is None:
            yield Finding("locomotion_root", Level.ERROR, error.message)
            return
        root = ""
    height = upright.by_name[root].head[2] if root else 0.0
    # "at ground level" relative to the rig's own height, so an odd Unit Scale is reported as that
    # (by the unit-scale check) instead of as a root on the ground: 0.3 % is 0.54 cm at 180 cm
    top = max(0.0, float(upright.joint_points()[:, 2].max()))
    grounded = not height > GROUND_LEVEL_FRACTION * top
    if lying is not None:
        yield _lying_finding(armature, lying, height - standing.ground_cs, max(0.0, top - standing.ground_cs))
        return
    below = standing.hang_ws
    if below is not None and below.upside_down:
        yield Finding(
            "orientation", Level.ERROR if grounded else Level.WARNING,
            Message("'{name}' reaches {depth:.4g} cm below its origin along world up (+Z) and {above:.4g} cm above "
                    "it: Measure takes the plane through the armature's origin as the ground. {advice}",
                    name=armature.name, depth=below.depth, above=below.above,
                    advice=Message("It stands upside down: rotate the armature object 180° about X (or fix its rest "
                                   "pose)")))
        return
    if below is not None:  # nothing to fix: a Set Origin would put an animated clip's origin under its feet
        yield Finding(
            "ground", Level.INFO,
            Message("'{name}' hangs {depth:.4g} cm below its origin along world up (+Z), as a BVH rest pose hangs "
                    "from its hips: Measure takes its ground at its lowest point in the rest pose, not at its origin",
                    name=armature.name, depth=below.depth))
    if grounded:
        yield Finding("locomotion_root", Level.ERROR,
                          Message("Locomotion root '{bone}' is at ground level ({height:.2f} cm): locomotion height "
                                  "would be 0; pick the pelvis in Locomotion Root Bone", bone=root, height=height))



def _check_unit_scale(context, armature):
    """Outside a human's height (``core.units.HUMAN_HEIGHT_CM``), say so and what Match Unit Scale
    would make of it: a giant of 25 m is most often a file read in the wrong unit. When the rig's
    own data is human-sized, its object scale makes it so, which the scale check reports."""
    size_units = size_in_units(context, armature)
    size_cm = size_units * cm_per_unit(scene_of(context))
    if not size_units > 0 or is_human_height(size_cm):
        return
    low, high = HUMAN_HEIGHT_CM
    scale = scene_of(context).unit_settings.scale_length
    object_scale = frames(extract.linear_world(armature)).object_scale
    if not math.isclose(object_scale, 1.0, rel_tol=SCALE_TOLERANCE) and is_human_height(size_cm / object_scale):
        return  # its own data is human-sized: its object's scale makes it so, which the scale check reports
    fix = matching_unit_scale(context, armature)
    others = other_characters(context, armature)
    offer = Message(": if it is not that size, its file's units are not the scene's: Match Unit Scale sets {fix:g} "
                    "({unit}), which makes it {fixed:.4g} cm", fix=fix.scale_length, unit=UNIT_NAMES[fix.unit],
                    fixed=size_units * fix.scale_length * 100.0) if fix is not None else ""
    if fix is not None and others:  # the scene's Unit Scale would resize them too (issue 31)
        offer = Message("{offer}, and every other character with it ({names}): Scale This Character gives this one "
                        "that size alone", offer=offer, names=others)
    # beside other characters the fix that changes this one alone comes first; the scene's unit is the other choice
    choices = ("", "") if fix is None else ("character_scale", "unit_scale") if others else ("unit_scale",
                                                                                           "character_scale")
    yield Finding("unit_scale", Level.WARNING,
                  Message("The character measures {size:.4g} cm at Unit Scale {scale:g}, outside a human's {low:g} "
                          "to {high:g} cm{offer}", size=size_cm, scale=scale, low=low, high=high, offer=offer),
                  choices[0], alternative=choices[1])


def _check_regions(context, armature):
    meshes = deformed_meshes(armature, scene_of(context))
    try:
        region_keys(armature)
    except OverAnimError as error:
        yield Finding("region_names", Level.ERROR, error.message)
    bones_by_region = {}
    for region in overanim(armature).regions:
        try:
            bones = require_region_bones(armature, region)
        except OverAnimError as error:
            yield Finding("region_collection", Level.ERROR, error.message,
                              region=region.name)
            continue
        bones_by_region.update({bone: [bone] for bone in bones})
        lazy = [b for b in bones if not armature_data(armature).bones[b].use_deform]
        if lazy:
            yield Finding("region_deform", Level.WARNING,
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
            yield Finding("region_deform", Level.WARNING,
                              Message("Region '{region}': bones that deform no vertex: {bones}", region=region.name,
                                      bones=", ".join(idle)))


def _check_mask_channels(context, armature):
    try:
        channel_table(armature)
    except OverAnimError as error:
        yield Finding("mask_channels", Level.ERROR, error.message)


def _check_meshes(context, armature):
    if not deformed_meshes(armature, scene_of(context)):
        yield Finding("meshes", Level.INFO, Message("No mesh is deformed by '{name}': heights come from the bones",
                                                  name=armature.name))


def _check_shape_keys(context, armature):
    """Export for Unreal would lose them: the artist chooses (shared/shape_keys.py), no one-click fix."""
    for mesh_obj in deformed_meshes(armature, scene_of(context)):
        modifiers = modifiers_dropping_shape_keys(mesh_obj)
        if modifiers:
            yield Finding("shape_keys_dropped", Level.WARNING, shape_keys.check_message(mesh_obj, modifiers))


# findings about what the file will hold, not about the measurement: Measure does not repeat them in
# its report, and Export for Unreal says what it did instead
EXPORT_ONLY = frozenset({"shape_keys_dropped"})

CHECKS = (_check_calibration, _check_scale, _check_mesh_scale, _check_pose, _check_locomotion_root,
          _check_unit_scale, _check_meshes, _check_regions, _check_mask_channels, _check_shape_keys)


def run_checks(context: bpy.types.Context, armature: bpy.types.Object) -> list[Finding]:
    require_object_mode(armature, scene_of(context))
    results: list[Finding] = []
    for check in CHECKS:
        results.extend(check(context, armature))
    return results


