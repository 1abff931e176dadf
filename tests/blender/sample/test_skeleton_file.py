"""The sample's skeleton file (``sample/skeleton.blend``, appended by + Sample so that it runs no
operator: issue 31, window finding 9) holds the bones ``sample/skeleton.py`` makes in Edit Mode, as
``scripts/write_sample_skeleton.py`` wrote them: the file is what its script makes, and the sample is
the skeleton it was before the file."""

from __future__ import annotations

import bpy
import numpy as np
import pytest

from overanim_addon.blender.sample.build import build_sample_character
from overanim_addon.blender.sample.skeleton import BONES, FOOT_IK_BONES, load_skeleton, make_skeletons

# what a bone is; its envelope radii are left out: Blender 4.2 (which writes the file) gives a connected
# bone's head its parent's tail radius, 5.x keeps 0.1; they draw Envelope bones only (the skin deforms
# by vertex groups)
FIELDS = ("name", "head_local", "tail_local", "use_connect", "use_deform", "inherit_scale",
          "use_inherit_rotation", "use_local_location", "use_relative_parent", "bbone_segments")
# what Blender derives from head, tail and roll: its float32 rounding differs between builds (the file
# is written by 4.2; real 4.3 derives a foot's matrix 2.4e-7 apart), so these agree within float32 noise
DERIVED = ("matrix_local", "length")


def bones(data):
    return [(*(np.array(getattr(b, f)).tolist() if not isinstance(getattr(b, f), (str, bool, int)) else getattr(b, f)
               for f in FIELDS), b.parent.name if b.parent else None) for b in data.bones]


def derived(data):
    return np.array([np.concatenate([np.ravel(np.array(b.matrix_local)), [b.length]]) for b in data.bones])


@pytest.mark.parametrize("foot_ik", [False, True], ids=["skeleton", "with-foot-ik"])
def test_the_file_holds_what_its_script_makes(addon, empty_scene, foot_ik):
    made = make_skeletons(bpy.context)[int(foot_ik)]
    loaded = load_skeleton("Loaded", foot_ik)
    assert bones(loaded) == bones(made)  # exactly: float32 for float32
    assert np.allclose(derived(loaded), derived(made), rtol=0.0, atol=1e-6)
    assert sorted(b.name for b in loaded.bones) == sorted([*BONES, *(FOOT_IK_BONES if foot_ik else ())])
    assert not bpy.data.libraries  # appended: no trace of the add-on's file is left in the artist's


def test_the_sample_stands_on_the_tables_bones(sample):
    """Heads and tails as ``BONES`` gives them (float32), parents, connected where a parent's tail is the
    head, the root alone not deforming: nothing of the skeleton moved into the file."""
    for bone in sample.data.bones:
        parent, head, tail, _radius = BONES[bone.name]
        assert tuple(bone.head_local) == tuple(np.float32(head)) and tuple(bone.tail_local) == tuple(np.float32(tail))
        assert (bone.parent.name if bone.parent else None) == parent
        assert bone.use_connect == (parent is not None and tuple(BONES[parent][2]) == tuple(head))
        assert bone.use_deform == (bone.name != "root")
    assert len(sample.data.bones) == len(BONES) and len(sample.pose.bones) == len(BONES)


def test_a_second_sample_gets_its_own_skeleton(addon, empty_scene):
    first = build_sample_character(bpy.context)
    second = build_sample_character(bpy.context, foot_ik=True)
    assert (first.data.name, second.data.name) == ("SK_OverAnimSample", "SK_OverAnimSample.001")
    assert first.data != second.data and "ik_foot_l" in second.data.bones and "ik_foot_l" not in first.data.bones
