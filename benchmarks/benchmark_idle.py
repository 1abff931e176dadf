"""Benchmark: what the enabled add-on costs on every update of a big scene, with nothing live and
with Live Preview on for one armature.

    .venv/bin/python benchmarks/benchmark_idle.py [--objects 1000 20000] [--updates 60] [--rounds 5] [--live-only]

Per scene size: ``--objects`` objects, of them one armature in a hundred (with a bone, its Bone
Collection and a Region on it), the rest plain objects sharing a small mesh. One update is what a
click in the UI makes: a property change (an object's location, or a Region field with its rig
tagged, as a button tags it) and the view layer evaluated. Each round times ``--updates`` of them
with the add-on registered and then unregistered (the same scene: the Regions stay as raw ID
properties), so each round gives its own ratio; printed are the medians over the rounds and their
range, and the difference per update in ms. Then, with Live Preview on for one rig deforming a
small mesh, the add-on's handlers' own work on an update of another object against the same with
nothing live (rounds of each in turn, the rig and its mesh there in both), and that rig's own work
(what Live Preview compares on every update: its Regions' mask fields) timed where the handlers run.
Times are the process's CPU time (all its threads), not wall time: on a shared machine the wall
clock mostly measures the wait for a core. Not a test: speed is stated, never asserted.
"""

from __future__ import annotations

import argparse
import functools
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, cast

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # the checkout
from benchmarks.scenes import rig_in_edit_mode
from overanim_headless.session import script_args

if TYPE_CHECKING:
    import bpy

ARMATURE_EVERY = 100
WARM_UP = 5
# CPU time of the process, all its threads (Blender evaluates on several): on a machine shared with
# other work, wall time mostly measures the wait for a core
CLOCK = time.process_time
LIVE_HANDLERS = "overanim_addon.blender.masks.live"  # Live Preview's handlers, installed while a rig is live


