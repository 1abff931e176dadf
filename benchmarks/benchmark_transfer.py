"""Benchmark: Transfer Action on a 1,000-frame, 60-bone action, against Blender's own Action.copy().

    .venv/bin/python benchmarks/benchmark_transfer.py [--frames 1000] [--repeat 5] [--clock wall|cpu]

The sample character with 30 finger bones added (60 bones) has every bone keyed on every frame:
location, quaternion rotation and scale, Bézier keys (600 F-curves, ``--frames`` keys each); the
target is the same rig with its bones 0.6x as long (Edit Mode). Each run times, interleaved, in this
run on this machine (medians, with the range):
- ``Action.copy()`` of the clip (the baseline: what any transfer that keeps the source must pay);
- ``transfer_action`` with the default basis (Locomotion Height), and of that measuring both rigs
  (checks and measurement, as Measure Proportions does them) and scaling the location keys
  (``foreach_get``/``foreach_set`` of their values, and of their handles where Blender does not
  compute them: Blender serves co and the handles through a getter per key, not as a raw array as
  Action.copy() copies them, which is the floor of any transfer written in Python);
- the same with Scale Vertical 0 (the horizontal/vertical split mixes a tilted bone's channels);
- with basis Absolute (no measurement);
- through ``bpy.ops.overanim.transfer_action`` (adds the operator's undo push);
- the floor of a transfer through ``foreach_get``: the copy, reading every key of the clip once
  (co and both handles, as the transfer's check of every key reads them, issue 31), writing the
  location keys, and measuring both rigs;
and each as a ratio to the baseline of the same run (target: at most the copy plus 2x, 3x). Each
result is removed, and the scene re-evaluated, untimed, before the next run. Not a test: speed is
stated, never asserted.
"""

from __future__ import annotations

import argparse
import math
import sys
import time
from pathlib import Path
from typing import Any, cast

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # the checkout
from benchmarks.timing import Timing
from overanim_headless.session import ensure_registered, script_args

TARGET = 3.0  # Action.copy() plus 2x
TARGET_33 = 10.0  # issue 33, item 4
FINGERS = ("thumb", "index", "middle", "ring", "pinky")


def add_fingers(rig) -> None:
    """Three bones per finger on each hand and a twist bone on each upper arm and thigh: 34 bones,
    60 with the sample's 23 and its 3 IK foot bones."""
    import bpy

    from overanim_addon.blender.shared.typed import armature_data, temp_override, view_layer_of

    with temp_override(bpy.context, active_object=rig, object=rig):
        view_layer_of(bpy.context).objects.active = rig
        bpy.ops.object.mode_set(mode="EDIT")
        bones = armature_data(rig).edit_bones
        for side, sign in (("l", 1.0), ("r", -1.0)):
            hand = bones[f"hand_{side}"]
            for f, finger in enumerate(FINGERS):
                parent, start = hand, hand.tail.copy()
                start.y += (f - 2) * 0.015
                for joint in range(1, 4):
                    bone = bones.new(f"{finger}_{joint:02d}_{side}")
                    bone.head = start
                    bone.tail = start + type(start)((sign * 0.025, 0.0, -0.02))
                    bone.parent, bone.use_connect = parent, joint > 1
                    parent, start = bone, bone.tail.copy()
            for limb in ("upperarm", "thigh"):
                twist = bones.new(f"{limb}_twist_01_{side}")
                twist.head, twist.tail = bones[f"{limb}_{side}"].head, bones[f"{limb}_{side}"].center
                twist.parent = bones[f"{limb}_{side}"]
        bpy.ops.object.mode_set(mode="OBJECT")


