"""Benchmark: Transfer Action onto a generated Rigify rig (its controls keyed in passes over the
evaluated rig) against onto Rigify's metarig (keyed once), the sample's walk as the clip.

    .venv/bin/python benchmarks/benchmark_transfer_rigify.py [--frames 96] [--repeat 3]

Each run times, interleaved, in this run on this machine (medians, with the range):
- stepping the scene through the clip's frames once with the generated rig playing a clip of its
  own (the baseline: one evaluation of the rig at every frame, what each pass costs);
- ``transfer_action`` onto the metarig;
- ``transfer_action`` onto the generated rig;
and each as a ratio to the baseline of the same run. Each result is removed before the next run.
Not a test: speed is stated, never asserted.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from typing import Any, cast

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # the checkout
from benchmarks.timing import Timing, ratio
from overanim_headless.session import ensure_registered, script_args


def main(args: list[str]) -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--frames", type=int, default=96, help="frames of the sample's walk")
    parser.add_argument("--repeat", type=int, default=3, help="runs per figure")
    options = parser.parse_args(args)

    import bpy

    cleanup = ensure_registered()
    import addon_utils  # after bpy: the bpy module puts Blender's scripts on the path

    addon_utils.enable("rigify", default_set=True)
    try:
        from overanim_addon.blender.sample.build import build_sample_character
        from overanim_addon.blender.sample.walk import add_sample_walk
        from overanim_addon.blender.shared.typed import scene_of
        from overanim_addon.blender.transfer.engine import TransferOptions, transfer_action

        bpy.ops.wm.read_homefile(use_empty=True)
        sample = build_sample_character(bpy.context, "Sample")
        add_sample_walk(bpy.context, sample, options.frames)
        ops = cast(Any, bpy.ops)  # Rigify's operators are not in the stubs
        ops.object.select_all(action="DESELECT")
        ops.object.armature_basic_human_metarig_add()
        metarig: Any = cast(Any, bpy.context).view_layer.objects.active
        metarig.location.x = 2.0
        ops.pose.rigify_generate()
        rig: Any = metarig.data.rigify_target_rig
        rig.location.x = 4.0
        scene = scene_of(bpy.context)

        def transfer(target: Any) -> float:
            start = time.perf_counter()
            result = transfer_action(bpy.context, target, TransferOptions(source=sample))
            took = time.perf_counter() - start
            bpy.data.actions.remove(result.action)
            return took

        transfer(rig)  # measures both (written once) and leaves the rig an action: not timed
        playing = bpy.data.actions.new("Playing")
        rig.animation_data.action = playing
        rig.pose.bones["torso"].keyframe_insert("location", frame=1)

        def step() -> float:
            start = time.perf_counter()
            for frame in range(1, options.frames + 1):
                scene.frame_set(frame)
            return time.perf_counter() - start

        runs: dict[str, list[float]] = {"step": [], "metarig": [], "generated": []}
        for _ in range(options.repeat):
            rig.animation_data.action = playing
            runs["step"].append(step())
            runs["metarig"].append(transfer(metarig))
            runs["generated"].append(transfer(rig))
    finally:
        bpy.ops.wm.read_homefile(use_empty=True)
        addon_utils.disable("rigify", default_set=True)
        cleanup()

    print(f"bpy {bpy.app.version_string}, the sample's walk, {options.frames} frames, {options.repeat} runs")
    print(f"  stepping the generated rig through the frames (baseline) {Timing(runs['step'])}")
    for name, label in (("metarig", "onto the metarig"), ("generated", "onto the generated rig")):
        print(f"  transfer {label:24s} {Timing(runs[name])}  {ratio(runs[name], runs['step'])}")
    return 0


if __name__ == "__main__":
    sys.exit(main(script_args()))
