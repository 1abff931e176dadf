"""Whether a character's size is a human's, and which unit its numbers were meant in when it is not.

A rig far outside a human's height is most often a file read in the wrong unit: centimetres as
metres (100x), inches as metres (a Biovision BVH at the importer's scale 1: 39.4x), CMU's motion
capture, whose BVH files count in units of 1/0.45 inch (17.7x), or feet. ``matching_unit_scale``
picks, among the Unit Scales that read the numbers in one of those units (metres per unit), the one
that brings the character nearest to the reference height.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

# a toddler to a character twice a tall adult's size (an ogre); a file read in the wrong unit puts a
# human far outside it (cm read as inches: 4.6 m; CMU's units: 32 m; inches: 72 m; cm as m: 180 m)
HUMAN_HEIGHT_CM = (50.0, 400.0)
INCH, FOOT = 0.0254, 0.3048
CMU_UNIT = INCH / 0.45  # CMU's ASF/BVH length unit: "length 0.45", i.e. 1/0.45 inch
POWERS_OF_TEN = range(-6, 7)


@dataclass(frozen=True)
class UnitScale:
    scale_length: float  # metres per Blender unit
    unit: str  # "power of ten", "inch", "foot" or "cmu"


def is_human_height(height_cm: float) -> bool:
    low, high = HUMAN_HEIGHT_CM
    return low <= height_cm <= high


def candidates() -> list[UnitScale]:
    return [*(UnitScale(10.0 ** k, "power of ten") for k in POWERS_OF_TEN),
            UnitScale(INCH, "inch"), UnitScale(FOOT, "foot"), UnitScale(CMU_UNIT, "cmu")]


def matching_unit_scale(size_in_units: float, reference_cm: float = 180.0) -> UnitScale | None:
    """The Unit Scale among ``candidates`` that makes ``size_in_units`` Blender units nearest to
    ``reference_cm`` (by ratio); None for a size that is not a positive number."""
    if not (math.isfinite(size_in_units) and size_in_units > 0.0 and math.isfinite(reference_cm)
            and reference_cm > 0.0):
        return None
    return min(candidates(), key=lambda c: abs(math.log(size_in_units * c.scale_length * 100.0 / reference_cm)))
