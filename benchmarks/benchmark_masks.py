"""Benchmark: painting Region masks on a ~1,000,000-vertex skinned mesh (4-bone Region), at once
and live.

    .venv/bin/python benchmarks/benchmark_masks.py [--grid 1000] [--repeat 7] [--no-naive] [--steps-only]

The sheet is built, saved and opened again, so its weights lie in memory as in a file an artist
opens. Prints, measured in this run on this machine (medians, with the range):
- OverAnim's full paint, its own work (bulk weight read, falloff into kept buffers, colours written
  into the attributes' arrays), and of that the bulk read of the Region's four vertex groups alone;
  the same through bpy.ops (adds Blender's view-layer re-evaluation); its own work with the Region
  packed into a channel of the byte attribute, and with the optional mask group;
- the live repaints, own work: after a slider change (from the kept sums, no read), and after a
  weight change of one of the Region's groups (that Region read again);
- Blender's Vertex Weight Edit modifier (falloff Smooth) on one group of the same mesh: its first
  evaluation in a new depsgraph (how OverAnim's read is evaluated) and its re-evaluation after a
  setting change, both in a scene of its own, minus an unmodified object's re-evaluation there;
- the body's Armature modifier re-evaluating after a write to its mesh (what Blender adds to every
  paint or repaint before the artist sees it), the frame an artist sees after a slider step, and a
  whole slider step with Live Preview on (the property set, the rig tagged as the UI does, the
  view layer evaluated: the repaint and that re-evaluation together);
- the own work of the full paint and of the slider repaint per phase (the functions they call,
  timed in separate runs);
- a naive per-vertex Python loop doing the paint's job;
and the ratios the issue sets targets for. Not a test: speed is stated, never asserted.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any, cast

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # the checkout
from benchmarks.scenes import rig_in_edit_mode
from benchmarks.timing import Timing, ratio, timed
from overanim_headless.session import ensure_registered, script_args

BONES = ["upperarm", "lowerarm", "hand", "finger"]


def build(grid: int):
    import bpy
    import numpy as np

    from overanim_addon.blender.shared.object_data import overanim
    from overanim_addon.blender.shared.typed import mesh_data, view_layer_of

    rig, data = rig_in_edit_mode()
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
    region = overanim(rig).regions.add()
    region.name, region.bone_collection = "Arm", "Arm"

    bpy.ops.mesh.primitive_grid_add(x_subdivisions=grid - 1, y_subdivisions=grid - 1, size=2.0)
    body = cast(bpy.types.Object, bpy.context.active_object)  # the grid just added
    co = np.empty(len(mesh_data(body).vertices) * 3, np.float32)
    mesh_data(body).vertices.foreach_get("co", co)
    x = co.reshape(-1, 3)[:, 0]
    # each bone owns a quarter of the sheet, with a soft ramp: 32 weight levels keep set-up quick
    for i, name in enumerate(BONES):
        group = body.vertex_groups.new(name=name)
        centre = i * 0.5 - 0.75
        w = np.clip(1.0 - np.abs(x - centre) / 0.5, 0.0, 1.0)
        levels = np.round(w * 31).astype(int)
        for level in range(1, 32):
            group.add(np.flatnonzero(levels == level).tolist(), level / 31.0, "REPLACE")
    cast(bpy.types.ArmatureModifier, body.modifiers.new("Armature", "ARMATURE")).object = rig
    view_layer_of(bpy.context).objects.active = rig
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


def naive(body, policy):
    """What a first script would do: per vertex, sum the groups, evaluate, write the colour."""

    from overanim_addon.blender.shared.typed import mesh_data
    indices = {body.vertex_groups[name].index for name in BONES}
    mesh = mesh_data(body)
    # Any: the stubs' Attribute has no data, and their colour values take no tuple
    attr: Any = mesh.color_attributes.get("Naive") or mesh.color_attributes.new("Naive", "FLOAT_COLOR", "POINT")
    data = attr.data
    for vertex in mesh.vertices:
        weight = min(1.0, sum(g.weight for g in vertex.groups if g.group in indices))
        m = policy.evaluate(weight)
        data[vertex.index].color = (m, m, m, 1.0)


def first_evaluation(body, setup: Callable[[object], None], repeat: int) -> Timing:
    """An object sharing the mesh, alone in a new scene, evaluated once in a new depsgraph; the
    set-up and the removal are not counted. OverAnim's bulk read is evaluated exactly this way."""
    import bpy

    from overanim_addon.blender.shared.typed import mesh_data, temp_override

    times = []
    for _ in range(repeat):
        scene = bpy.data.scenes.new("Benchmark")
        temp = bpy.data.objects.new("Benchmark", mesh_data(body))
        scene.collection.objects.link(temp)
        setup(temp)
        with temp_override(bpy.context, scene=scene, view_layer=scene.view_layers[0]):
            start = time.perf_counter()
            temp.evaluated_get(bpy.context.evaluated_depsgraph_get())
            times.append(time.perf_counter() - start)
        bpy.data.objects.remove(temp)
        bpy.data.scenes.remove(scene)
    return Timing(times)


