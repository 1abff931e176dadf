"""export_fbx, Export for Unreal's engine, called as scripts call it (nothing selected)."""

from __future__ import annotations

import bpy
import pytest

from overanim_addon.blender.export.engine import ExportOptions, export_fbx
from overanim_addon.core.errors import OverAnimError

from ..engine_calls import templates


def test_export_fbx_measures_then_writes_and_says_what_went_into_the_file(unselected, tmp_path):
    path = tmp_path / "hero.fbx"
    outcome = export_fbx(bpy.context, unselected, ExportOptions(path, export_lods=False))
    assert [f.path for f in outcome.result.files] == [path] and path.stat().st_size > 0
    assert outcome.result.properties == sum(1 for k in unselected.keys() if k.startswith("OverAnim_"))  # noqa: SIM118
    assert templates(outcome.log)[-1] == ("INFO", "Exported {file} for Unreal{lods}")


def test_export_fbx_refuses_a_check_error_before_writing(unselected, tmp_path):
    unselected.overanim.calibration.locomotion_root_bone = "root"
    with pytest.raises(OverAnimError) as raised:
        export_fbx(bpy.context, unselected, ExportOptions(tmp_path / "hero.fbx"))
    assert raised.value.message.template == "Not exported: {reason}{more}"
    assert list(tmp_path.iterdir()) == []