def key_everything(rig, frames: int):
    """Location, quaternion and scale keys on every frame of every bone, written in bulk."""
    import bpy
    import numpy as np

    from overanim_addon.blender import compat
    from overanim_addon.blender.shared.fcurves import NewChannels
    from overanim_addon.blender.shared.typed import pose_of

    channels = NewChannels(f"{rig.name}_Clip", rig.name)
    times = np.arange(1, frames + 1, dtype=np.float64)
    for b, bone in enumerate(pose_of(rig).bones):
        bone.rotation_mode = "QUATERNION"
        phase = 2.0 * math.pi * times / 24.0 + b
        path = f'pose.bones["{bone.name}"]'
        for i in range(3):
            channels.add(f"{path}.location", i, bone.name, times, 0.01 * np.sin(phase + i))
            channels.add(f"{path}.scale", i, bone.name, times, 1.0 + 0.01 * np.sin(phase - i))
        half = 0.1 * np.sin(phase)
        for i, values in enumerate((np.cos(half), np.sin(half), 0.0 * half, 0.0 * half)):
            channels.add(f"{path}.rotation_quaternion", i, bone.name, times, values)
    for curve in compat.channelbag(channels.action, channels.slot).fcurves:
        curve.keyframe_points.foreach_set("interpolation", np.full(frames, 2, np.int32))  # Bézier
        curve.update()
    compat.assign_action(rig, channels.action, channels.slot)
    del bpy
    return channels.action


def build(frames: int):
    import bpy

    from overanim_addon.blender.sample.build import build_sample_character
    from overanim_addon.blender.sample.walk import add_foot_ik_bones
    from overanim_addon.blender.shared.typed import armature_data, scene_of, temp_override, view_layer_of

    bpy.ops.wm.read_homefile(use_empty=True)
    rig = build_sample_character(bpy.context, "Source")
    rig.location = (0.0, 0.0, 0.0)
    add_foot_ik_bones(rig)
    add_fingers(rig)
    clip = key_everything(rig, frames)
    target = rig.copy()
    target.data = armature_data(rig).copy()
    target.name = "Target"
    scene_of(bpy.context).collection.objects.link(target)
    target.animation_data_clear()
    with temp_override(bpy.context, active_object=target, object=target):
        view_layer_of(bpy.context).objects.active = target
        bpy.ops.object.mode_set(mode="EDIT")
        ends = {b.name: (b.head * 0.6, b.tail * 0.6) for b in target.data.edit_bones}
        for bone in target.data.edit_bones:
            bone.head, bone.tail = ends[bone.name]
        bpy.ops.object.mode_set(mode="OBJECT")
    view_layer_of(bpy.context).objects.active = target
    return rig, target, clip


