"""The live repaint's path through the code: which of the add-on's modules one Falloff Mode change walks
through with Live Preview on, counted by ``sys.setprofile`` (issue 32.4).

    .venv/bin/python benchmarks/walk_repaint.py [--calls]

The sample character is built, Live Preview turned on, and one Falloff Mode change made as the
panel makes it (the field set, the rig tagged, the view layer evaluated). Every call between two of
the add-on's modules in that update is recorded. Printed: the modules entered; the stops (calls that
cross from one module into another); how often the path returns into ``masks/paint.py`` from another
module; and, with ``--calls``, the stops in order. Not a test: the walk is stated, never asserted.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from types import FrameType

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # the checkout
from overanim_headless.session import ensure_registered, script_args

PACKAGE = Path(__file__).resolve().parents[1] / "overanim_addon"
PAINT = "blender/masks/paint.py"


def module_of(frame: FrameType | None) -> str | None:
    """The add-on module (its path under overanim_addon/) a frame runs, or None outside the add-on."""
    if frame is None:
        return None
    path = Path(frame.f_code.co_filename)
    try:
        return path.resolve().relative_to(PACKAGE).as_posix()
    except ValueError:
        return None


Stop = tuple[str, str, str, bool]  # caller module, callee module, callee function, inside paint.repaint


def walk(change) -> tuple[list[Stop], list[str]]:
    """(caller module, callee module, callee function, whether inside ``paint.repaint``) of every
    call crossing modules while ``change()`` runs, and the functions returning into
    masks/paint.py from another module."""
    stops: list[Stop] = []
    returns: list[str] = []
    inside = [0]

    def profile(frame: FrameType, event: str, _arg: object) -> None:
        if event not in ("call", "return"):
            return
        here, caller = module_of(frame), module_of(frame.f_back)
        if here == PAINT and frame.f_code.co_name == "repaint":
            inside[0] += 1 if event == "call" else -1
        if here is None or caller is None or here == caller:
            return
        if event == "call":
            stops.append((caller, here, frame.f_code.co_name, inside[0] > 0))
        elif caller == PAINT:
            returns.append(f"{here}: {frame.f_code.co_name}")

    sys.setprofile(profile)
    try:
        change()
    finally:
        sys.setprofile(None)
    return stops, returns


def main(args: list[str]) -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--calls", action="store_true", help="print every stop in order")
    options = parser.parse_args(args)

    import bpy

    cleanup = ensure_registered()
    try:
        from overanim_addon.blender.masks import live
        from overanim_addon.blender.sample.build import build_sample_character
        from overanim_addon.blender.shared.typed import view_layer_of

        bpy.ops.wm.read_homefile(use_empty=True)
        rig = build_sample_character(bpy.context)
        live.set_live_preview(bpy.context, rig, True)
        view_layer_of(bpy.context).update()
        region = rig.overanim.regions[0]  # type: ignore[attr-defined]

        def change() -> None:
            region.falloff_mode = "LINEAR" if region.falloff_mode != "LINEAR" else "POWER"
            rig.update_tag()
            view_layer_of(bpy.context).update()

        change()  # the first change after turning on: reads what the later ones keep
        stops, returns = walk(change)
        live.set_live_preview(bpy.context, rig, False)
    finally:
        cleanup()
    print(f"One Falloff Mode change with Live Preview on, Blender {bpy.app.version_string}:")
    for label, part in (("the whole update", stops), ("inside paint.repaint", [s for s in stops if s[3]])):
        modules = sorted({callee for _caller, callee, _name, _in in part})
        print(f"  {label}: {len(part)} stops (calls from one of the add-on's modules into another), "
              f"{len(set(part))} distinct, through {len(modules)} modules")
        for module in modules:
            print(f"    {module}: entered {sum(callee == module for _c, callee, _n, _in in part)} times")
    print(f"  {len(returns)} returns into {PAINT} from another module, from {len(set(returns))} distinct functions")
    if options.calls:
        for caller, callee, name, inside in stops:
            print(f"  {'*' if inside else ' '} {caller} -> {callee}: {name}")
    return 0


if __name__ == "__main__":
    sys.exit(main(script_args()))
