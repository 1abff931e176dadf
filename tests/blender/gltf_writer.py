"""Blender's glTF exporter and importer for the tests, each in a process of its own:

    python tests/blender/gltf_writer.py mixamo OUT.glb 0.01     # the Mixamo-shaped character, exported
    python tests/blender/gltf_writer.py mixamo_walk OUT.glb 0.01   # the same, its legs walking
    python tests/blender/gltf_writer.py khronos OUT.gltf        # the Khronos-shaped figure, exported
    python tests/blender/gltf_writer.py import IN.gl(b|tf) OUT.blend   # imported (defaults) and saved

Neither runs inside the test session: late in a long session Blender's own C code crashed in them
(the bpy 4.2 module in the exporter's ``window.scene = ...``; the real Blender 4.3 in the importer
or the exporter once Rigify had been generated and BVH clips imported, with no Python frame of
ours running), depending on what earlier tests had allocated. The test opens the saved result,
which is what the importer made.
Run under plain Python with the bpy module or ``blender --background --python ... -- args``."""

import os
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # the checkout: tests and overanim_addon


def main(args: list[str]) -> None:
    import bpy

    kind, path = args[0], args[1]
    bpy.ops.wm.read_homefile(use_empty=True)
    if kind == "import":
        assert bpy.ops.import_scene.gltf(filepath=path) == {"FINISHED"}
        bpy.ops.wm.save_as_mainfile(filepath=args[2])
        return
    if kind == "mixamo":
        from tests.blender.imported_characters import build_mixamo

        build_mixamo(float(args[2]))
        export_format = "GLB"
    elif kind == "mixamo_walk":  # its legs walking (foot IK's tests)
        from tests.blender.foot_ik.mixamo_walk import build_walking_mixamo

        build_walking_mixamo(float(args[2]))
        export_format = "GLB"
    else:
        from tests.blender.real_characters import build_khronos

        build_khronos()
        export_format = "GLTF_SEPARATE"
    assert bpy.ops.export_scene.gltf(filepath=path, export_format=export_format) == {"FINISHED"}


if __name__ == "__main__":
    main(sys.argv[sys.argv.index("--") + 1:] if "--" in sys.argv else sys.argv[1:])
    # done: the bpy 4.2 module can segfault while it exits (tests/conftest.py), a result made is a success
    sys.stdout.flush()
    sys.stderr.flush()
    os._exit(0)
