"""Run OverAnim on many .blend files, headless, with a JSON report and honest exit codes.

    blender --background --factory-startup --python scripts/overanim_batch.py -- a.blend b.blend --report r.json
    python scripts/overanim_batch.py a.blend b.blend --report r.json [--save]

For each file and each armature with OverAnim Regions (or every armature with --all-armatures):
checks, measure, paint, LOD coverage, compose. --save writes the results back into each file.
Exit codes: 0 every step of every file succeeded; 1 some step failed (an error finding, a LOD
coverage error...); 2 a file could not be opened or the arguments are wrong.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _bootstrap import ensure_registered, script_args


def main(args: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="overanim_batch", description=__doc__.split("\n\n")[0])
    parser.add_argument("files", nargs="+", type=Path)
    parser.add_argument("--report", type=Path, required=True, help="where to write the JSON report")
    parser.add_argument("--save", action="store_true", help="save the results into each .blend")
    parser.add_argument("--all-armatures", action="store_true", help="also armatures without Regions")
    try:
        options = parser.parse_args(args)
    except SystemExit as exit_:
        return 2 if exit_.code else 0

    import bpy

    cleanup = ensure_registered()
    from overanim_addon.blender.pipeline import leave_edit_mode, process_armature

    report: dict = {"files": [], "ok": True}
    code = 0
    try:
        for path in options.files:
            entry: dict = {"file": str(path), "armatures": []}
            report["files"].append(entry)
            try:
                bpy.ops.wm.open_mainfile(filepath=str(path), load_ui=False)
            except RuntimeError as error:
                entry["error"] = f"could not open: {str(error).strip()}"
                code = 2
                continue
            left = leave_edit_mode(bpy.context.scene)
            if left:
                entry["notes"] = [f"saved in Edit Mode, switched to Object Mode: {', '.join(left)}"]
            armatures = [o for o in bpy.context.scene.objects if o.type == "ARMATURE"
                         and (options.all_armatures or len(o.overanim.regions) > 0)]
            if not armatures:
                entry["warning"] = "no armature with OverAnim Regions"
            for armature in armatures:
                result = process_armature(armature)
                entry["armatures"].append(result)
                if not result["ok"]:
                    code = max(code, 1)
            if options.save:
                bpy.ops.wm.save_mainfile()
    finally:
        report["ok"] = code == 0
        options.report.parent.mkdir(parents=True, exist_ok=True)
        options.report.write_text(json.dumps(report, indent=2, default=str))
        cleanup()
    failed = sum(1 for f in report["files"] for a in f["armatures"] if not a["ok"])
    print(f"overanim_batch: {len(options.files)} files, {failed} armatures with failures, exit {code}")
    return code


if __name__ == "__main__":
    sys.exit(main(script_args()))
