"""The batch's bpy-free tests: scripts/batch is imported as ``batch``, as the scripts do."""

import sys
from pathlib import Path

SCRIPTS = str(Path(__file__).resolve().parents[2] / "scripts")
if SCRIPTS not in sys.path:
    sys.path.insert(0, SCRIPTS)
