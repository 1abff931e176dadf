"""A character library as a studio's looks, for benchmark_batch.py: the tests' real characters, one
.blend file per character and clip, each standing on a floor with a Region, so the batch's every
step has work (checks, measure, paint, LOD, compose, Foot IK, Motion). Built inside bpy:

- the sample, walking over the demo's steps and slopes: a 44-frame and an 88-frame clip;
- the Mixamo-shaped character written by Blender's glTF exporter and read back by its importer, with
  its walk (tests/blender/imported_characters.py);
- CMU's subject 01 (two clips, 01_01 and 01_03, 120 fps) and the boxer of Boxing_Toes, real motion
  capture through Blender's BVH importer (tests/fixtures/downloaded, ``python3 tasks.py fixtures``);
- the BVH walk of tests/blender/real_characters.py.
"""

from __future__ import annotations

import importlib
import re
from pathlib import Path
from typing import Any

import bpy

CMU_SCALE = 0.056444  # CMU's BVH units (1/0.45 inch) in metres, as CMU's own converters scale them
BOXER_SCALE = 0.01  # Boxing_Toes is in centimetres


def _tests(name: str) -> Any:
    """A module of the tests' helpers (tests/ is not type-checked: imported by name)."""
    return importlib.import_module(f"tests.{name}")


def _save(folder: Path, name: str) -> None:
    bpy.ops.wm.save_as_mainfile(filepath=str(folder / f"{name}.blend"))


def _stand(armature: Any, region_bones: list[str]) -> None:
    """A floor under the character, a Region over ``region_bones``, the armature active."""
    _tests("blender.foot_ik_scenes").plane(half=2000.0)
    _tests("blender.real_characters").add_region(armature, "LeftLeg", region_bones)
    context: Any = bpy.context
    context.view_layer.objects.active = armature


def _sample(folder: Path) -> None:
    from overanim_addon.blender.sample.build import add_sample_deltas, build_sample_character
    from overanim_addon.blender.sample.walk import add_foot_ik_bones, add_sample_walk

    for frames in (44, 88):
        bpy.ops.wm.read_homefile(use_empty=True)
        armature = build_sample_character(bpy.context, "SK_Hero")
        add_sample_deltas(armature)
        add_foot_ik_bones(armature)
        add_sample_walk(bpy.context, armature, frames=frames)
        _save(folder, f"hero_walk_{frames}")


def _mixamo(folder: Path, scratch: Path) -> None:
    mixamo = _tests("blender.imported_characters")
    glb = scratch / "mixamo.glb"
    mixamo.write_mixamo_glb(glb)
    armature = mixamo.import_mixamo(glb)
    mixamo.set_foot_ik_bones(armature)
    legs = ["LeftUpLeg", "LeftLeg", "LeftFoot", "LeftToeBase"]
    _stand(armature, [mixamo.PREFIX + n for n in legs])
    _save(folder, "mixamo_walk")


def _bvh(folder: Path, path: Path, name: str, scale: float, legs: list[str]) -> None:
    bpy.ops.wm.read_homefile(use_empty=True)
    bpy.ops.import_anim.bvh(filepath=str(path), global_scale=scale, update_scene_fps=True,
                            update_scene_duration=True)
    armature: Any = bpy.context.active_object
    _skin(armature)
    _stand(armature, [b for b in legs if b in armature.data.bones])
    _save(folder, name)


def _skin(armature: Any) -> None:
    """Motion capture comes as a bare skeleton: a body of tubes around its bones, weighted to them, as
    the character it drives would have (the paint and LOD steps work on it)."""
    ends = [(b.name, b.head_local, b.children[0].head_local if b.children else b.tail_local)
            for b in armature.data.bones]
    # a joint at its child's head (CMU's LHipJoint) has no length to put a tube around: its ring would be NaN
    segments = [(name, tuple(head), tuple(end)) for name, head, end in ends if (end - head).length > 1e-4]
    _tests("blender.real_characters").tube_body(armature, segments, 0.05)


def _mocap(folder: Path, scratch: Path) -> None:
    bvh_text, cmu_bvh = _tests("blender.real_characters").bvh_text, _tests("fixtures.third_party").cmu_bvh
    cmu_legs = ["LeftUpLeg", "LeftLeg", "LeftFoot", "LeftToeBase"]
    for clip in ("01_01", "01_03"):
        _bvh(folder, cmu_bvh(f"{clip}.bvh"), f"cmu01_{clip}", CMU_SCALE, cmu_legs)
    _bvh(folder, cmu_bvh("Boxing_Toes.bvh"), "boxer_toes", BOXER_SCALE, ["LeftHip", "LeftKnee", "LeftAnkle"])
    walk = scratch / "walk.bvh"
    walk.write_text(bvh_text(1.0, 40))
    _bvh(folder, walk, "bvh_walk", 1.0, [b for b in re.findall(r"JOINT (\w+)", walk.read_text())
                                         if b.startswith("Left")])


def build(folder: Path, scratch: Path) -> list[Path]:
    """Every file of the library in ``folder``; sorted."""
    from overanim_headless.session import ensure_registered

    cleanup = ensure_registered()
    try:
        _sample(folder)
        _mixamo(folder, scratch)
        _mocap(folder, scratch)
        bpy.ops.wm.read_homefile(use_empty=True)
    finally:
        cleanup()
    return sorted(folder.glob("*.blend"))
