"""What a clip with a Foot IK bake carries into the FBX file, read back by ufbx (pufbx, software we
did not write): the legs as baked in Blender without the OverAnim_FootIK_ curves, or those curves
for a runtime foot IK with the legs as animated; never both. The .blend keeps its bake either way."""

from __future__ import annotations

import numpy as np
import pytest

from ..fbx_curves import export
from ..foot_ik_scenes import bake
from ..helpers import custom_props
from ..outside_checks import reported
from ..outside_fbx import require_readers

PREFIX = "OverAnim_FootIK_"


def read(path):
    """(the bone animation: every transform curve's keys, sorted; the animated OverAnim_FootIK_
    properties with their keys), as pufbx reads the file."""
    import pufbx

    scene = pufbx.load_fbx(str(path))
    bones, foot_ik = [], {}
    for value in scene.anim_values:
        keys = [tuple(round(float(k.value), 3) for k in curve.keyframes) for curve in value.curves if curve is not None]
        if value.name.startswith(PREFIX):
            foot_ik[value.name] = keys[0]
        elif not value.name.startswith("OverAnim_"):
            bones += keys
    return sorted(bones), foot_ik


@pytest.fixture
def exported(walker, tmp_path):
    require_readers()
    plain = tmp_path / "plain.fbx"
    export(walker, plain)  # before any bake: the walk as animated
    bake(walker)
    return walker, read(plain)


def test_legs_baked_in_blender_leave_the_curves_out(exported, tmp_path, reports):
    walker, (plain_bones, plain_curves) = exported
    before = custom_props(walker)
    path = tmp_path / "legs.fbx"
    export(walker, path, foot_ik="LEGS")
    bones, foot_ik = read(path)
    assert not plain_curves and not foot_ik  # no offsets for a runtime foot IK to apply again
    assert bones != plain_bones  # the baked legs (and body) are in the clip
    assert reported(reports, "the clip carries the legs as baked in Blender") is not None
    assert custom_props(walker).keys() == before.keys()  # the .blend keeps its ten values


def test_offset_curves_for_runtime_ik_leave_the_baked_legs_out(exported, tmp_path, reports):
    walker, (plain_bones, _plain_curves) = exported
    path = tmp_path / "curves.fbx"
    export(walker, path, foot_ik="CURVES")
    bones, foot_ik = read(path)
    assert bones == plain_bones  # the legs as animated, bone for bone, key for key
    assert len(foot_ik) == 10 and np.ptp(foot_ik[PREFIX + "BodyOffset"]) > 5.0  # the walk's step, as offsets
    assert reported(reports, "the clip carries the offset curves for a runtime foot IK") is not None
    track = walker.animation_data.nla_tracks["OverAnim_FootIK"]
    assert not any(c.mute for c in track.strips[0].action.fcurves) if hasattr(track.strips[0].action, "fcurves") \
        else True  # the bake's channels play again in the .blend
