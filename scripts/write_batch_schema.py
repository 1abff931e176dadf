"""Write the part of the batch report schema that the add-on describes: ``$defs.motionValues`` from the
Motion values (overanim_addon/core/motion_values.py). Run it after adding a Motion value:

    .venv/bin/python scripts/write_batch_schema.py      # rewrites the schema file of overanim_headless/report.py

The rest of the file is left as it is, byte for byte (tests/core/test_motion_values.py checks the two agree).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
from overanim_headless.report import SCHEMA_FILE  # noqa: E402  (bpy-free)

SCHEMA = ROOT / SCHEMA_FILE
KEY = '    "motionValues": {'


def block(definition: dict[str, object]) -> str:
    """``definition`` as the file writes its definitions: a key a line, ``properties`` a property a line."""
    lines = []
    for name, value in definition.items():
        if name == "properties" and isinstance(value, dict):
            rows = [f'        "{key}": {json.dumps(row, ensure_ascii=False)}' for key, row in value.items()]
            lines.append('      "properties": {\n' + ",\n".join(rows) + "\n      }")
        else:
            lines.append(f'      "{name}": {json.dumps(value, ensure_ascii=False)}')
    return KEY + "\n" + ",\n".join(lines) + "\n    }"


def rewritten(text: str, definition: dict[str, object]) -> str:
    """``text`` (the schema file) with its motionValues definition replaced by ``definition``."""
    start = text.index(KEY)
    depth, end = 0, start + len(KEY) - 1
    for end in range(start + len(KEY) - 1, len(text)):  # the brace that closes the definition
        depth += {"{": 1, "}": -1}.get(text[end], 0)
        if depth == 0:
            break
    return text[:start] + block(definition) + text[end + 1:]


def main() -> int:
    sys.path.insert(0, str(ROOT))
    from overanim_addon.core.motion_values import schema

    text = SCHEMA.read_text(encoding="utf-8")
    new = rewritten(text, schema())
    json.loads(new)  # still JSON
    if new != text:
        SCHEMA.write_text(new, encoding="utf-8")
        print(f"wrote {SCHEMA.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
