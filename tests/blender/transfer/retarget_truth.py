"""What the retarget tests compare, computed from the evaluated scene and nothing of the add-on's:
each rig's limb directions per frame in its own facing frame (from its rest thighs: left, world up,
forward = left x up), its pelvis's horizontal path, its hip height over its feet's joints, and
its feet's contacts (the lower of the foot's head and its toe's head, slow and near its ground)."""

from __future__ import annotations

from dataclasses import dataclass

import bpy
import numpy as np

CONTACT_SPEED = 60.0  # cm/s at a 95 cm hip height (Motion's default), scaled by each rig's hip height
CONTACT_HEIGHT = 10.0  # cm, likewise
REFERENCE_HIP = 95.0


@dataclass(frozen=True)
class Names:
    """The bones the test reads on one rig, written out per rig (not the add-on's map)."""

    pelvis: str
    neck: str  # the spine is pelvis head -> neck head
    limbs: dict[str, tuple[str, str | None]]  # thigh_L, shin_L, ... -> (bone, next joint's bone; None: its tail)
    feet: dict[str, tuple[str, str]]  # "L"/"R" -> (foot, toe)


def _limbs(thigh, shin, foot, upper, fore, hand, sides=("L", "R")):
    out = {}
    for i, s in enumerate(sides):
        out.update({f"thigh_{s}": (thigh[i], shin[i]), f"shin_{s}": (shin[i], foot[i]),
                    f"upperarm_{s}": (upper[i], fore[i]), f"forearm_{s}": (fore[i], hand[i])})
    return out


def sided(pattern, left, right):
    return [pattern.format(left), pattern.format(right)]


CMU = Names("Hips", "Neck", _limbs(*(sided(p, "Left", "Right") for p in (
    "{}UpLeg", "{}Leg", "{}Foot", "{}Arm", "{}ForeArm", "{}Hand"))), {"L": ("LeftFoot", "LeftToeBase"),
                                                                     "R": ("RightFoot", "RightToeBase")})
M = "mixamorig:"
MIXAMO = Names(M + "Hips", M + "Neck", _limbs(*(sided(M + p, "Left", "Right") for p in (
    "{}UpLeg", "{}Leg", "{}Foot", "{}Arm", "{}ForeArm", "{}Hand"))),
    {"L": (M + "LeftFoot", M + "LeftToeBase"), "R": (M + "RightFoot", M + "RightToeBase")})
SAMPLE = Names("pelvis", "neck_01", _limbs(*(sided(p, "l", "r") for p in (
    "thigh_{}", "calf_{}", "foot_{}", "upperarm_{}", "lowerarm_{}", "hand_{}"))),
    {"L": ("foot_l", "ball_l"), "R": ("foot_r", "ball_r")})
METARIG = Names("spine", "spine.004", _limbs(*(sided(p, "L", "R") for p in (
    "thigh.{}", "shin.{}", "foot.{}", "upper_arm.{}", "forearm.{}", "hand.{}"))),
    {"L": ("foot.L", "toe.L"), "R": ("foot.R", "toe.R")})
RIGIFY = Names("DEF-spine", "DEF-spine.004", _limbs(*(sided(p, "L", "R") for p in (  # a generated rig's deform bones
    "DEF-thigh.{}", "DEF-shin.{}", "DEF-foot.{}", "DEF-upper_arm.{}", "DEF-forearm.{}", "DEF-hand.{}"))),
    {"L": ("DEF-foot.L", "DEF-toe.L"), "R": ("DEF-foot.R", "DEF-toe.R")})
CESIUM = Names("Skeleton_torso_joint_1", "Skeleton_neck_joint_1", _limbs(
    ["leg_joint_L_1", "leg_joint_R_1"], ["leg_joint_L_2", "leg_joint_R_2"], ["leg_joint_L_3", "leg_joint_R_3"],
    ["Skeleton_arm_joint_L__3_", "Skeleton_arm_joint_R__2_"], ["Skeleton_arm_joint_L__2_", "Skeleton_arm_joint_R__3_"],
    [None, None]), {"L": ("leg_joint_L_3", "leg_joint_L_5"), "R": ("leg_joint_R_3", "leg_joint_R_5")})


def cm() -> float:
    return bpy.context.scene.unit_settings.scale_length * 100.0


