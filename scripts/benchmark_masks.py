"""Benchmark: painting a Region mask on a ~1,000,000-vertex skinned mesh (4-bone Region).

    .venv/bin/python scripts/benchmark_masks.py [--grid 1000] [--repeat 7]

The sheet is built, saved and opened again, so its weights lie in memory as in a file an artist
opens. Prints, measured in this run on this machine (medians, with the range):
- OverAnim's paint, its own work (bulk weight read, vectorised falloff, foreach_set writes), and
  of that the bulk read of the Region's four vertex groups alone;
- the same operator through bpy.ops (adds Blender's view-layer re-evaluation after it finishes);
- its own work again with the optional mask vertex group written as well;
- Blender's Vertex Weight Edit modifier (falloff Smooth) on one group of the same mesh, twice:
  its first evaluation in a new depsgraph (how OverAnim's own read is evaluated: like for like)
  and its re-evaluation after a change in the scene (what an artist waits for while editing),
  beside that re-evaluation without the modifier, Blender's fixed cost for a changed mesh;
- a naive per-vertex Python loop doing the same job;
and every ratio against OverAnim's own work. Not a test: speed is stated, never asserted.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
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


def reopen(rig, body):
    """Save and open again: weights then lie in memory in vertex order, as in an opened file."""
    import bpy

    names = rig.name, body.name
    with tempfile.TemporaryDirectory() as folder:
        path = str(Path(folder) / "benchmark.blend")
        bpy.ops.wm.save_as_mainfile(filepath=path)
        bpy.ops.wm.open_mainfile(filepath=path)
    return bpy.data.objects[names[0]], bpy.data.objects[names[1]]


class Timing:
    """Median and range of repeated runs, in milliseconds."""

    def __init__(self, seconds: list[float]):
        self.values = sorted(s * 1000.0 for s in seconds)
        self.median = statistics.median(self.values)

    def __str__(self) -> str:
        spread = f"{self.values[0]:.1f} to {self.values[-1]:.1f}" if len(self.values) > 1 else "one run"
        return f"{self.median:9.1f} ms  ({spread})"


def timed(fn: Callable[[], object], repeat: int) -> Timing:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return Timing(times)


def naive(body, policy):
    """What a first script would do: per vertex, sum the groups, evaluate, write the colour."""
    indices = {body.vertex_groups[name].index for name in BONES}
    mesh = body.data
    attr = mesh.color_attributes.get("Naive") or mesh.color_attributes.new("Naive", "FLOAT_COLOR", "POINT")
    data = attr.data
    for vertex in mesh.vertices:
        weight = min(1.0, sum(g.weight for g in vertex.groups if g.group in indices))
        m = policy.evaluate(weight)
        data[vertex.index].color = (m, m, m, 1.0)


def first_evaluation(body, setup: Callable[[object], None], repeat: int) -> Timing:
    """An object sharing the mesh, alone in a new scene, evaluated once in a new depsgraph; the
    set-up and the removal are not counted. OverAnim's bulk read is evaluated exactly this way."""
    import bpy

    times = []
    for _ in range(repeat):
        scene = bpy.data.scenes.new("Benchmark")
        temp = bpy.data.objects.new("Benchmark", body.data)
        scene.collection.objects.link(temp)
        setup(temp)
        with bpy.context.temp_override(scene=scene, view_layer=scene.view_layers[0]):
            start = time.perf_counter()
            temp.evaluated_get(bpy.context.evaluated_depsgraph_get())
            times.append(time.perf_counter() - start)
        bpy.data.objects.remove(temp)
        bpy.data.scenes.remove(scene)
    return Timing(times)


def re_evaluation(body, setup: Callable[[object], None], repeat: int) -> Timing:
    """An object sharing the mesh in the artist's scene, tagged as changed and re-evaluated."""
    import bpy

    temp = bpy.data.objects.new("Benchmark", body.data)
    bpy.context.scene.collection.objects.link(temp)
    setup(temp)
    depsgraph = bpy.context.evaluated_depsgraph_get()

    def evaluate():
        temp.update_tag(refresh={"DATA"})
        depsgraph.update()
        temp.evaluated_get(depsgraph)

    evaluate()  # the first evaluation builds caches: not counted
    timing = timed(evaluate, repeat)
    bpy.data.objects.remove(temp)
    return timing


def vertex_weight_edit(temp) -> None:
    """Blender's own Vertex Weight Edit modifier, falloff Smooth, on one group."""
    modifier = temp.modifiers.new("VWE", "VERTEX_WEIGHT_EDIT")
    modifier.vertex_group, modifier.falloff_type = BONES[1], "SMOOTH"


def main(args: list[str]) -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--grid", type=int, default=1000, help="vertices per side (1000 -> 1,000,000)")
    parser.add_argument("--repeat", type=int, default=7, help="runs per figure (the naive loop runs once)")
    options = parser.parse_args(args)

    import bpy

    cleanup = ensure_registered()
    try:
        from overanim_addon.blender.regions import masks
        from overanim_addon.blender.regions.properties import mask_policy
        from overanim_addon.blender.weights import region_weights

        rig, body = reopen(*build(options.grid))
        count = len(body.data.vertices)
        region = rig.overanim.regions[0]
        repeat = options.repeat
        read = timed(lambda: region_weights(body, {region.name: BONES}), repeat)
        own = timed(lambda: masks.paint(bpy.context, rig), repeat)
        total = timed(lambda: bpy.ops.overanim.paint_region_masks(), repeat)
        first = first_evaluation(body, vertex_weight_edit, repeat)
        again = re_evaluation(body, vertex_weight_edit, repeat)
        fixed = re_evaluation(body, lambda temp: None, repeat)
        # last: the mask group adds a weight to every vertex, which would slow the modifier's copy
        grouped = timed(lambda: masks.paint(bpy.context, rig, write_vertex_groups=True), repeat)
        masks.clear(bpy.context, rig)
        loop = timed(lambda: naive(body, mask_policy(region)), 1)
    finally:
        cleanup()

    def ratio(timing: Timing) -> str:
        return f"{timing.median / own.median:8.1f}x"

    print(f"Region mask benchmark: {count:,} vertices, 4-bone Region, Blender {bpy.app.version_string}, "
          f"median of {repeat} runs (range)")
    print(f"  OverAnim paint, own work                          {own}   baseline")
    print(f"    of which the bulk read of the four groups       {read}")
    print(f"  OverAnim paint via bpy.ops                        {total}   "
          f"+{total.median - own.median:.1f} ms view-layer re-evaluation")
    print(f"  OverAnim paint, own work, with the mask group     {grouped}   "
          "(optional: Blender adds each vertex's weight)")
    print(f"  Vertex Weight Edit (1 group), first evaluation    {first} {ratio(first)}")
    print(f"  Vertex Weight Edit (1 group), re-evaluation       {again} {ratio(again)}")
    print(f"    the same re-evaluation without the modifier     {fixed}")
    print(f"  naive per-vertex Python loop                      {loop} {ratio(loop)}")
    return 0


if __name__ == "__main__":
    sys.exit(main(script_args()))
