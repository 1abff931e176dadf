"""Benchmark: what carrying the foot-IK curves into the FBX adds to Export for Unreal.

    .venv/bin/python benchmarks/benchmark_export_curves.py [--frames 250] [--subdivide 0] [--repeat 5]

The sample character walks ``--frames`` frames over the demo terrain and is baked (foot IK); its body
can be made heavier with a Subdivision Surface modifier of ``--subdivide`` levels (exported: the
exporter applies modifiers). Each run times, interleaved (medians, with the range):
- Blender's FBX exporter alone, with Export for Unreal's settings (the baseline: the file without
  the curves);
- sampling the ten animated properties on every frame (``property_curves.sample``);
- adding them to the written file (``property_curves.add_to_file``: read with parse_fbx, add,
  write with encode_bin), and of that the read and the write of the unchanged file;
and the two together as a ratio to the baseline of the same run. Not a test: speed is stated, never
asserted.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import cast

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # the checkout
from benchmarks.timing import Timing
from overanim_headless.session import ensure_registered, script_args


def build(frames: int, levels: int):
    import bpy

    from overanim_addon.blender.foot_ik.engine import FootIKOptions, bake_foot_ik
    from overanim_addon.blender.sample.build import build_sample_character
    from overanim_addon.blender.sample.walk import add_sample_walk

    bpy.ops.wm.read_homefile(use_empty=True)
    rig = build_sample_character(bpy.context)
    add_sample_walk(bpy.context, rig, frames=frames)
    body = bpy.data.objects["SK_OverAnimSample_Body"]
    if levels:
        subdivision = cast(bpy.types.SubsurfModifier, body.modifiers.new("Heavier", "SUBSURF"))
        subdivision.levels = subdivision.render_levels = levels
    bake_foot_ik(bpy.context, rig, FootIKOptions())
    return rig, body


def main(args: list[str]) -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--frames", type=int, default=250, help="frames of the walk (the take)")
    parser.add_argument("--subdivide", type=int, default=0, help="Subdivision Surface levels on the body")
    parser.add_argument("--repeat", type=int, default=5, help="runs per figure")
    options = parser.parse_args(args)

    import bpy

    cleanup = ensure_registered()
    try:
        from overanim_addon.blender.export import fbx_file, property_curves
        from overanim_addon.blender.export.fbx import UNREAL_SETTINGS, ensure_fbx_exporter
        from overanim_addon.blender.shared.typed import temp_override

        ensure_fbx_exporter()
        rig, body = build(options.frames, options.subdivide)
        names = property_curves.animated_properties(rig)
        vertices = len(body.evaluated_get(bpy.context.evaluated_depsgraph_get()).data.vertices)
        base, sampling, adding, reading, writing = [], [], [], [], []
        with tempfile.TemporaryDirectory() as folder:
            exported, processed, again = (Path(folder) / name for name in ("e.fbx", "p.fbx", "a.fbx"))
            for _ in range(options.repeat):
                with temp_override(bpy.context, selected_objects=[rig, body], active_object=rig, object=rig):
                    start = time.perf_counter()
                    bpy.ops.export_scene.fbx(filepath=str(exported), bake_anim=True, **UNREAL_SETTINGS)
                    base.append(time.perf_counter() - start)
                start = time.perf_counter()
                curves = property_curves.sample(bpy.context, rig, names, 1, options.frames)
                sampling.append(time.perf_counter() - start)
                start = time.perf_counter()
                property_curves.add_to_file(exported, processed, rig.name, curves)
                adding.append(time.perf_counter() - start)
                start = time.perf_counter()
                root, version = fbx_file.read(exported)
                reading.append(time.perf_counter() - start)
                start = time.perf_counter()
                fbx_file.write(again, root, version)
                writing.append(time.perf_counter() - start)
            size, grown = exported.stat().st_size, processed.stat().st_size
    finally:
        cleanup()

    ratios = sorted((s + a) / b for s, a, b in zip(sampling, adding, base, strict=True))
    spread = f"{ratios[0]:.2f} to {ratios[-1]:.2f}" if len(ratios) > 1 else "one run"
    print(f"Export curves benchmark: {options.frames} frames, {len(names)} animated properties, body of "
          f"{vertices} vertices, FBX {size / 1e6:.2f} MB (+{(grown - size) / 1e3:.1f} kB of curves), "
          f"Blender {bpy.app.version_string}, median of {options.repeat} runs (range)")
    print(f"  Blender's exporter alone (baseline)      {Timing(base)}")
    print(f"  sampling the properties, every frame     {Timing(sampling)}")
    print(f"  adding the curves to the file            {Timing(adding)}")
    print(f"    reading the file (parse_fbx)           {Timing(reading)}")
    print(f"    writing it unchanged (encode_bin)      {Timing(writing)}")
    print(f"  sampling and adding, to the baseline     {statistics.median(ratios):9.2f}x  ({spread})")
    return 0


if __name__ == "__main__":
    sys.exit(main(script_args()))
