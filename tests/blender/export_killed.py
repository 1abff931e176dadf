"""Export for Unreal in a process of its own that SIGKILLs itself part way, as a crash, the OOM
killer or a farm's cancel does: what a killed export leaves in its folder.

    python tests/blender/export_killed.py IN.blend OUT.fbx written   # every temporary file written
    python tests/blender/export_killed.py IN.blend OUT.fbx second    # the second one just created

Run under plain Python with the bpy module or ``blender --background --python ... -- args``."""

import os
import signal
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # the checkout: overanim_addon


def main(args: list[str]) -> None:
    import bpy

    import overanim_addon
    from overanim_addon import safe_files
    from overanim_addon.blender.export import fbx
    from overanim_addon.blender.export.engine import ExportOptions, export_fbx

    source, target, phase = args
    bpy.ops.wm.open_mainfile(filepath=source)
    overanim_addon.register()

    def killed(*_args: object) -> None:
        os.kill(os.getpid(), signal.SIGKILL)

    if phase == "written":  # the renames never start
        safe_files.replace_all = killed
    else:
        new, made = fbx.Staging.new, []

        def new_then_killed(self: fbx.Staging, path: Path) -> Path:
            made.append(new(self, path))
            if len(made) == 2:
                killed()
            return made[-1]

        fbx.Staging.new = new_then_killed
    armature = next(o for o in bpy.context.scene.objects if o.type == "ARMATURE")
    export_fbx(bpy.context, armature, ExportOptions(Path(target)))
    raise SystemExit("the export was not killed")


if __name__ == "__main__":
    main(sys.argv[sys.argv.index("--") + 1:] if "--" in sys.argv else sys.argv[1:])
