"""A small character library for the batch tests: several rigs, one whose LOD coverage fails, a file
without an armature, a corrupt and a truncated file, a subfolder, and what the search must skip (a
hidden folder, a .blend1). Built in the test process (tests/blender/conftest.py) or, for the real
Blender binary, as a script:

    blender --background --factory-startup --python tests/batch_library.py -- OUT
"""

from __future__ import annotations

import sys
from pathlib import Path

import bpy

# path -> the status the batch must report for it
EXPECTED = {
    "broken/corrupt.blend": "unreadable",
    "broken/truncated.blend": "unreadable",
    "props/no_armature.blend": "ok",
    "rigs/hero.blend": "ok",
    "rigs/lod_error.blend": "failed",
    "rigs/sub/villain.blend": "ok",
}
ARTIST_WORKSPACE = "Artist Layout"  # hero.blend's UI, which a --save must keep


def _sample(name: str, deltas: bool):
    from overanim_addon.blender.sample.build import add_sample_deltas, build_sample_character

    bpy.ops.wm.read_homefile(use_empty=True)
    armature = build_sample_character(bpy.context, name)
    if deltas:
        add_sample_deltas(armature)
    return armature


def _artist_ui() -> None:
    """Name a workspace and set its 3D View to wireframe without a floor: the artist's own UI."""
    workspace = bpy.data.workspaces.get("Layout") or bpy.data.workspaces[0]
    workspace.name = ARTIST_WORKSPACE
    for area in workspace.screens[0].areas:
        if area.type == "VIEW_3D":
            area.spaces[0].shading.type = "WIREFRAME"
            area.spaces[0].overlay.show_floor = False


def artist_ui(path: Path) -> tuple[bool, list[str]]:
    """(the artist workspace is there, shading types of its 3D Views) of a saved file."""
    bpy.ops.wm.open_mainfile(filepath=str(path), load_ui=True)
    workspace = bpy.data.workspaces.get(ARTIST_WORKSPACE)
    if workspace is None:
        return False, []
    return True, [a.spaces[0].shading.type for a in workspace.screens[0].areas if a.type == "VIEW_3D"]


def save(path: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    bpy.ops.wm.save_as_mainfile(filepath=str(path))


def build(out: Path) -> Path:
    """Write the library into ``out`` (the add-on must be registered). Returns ``out``."""
    _sample("SK_Hero", deltas=True)
    _artist_ui()
    save(out / "rigs/hero.blend")
    _sample("SK_Villain", deltas=False)
    save(out / "rigs/sub/villain.blend")
    armature = _sample("SK_LodError", deltas=True)
    lod1 = bpy.data.objects["SK_LodError_Body_LOD1"]
    for bone in ("neck_01", "head"):
        lod1.vertex_groups.remove(lod1.vertex_groups[bone])
    armature.overanim.regions["Head"].lod_policy = "REQUIRE_COVERAGE"
    save(out / "rigs/lod_error.blend")
    bpy.ops.wm.read_homefile(use_empty=True)
    mesh = bpy.data.meshes.new("Prop")
    mesh.from_pydata([(0, 0, 0), (1, 0, 0), (0, 1, 0)], [], [(0, 1, 2)])
    bpy.context.scene.collection.objects.link(bpy.data.objects.new("Prop", mesh))
    save(out / "props/no_armature.blend")
    bpy.ops.wm.read_homefile(use_empty=True)
    hero = (out / "rigs/hero.blend").read_bytes()
    (out / "broken").mkdir(exist_ok=True)
    (out / "broken/corrupt.blend").write_bytes(b"this is not a .blend file\n" * 64)
    (out / "broken/truncated.blend").write_bytes(hero[: len(hero) // 2])
    (out / ".hidden").mkdir(exist_ok=True)
    (out / ".hidden/ghost.blend").write_bytes(hero)
    (out / "rigs/hero.blend1").write_bytes(hero)
    return out


if __name__ == "__main__":
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
    import overanim_addon

    overanim_addon.register()
    try:
        build(Path(sys.argv[sys.argv.index("--") + 1]).resolve())
    finally:
        overanim_addon.unregister()