def main(args: list[str]) -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--frames", type=int, default=1000, help="keys per F-curve")
    parser.add_argument("--repeat", type=int, default=5, help="runs per figure")
    parser.add_argument("--clock", choices=("wall", "cpu"), default="wall",
                        help="cpu: the process's CPU time, all its threads (a shared machine's waits left out)")
    options = parser.parse_args(args)
    clock = time.process_time if options.clock == "cpu" else time.perf_counter

    import bpy

    cleanup = ensure_registered()
    try:
        from overanim_addon.blender.measure.engine import measure_checked
        from overanim_addon.blender.shared.fcurves import fcurves
        from overanim_addon.blender.shared.typed import view_layer_of
        from overanim_addon.blender.transfer.engine import TransferOptions, transfer_action

        source, target, clip = build(options.frames)
        curves = sum(1 for _ in fcurves(clip))
        keys = sum(len(c.keyframe_points) for c in fcurves(clip))

        def copy() -> float:
            start = clock()
            made = clip.copy()
            took = clock() - start
            bpy.data.actions.remove(made)
            return took

        def transfer(**kwargs: object) -> float:
            start = clock()
            result = transfer_action(bpy.context, target, TransferOptions(source, clip, **kwargs))  # type: ignore[arg-type]
            took = clock() - start
            bpy.data.actions.remove(result.action)
            view_layer_of(bpy.context).update()  # the removal's re-evaluation is not the next run's
            return took

        def measuring() -> float:
            start = clock()
            for rig in (source, target):
                measure_checked(bpy.context, rig)
            return clock() - start

        from overanim_addon.blender.shared.fcurves import scale_values

        scratch = clip.copy()  # the keys' own cost, on a copy: scaled by 1, as the transfer scales them
        locations = [c for c in fcurves(scratch) if c.data_path.endswith(".location")]

        def key_access() -> float:
            start = clock()
            for curve in locations:
                scale_values(curve, 1.0)
            return clock() - start

        from overanim_addon.blender.shared.finite_keys import read_finite_keys
        from overanim_addon.blender.transfer import keys as key_arrays

        every = list(fcurves(clip))
        written = [(c, key_arrays.read(c)) for c in locations]

        def every_key() -> float:  # the transfer's one read of the clip: every key, checked
            start = clock()
            read_finite_keys(clip, every)
            return clock() - start

        def location_writes() -> float:  # and its writes: the location keys' values and handles
            start = clock()
            for curve, values in written:
                key_arrays.write(curve, values)
            return clock() - start

        def via_ops() -> float:
            start = clock()
            cast(Any, bpy.ops).overanim.transfer_action(source=source.name, action=clip.name)
            took = clock() - start
            bpy.data.actions.remove(target.animation_data.action)
            view_layer_of(bpy.context).update()
            return took

        transfer()  # the first run writes both measurements (and warms the caches): not timed
        runs: dict[str, list[float]] = {name: [] for name in ("copy", "transfer", "measure", "keys", "split",
                                                                "absolute", "ops", "read", "write")}
        for _ in range(options.repeat):
            runs["copy"].append(copy())
            runs["transfer"].append(transfer())
            runs["measure"].append(measuring())
            runs["keys"].append(key_access())
            runs["read"].append(every_key())
            runs["write"].append(location_writes())
            runs["split"].append(transfer(scale_vertical=0.0))
            runs["absolute"].append(transfer(basis="ABSOLUTE"))
            runs["ops"].append(via_ops())
    finally:
        cleanup()

    base = Timing(runs["copy"]).median

    def ratio(name: str) -> str:
        return f"{Timing(runs[name]).median / base:5.2f}x the copy"

    bones = len(source.data.bones)
    print(f"Transfer Action benchmark: {options.frames} frames, {bones} bones, {curves} F-curves, {keys:,} keys "
          f"(bpy {bpy.app.version_string}, {options.clock} time)")
    print(f"  Action.copy() (baseline)                  {Timing(runs['copy'])}")
    print(f"  transfer_action, Locomotion Height        {Timing(runs['transfer'])}  {ratio('transfer')}")
    print(f"    of which measuring both rigs            {Timing(runs['measure'])}")
    print(f"    of which scaling the location keys      {Timing(runs['keys'])}  {ratio('keys')}")
    print(f"    reading every key once, checked         {Timing(runs['read'])}  {ratio('read')}")
    print(f"    writing the location keys               {Timing(runs['write'])}  {ratio('write')}")
    floor = 1.0 + sum(Timing(runs[name]).median for name in ("read", "write", "measure")) / base
    print(f"  floor through foreach_get (the copy, every key read once, the location keys written, "
          f"measuring): {floor:.2f}x the copy")
    print(f"  transfer_action, Scale Vertical 0         {Timing(runs['split'])}  {ratio('split')}")
    print(f"  transfer_action, Absolute                 {Timing(runs['absolute'])}  {ratio('absolute')}")
    print(f"  via bpy.ops                               {Timing(runs['ops'])}  {ratio('ops')}")
    for target, name in ((TARGET, "the copy plus 2x"), (TARGET_33, "issue 33")):
        met = Timing(runs["transfer"]).median / base <= target
        print(f"  target at most {target:g}x the copy ({name}): {'met' if met else 'NOT met'}")
    return 0


if __name__ == "__main__":
    sys.exit(main(script_args()))