def setting_change(body, setup: Callable[[object], None] | None, repeat: int) -> Timing:
    """An object sharing the mesh, alone in a scene of its own, re-evaluated after a change: with a
    Vertex Weight Edit modifier, its Invert Falloff toggled (the same work either way); without a
    modifier (``setup`` None), its data tagged."""
    import bpy

    from overanim_addon.blender.shared.typed import mesh_data, temp_override

    scene = bpy.data.scenes.new("Benchmark")
    temp = bpy.data.objects.new("Benchmark", mesh_data(body))
    scene.collection.objects.link(temp)
    if setup is not None:
        setup(temp)
    times = []
    with temp_override(bpy.context, scene=scene, view_layer=scene.view_layers[0]):
        depsgraph = bpy.context.evaluated_depsgraph_get()
        temp.evaluated_get(depsgraph)  # the first evaluation builds caches: not counted
        for _ in range(repeat):
            if setup is None:
                temp.update_tag(refresh={"DATA"})
            else:
                edit = cast(bpy.types.VertexWeightEditModifier, temp.modifiers[0])
                edit.invert_falloff = not edit.invert_falloff
            start = time.perf_counter()
            depsgraph.update()
            temp.evaluated_get(depsgraph)
            times.append(time.perf_counter() - start)
    bpy.data.objects.remove(temp)
    bpy.data.scenes.remove(scene)
    return Timing(times)


def armature_re_evaluation(body, repeat: int) -> Timing:
    """The body re-evaluated in the artist's scene after its mesh changed, as after every write of
    ours: its Armature modifier deforms the million vertices again."""
    import bpy

    from overanim_addon.blender.shared.typed import mesh_data

    depsgraph = bpy.context.evaluated_depsgraph_get()
    times = []
    for _ in range(repeat):
        mesh_data(body).update()
        start = time.perf_counter()
        depsgraph.update()
        body.evaluated_get(depsgraph)
        times.append(time.perf_counter() - start)
    return Timing(times)


def each_after(change: Callable[[int], None], job: Callable[[], object], repeat: int,
               evaluated: bool = True) -> Timing:
    """``job`` timed after ``change(i)``, neither that change nor Blender's re-evaluation after the
    job counted. ``evaluated``: the mesh is re-evaluated between runs, as the viewport does, so its
    attribute arrays are shared with the evaluated copy and Blender copies the ones we write first;
    False: back to back, the arrays ours alone."""
    import bpy

    from overanim_addon.blender.shared.typed import view_layer_of

    times = []
    for i in range(repeat):
        change(i)
        start = time.perf_counter()
        job()
        times.append(time.perf_counter() - start)
        if evaluated:
            view_layer_of(bpy.context).update()
    return Timing(times)


PHASES = (  # (label, module attribute of masks the paint calls) in the order a paint runs them
    ("bulk read of the groups (Geometry Nodes)", "region_weights"),
    ("falloff", "evaluate_into"),
    ("grey RGBA fill", "grey_colors"),
    ("Blender unsharing the two colour arrays", "attribute_array"),
    ("preview colours (several Regions: float)", "preview_colors"),
    ("preview colours (one Region: sRGB bytes)", "preview_bytes"),
    ("packed byte attribute", "write_packed"),
)


