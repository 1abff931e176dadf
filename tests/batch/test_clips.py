"""The batch's --clips (bpy-free): the transfer step's clip files, found before any Blender starts."""

from __future__ import annotations

import pytest

from overanim_headless.cli import UsageError, clip_files


def test_clips_are_the_files_named_and_those_in_folders_each_once_in_order(tmp_path):
    (tmp_path / "walks" / "deep").mkdir(parents=True)
    for name in ("walks/b.bvh", "walks/a.BVH", "walks/deep/c.blend", "walks/notes.txt", "run.bvh"):
        (tmp_path / name).write_text("x")
    found = clip_files([str(tmp_path / "walks"), str(tmp_path / "run.bvh"), str(tmp_path / "walks" / "b.bvh")])
    assert [p.split("/")[-1] for p in found] == ["a.BVH", "b.bvh", "c.blend", "run.bvh"]
    assert all(p.startswith("/") for p in found)


@pytest.mark.parametrize("name", ["notes.txt", "missing.bvh"])
def test_a_clip_that_is_neither_bvh_blend_nor_folder_is_a_usage_error(tmp_path, name):
    (tmp_path / "notes.txt").write_text("x")
    with pytest.raises(UsageError, match="--clips"):
        clip_files([str(tmp_path / name)])
