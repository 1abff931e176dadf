"""Benchmark: how Paint, the LOD check and Measure grow with the number of Regions.

    .venv/bin/python benchmarks/benchmark_regions.py [--vertices 2000] [--bones 400] [--bones-per-region 1]
                                                 [--regions 25 50 100 200] [--repeat 5]

One rig for every count: ``--bones`` deforming bones and a ~2,000-vertex mesh whose every vertex
is weighted to two of them; Region i covers the next ``--bones-per-region`` bones (its own Bone
Collection), so only the number of Regions changes from one count to the next. Each operator runs
through ``bpy.ops`` (so Blender's view-layer re-evaluation after it is included), median of
``--repeat`` runs. Printed per count: the times, the time per Region, and the growth against the
smallest count of the same run: a linear job keeps the time per Region flat (growth equal to the
ratio of the counts); a quadratic one doubles it with every doubling of the count.
Not a test: speed is stated, never asserted.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path
from typing import Any, cast

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # the checkout
from benchmarks.scenes import rig_in_edit_mode
from overanim_headless.session import ensure_registered, script_args

JOBS = ("paint_region_masks", "check_lod_coverage", "measure_proportions")


def build(regions: int, vertices: int, bones: int, per_region: int):
    import bpy
    import numpy as np

    from overanim_addon.blender.shared.object_data import overanim
    from overanim_addon.blender.shared.typed import mesh_data, view_layer_of

    rig, data = rig_in_edit_mode()
    pelvis = data.edit_bones.new("pelvis")
    pelvis.head, pelvis.tail = (0, 0, 1.0), (0, 0, 1.1)
    for side in (-1, 1):
        thigh = data.edit_bones.new(f"thigh_{side}")
        thigh.head, thigh.tail, thigh.parent = (side * 0.1, 0, 1.0), (side * 0.1, 0, 0.05), pelvis
    for i in range(bones):  # a fan of bones above the pelvis
        bone = data.edit_bones.new(f"bone_{i:04d}")
        x = (i / max(bones - 1, 1) - 0.5) * 0.8
        bone.head, bone.tail, bone.parent = (x, 0, 1.1), (x, 0, 1.8), pelvis
    bpy.ops.object.mode_set(mode="OBJECT")
    for i in range(regions):
        collection = data.collections.new(f"C_{i:04d}")
        for b in range(i * per_region, (i + 1) * per_region):
            collection.assign(data.bones[f"bone_{b:04d}"])
        region = overanim(rig).regions.add()
        region.name, region.bone_collection = f"Region_{i:04d}", collection.name

    side = max(int(vertices ** 0.5), 2)
    bpy.ops.mesh.primitive_grid_add(x_subdivisions=side - 1, y_subdivisions=side - 1, size=0.8)
    body = cast(bpy.types.Object, bpy.context.active_object)  # the grid just added
    body.rotation_euler, body.location = (1.5708, 0, 0), (0, 0, 1.45)
    count = len(mesh_data(body).vertices)
    # every vertex in two groups: its own bone (vertices split evenly) and the next one, 0.7 / 0.3
    column = np.arange(count) * bones // count
    for i in range(bones):
        group = body.vertex_groups.new(name=f"bone_{i:04d}")
        group.add(np.flatnonzero(column == i).tolist(), 0.7, "REPLACE")
        group.add(np.flatnonzero((column + 1) % bones == i).tolist(), 0.3, "REPLACE")
    body.parent = rig
    cast(bpy.types.ArmatureModifier, body.modifiers.new("Armature", "ARMATURE")).object = rig
    view_layer_of(bpy.context).objects.active = rig
    return count


def run(job: str, repeat: int) -> float:
    import bpy

    operator = getattr(cast(Any, bpy.ops).overanim, job)
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        if operator() != {"FINISHED"}:
            raise RuntimeError(f"{job} did not finish")
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def main(args: list[str]) -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--vertices", type=int, default=2000)
    parser.add_argument("--bones", type=int, default=400, help="deforming bones (at least the most Regions)")
    parser.add_argument("--bones-per-region", type=int, default=1)
    parser.add_argument("--regions", type=int, nargs="+", default=[25, 50, 100, 200])
    parser.add_argument("--repeat", type=int, default=5)
    options = parser.parse_args(args)

    import bpy

    cleanup = ensure_registered()
    rows = []
    try:
        for regions in sorted(options.regions):
            per_region = options.bones_per_region
            count = build(regions, options.vertices, max(options.bones, regions * per_region), per_region)
            rows.append((regions, count, {job: run(job, options.repeat) for job in JOBS}))
    finally:
        cleanup()

    print(f"Regions benchmark: ~{options.vertices:,} vertices, {options.bones} bones, "
          f"{options.bones_per_region} per Region, "
          f"Blender {bpy.app.version_string}, median of {options.repeat} runs through bpy.ops")
    base_regions, _, base = rows[0]
    for job in JOBS:
        print(f"  {job}")
        for regions, count, times in rows:
            seconds = times[job]
            print(f"    {regions:5d} Regions ({count:,} vertices) {seconds * 1000:9.1f} ms  "
                  f"{seconds / regions * 1e6:8.0f} us per Region  growth {seconds / base[job]:6.1f}x "
                  f"for {regions / base_regions:.0f}x the Regions")
    return 0


if __name__ == "__main__":
    sys.exit(main(script_args()))
