"""What Analyze Motion writes, by name: the action's summary properties (``SUMMARY``; per Region
``OverAnim_Motion_Region_<Key>_*``), the armature's per-frame curves (``CURVES``) and their NLA track.
Every other Motion module and the panel spell the names through here."""

from __future__ import annotations

from ...core.motion_values import REGION_VALUES
from ...core.naming import MAX_NAME_BYTES, utf8_length
from ..shared import names

PREFIX = f"{names.PREFIX}Motion_"
REGION_PREFIX = f"{PREFIX}Region_"
TRACK = "OverAnim_Motion"  # the curves' action and NLA track
# the action's summary (suffix: unit, what it is) besides the Motion values (core.motion_values, each
# with a ...Calibrated twin)
SUMMARY = {
    "FrameStart": ("", "First frame analysed"), "FrameEnd": ("", "Last frame analysed"),
    "Duration": ("s", "Time from the first to the last frame"),
    "Scale": ("", "The actor's scale the calibrated values are divided by (0: its basis cannot resolve)"),
    "InPlace": ("", "1 when the ground reference does not travel"),
    "LeftContactFrames": ("", "Frames the left foot is planted"),
    "RightContactFrames": ("", "Frames the right foot is planted"),
}
REGION_SCALE = "the scale its calibrated values are divided by (0: its basis cannot resolve)"
CALIBRATED = "Calibrated"
# the longest Region property name around its key: Blender keeps 63 bytes of a property name
REGION_KEY_BYTES = MAX_NAME_BYTES - max(utf8_length(f"{REGION_PREFIX}_{value.name}{CALIBRATED}")
                                        for value in REGION_VALUES)
# the per-frame curves on the armature object (suffix: unit, what it is)
CURVES = {
    "Distance": ("cm", "Distance curve (Distance Matching): horizontal distance to the stop point, negative before it"),
    "DistanceCalibrated": ("cm", "Distance curve divided by the actor's scale"),
    "Speed": ("cm/s", "The actor's horizontal speed"),
    "SpeedCalibrated": ("cm/s", "The actor's horizontal speed divided by its scale"),
    "LeftFootSpeed": ("cm/s", "Speed of the left foot's lowest joint"),
    "RightFootSpeed": ("cm/s", "Speed of the right foot's lowest joint"),
    "LeftFootContact": ("0/1", "1 while the left foot is planted"),
    "RightFootContact": ("0/1", "1 while the right foot is planted"),
}
COMPUTED = "Computed by OverAnim (Analyze Motion)"
SIDES = ("Left", "Right")


def summary_name(suffix: str) -> str:
    return f"{PREFIX}{suffix}"


def curve_name(suffix: str) -> str:
    return f"{PREFIX}{suffix}"


def region_summary_name(key: str, suffix: str) -> str:
    return f"{REGION_PREFIX}{key}_{suffix}"


def fits(key: str) -> bool:
    """A Region key short enough for every motion property name of its Region."""
    return utf8_length(key) <= REGION_KEY_BYTES
