"""Run OverAnim on a character library, headless: .blend files and folders, parallel workers, safe
saves, a versioned JSON report (docs/batch-report.md), honest exit codes.

    python scripts/overanim_batch.py LIBRARY/ --report r.json [--jobs 2] [--save | --output-dir OUT]
    blender --background --factory-startup --python scripts/overanim_batch.py -- LIBRARY/ --report r.json
    python scripts/overanim_batch.py merge part1.json part2.json --report all.json

This process never imports bpy: it checks the arguments, then starts workers (this Python with its
bpy module, or Blender binaries when started from Blender or with --blender) that each handle many
files. ``--help`` lists every option; exit codes: 0 all ok, 1 a step failed, 2 a file could not be
opened or bad usage, 130 interrupted.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # the checkout: its overanim_headless package

from overanim_headless.cli import main
from overanim_headless.session import script_args

if __name__ == "__main__":
    sys.exit(main(script_args()))