def phase_times(change: Callable[[int], None], job: Callable[[], object], repeat: int) -> dict[str, Timing]:
    """``job`` as ``each_after`` times it (after the viewport's re-evaluation), and the share of its
    own work in each function it calls (wrapped for the run, a timer call each); the rest is Python,
    look-ups, tagging and bookkeeping."""
    import bpy

    from overanim_addon.blender.masks import mask_work, mask_write, packed
    from overanim_addon.blender.shared.typed import view_layer_of
    from overanim_addon.core.region_mask import RegionMaskPolicy

    spent: dict[str, float] = {}
    owners = {"region_weights": mask_work, "evaluate_into": RegionMaskPolicy, "write_packed": packed}
    originals = []

    def timed_call(label: str, function: Callable):
        def call(*args, **kwargs):
            start = time.perf_counter()
            try:
                return function(*args, **kwargs)
            finally:
                spent[label] = spent.get(label, 0.0) + time.perf_counter() - start
        return call

    for label, name in PHASES:
        owner = owners.get(name, mask_write)
        originals.append((owner, name, getattr(owner, name)))
        setattr(owner, name, timed_call(label, getattr(owner, name)))
    rows: dict[str, list[float]] = {"total": [], **{label: [] for label, _ in PHASES}, "rest": []}
    try:
        for i in range(repeat):
            change(i)
            spent.clear()
            start = time.perf_counter()
            job()
            total = time.perf_counter() - start
            view_layer_of(bpy.context).update()
            rows["total"].append(total)
            for label, _ in PHASES:
                rows[label].append(spent.get(label, 0.0))
            rows["rest"].append(total - sum(spent.values()))
    finally:
        for owner, name, function in originals:
            setattr(owner, name, function)
    return {label: Timing(values) for label, values in rows.items()}


def print_phases(title: str, phases: dict[str, Timing]) -> None:
    print(f"  {title}, own work per phase (medians of separate runs, so they need not add up)")
    for label, timing in phases.items():
        if label != "total" and timing.values[-1] == 0.0:
            continue  # not called in this job
        name = {"total": "all of it", "rest": "the rest: Python, look-ups, tagging, bookkeeping"}.get(label, label)
        print(f"    {name:49s} {timing}")


def interleaved_steps(rig, region, thresholds: list[float], repeat: int,
                      clock: Callable[[], float] = time.perf_counter) -> tuple[list[float], list[float]]:
    """Slider steps (set, tag, evaluate) with Live Preview on and off in turn: seconds of each
    (``clock``: wall time, or the process's CPU time, all its threads, which a busy machine's waits
    do not inflate)."""
    import bpy

    from overanim_addon.blender.masks import live
    from overanim_addon.blender.shared.typed import view_layer_of

    on: list[float] = []
    off: list[float] = []
    layer = view_layer_of(bpy.context)
    for i in range(repeat):
        for times in (on, off):
            live.set_live_preview(bpy.context, rig, times is on)
            for warm in (0.45, thresholds[i] + 0.2):  # the first step after turning on: the sums bucketed
                start = clock()
                region.zero_weight = warm
                rig.update_tag()
                layer.update()
            times.append(clock() - start)
    live.set_live_preview(bpy.context, rig, False)
    return on, off


def vertex_weight_edit(temp) -> None:
    """Blender's own Vertex Weight Edit modifier, falloff Smooth, on one group."""
    modifier = temp.modifiers.new("VWE", "VERTEX_WEIGHT_EDIT")
    modifier.vertex_group, modifier.falloff_type = BONES[1], "SMOOTH"


def steps_only(grid: int, repeat: int) -> int:
    """Slider steps with Live Preview on and off in turn (``interleaved_steps``), in CPU time and in
    wall time, and the repaint's own CPU time within the steps on."""
    import bpy

    cleanup = ensure_registered()
    try:
        from overanim_addon.blender.masks import paint
        from overanim_addon.blender.shared.object_data import overanim

        rig, body = reopen(*build(grid))
        region = overanim(rig).regions[0]
        paint.paint(bpy.context, rig)
        thresholds = [0.05 + 0.01 * (i % 10) for i in range(repeat)]
        repaint, own = paint.repaint, []

        def timed_repaint(*args: Any, **kwargs: Any) -> Any:
            start = time.process_time()
            try:
                return repaint(*args, **kwargs)
            finally:
                own.append(time.process_time() - start)

        paint.repaint = timed_repaint  # Live Preview calls it through the module
        try:
            cpu_on, cpu_off = interleaved_steps(rig, region, thresholds, repeat, time.process_time)
            steps = own[1::2]  # each pair's second step on is timed (the first warms the sums' buckets)
            wall_on, wall_off = interleaved_steps(rig, region, thresholds, repeat)
        finally:
            paint.repaint = repaint
    finally:
        cleanup()
    print(f"Live slider steps: {len(mesh_vertices(body)):,} vertices, Blender {bpy.app.version_string}, {repeat} pairs")
    print(f"  CPU time of the process, on / off {ratio(cpu_on, cpu_off)} ({Timing(cpu_on).median:.1f} against "
          f"{Timing(cpu_off).median:.1f} ms); of the step on, the repaint {Timing(steps).median:.1f} ms")
    print(f"  wall time, on / off                {ratio(wall_on, wall_off)}")
    print("Target: a step with Live Preview on within 1.2x of the step with it off (Blender's own).")
    return 0


