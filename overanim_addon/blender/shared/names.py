"""The names OverAnim writes on the artist's data, where more than one feature reads them. Every
one starts with ``PREFIX``, by which the features tell the add-on's own custom properties,
attributes and groups from the artist's; Measure's results that other features read (Foot IK,
Motion, Transfer, the ground reference) are named here once, so a rename cannot leave one behind.
Each feature derives the rest of its names from ``PREFIX`` itself (``measure/results.py`` lists
Measure's)."""

from __future__ import annotations

PREFIX = "OverAnim_"
ROOT_BONE = f"{PREFIX}LocomotionRootBone"  # the bone Measure measured locomotion height from
CHARACTER_HEIGHT_CS = f"{PREFIX}CharacterHeightCS"  # cm; present once the rig is measured
CHARACTER_HEIGHT_WS = f"{PREFIX}CharacterHeightWS"
GROUND_PROBE_SCALE_WS = f"{PREFIX}GroundProbeScaleWS"