def build(objects: int) -> None:
    """The scene: ``objects`` objects, one armature with a Region in every ``ARMATURE_EVERY``."""
    import bpy

    from overanim_addon.blender.shared.object_data import overanim
    from overanim_addon.blender.shared.typed import scene_of, view_layer_of

    rig, template = rig_in_edit_mode("Rig_00000")
    scene = scene_of(bpy.context)
    bone = template.edit_bones.new("arm")
    bone.head, bone.tail = (0, 0, 1), (0, 0, 2)
    bpy.ops.object.mode_set(mode="OBJECT")
    template.collections.new("Arm").assign(template.bones["arm"])
    mesh = bpy.data.meshes.new("Cube")
    mesh.from_pydata([(0, 0, 0), (1, 0, 0), (0, 1, 0)], [], [(0, 1, 2)])
    for i in range(objects):
        if i % ARMATURE_EVERY == 0:
            obj = rig if i == 0 else bpy.data.objects.new(f"Rig_{i:05d}", template.copy())
            region = overanim(obj).regions.add()
            region.name, region.bone_collection = "Arm", "Arm"
        else:
            obj = bpy.data.objects.new(f"Object_{i:05d}", mesh)
        obj.location = (i % 200, i // 200, 0)
        if obj is not rig:
            scene.collection.objects.link(obj)
    view_layer_of(bpy.context).update()


def live_rig() -> bpy.types.Object:
    """A rig of its own deforming a small grid, with Live Preview on."""
    import bpy

    from overanim_addon.blender.masks import live
    from overanim_addon.blender.shared.object_data import overanim
    from overanim_addon.blender.shared.typed import mesh_data, view_layer_of

    rig = bpy.data.objects["Rig_00000"]
    bpy.ops.mesh.primitive_grid_add(x_subdivisions=30, y_subdivisions=30, size=2.0)
    grid = cast(bpy.types.Object, bpy.context.active_object)  # the grid just added
    grid.vertex_groups.new(name="arm").add(list(range(len(mesh_data(grid).vertices))), 0.5, "REPLACE")
    cast(bpy.types.ArmatureModifier, grid.modifiers.new("Armature", "ARMATURE")).object = rig
    view_layer_of(bpy.context).objects.active = rig
    live.set_live_preview(bpy.context, rig, True)
    assert overanim(rig).live_preview
    return rig


def changes() -> dict[str, Callable[[int], None]]:
    import bpy

    target = bpy.data.objects["Object_00001"]
    rig = bpy.data.objects[f"Rig_{ARMATURE_EVERY:05d}"]

    def location(i: int) -> None:
        target.location.x = 1.0 + (i % 2) * 0.001

    def region_field(i: int) -> None:
        value = 0.1 + (i % 2) * 0.01
        if hasattr(rig, "overanim"):
            rig.overanim.regions[0].zero_weight = value
        else:  # the add-on off: a custom property written instead, the same tag
            rig["zero_weight"] = value
        rig.update_tag()

    return {"an object's location": location, "a Region field, its rig tagged": region_field}


def per_update(change: Callable[[int], None], updates: int) -> float:
    """Median seconds of one change + view-layer update."""
    import bpy

    from overanim_addon.blender.shared.typed import view_layer_of

    layer, times = view_layer_of(bpy.context), []
    for i in range(WARM_UP):  # the first updates after (un)registering re-evaluate more than the change
        change(i)
        layer.update()
    for i in range(updates):
        start = CLOCK()
        change(i)
        layer.update()
        times.append(CLOCK() - start)
    return statistics.median(times)


def detached(lists: tuple[str, ...] = ("depsgraph_update_pre", "depsgraph_update_post")) -> Callable[[], None]:
    """Take the add-on's update handlers out (all it runs on an update: the bpy module has no message
    bus nor timers); returns the function that puts them back where they were."""
    import bpy

    taken = []
    for name in lists:
        handlers = getattr(bpy.app.handlers, name)
        for index, function in reversed(list(enumerate(handlers))):
            if getattr(function, "__module__", "").startswith("overanim_addon"):
                taken.append((handlers, index, function))
                del handlers[index]

    def put_back() -> None:
        for handlers, index, function in reversed(taken):
            handlers.insert(index, function)

    return put_back


def instrumented(lists: tuple[str, ...] = ("depsgraph_update_pre", "depsgraph_update_post"),
                 prefix: str = "overanim_addon") -> tuple[Callable[[], None], list[float]]:
    """The add-on's update handlers, each timed (the CPU time of the thread they run on, so a busy
    machine does not add its waits); returns the function that puts the originals back, and the
    one-item list the seconds add up in."""
    import bpy

    spent, taken = [0.0], []

    def timed(function: Callable) -> Callable:
        @functools.wraps(function)  # the same name and module: the add-on still finds its own handler
        def call(*args: object) -> object:
            start = time.thread_time()
            try:
                return function(*args)
            finally:
                spent[0] += time.thread_time() - start
        return call

    for name in lists:
        handlers = getattr(bpy.app.handlers, name)
        for index, function in enumerate(handlers):
            if getattr(function, "__module__", "").startswith(prefix):
                taken.append((handlers, index, function))
                handlers[index] = timed(function)

    def put_back() -> None:
        for handlers, index, function in taken:
            if index < len(handlers) and getattr(handlers[index], "__wrapped__", None) is function:
                handlers[index] = function

    return put_back, spent


def paired(change: Callable[[int], None], updates: int) -> tuple[list[float], list[float], list[float]]:
    """Seconds of each update with the add-on's handlers and, right after, without them: pairs that
    share the machine's moment, so a busy machine slows both alike; and the handlers' own time in
    each update with them."""
    import bpy

    from overanim_addon.blender.shared.typed import view_layer_of

    layer, on, off, own = view_layer_of(bpy.context), [], [], []
    for i in range(WARM_UP):
        change(i)
        layer.update()
    for i in range(updates):
        put_back, spent = instrumented()
        start = CLOCK()
        change(i)
        layer.update()
        on.append(CLOCK() - start)
        put_back()
        own.append(spent[0])
        put_back = detached()
        start = CLOCK()
        change(i)
        layer.update()
        off.append(CLOCK() - start)
        put_back()
    return on, off, own


def compare_in_place(rig: bpy.types.Object, change: Callable[[int], None], updates: int,
                     prefix: str | None = None) -> list[float]:
    """The live rig's own work, timed where the handlers run (around Blender's evaluation of each
    update, with caches as cold as theirs): its Regions' mask fields read and compared, by a handler
    that does only that, Live Preview being off; seconds per update. ``prefix``: instead, the
    handlers of the modules it starts (Live Preview's), Live Preview being on."""
    import bpy

    from overanim_addon.blender.masks.live import changes as live_changes
    from overanim_addon.blender.shared.typed import scene_of, view_layer_of

    seen = {rig.name: live_changes.mask_fields(rig)}
    spent: list[float] = []
    if prefix is not None:  # not the compare alone: Live Preview's own handlers, timed in the same way
        put_back, total = instrumented(prefix=prefix)
        try:
            layer = view_layer_of(bpy.context)
            for i in range(updates):
                before = total[0]
                change(i)
                layer.update()
                spent.append(total[0] - before)
        finally:
            put_back()
        return spent

    def compare(*_args: object) -> None:
        start = time.thread_time()
        live_changes.field_changes([rig], seen, scene_of(bpy.context))
        spent.append(time.thread_time() - start)

    bpy.app.handlers.depsgraph_update_pre.append(compare)
    try:
        layer = view_layer_of(bpy.context)
        for i in range(updates):
            change(i)
            layer.update()
    finally:
        bpy.app.handlers.depsgraph_update_pre.remove(compare)
    return spent


def live_cost(rounds: int, updates: int) -> None:
    """Live Preview on for one rig against nothing live, in the same scene (the rig's grid added
    first): the add-on's handlers' own work on an update of another object, and the rig's own."""
    import bpy

    from overanim_addon.blender.masks import live
    from overanim_addon.blender.shared.object_data import overanim

    rig = live_rig()
    location = changes()["an object's location"]
    idle, on, own, live_own = [], [], [], []
    for _ in range(rounds):
        live.set_live_preview(bpy.context, rig, False)
        idle.append(statistics.median(paired(location, updates)[2]))
        own.append(statistics.median(compare_in_place(rig, location, updates)))
        live.set_live_preview(bpy.context, rig, True)
        on.append(statistics.median(paired(location, updates)[2]))
        live_own.append(statistics.median(compare_in_place(rig, location, updates, LIVE_HANDLERS)))
    extra = [a - b for a, b in zip(on, idle, strict=True)]
    print(f"    Live Preview on for one rig (900 vertices), an object's location changed: the handlers' own "
          f"work {spread(on, ' ms', 1000.0)} against {spread(idle, ' ms', 1000.0)} with nothing live: "
          f"{spread(extra, ' ms', 1000.0)} more; that rig's own compare, where the handlers run, "
          f"{spread(own, ' ms', 1000.0)}; Live Preview's own handlers {spread(live_own, ' ms', 1000.0)}, "
          f"{statistics.median(live_own) / statistics.median(own):.2f}x that compare")

    def own_field(i: int) -> None:  # a slider step on the live rig itself
        overanim(rig).regions[0].zero_weight = 0.1 + 0.01 * (i % 5)
        rig.update_tag()

    steps = compare_in_place(rig, own_field, updates, LIVE_HANDLERS)
    print(f"    a Region field of the live rig changed (a slider step): Live Preview's own handlers "
          f"{spread(steps, ' ms', 1000.0)} (the compare, finding the rig's meshes, the repaint of 900 vertices)")


def spread(values: list[float], unit: str = "x", scale: float = 1.0) -> str:
    values = sorted(v * scale for v in values)
    return f"{statistics.median(values):.3f}{unit} ({values[0]:.3f} to {values[-1]:.3f})"


def measure(objects: int, updates: int, rounds: int, live_only: bool = False) -> None:
    import overanim_addon

    overanim_addon.register()
    build(objects)
    try:
        if live_only:
            print(f"  {objects:,} objects ({objects // ARMATURE_EVERY} armatures with a Region):")
            live_cost(rounds, updates)
            return
        found: dict[str, tuple[list[float], list[float], list[float]]] = {}
        for _ in range(rounds):
            for label, change in changes().items():
                with_addon = per_update(change, updates)
                overanim_addon.unregister()
                try:
                    without = per_update(change, updates)
                finally:
                    overanim_addon.register()
                ratios, extra, base = found.setdefault(label, ([], [], []))
                ratios.append(with_addon / without)
                base.append(without)
                extra.append(with_addon - without)
        print(f"  {objects:,} objects ({objects // ARMATURE_EVERY} armatures with a Region), nothing live:")
        for label, (ratios, extra, base) in found.items():
            print(f"    {label:32s} registered / not: without {spread(base, ' ms', 1000.0)}; with "
                  f"{spread(ratios)}, {spread(extra, ' ms', 1000.0)} per update")
        for label, change in changes().items():
            on, off, own = paired(change, updates * rounds)
            plain, handlers = statistics.median(off), statistics.median(own)
            pairs = statistics.median(a - b for a, b in zip(on, off, strict=True)) * 1000.0
            print(f"    {label:32s} in pairs, without the handlers {plain * 1000.0:.3f} ms; the handlers' own "
                  f"work {handlers * 1000.0:.4f} ms (least {min(own) * 1000.0:.4f}): "
                  f"{(plain + handlers) / plain:.4f}x; whole updates with / without "
                  f"{statistics.median(on) / plain:.3f}x (median difference of the pairs {pairs:+.3f} ms)")
        live_cost(rounds, updates)
    finally:
        overanim_addon.unregister()


def main(args: list[str]) -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--objects", type=int, nargs="+", default=[1000, 20000])
    parser.add_argument("--updates", type=int, default=60, help="updates timed per figure and round")
    parser.add_argument("--rounds", type=int, default=5, help="rounds, each with and without the add-on")
    parser.add_argument("--live-only", action="store_true", help="only Live Preview on for one rig")
    options = parser.parse_args(args)

    import bpy

    print(f"Idle cost of the add-on: Blender {bpy.app.version_string}, median of {options.updates} updates per "
          f"round, median over {options.rounds} rounds (range)")
    for objects in options.objects:
        measure(objects, options.updates, options.rounds, options.live_only)
    print("Targets: at most 1.05x without the add-on at 20,000 objects, at most +0.05 ms at 1,000; with Live "
          "Preview on for one rig, no more than that rig's own work.")
    return 0


if __name__ == "__main__":
    sys.exit(main(script_args()))
