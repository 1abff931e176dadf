"""Benchmark: baking foot IK over 1,000 frames of the sample walk on uneven ground.

    .venv/bin/python benchmarks/benchmark_foot_ik.py [--frames 1000] [--repeat 5] [--legs ik|fk]

The sample character (with its IK foot bones; with ``--legs fk`` its IK fields emptied, so the bake
solves its legs as Two Bone IK and keys their FK rotations, as on Mixamo and BVH rigs) walks over
generated steps and slopes for ``--frames`` frames; it is measured once first, so no bake includes
a measurement. Each run steps through the same frames with ``scene.frame_set`` only (the baseline:
what any bake must pay to pose the rig), then bakes them. Printed, measured in this run on this
machine (medians, with the range):
- the baseline;
- the bake's own work (BakeSession: ground BVH, per-frame probe and key values, writing the action
  and the NLA track), and of that the set-up (ground BVH) and the writing;
- the same bake through bpy.ops (adds the operator's undo push and Blender's re-evaluation);
- per frame, what two ``scene.ray_cast`` calls would cost instead of the BVH (measured on a few frames);
and each bake time as a ratio to the baseline of the same run (target: at most 1.5x). Not a test:
speed is stated, never asserted.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from typing import Any, cast

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # the checkout
from benchmarks.timing import Timing, ratio, session_runs, target_line
from overanim_headless.session import ensure_registered, script_args

TARGET = 1.5


def build(frames: int):
    import bpy

    from overanim_addon.blender.measure.engine import MeasureOptions, measure_proportions
    from overanim_addon.blender.sample.build import build_sample_character
    from overanim_addon.blender.sample.walk import add_sample_walk

    bpy.ops.wm.read_homefile(use_empty=True)
    rig = build_sample_character(bpy.context)
    add_sample_walk(bpy.context, rig, frames=frames)
    measure_proportions(bpy.context, rig, MeasureOptions())
    return rig


def ray_cast_per_frame(rig, frames: int) -> float:
    """Seconds per frame that two scene.ray_cast calls add to a frame_set (the BVH's alternative)."""
    import bpy
    from mathutils import Vector

    from overanim_addon.blender.shared.typed import pose_of, scene_of

    scene = scene_of(bpy.context)
    feet = [pose_of(rig).bones[name] for name in ("foot_l", "foot_r")]

    def loop(cast: bool) -> float:
        start = time.perf_counter()
        for frame in range(1, frames + 1):
            scene.frame_set(frame)
            if cast:
                depsgraph = bpy.context.evaluated_depsgraph_get()
                for foot in feet:
                    head = rig.matrix_world @ foot.head
                    scene.ray_cast(depsgraph, Vector((head.x, head.y, 0.45)), Vector((0, 0, -1)), distance=1.0)
        return time.perf_counter() - start

    return (loop(True) - loop(False)) / frames


def main(args: list[str]) -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--frames", type=int, default=1000, help="frames of the walk to bake")
    parser.add_argument("--repeat", type=int, default=5, help="runs per figure")
    parser.add_argument("--legs", choices=("ik", "fk"), default="ik",
                        help="bake onto the sample's IK foot bones, or solve its FK legs (IK fields emptied)")
    parser.add_argument("--ray-cast-frames", type=int, default=30, help="frames to time scene.ray_cast on")
    options = parser.parse_args(args)

    import bpy

    cleanup = ensure_registered()
    try:
        from overanim_addon.blender.foot_ik.bake import BakeSession
        from overanim_addon.blender.shared.object_data import overanim
        from overanim_addon.blender.shared.typed import scene_of, temp_override

        rig = build(options.frames)
        scene, settings = scene_of(bpy.context), overanim(rig).foot_ik
        if options.legs == "fk":
            settings.left_ik_target = settings.right_ik_target = ""
        frames = range(1, options.frames + 1)

        def step_frames() -> None:
            for frame in frames:
                scene.frame_set(frame)

        def operator() -> None:
            with temp_override(bpy.context, active_object=rig, object=rig):
                cast(Any, bpy.ops).overanim.bake_foot_ik()

        runs = session_runs(step_frames, lambda: BakeSession(bpy.context, rig, settings, frames[0], frames[-1]),
                            operator, options.repeat)
        ray_cast = ray_cast_per_frame(rig, options.ray_cast_frames)
        ground = runs.session.ground.triangle_count
    finally:
        cleanup()

    legs = "its IK foot bones" if options.legs == "ik" else "its FK legs solved (Two Bone IK)"
    print(f"Foot IK bake benchmark: {options.frames} frames of the sample walk over {ground} ground triangles, {legs}, "
          f"Blender {bpy.app.version_string}, median of {options.repeat} runs (range)")
    print(f"  scene.frame_set only (baseline)          {Timing(runs.base)}")
    print(f"  bake, own work                           {Timing(runs.own)}  {ratio(runs.own, runs.base)}")
    print(f"    of which the set-up (ground BVH)       {Timing(runs.setup)}")
    print(f"    of which writing the action and track  {Timing(runs.write)}")
    print(f"  bake via bpy.ops                         {Timing(runs.ops)}  {ratio(runs.ops, runs.base)}")
    print(f"  two scene.ray_cast per frame instead     {ray_cast * 1000.0:9.2f} ms per frame "
          f"({ray_cast * options.frames:.1f} s for {options.frames} frames)")
    print(target_line(runs, TARGET))
    return 0


if __name__ == "__main__":
    sys.exit(main(script_args()))