def mesh_vertices(body: Any) -> Any:
    from overanim_addon.blender.shared.typed import mesh_data

    return mesh_data(body).vertices


def main(args: list[str]) -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--grid", type=int, default=1000, help="vertices per side (1000 -> 1,000,000)")
    parser.add_argument("--repeat", type=int, default=7, help="runs per figure (the naive loop runs once)")
    parser.add_argument("--no-naive", action="store_true", help="skip the naive loop (about a minute)")
    parser.add_argument("--steps-only", action="store_true",
                        help="only slider steps with Live Preview on and off, interleaved (--repeat pairs)")
    options = parser.parse_args(args)
    if options.steps_only:
        return steps_only(options.grid, options.repeat)

    import bpy
    import numpy as np

    cleanup = ensure_registered()
    try:
        from overanim_addon.blender.masks import live, paint
        from overanim_addon.blender.regions.region import region_mask
        from overanim_addon.blender.shared.object_data import overanim
        from overanim_addon.blender.shared.typed import mesh_data, view_layer_of
        from overanim_addon.blender.shared.weights import region_weights

        rig, body = reopen(*build(options.grid))
        count = len(mesh_data(body).vertices)
        region = overanim(rig).regions[0]
        repeat = options.repeat
        read = timed(lambda: region_weights(body, {region.name: BONES}), repeat)
        own = each_after(lambda i: None, lambda: paint.paint(bpy.context, rig), repeat)
        own_alone = each_after(lambda i: None, lambda: paint.paint(bpy.context, rig), repeat, evaluated=False)
        total = timed(lambda: cast(Any, bpy.ops).overanim.paint_region_masks(), repeat)
        region.mask_channel = "R"
        packed = each_after(lambda i: None, lambda: paint.paint(bpy.context, rig), repeat)
        region.mask_channel = "NONE"

        # the live repaints' own work, called as Live Preview calls them (its handlers stay off here,
        # so Blender's re-evaluation after each write is measured apart, below)
        paint.paint(bpy.context, rig)
        thresholds = [0.05 + 0.01 * (i % 10) for i in range(repeat)]

        def set_zero_weight(i: int) -> None:
            region["zero_weight"] = thresholds[i]  # the stored value, without the update callback

        slider = each_after(set_zero_weight, lambda: paint.repaint(bpy.context, rig), repeat)
        slider_alone = each_after(set_zero_weight, lambda: paint.repaint(bpy.context, rig), repeat, evaluated=False)
        # per phase, before the brush below changes how fast the weights read
        paint_phases = phase_times(lambda i: None, lambda: paint.paint(bpy.context, rig), repeat)
        slider_phases = phase_times(set_zero_weight, lambda: paint.repaint(bpy.context, rig), repeat)
        # a brush over part of one bone's area: vertices already in its group get new weights in
        # place (a vertex new to a group would move its weights in memory and slow every later read)
        co = np.empty(count * 3, np.float32)
        mesh_data(body).vertices.foreach_get("co", co)
        centre = 1 * 0.5 - 0.75  # BONES[1]'s quarter of the sheet, as build() lays it out
        group, some = body.vertex_groups[BONES[1]], np.flatnonzero(np.abs(co[0::3] - centre) < 0.45)[::7].tolist()

        def brush(i: int) -> None:
            group.add(some, 0.5 + 0.01 * (i % 2 + 1), "REPLACE")

        stroke = each_after(brush, lambda: paint.repaint(bpy.context, rig, {body.name: {region.name}}), repeat)
        # the full paint in that same state: Blender copied the weights when the first one changed,
        # and every read of them is slower from then on
        stroke_full = each_after(brush, lambda: paint.paint(bpy.context, rig), repeat)
        armature = armature_re_evaluation(body, repeat)
        # a whole slider step as the UI makes it, Live Preview on: set, tag the rig, evaluate
        live.set_live_preview(bpy.context, rig, True)

        def slide(i: int) -> None:
            region.zero_weight = thresholds[i] + 0.2
            rig.update_tag()

        step = each_after(slide, view_layer_of(bpy.context).update, repeat, evaluated=False)
        live.set_live_preview(bpy.context, rig, False)
        # the same step with Live Preview off: Blender's own (the rig and the body evaluated again)
        step_off = each_after(slide, view_layer_of(bpy.context).update, repeat, evaluated=False)
        steps_on, steps_off = interleaved_steps(rig, region, thresholds, repeat)
        cpu_on, cpu_off = interleaved_steps(rig, region, thresholds, repeat, time.process_time)

        first = first_evaluation(body, vertex_weight_edit, repeat)
        again = setting_change(body, vertex_weight_edit, repeat)
        plain = setting_change(body, None, repeat)
        # last: the mask group adds a weight to every vertex, which would slow the modifiers' copies
        grouped = timed(lambda: paint.paint(bpy.context, rig, write_vertex_groups=True), repeat)
        paint.clear(bpy.context, rig)
        loop = None if options.no_naive else timed(lambda: naive(body, region_mask(rig, region).require_policy()), 1)
    finally:
        cleanup()

    modifier = again.median - plain.median  # the Vertex Weight Edit modifier's own re-evaluation

    def times(a: float, b: float) -> str:
        return f"{a / b:8.1f}x"

    print(f"Region mask benchmark: {count:,} vertices, 4-bone Region, Blender {bpy.app.version_string}, "
          f"median of {repeat} runs (range)")
    print(f"  OverAnim full paint, own work                       {own}   baseline")
    print(f"    of which the bulk read of the four groups         {read}")
    print(f"    back to back (no copy-on-write of the attributes) {own_alone}")
    print(f"  OverAnim full paint via bpy.ops                     {total}   "
          f"+{total.median - own.median:.1f} ms view-layer re-evaluation")
    print(f"  OverAnim full paint, own work, packed in channel R  {packed}   "
          "(and the byte attribute OverAnim_RegionMasks)")
    print(f"  OverAnim full paint, own work, with the mask group  {grouped}   "
          "(optional: Blender adds each vertex's weight)")
    print(f"  live repaint after a slider change, own work        {slider}   "
          f"{1000.0 / slider.median:.0f} repaints/s")
    print(f"    back to back (no copy-on-write of the attributes) {slider_alone}   "
          f"{1000.0 / slider_alone.median:.0f} repaints/s")
    print(f"  live repaint after one group's weights changed      {stroke}   "
          f"{stroke.median / stroke_full.median:.2f} of a full paint then")
    print(f"    a full paint in that state (weights edited)       {stroke_full}")
    print(f"  Vertex Weight Edit (1 group), first evaluation      {first} {times(first.median, own.median)}")
    print(f"  Vertex Weight Edit, re-evaluation after a setting   {again}")
    print(f"    an unmodified object's re-evaluation there        {plain}")
    print(f"    the modifier's own re-evaluation (difference)     {modifier:9.1f} ms "
          f"{times(modifier, own.median)} the full paint, {times(modifier, slider.median)} the slider repaint")
    print(f"  the body's Armature modifier re-evaluating          {armature}   (Blender, after every write)")
    print(f"  the frame an artist sees after a slider step        {slider.median + armature.median:9.1f} ms  "
          "(slider repaint + Armature modifier)")
    print(f"  a whole slider step, Live Preview on                {step}   (repaint and evaluation, as in the UI)")
    print(f"  the same step, Live Preview off (Blender's own)     {step_off}   "
          f"on / off {step.median / step_off.median:.2f}x")
    print(f"  steps on and off interleaved, {repeat} pairs            on / off {ratio(steps_on, steps_off)} "
          "(each pair's ratio: a busy machine slows both alike)")
    print(f"    the same in CPU time of the process (all threads)       on / off {ratio(cpu_on, cpu_off)} "
          f"({Timing(cpu_on).median:.1f} against {Timing(cpu_off).median:.1f} ms)")
    print_phases("full paint", paint_phases)
    print_phases("live repaint after a slider change", slider_phases)
    if loop is not None:
        print(f"  naive per-vertex Python loop                        {loop} {times(loop.median, own.median)}")
    print("Targets: full paint >= 2x the first evaluation and >= 3.5x the modifier's re-evaluation; slider "
          "repaint >= 5x that re-evaluation and >= 100 repaints/s; weight change <= the full paint.")
    return 0


if __name__ == "__main__":
    sys.exit(main(script_args()))
