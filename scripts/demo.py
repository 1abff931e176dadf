"""The headless demo: print the resolved calibration for the default settings.

    python3 tasks.py demo
"""

from __future__ import annotations

import json
import sys
from dataclasses import asdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from overanim_addon.core import (
    CalibrationSettings,
    ResolvedCharacterProportions,
    build_measurement_scales,
)


def main() -> int:
    calibration = CalibrationSettings()
    height = calibration.reference_character_height
    scale = calibration.resolve_character_scale(height)
    character = ResolvedCharacterProportions(
        character_height_cs=height, character_height_ws=height, character_scale_cs=scale, character_scale_ws=scale
    )
    scales = build_measurement_scales(calibration, character, None, world_space=True)
    print(json.dumps({"calibration": calibration.as_dict(), "measurement_scales": asdict(scales)}, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
