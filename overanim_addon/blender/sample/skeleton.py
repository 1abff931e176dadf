"""The sample's skeleton: its bones (``BONES``), made in Edit Mode once by
``scripts/write_sample_skeleton.py`` into ``skeleton.blend`` beside this file, and appended from there
by + Sample. Bones are made only in Edit Mode, and the only way into it is ``bpy.ops.object.mode_set``,
whose ``editmode_toggle`` Blender logs in the artist's Info editor every time (issue 31, window finding
9: four such lines after each + Sample); appending runs no operator. The file holds two armatures:
the skeleton alone and with Unreal's IK foot bones (``ik_foot_root`` > ``ik_foot_l``/``_r``, the walk's),
both made by the functions below (``make_skeletons``), which the test compares with the file."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import bpy

from ...core.errors import OverAnimError
from ...core.messages import Message
from ..shared.typed import armature_data, scene_of, temp_override, view_layer_of

# name: (parent, head, tail, tube radius) in metres; character faces -Y, its left is +X
BONES: dict[str, tuple[str | None, tuple[float, float, float], tuple[float, float, float], float]] = {
    "root": (None, (0, 0, 0), (0, 0.25, 0), 0.0),
    "pelvis": ("root", (0, 0, 0.95), (0, 0, 1.05), 0.15),
    "spine_01": ("pelvis", (0, 0, 1.05), (0, 0.01, 1.18), 0.14),
    "spine_02": ("spine_01", (0, 0.01, 1.18), (0, 0.01, 1.30), 0.15),
    "spine_03": ("spine_02", (0, 0.01, 1.30), (0, 0, 1.44), 0.16),
    "neck_01": ("spine_03", (0, 0, 1.44), (0, -0.01, 1.56), 0.06),
    "head": ("neck_01", (0, -0.01, 1.56), (0, -0.01, 1.80), 0.10),
}
for side, sign in (("l", 1.0), ("r", -1.0)):
    BONES.update({
        f"clavicle_{side}": ("spine_03", (sign * 0.03, 0, 1.40), (sign * 0.17, 0.01, 1.42), 0.05),
        f"upperarm_{side}": (f"clavicle_{side}", (sign * 0.17, 0.01, 1.42), (sign * 0.42, 0.03, 1.22), 0.055),
        f"lowerarm_{side}": (f"upperarm_{side}", (sign * 0.42, 0.03, 1.22), (sign * 0.62, 0.0, 1.05), 0.045),
        f"hand_{side}": (f"lowerarm_{side}", (sign * 0.62, 0.0, 1.05), (sign * 0.71, -0.01, 0.98), 0.04),
        f"thigh_{side}": ("pelvis", (sign * 0.10, 0, 0.93), (sign * 0.11, -0.01, 0.51), 0.08),
        f"calf_{side}": (f"thigh_{side}", (sign * 0.11, -0.01, 0.51), (sign * 0.12, 0.02, 0.09), 0.06),
        f"foot_{side}": (f"calf_{side}", (sign * 0.12, 0.02, 0.09), (sign * 0.12, -0.10, 0.03), 0.045),
        f"ball_{side}": (f"foot_{side}", (sign * 0.12, -0.10, 0.03), (sign * 0.12, -0.17, 0.02), 0.035),
    })
FOOT_IK_BONES = ("ik_foot_root", "ik_foot_l", "ik_foot_r")

SKELETON_FILE = Path(__file__).with_name("skeleton.blend")
PLAIN, WITH_FOOT_IK = "OverAnimSample", "OverAnimSample_FootIK"  # the armatures in the file


def load_skeleton(name: str, foot_ik: bool = False) -> bpy.types.Armature:
    """A new armature named ``name`` (made unique as Blender does), appended from ``skeleton.blend``:
    the skeleton, with the IK foot bones when ``foot_ik``. Runs no operator."""
    wanted = WITH_FOOT_IK if foot_ik else PLAIN
    if not SKELETON_FILE.is_file():
        raise OverAnimError(Message("The sample's skeleton file is missing ({path}): install the add-on again",
                                    path=str(SKELETON_FILE)))
    libraries: Any = bpy.data.libraries  # the stubs type load() as returning None: it is a context manager
    with libraries.load(str(SKELETON_FILE), link=False) as (_source, loaded):
        loaded.armatures = [wanted]
    data: bpy.types.Armature = loaded.armatures[0]
    # append leaves the file's Library behind with nothing linked from it: the artist's file keeps no trace of it
    for library in list(bpy.data.libraries):
        if Path(bpy.path.abspath(library.filepath)).resolve() == SKELETON_FILE.resolve() and not len(library.users_id):
            bpy.data.libraries.remove(library)
    data.name = name
    return data


# -- made in Edit Mode: scripts/write_sample_skeleton.py, the test that compares them with the file,
#    and a rig given the walk's IK foot bones (``walk.add_foot_ik_bones``) ---------------------------

def _in_edit_mode(armature: bpy.types.Object, edit: Callable[[bpy.types.ArmatureEditBones], None]) -> None:
    """Run ``edit(edit_bones)`` on ``armature`` in Edit Mode, then back in Object Mode."""
    view_layer = view_layer_of(bpy.context)
    previous = view_layer.objects.active
    view_layer.objects.active = armature
    with temp_override(bpy.context, active_object=armature, object=armature, selected_objects=[armature],
                       selected_editable_objects=[armature]):
        bpy.ops.object.mode_set(mode="EDIT")
        edit(armature_data(armature).edit_bones)
        bpy.ops.object.mode_set(mode="OBJECT")
    view_layer.objects.active = previous


def _add_bones(edit_bones: bpy.types.ArmatureEditBones) -> None:
    for bone, (parent, head, tail, _radius) in BONES.items():
        eb = edit_bones.new(bone)
        eb.head, eb.tail = head, tail
        eb.use_deform = bone != "root"
        if parent:
            eb.parent = edit_bones[parent]
            eb.use_connect = tuple(BONES[parent][2]) == tuple(head)


def _add_foot_ik(edit_bones: bpy.types.ArmatureEditBones) -> None:
    ik_root = edit_bones.new("ik_foot_root")
    ik_root.head, ik_root.tail, ik_root.parent = (0, 0, 0), (0, 0.1, 0), edit_bones["root"]
    for side in ("l", "r"):
        foot = edit_bones[f"foot_{side}"]
        ik = edit_bones.new(f"ik_foot_{side}")
        ik.head, ik.tail, ik.roll, ik.parent = foot.head, foot.tail, foot.roll, ik_root
    for name in FOOT_IK_BONES:
        edit_bones[name].use_deform = False


def add_foot_ik_edit_bones(armature: bpy.types.Object) -> None:
    """``ik_foot_root`` under ``root`` and ``ik_foot_l``/``_r`` (shaped like the feet) under it, in Edit Mode."""
    _in_edit_mode(armature, _add_foot_ik)


def make_skeletons(context: bpy.types.Context) -> tuple[bpy.types.Armature, bpy.types.Armature]:
    """The file's two armatures made in Edit Mode (``PLAIN`` and ``WITH_FOOT_IK``), with no users."""
    plain = bpy.data.armatures.new(PLAIN)
    holder = bpy.data.objects.new(PLAIN, plain)
    scene_of(context).collection.objects.link(holder)
    _in_edit_mode(holder, _add_bones)
    with_foot_ik = plain.copy()
    with_foot_ik.name = WITH_FOOT_IK
    holder.data = with_foot_ik
    _in_edit_mode(holder, _add_foot_ik)
    bpy.data.objects.remove(holder)
    return plain, with_foot_ik