def facing(obj, names: Names) -> np.ndarray:
    """Rows forward, left, up of the rig's rest (world)."""
    w, bones = obj.matrix_world, obj.data.bones
    left = np.array(w @ bones[names.limbs["thigh_L"][0]].head_local - w @ bones[names.limbs["thigh_R"][0]].head_local)
    left[2] = 0.0
    left /= np.linalg.norm(left)
    up = np.array([0.0, 0.0, 1.0])
    return np.stack([np.cross(left, up), left, up])


@dataclass(frozen=True)
class Track:
    directions: dict[str, np.ndarray]  # limb or "spine" -> (F, 3) unit, in the rig's facing frame
    pelvis: np.ndarray  # (F, 3) world cm
    feet: dict[str, np.ndarray]  # side -> (F, 2, 3) world cm: the foot's head (ankle), the toe's (ball)


def track(obj, names: Names, frames) -> Track:
    frame_rows = facing(obj, names)
    pose, scene = obj.pose.bones, bpy.context.scene
    segments = {**names.limbs, "spine": (names.pelvis, names.neck)}
    out = {k: [] for k in segments}
    pelvis, feet = [], {s: [] for s in names.feet}
    for frame in frames:
        scene.frame_set(int(frame))
        w = obj.matrix_world
        for key, (a, b) in segments.items():
            end = pose[b].head if b is not None else pose[a].tail
            v = frame_rows @ np.array(w @ end - w @ pose[a].head)
            out[key].append(v / np.linalg.norm(v))
        pelvis.append(np.array(w @ pose[names.pelvis].head) * cm())
        for s, (foot, toe) in names.feet.items():
            feet[s].append([np.array(w @ pose[foot].head) * cm(), np.array(w @ pose[toe].head) * cm()])
    return Track({k: np.array(v) for k, v in out.items()}, np.array(pelvis), {s: np.array(v) for s, v in feet.items()})


def hip_height(obj, names: Names) -> float:
    """The rest pelvis head's height over the lowest rest head of the feet's bones (foot, toe): the
    joints alone, as meshes (a tube round a toe) and importers' tails say nothing of the sole."""
    w, bones = obj.matrix_world, obj.data.bones
    feet = [(w @ bones[b].head_local).z for pair in names.feet.values() for b in pair]
    return float((w @ bones[names.pelvis].head_local).z - min(feet)) * cm()


def within(source: Track, target: Track, degrees: float = 18.0) -> dict[str, float]:
    """Per limb (and the spine): the share of frames its direction is within ``degrees`` of the source's."""
    out = {}
    for key, a in source.directions.items():
        b = target.directions[key]
        angle = np.degrees(np.arctan2(np.linalg.norm(np.cross(a, b), axis=1), np.sum(a * b, axis=1)))
        out[key] = float(np.mean(angle <= degrees))
    return out


def horizontal_path(points: np.ndarray) -> float:
    return float(np.linalg.norm(np.diff(points[:, :2], axis=0), axis=1).sum())


def contacts(point: np.ndarray, hip: float, fps: float) -> np.ndarray:
    """Frames a point (F, 3) is planted: slow (central differences) and near its own lowest height,
    Motion's thresholds followed by the rig's hip height."""
    scale = hip / REFERENCE_HIP
    speed = np.linalg.norm(np.gradient(point, axis=0), axis=1) * fps
    height = point[:, 2] - point[:, 2].min()
    return (speed < CONTACT_SPEED * scale) & (height < CONTACT_HEIGHT * scale)


def runs(mask: np.ndarray) -> list[tuple[int, int]]:
    out, start = [], None
    for i, on in enumerate([*mask, False]):
        if on and start is None:
            start = i
        elif not on and start is not None:
            out.append((start, i))
            start = None
    return out


@dataclass(frozen=True)
class Feet:
    agreement: dict[str, float]  # side -> share of frames the target's foot is planted as the source's
    slide: float  # cm: the most a target point moves across the ground within one of the source's plants


def feet(source: Track, source_hip: float, target: Track, target_hip: float, fps: float) -> Feet:
    agreement, slide = {}, 0.0
    for side, points in source.feet.items():
        planted_s = [contacts(points[:, i], source_hip, fps) for i in range(2)]
        planted_t = [contacts(target.feet[side][:, i], target_hip, fps) for i in range(2)]
        agreement[side] = float(np.mean((planted_s[0] | planted_s[1]) == (planted_t[0] | planted_t[1])))
        for i in range(2):
            for first, last in runs(planted_s[i]):
                track = target.feet[side][first:last, i, :2]
                slide = max(slide, float(np.linalg.norm(track - track[0], axis=1).max()))
    return Feet(agreement, slide)
