"""Benchmark: Analyze Motion over 1,000 frames of the sample walk, its 5 Regions and both feet.

    .venv/bin/python benchmarks/benchmark_motion.py [--frames 1000] [--repeat 5] [--ground none|terrain|dense]

The sample character walks ``--frames`` frames; it is measured once first, so no analysis includes
the first measurement (each still reads the rig's current proportions, as Analyze Motion does). With
``--ground`` the walk goes over ground, so the contacts cast a ray per foot per frame: ``terrain``, the
sample's steps and slopes; ``dense``, a 250,000-face grid (a tree of its own, built in C). Each
run steps through the same frames with ``scene.frame_set`` only (the baseline: what any analysis must
pay to pose the rig), then analyses them. Printed, measured in this run on this machine (medians,
with the range):
- the baseline;
- the analysis' own work (MotionSession: checks and the proportions, per-frame bulk reads of the
  followed bones, the core's maths, writing the summary, the curves' action and the NLA track), and
  of that the set-up and the writing;
- the same analysis through bpy.ops (adds the operator's undo push);
and each analysis time as a ratio to the baseline of the same run (target: at most 1.5x). Not a test:
speed is stated, never asserted.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any, cast

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # the checkout
from benchmarks.timing import Timing, ratio, session_runs, target_line
from overanim_headless.session import ensure_registered, script_args

TARGET = 1.5


def build(frames: int, ground: str = "none"):
    import bpy

    from overanim_addon.blender.measure.engine import MeasureOptions, measure_proportions
    from overanim_addon.blender.sample.build import build_sample_character
    from overanim_addon.blender.sample.walk import add_foot_ik_bones, add_sample_walk, add_walk
    from overanim_addon.blender.shared.typed import scene_of

    bpy.ops.wm.read_homefile(use_empty=True)
    rig = build_sample_character(bpy.context)
    if ground == "terrain":
        add_sample_walk(bpy.context, rig, frames)
    else:
        add_foot_ik_bones(rig)
        add_walk(rig, frames)
        scene_of(bpy.context).frame_start, scene_of(bpy.context).frame_end = 1, frames
    if ground == "dense":  # 500 x 500 faces over the whole walk (it goes along -Y at 1.4 m/s)
        context = cast(Any, bpy.context)  # an operator just ran: its object and view layer are set
        bpy.ops.mesh.primitive_grid_add(x_subdivisions=501, y_subdivisions=501, size=1.0)
        grid = context.active_object
        grid.scale, grid.location = (10.0, 1.5 * frames / 24.0 + 2.0, 1.0), (0.0, -0.75 * frames / 24.0, 0.0)
        context.view_layer.objects.active = rig
    measure_proportions(bpy.context, rig, MeasureOptions())
    return rig


def main(args: list[str]) -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--frames", type=int, default=1000, help="frames of the walk to analyse")
    parser.add_argument("--repeat", type=int, default=5, help="runs per figure")
    parser.add_argument("--ground", choices=("none", "terrain", "dense"), default="none",
                        help="what the walk goes over (none: no ground, the contacts' heights above the root)")
    options = parser.parse_args(args)

    import bpy

    cleanup = ensure_registered()
    try:
        from overanim_addon.blender.motion.engine import MotionOptions, MotionSession
        from overanim_addon.blender.shared.object_data import overanim
        from overanim_addon.blender.shared.typed import scene_of, temp_override

        rig = build(options.frames, options.ground)
        scene = scene_of(bpy.context)
        frames = range(1, options.frames + 1)
        range_ = MotionOptions(frames[0], frames[-1])

        def step_frames() -> None:
            for frame in frames:
                scene.frame_set(frame)

        def operator() -> None:
            with temp_override(bpy.context, active_object=rig, object=rig):
                cast(Any, bpy.ops).overanim.analyze_motion(frame_start=frames[0], frame_end=frames[-1])

        runs = session_runs(step_frames, lambda: MotionSession(bpy.context, rig, range_), operator, options.repeat)
        regions = len(overanim(rig).regions)
    finally:
        cleanup()

    print(f"Analyze Motion benchmark: {options.frames} frames of the sample walk, {regions} Regions and both feet, "
          f"ground: {options.ground}, Blender {bpy.app.version_string}, median of {options.repeat} runs (range)")
    print(f"  scene.frame_set only (baseline)             {Timing(runs.base)}")
    print(f"  analysis, own work                          {Timing(runs.own)}  {ratio(runs.own, runs.base)}")
    print(f"    of which the set-up (checks, proportions) {Timing(runs.setup)}")
    print(f"    of which computing and writing            {Timing(runs.write)}")
    print(f"  analysis via bpy.ops                        {Timing(runs.ops)}  {ratio(runs.ops, runs.base)}")
    print(target_line(runs, TARGET))
    return 0


if __name__ == "__main__":
    sys.exit(main(script_args()))
