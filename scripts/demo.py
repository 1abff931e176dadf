"""The headless demo: build the sample character, measure it, paint its Region masks, check LOD
coverage, compose its Region deltas, bake its walk's foot IK over a generated step and slope, analyse
its walk's motion (speed, contacts); write demo.blend, report.json (the batch's report format,
docs/batch-report.md), masks.png (the character in its Region mask colours, rendered with
Workbench on the CPU) and motion.png (the walk's speed, Distance curve and foot contacts over its
frames, drawn with matplotlib); print a summary.

    python3 tasks.py demo [OUT]                                          # bpy module in .venv
    blender --background --factory-startup --python scripts/demo.py -- [OUT]   # a real Blender
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import textwrap
import time
from pathlib import Path
from typing import Any, cast

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # the checkout: the add-on and overanim_headless

from overanim_headless import report as batch_report
from overanim_headless.files import absolute, identity
from overanim_headless.saving import save_blend
from overanim_headless.session import ROOT, addon_version, ensure_registered, script_args

MASKS_SIZE = (360, 480)  # pixels: small and fast on the CPU
MOTION_SIZE = (8.0, 5.0)  # inches at 100 dpi: 800 x 500 pixels


def parse(args: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="scripts/demo.py", description=__doc__.split("\n\n")[0])
    parser.add_argument("out", nargs="?", default=str(ROOT / "out"),
                        help="folder for demo.blend, report.json, masks.png and motion.png "
                             "(default: out/ in the checkout)")
    parser.add_argument("--render-masks", nargs=2, metavar=("BLEND", "PNG"), help=argparse.SUPPRESS)
    return parser.parse_args(args)


def render_masks(blend: Path, png: Path) -> None:
    """The sample of ``blend`` in its OverAnim_Preview colours, in its rest pose (the masks are
    measured there) without the walk's terrain: Workbench, colour attribute shading, a small still
    from the front-left. Runs in a process of its own (``--render-masks``)."""
    import bpy
    from mathutils import Vector

    from overanim_addon.blender.shared.scene import deformed_meshes, lod_index
    from overanim_addon.blender.shared.typed import armature_data, scene_of

    bpy.ops.wm.open_mainfile(filepath=str(blend), load_ui=False)
    scene = scene_of(bpy.context)
    character: set[bpy.types.Object] = set()
    for armature in (o for o in scene.objects if o.type == "ARMATURE"):
        armature_data(armature).pose_position = "REST"
        character.update(m for m in deformed_meshes(armature, scene) if lod_index(m) == 0)  # LOD1 lies on LOD0
    for obj in scene.objects:
        obj.hide_render = obj.type == "MESH" and obj not in character
    camera = bpy.data.objects.new("OverAnim_DemoCamera", bpy.data.cameras.new("OverAnim_DemoCamera"))
    scene.collection.objects.link(camera)
    camera.location = Vector((1.7, -3.9, 1.35))
    camera.rotation_euler = (Vector((0.0, 0.0, 0.9)) - camera.location).to_track_quat("-Z", "Y").to_euler()
    scene.camera = camera
    if scene.world is None:
        scene.world = bpy.data.worlds.new("OverAnim_DemoWorld")
    scene.world.color = (0.62, 0.64, 0.67)
    render = scene.render
    render.engine = cast(Any, "BLENDER_WORKBENCH")  # the stubs list EEVEE only (engines register at run time)
    render.resolution_x, render.resolution_y = MASKS_SIZE
    render.resolution_percentage = 100
    render.film_transparent = False
    render.image_settings.file_format = "PNG"
    render.filepath = str(png)
    shading = cast(bpy.types.View3DShading, cast(bpy.types.SceneDisplay, scene.display).shading)
    shading.light, shading.color_type = "STUDIO", "VERTEX"  # VERTEX: the active colour attribute
    bpy.ops.render.render(write_still=True)


def picture(blend: Path, png: Path) -> str:
    """Render masks.png in a child process: without OpenGL (a server with no EGL) Blender aborts,
    which must cost the picture only, not the demo."""
    import bpy

    args = ["--render-masks", str(blend), str(png)]
    command = [bpy.app.binary_path, "--background", "--factory-startup", "--python", __file__, "--", *args] \
        if bpy.app.binary_path else [sys.executable, __file__, *args]
    png.unlink(missing_ok=True)
    result = subprocess.run(command, capture_output=True, text=True, timeout=300, check=False)
    if result.returncode == 0 and png.is_file():
        return f"{png} (the Region masks)"
    last = (result.stderr.strip() or result.stdout.strip()).splitlines()[-1:] or ["no output"]
    return f"no masks.png: Workbench could not render here (exit code {result.returncode}: {last[0]})"


def motion_curves(armature: Any) -> dict[str, Any]:
    """The per-frame curves Analyze Motion keyed (name -> frames x (frame, value)), for the picture."""
    from overanim_addon.blender.motion.names import PREFIX
    from overanim_addon.blender.shared.fcurves import fcurves, keys

    action = armature.overanim.motion.curves_action
    if action is None:
        return {}
    return {curve.data_path[2:-2].removeprefix(PREFIX): keys(curve) for curve in fcurves(action)}


def plot_motion(curves: dict[str, Any], title: str, rule: str, png: Path) -> str:
    """motion.png: the actor's speed, the Distance curve and each foot's planted frames (a gait
    diagram, ``rule`` saying what planted means) over the frames; or why there is none."""
    try:
        import matplotlib
    except ImportError:
        return "no motion.png: matplotlib is not installed in this Python (pip install matplotlib)"
    if not {"Speed", "Distance", "LeftFootContact", "RightFootContact"} <= curves.keys():
        return "no motion.png: Analyze Motion keyed no speed, Distance or contact curves"
    matplotlib.use("Agg")  # no window: a file
    from matplotlib import pyplot

    figure, (speed, distance, contacts) = pyplot.subplots(3, 1, sharex=True, figsize=MOTION_SIZE,
                                                           height_ratios=(2, 2, 1), layout="constrained")
    figure.suptitle(title, fontsize=11)
    for axes, name, unit, colour in ((speed, "Speed", "cm/s", "tab:blue"), (distance, "Distance", "cm", "tab:green")):
        axes.plot(curves[name][:, 0], curves[name][:, 1], color=colour)
        axes.set_ylabel(f"{name} ({unit})")
        axes.grid(alpha=0.3)
    speed.set_ylim(0.0, 1.2 * max(float(curves["Speed"][:, 1].max()), 1.0))  # a steady walk: its line in sight
    for row, (side, colour) in enumerate((("Left", "tab:orange"), ("Right", "tab:purple"))):
        frame, planted = curves[f"{side}FootContact"][:, 0], curves[f"{side}FootContact"][:, 1] > 0.5
        contacts.fill_between(frame, row + 0.1, row + 0.9, where=planted, step="mid", color=colour)
    contacts.set_yticks([0.5, 1.5], ["left foot", "right foot"])
    contacts.set_ylim(0.0, 2.0)
    contacts.set_xlabel(textwrap.fill(f"frame. Bars: the foot is planted, {rule}", 100), fontsize=9)
    figure.savefig(png, dpi=100)
    pyplot.close(figure)
    return f"{png} (the Motion curves)"


def print_summary(entry: dict[str, Any]) -> None:
    """What the demo did to the sample, step by step, in a few lines of the console."""
    props = entry["steps"]["measure"].get("properties", {})
    print(f"OverAnim demo: '{entry['armature']}'")
    print(f"  height {props.get('OverAnim_CharacterHeightCS', 0):.1f} cm  "
          f"scale {props.get('OverAnim_CharacterScaleCS', 0):.3f}  "
          f"locomotion {props.get('OverAnim_LocomotionHeightCS', 0):.1f} cm from "
          f"'{props.get('OverAnim_LocomotionRootBone', '?')}'  (CS: the rig's own lengths)")
    for step, outcome in entry["steps"].items():
        state = "ok" if outcome["ok"] else "FAILED: " + outcome["error"]
        print(f"  {step:8s} {'skipped: ' + outcome['skipped'] if 'skipped' in outcome else state}")
    footik = entry["steps"]["footik"]
    if "per_frame" in footik:
        body, pitch = footik["per_frame"]["BodyOffset"], footik["per_frame"]["LeftPitch"]
        print(f"  foot IK: frames {footik['frames'][0]}-{footik['frames'][1]}, body offset "
              f"{body['min']:+.1f} to {body['max']:+.1f} cm, left pitch up to {pitch['max']:.1f}°")
    motion = entry["steps"].get("motion", {})
    if "raw" in motion:
        raw, calibrated, contacts = motion["raw"], motion["calibrated"], motion["contacts"]
        relative = (f", {calibrated['average_speed']:.1f} in reference-character units (scale {motion['scale']:.3f})"
                    if calibrated else "")
        print(f"  motion: '{motion['action']}' frames {motion['frames'][0]}-{motion['frames'][1]}, "
              f"{raw['average_speed']:.1f} cm/s on average, up to {raw['max_speed']:.1f} cm/s{relative}")
        print(f"  contacts: left foot planted {contacts['left']} frames, right {contacts['right']} (under "
              f"{contacts['speed']:.1f} cm/s and {contacts['height']:.1f} cm {above(contacts)})")


def above(contacts: dict[str, Any]) -> str:
    """What the contacts' heights were measured above (the batch report's ``contacts.rule``)."""
    if contacts.get("rule") == "ground":
        return "above the ground under each foot"
    return "above the ground reference (the root)"


def main(args: list[str]) -> int:
    options = parse(args)
    if options.render_masks:
        render_masks(*(absolute(p) for p in options.render_masks))
        return 0
    out = absolute(options.out)
    try:  # before any work: a folder that is a file, or one this user may not write into
        out.mkdir(parents=True, exist_ok=True)
        batch_report.check_writable(out / "report.json")
    except OSError as error:
        print(f"scripts/demo.py: cannot write into {out}: {error.strerror or error}", file=sys.stderr)
        return 2

    import bpy

    cleanup = ensure_registered()
    try:
        from overanim_addon.blender.foot_ik.bake import baked_values
        from overanim_addon.blender.pipeline import process_armature, rounded
        from overanim_addon.blender.sample.build import add_sample_deltas, build_sample_character
        from overanim_addon.blender.sample.walk import add_sample_walk

        started = time.monotonic()
        bpy.ops.wm.read_homefile(use_empty=True)
        armature = build_sample_character(bpy.context, foot_ik=True)  # as + Sample builds it
        add_sample_deltas(armature)
        add_sample_walk(bpy.context, armature)
        result = process_armature(armature)
        curves = motion_curves(armature)
        footik = result["steps"]["footik"]
        if footik["ok"] and "frames" in footik:  # the per-frame offsets, beside the bake's summary
            baked = baked_values(armature)
            footik["offsets_cm"] = {"frame": [int(f) for f in baked["BodyOffset"][:, 0]],
                                    **{name: [rounded(v, 2) for v in baked[key][:, 1]]
                                       for name, key in (("body", "BodyOffset"), ("left", "LeftOffset"),
                                                         ("right", "RightOffset"))}}
        save_blend(out / "demo.blend", unchanged_since=identity(out / "demo.blend"))
        failure = batch_report.first_failure([result])
        report = batch_report.new_report(out, jobs=1)
        report.update(blender_version=bpy.app.version_string, addon_version=addon_version())
        report["files"].append(batch_report.file_entry(
            "demo.blend", batch_report.FAILED if failure else batch_report.OK, error=failure,
            duration_s=time.monotonic() - started, saved_to=str(out / "demo.blend"),
            notes=["built by scripts/demo.py: the procedural sample character with two Region deltas"],
            armatures=[result]))
        batch_report.write_json(out / "report.json", batch_report.finish(report, time.monotonic() - started))
        bpy.ops.wm.read_homefile(use_empty=True)
    finally:
        cleanup()

    entry = report["files"][0]["armatures"][0]
    print_summary(entry)
    print(f"  wrote {out / 'demo.blend'} and {out / 'report.json'}")
    print(f"  picture: {picture(out / 'demo.blend', out / 'masks.png')}")
    motion = entry["steps"].get("motion", {})
    title = f"'{entry['armature']}': Analyze Motion of '{motion.get('action', '?')}' after the Foot IK bake"
    contacts = motion.get("contacts", {})
    rule = f"under {contacts.get('speed', 0):.0f} cm/s and {contacts.get('height', 0):.1f} cm {above(contacts)}"
    print(f"  picture: {plot_motion(curves, title, rule, out / 'motion.png')}")
    return 0 if report["ok"] else 1


if __name__ == "__main__":
    sys.exit(main(script_args()))
