"""Transfer in bulk (issue 34 item 7): scripts/overanim_batch.py with ``--steps transfer --clips``,
a folder of clips (CMU motion capture) onto a library of characters (the sample, a Mixamo-shaped
rig), its report validated against the schema, the results in the files it wrote."""

from __future__ import annotations

import bpy

from ...batch_support import load_report, run_batch
from ..transfer_scenes import clips_and_characters


def test_a_folder_of_clips_onto_a_library_of_characters(addon, tmp_path):
    library, clips, out = clips_and_characters(tmp_path, 240)

    done = run_batch(library, "--steps", "transfer", "--all-armatures", "--clips", clips, "--output-dir", out,
                     "--report", tmp_path / "report.json")
    assert done.returncode == 0, done.stderr + done.stdout
    report = load_report(tmp_path / "report.json")  # validated against schemas/overanim-batch-2.schema.json
    entries = {a["armature"]: a["steps"]["transfer"] for f in report["files"] for a in f["armatures"]}
    assert set(entries) == {"Hero", "Armature"}, entries
    for armature, entry in entries.items():
        (clip,) = entry["clips"]
        assert clip["ok"] and clip["clip"] == "01_01_240.bvh" and clip["retargeted"], clip
        assert min(clip["quality"]["within_18_deg"].values()) >= 0.95, (armature, clip)
        assert max(clip["quality"]["slide_cm"].values()) <= 1.0, (armature, clip)
    bpy.ops.wm.open_mainfile(filepath=str(out / "hero.blend"))
    hero = bpy.data.objects["Hero"]
    assert hero.animation_data.action.name == f"01_01_240_{hero.name}"
    assert "01_01_240" not in bpy.data.objects  # the clip's armature came in and went
    bpy.ops.wm.read_homefile(use_empty=True)
