"""Motion features of an animation, bpy-free: what a clip does in centimetres, cm/s and cm/s², raw and
calibrated by the character's measured size (the spec's "motion features relative to character size").

Inputs are positions sampled once per frame (N x D arrays, world space, cm) and the frame rate (frames
per second, ``fps / fps_base`` in Blender). Per frame:

- **distance**: the path length travelled since the first frame (cm);
- **speed**: the length of the velocity (cm/s), the velocity taken by central differences, one-sided
  at the first and last frames;
- **acceleration**: the length of the velocity's own central difference (cm/s², one-sided at the ends).

**Calibrated** twins divide every linear value by the scale ``try_resolve_scale`` resolves for the
chosen Measurement Basis (``resolve_motion_scale``); with Enable Automatic Calibration off the scale
is 1 (nothing is calibrated). Times, frame numbers and angles are never scaled.

**Foot contacts** (``foot_contacts``): the foot point is the lower (Z) of two joints, the foot bone's
head and where it ends joint to joint (the toe's head where a toe bone exists: an importer's
invented tail may lie metres away); its speed is that point's own speed (3D); contact where the
speed is below the speed threshold and its height above the ground below the height threshold (the
caller gives the ground's height per frame: the ground under the foot, or the ground reference).
The thresholds are authored at the reference character and follow its size character-relatively
(``contact_thresholds``).

**Distance curve** (``distance_curve``), as Unreal's Distance Curve Modifier (Distance Matching)
defines it: the stop point is the frame of minimum horizontal speed among the frames slower than the
stop threshold (none: the first frame); the value is the horizontal straight-line distance to the stop
point, negative before it and positive from it on. Unreal's code compares a squared distance over
time with a squared speed; here a speed (cm/s) is compared with a speed.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from ._numeric import is_finite_positive
from .errors import InvalidInputError
from .frozen import read_only
from .measurement_scales import MotionMeasurementBasis, MotionMeasurementScales
from .messages import Message
from .motion_values import MotionSummary, summarize
from .proportion import SpatialCalibrationMode, resolve_spatial_distance

# defaults, authored at the reference character: Unreal's Foot Placement node's plant speed and
# distance to ground, and the Distance Curve Modifier's stop speed threshold
CONTACT_SPEED = 60.0  # cm/s
CONTACT_HEIGHT = 10.0  # cm
STOP_SPEED = 5.0  # cm/s
# a ground reference that never leaves a circle this wide around its first position is in place:
# float noise in a pose is not travel
IN_PLACE_CM = 0.01
# of the locomotion height: the hips' ground track of an in-place clip (an idle, a walk cycle on the
# spot) sways within this, about 9 cm on a human; a walk leaves it within a step
SWAY_FRACTION = 0.1


def _samples(positions: object, name: str = "positions") -> np.ndarray:
    p = np.asarray(positions, dtype=np.float64)
    if p.ndim == 1:
        p = p[:, None]
    if p.ndim != 2 or len(p) < 2:
        raise InvalidInputError(Message("Motion needs at least 2 frames"))
    if not np.all(np.isfinite(p)):
        raise InvalidInputError(Message("A sampled position is not a number (NaN or inf): {name}", name=name))
    return p


def _rate(fps: float) -> float:
    if not is_finite_positive(fps):
        raise InvalidInputError(Message("The frame rate must be above 0 (it is {fps})", fps=fps))
    return float(fps)


def velocities(positions: object, fps: float) -> np.ndarray:
    """Per-frame velocity (N x D, cm/s): central differences, one-sided at the ends."""
    return np.gradient(_samples(positions), 1.0 / _rate(fps), axis=0)


def speeds(positions: object, fps: float) -> np.ndarray:
    return np.linalg.norm(velocities(positions, fps), axis=1)


def accelerations(positions: object, fps: float) -> np.ndarray:
    """Per-frame acceleration length (cm/s²): the velocity's central difference, one-sided at the ends."""
    return np.linalg.norm(np.gradient(velocities(positions, fps), 1.0 / _rate(fps), axis=0), axis=1)


def travelled(positions: object) -> np.ndarray:
    """Per-frame path length from the first frame (cm): 0 at the first frame, never decreasing."""
    steps = np.linalg.norm(np.diff(_samples(positions), axis=0), axis=1)
    return np.concatenate([[0.0], np.cumsum(steps)])


def duration(frame_count: int, fps: float) -> float:
    """Seconds from the first to the last of ``frame_count`` frames."""
    return (int(frame_count) - 1) / _rate(fps)


def _read_only_fields(result: object, *names: str) -> None:
    """A frozen result's arrays made read-only views: frozen all the way down (core/frozen.py)."""
    for name in names:
        object.__setattr__(result, name, read_only(getattr(result, name)))


@dataclass(frozen=True)
class MotionCurves:
    """Per-frame distance (cm), speed (cm/s) and acceleration (cm/s²) of one sampled point."""

    distance: np.ndarray
    speed: np.ndarray
    acceleration: np.ndarray
    fps: float

    def __post_init__(self) -> None:
        _read_only_fields(self, "distance", "speed", "acceleration")

    def summary(self) -> MotionSummary:
        """Every Motion value (``core.motion_values``), keyed as the batch report writes them."""
        return summarize(self)

    def calibrated(self, scale: float) -> MotionCurves:
        if not is_finite_positive(scale):
            raise InvalidInputError(Message("A calibration scale must be above 0 (it is {scale})", scale=scale))
        return MotionCurves(self.distance / scale, self.speed / scale, self.acceleration / scale, self.fps)


