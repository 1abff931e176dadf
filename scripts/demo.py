"""The headless demo: build the sample character, measure it, paint its Region masks, check LOD
coverage, compose its Region deltas, bake its walk's foot IK over a generated step and slope, save
out/demo.blend and out/report.json, print a summary.

    python3 tasks.py demo                                   # bpy module in .venv
    blender --background --factory-startup --python scripts/demo.py   # a real Blender
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _bootstrap import ROOT, ensure_registered, script_args


def main(args: list[str]) -> int:
    import bpy

    out = Path(args[0]) if args else ROOT / "out"
    out.mkdir(parents=True, exist_ok=True)
    cleanup = ensure_registered()
    try:
        from overanim_addon.blender.foot_ik.bake import baked_values
        from overanim_addon.blender.pipeline import process_armature, rounded
        from overanim_addon.blender.sample.build import add_sample_deltas, build_sample_character
        from overanim_addon.blender.sample.walk import add_sample_walk

        bpy.ops.wm.read_homefile(use_empty=True)
        armature = build_sample_character(bpy.context)
        add_sample_deltas(armature)
        add_sample_walk(bpy.context, armature)
        report = process_armature(armature)
        footik = report["steps"].get("footik", {})
        if footik.get("ok") and "frames" in footik:
            baked = baked_values(armature)
            footik["offsets_cm"] = {"frame": [int(f) for f in baked["BodyOffset"][:, 0]],
                                    **{name: [rounded(v, 2) for v in baked[key][:, 1]]
                                       for name, key in (("body", "BodyOffset"), ("left", "LeftOffset"),
                                                         ("right", "RightOffset"))}}
        bpy.ops.wm.save_as_mainfile(filepath=str(out / "demo.blend"))
        (out / "report.json").write_text(json.dumps(report, indent=2, default=str))
    finally:
        cleanup()

    props = report["steps"]["measure"]["properties"]
    print(f"OverAnim demo: '{report['armature']}'")
    print(f"  height {props.get('OverAnim_CharacterHeightCS', 0):.1f} cm  "
          f"scale {props.get('OverAnim_CharacterScaleCS', 0):.3f}  "
          f"locomotion {props.get('OverAnim_LocomotionHeightCS', 0):.1f} cm from "
          f"'{props.get('OverAnim_LocomotionRootBone', '?')}'")
    for step, result in report["steps"].items():
        print(f"  {step:13s} {'ok' if result['ok'] else 'FAILED: ' + result['error']}")
    footik = report["steps"].get("footik", {})
    if "per_frame" in footik:
        body, pitch = footik["per_frame"]["BodyOffset"], footik["per_frame"]["LeftPitch"]
        print(f"  foot IK: frames {footik['frames'][0]}-{footik['frames'][1]}, body offset "
              f"{body['min']:+.1f} to {body['max']:+.1f} cm, left pitch up to {pitch['max']:.1f}°")
    print(f"  wrote {out / 'demo.blend'} and {out / 'report.json'}")
    return 0 if report["ok"] else 1


if __name__ == "__main__":
    sys.exit(main(script_args()))
