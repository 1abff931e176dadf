"""+ Sample in a real Blender window (4.3 and 5.2): what the Info editor logs (window finding 9 of
issue 31: every + Sample left four ``bpy.ops.object.editmode_toggle()`` lines there, the skeleton
being made in Edit Mode through ``mode_set``, whose nested ``editmode_toggle`` Blender logs)."""

from __future__ import annotations

import pytest

from overanim_addon.blender.sample.build import BONES


@pytest.mark.real_blender
def test_sample_leaves_only_its_own_line_in_the_info_log(tmp_path, real_binary):
    from ...real_blender import run_in_window

    out = run_in_window(real_binary, "sample_info.py", "overanim_sample_info.json", tmp_path, seconds=3)
    assert out["status"] == ["FINISHED"]
    new = out["lines"][len(out["before"]):]
    assert not [line for line in out["lines"] if "editmode_toggle" in line or "mode_set" in line], new
    assert [line for line in new if line.startswith("bpy.ops.")] == ["bpy.ops.overanim.build_sample_character()"], new
    assert out["operators"][-1:] == ["OVERANIM_OT_build_sample_character"]
    assert out["libraries"] == []  # the skeleton was appended from the add-on's file: no Library kept
    assert not [name for name in out["undone"] if "OverAnimSample" in name]  # one Ctrl+Z takes it all back
    # the skeleton as the window built it: the table's bones, parents, heads and tails (float32)
    parents = {name: parent for name, parent, _head, _tail in out["bones"]}
    assert {name: parents.get(name) for name in BONES} == {name: parent for name, (parent, *_rest) in BONES.items()}
    for name, _parent, head, tail in out["bones"]:
        if name in BONES:
            assert head == pytest.approx(BONES[name][1], abs=1e-6) and tail == pytest.approx(BONES[name][2], abs=1e-6)