def motion_curves(positions: object, fps: float) -> MotionCurves:
    p = _samples(positions)
    return MotionCurves(travelled(p), speeds(p, fps), accelerations(p, fps), _rate(fps))


def still(frame_count: int, fps: float) -> MotionCurves:
    """The curves of a point that does not move: zeros."""
    zeros = np.zeros(int(frame_count))
    return MotionCurves(zeros, zeros.copy(), zeros.copy(), _rate(fps))


def is_in_place(positions: object, tolerance: float = IN_PLACE_CM) -> bool:
    """True when no frame is farther than ``tolerance`` (cm) from the first frame's position."""
    p = _samples(positions)
    return bool(np.linalg.norm(p - p[0], axis=1).max() <= tolerance)


def actor_curves(ground_xy: object, fps: float, tolerance: float = IN_PLACE_CM) -> tuple[MotionCurves, bool]:
    """The actor motion of a ground reference's horizontal track (N x 2, cm): its curves and whether
    it is in place within ``tolerance`` cm (then every curve is 0: an in-place clip has no actor motion)."""
    p = _samples(ground_xy, "ground reference")
    if is_in_place(p, tolerance):
        return still(len(p), fps), True
    return motion_curves(p, fps), False


def resolve_motion_scale(scales: MotionMeasurementScales, basis: MotionMeasurementBasis | str,
                         calibration_enabled: bool = True) -> tuple[bool, float]:
    """The scale calibrated values are divided by: ``try_resolve_scale(basis)`` of the measurement
    scales, ``(False, 0.0)`` when the basis cannot resolve (the spec's resolution failure), and
    ``(True, 1.0)`` with Enable Automatic Calibration off (nothing is calibrated then)."""
    if not calibration_enabled:
        return True, 1.0
    return scales.try_resolve_scale(basis)


def contact_thresholds(speed: float, height: float, locomotion_scale: float) -> tuple[float, float]:
    """(speed cm/s, height cm) for this character: the thresholds authored at the reference character,
    character-relative through ``resolve_spatial_distance`` with its locomotion scale."""
    def follow(authored: float) -> float:
        return resolve_spatial_distance(SpatialCalibrationMode.CHARACTER_RELATIVE, authored, 0.0, locomotion_scale,
                                        0.0)

    return follow(speed), follow(height)


@dataclass(frozen=True)
class FootContacts:
    """One foot over N frames: its lowest point (N x 3, cm), that point's speed (cm/s) and height above
    the ground (cm: under the foot, or the ground reference), and whether it is in contact (both under
    their thresholds)."""

    point: np.ndarray
    speed: np.ndarray
    height: np.ndarray
    contact: np.ndarray  # bool

    def __post_init__(self) -> None:
        _read_only_fields(self, "point", "speed", "height", "contact")

    def frames(self, first_frame: int) -> list[int]:
        """The contact frames as scene frame numbers, the first sample being ``first_frame``."""
        return [first_frame + int(i) for i in np.flatnonzero(self.contact)]


def foot_contacts(heads: object, ends: object, reference_heights: object, fps: float, speed_threshold: float,
                  height_threshold: float) -> FootContacts:
    """Contacts of a foot bone from its head and end joint positions (N x 3 each, world cm) and the
    height (N, world cm) of the ground it stands on per frame (under it, or the ground reference).
    The foot point is the lower of the two; its speed is the speed of that point (the head's or the
    end's, each by central differences)."""
    head, tail = _samples(heads, "foot head"), _samples(ends, "foot end")
    reference = _samples(reference_heights, "ground reference")[:, 0]
    if head.shape != tail.shape or head.shape[1] != 3 or len(reference) != len(head):
        raise InvalidInputError(Message("Foot head, end and ground reference need the same frames"))
    lower_tail = tail[:, 2] < head[:, 2]
    point = np.where(lower_tail[:, None], tail, head)
    speed = np.where(lower_tail, speeds(tail, fps), speeds(head, fps))
    height = point[:, 2] - reference
    return FootContacts(point, speed, height, (speed < speed_threshold) & (height < height_threshold))


@dataclass(frozen=True)
class DistanceCurve:
    values: np.ndarray  # cm: negative before the stop point, 0 there, positive after
    stop_index: int  # index of the stop point's frame among the samples

    def __post_init__(self) -> None:
        _read_only_fields(self, "values")


def distance_curve(ground_xy: object, fps: float, stop_speed: float = STOP_SPEED) -> DistanceCurve:
    """Unreal's Distance Curve (see the module docstring) of a horizontal track (N x 2, cm)."""
    p = _samples(ground_xy, "ground reference")
    speed = speeds(p, fps)
    threshold = float(stop_speed)
    if math.isnan(threshold):
        raise InvalidInputError(Message("The stop speed is not a number"))
    slow = np.flatnonzero(speed < threshold)
    stop = int(slow[np.argmin(speed[slow])]) if len(slow) else 0  # argmin: the first of equal minima
    to_stop = np.linalg.norm(p - p[stop], axis=1)
    values = np.where(np.arange(len(p)) < stop, -to_stop, to_stop) + 0.0
    return DistanceCurve(values, stop)


def frame_runs(frames: list[int]) -> list[tuple[int, int]]:
    """Consecutive frame numbers as (first, last) runs: [1, 2, 3, 7] -> [(1, 3), (7, 7)]."""
    runs: list[tuple[int, int]] = []
    for frame in sorted(frames):
        if runs and frame == runs[-1][1] + 1:
            runs[-1] = (runs[-1][0], frame)
        else:
            runs.append((frame, frame))
    return runs
