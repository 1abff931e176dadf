"""Benchmark: painting a Region mask on a ~1,000,000-vertex skinned mesh (4-bone Region).

    .venv/bin/python scripts/benchmark_masks.py [--grid 1000]

Prints, measured in this run on this machine:
- OverAnim's paint (its own work: bulk weight read, vectorised falloff, foreach_set writes);
- the same operator through bpy.ops (adds Blender's view-layer re-evaluation after it finishes);
- a naive per-vertex Python loop doing the same job;
- Blender's Vertex Weight Edit modifier (falloff Smooth) evaluating one group on the same mesh;
and the ratios against OverAnim's own work. Not a test: speed is stated, never asserted.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _bootstrap import ensure_registered, script_args

BONES = ["upperarm", "lowerarm", "hand", "finger"]


def build(grid: int):
    import bpy
    import numpy as np

    bpy.ops.wm.read_homefile(use_empty=True)
    data = bpy.data.armatures.new("Rig")
    rig = bpy.data.objects.new("Rig", data)
    bpy.context.scene.collection.objects.link(rig)
    bpy.context.view_layer.objects.active = rig
    bpy.ops.object.mode_set(mode="EDIT")
    parent = None
    for i, name in enumerate(BONES):
        bone = data.edit_bones.new(name)
        bone.head, bone.tail = (i * 0.5 - 1.0, 0, 1), ((i + 1) * 0.5 - 1.0, 0, 1)
        bone.parent = parent
        parent = bone
    bpy.ops.object.mode_set(mode="OBJECT")
    collection = data.collections.new("Arm")
    for name in BONES:
        collection.assign(data.bones[name])
    region = rig.overanim.regions.add()
    region.name, region.bone_collection = "Arm", "Arm"

    bpy.ops.mesh.primitive_grid_add(x_subdivisions=grid - 1, y_subdivisions=grid - 1, size=2.0)
    body = bpy.context.active_object
    co = np.empty(len(body.data.vertices) * 3, np.float32)
    body.data.vertices.foreach_get("co", co)
    x = co.reshape(-1, 3)[:, 0]
    # each bone owns a quarter of the sheet, with a soft ramp: 32 weight levels keep set-up quick
    for i, name in enumerate(BONES):
        group = body.vertex_groups.new(name=name)
        centre = i * 0.5 - 0.75
        w = np.clip(1.0 - np.abs(x - centre) / 0.5, 0.0, 1.0)
        levels = np.round(w * 31).astype(int)
        for level in range(1, 32):
            group.add(np.flatnonzero(levels == level).tolist(), level / 31.0, "REPLACE")
    body.modifiers.new("Armature", "ARMATURE").object = rig
    bpy.context.view_layer.objects.active = rig
    return rig, body


def timed(fn, repeat=3):
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def naive(body, policy):
    """What a first script would do: per vertex, sum the groups, evaluate, write the colour."""
    import bpy

    indices = {body.vertex_groups[name].index for name in BONES}
    mesh = body.data
    attr = mesh.color_attributes.get("Naive") or mesh.color_attributes.new("Naive", "FLOAT_COLOR", "POINT")
    data = attr.data
    for vertex in mesh.vertices:
        weight = min(1.0, sum(g.weight for g in vertex.groups if g.group in indices))
        m = policy.evaluate(weight)
        data[vertex.index].color = (m, m, m, 1.0)
    del bpy


def modifier(body):
    """Blender's own Vertex Weight Edit (falloff Smooth) on one group, evaluated on the same mesh."""
    import bpy

    temp = bpy.data.objects.new("VWE", body.data)
    bpy.context.scene.collection.objects.link(temp)
    mod = temp.modifiers.new("VWE", "VERTEX_WEIGHT_EDIT")
    mod.vertex_group, mod.falloff_type = BONES[1], "SMOOTH"
    depsgraph = bpy.context.evaluated_depsgraph_get()

    def evaluate():
        temp.update_tag()
        depsgraph.update()
        temp.evaluated_get(depsgraph)

    evaluate()  # first evaluation builds caches: not counted
    seconds = timed(evaluate)
    bpy.data.objects.remove(temp)
    return seconds


def main(args: list[str]) -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--grid", type=int, default=1000, help="vertices per side (1000 -> 1,000,000)")
    options = parser.parse_args(args)

    import bpy

    cleanup = ensure_registered()
    try:
        from overanim_addon.blender.regions import masks
        from overanim_addon.blender.regions.properties import mask_policy

        rig, body = build(options.grid)
        count = len(body.data.vertices)
        own = timed(lambda: masks.paint(bpy.context, rig))
        total = timed(lambda: bpy.ops.overanim.paint_region_masks())
        vwe = modifier(body)
        loop = timed(lambda: naive(body, mask_policy(rig.overanim.regions[0])), repeat=1)
    finally:
        cleanup()
    print(f"Region mask benchmark: {count:,} vertices, 4-bone Region, Blender {bpy.app.version_string}")
    print(f"  OverAnim paint, own work            {own * 1000:9.1f} ms   (baseline)")
    print(f"  OverAnim paint via bpy.ops          {total * 1000:9.1f} ms   (+{(total - own) * 1000:.1f} ms view-layer "
          "re-evaluation)")
    print(f"  Vertex Weight Edit modifier (1 grp) {vwe * 1000:9.1f} ms   {vwe / own:6.1f}x the baseline")
    print(f"  naive per-vertex Python loop        {loop * 1000:9.1f} ms   {loop / own:6.1f}x the baseline")
    return 0


if __name__ == "__main__":
    sys.exit(main(script_args()))
