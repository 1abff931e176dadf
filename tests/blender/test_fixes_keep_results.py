"""A one-click fix offered by Checks never changes what a later step produces: after Rest Position
or Apply Scale, Probe Ground, Bake Foot IK and Export for Unreal give what they give without it.
On a Mixamo-shaped character through Blender's glTF exporter and importer (imported_characters)."""

from __future__ import annotations

import bpy
import numpy as np
import pytest

from overanim_addon.blender.checks.checks import run_checks
from overanim_addon.blender.export import fbx_file
from overanim_addon.blender.foot_ik.bake import baked_values

from . import imported_characters as mixamo
from .fbx_helpers import child, read
from .foot_ik_scenes import box, plane, probe

PROBED_FRAME = 20


@pytest.fixture(scope="module")
def glb(addon, tmp_path_factory):
    """The Mixamo-shaped character at object scale 0.01, written once with the glTF exporter."""
    path = tmp_path_factory.mktemp("mixamo") / "mixamo.glb"
    mixamo.write_mixamo_glb(path)
    return path


def imported(glb):
    """A fresh import with its foot IK bones set, a floor, and a 10 cm box under the left foot
    wherever the walk takes it (but not under its rest position, 10 cm behind the first frame)."""
    armature = mixamo.import_mixamo(glb)
    mixamo.set_foot_ik_bones(armature)
    left = left_ankle_cm(armature, (1, mixamo.FRAMES))
    plane(half=200.0)
    (x0, x1), (y0, y1) = sorted(left[:, 0]), sorted(left[:, 1])
    box("Box", x0 - 6.0, x1 + 6.0, y0 - 5.0, y1 + 5.0, -1.0, 10.0)
    bpy.context.scene.frame_set(1)
    return armature


def later_steps(armature, path):
    """Probe Ground at one frame, Bake Foot IK over the walk, Export for Unreal: what each gives."""
    bpy.context.scene.frame_set(PROBED_FRAME)
    found = probe(armature)
    with bpy.context.temp_override(active_object=armature, object=armature):
        assert bpy.ops.overanim.bake_foot_ik() == {"FINISHED"}
        assert bpy.ops.overanim.export_fbx(filepath=str(path)) == {"FINISHED"}
    return found, {name: keys[:, 1] for name, keys in baked_values(armature).items()}


def animation_curves(path):
    """Every animation curve of the file, in the file's order: (key times, key values)."""
    fbx = read(path)
    return [(np.array(child(c, b"KeyTime").props[0]), np.array(child(c, b"KeyValueFloat").props[0]))
            for c in fbx.of(b"AnimationCurve")]


def ankle_travel_cm(path):
    """How far the left ankle moves in the world over the take, read back with Blender's FBX importer."""
    bpy.ops.wm.read_homefile(use_empty=True)
    assert bpy.ops.import_scene.fbx(filepath=str(path)) == {"FINISHED"}
    armature = next(o for o in bpy.data.objects if o.type == "ARMATURE")
    take = armature.animation_data.action.frame_range  # the importer may shift it by a frame
    ends = left_ankle_cm(armature, (round(take[0]), round(take[1])))
    return float(np.linalg.norm(ends[1] - ends[0]))


def assert_same_results(found, fixed):
    (probed, baked), (probed_fixed, baked_fixed) = found, fixed
    assert probed_fixed == pytest.approx(probed, abs=1e-4)
    assert baked_fixed.keys() == baked.keys()
    for name, series in baked.items():
        np.testing.assert_allclose(baked_fixed[name], series, atol=1e-4, err_msg=name)


def left_ankle_cm(armature, frames):
    return mixamo.world_bones_cm(armature, frames)[:, armature.pose.bones.find("mixamorig:LeftFoot"), 0]


def test_the_rest_position_fix_changes_nothing_probe_bake_and_export_produce(glb, tmp_path):
    armature = imported(glb)
    first, last = left_ankle_cm(armature, (1, mixamo.FRAMES))
    travel = float(np.linalg.norm(last - first))
    assert travel == pytest.approx(mixamo.WALK_CM, abs=1.0)
    plain = later_steps(armature, tmp_path / "plain.fbx")
    probed, baked = plain
    # the box is under the posed left foot on every frame: the left foot is lifted, not the body
    assert probed["LeftOffset"] == pytest.approx(10.0, abs=0.01)
    assert probed["BodyOffset"] == pytest.approx(0.0, abs=0.01)
    np.testing.assert_allclose(baked["LeftOffset"], 10.0, atol=0.01)
    np.testing.assert_allclose(baked["BodyOffset"], 0.0, atol=0.01)

    armature = imported(glb)
    assert [f.fix for f in run_checks(bpy.context, armature) if f.id == "posed"] == ["rest_position"]
    with bpy.context.temp_override(active_object=armature, object=armature):
        assert bpy.ops.overanim.fix_check(fix="rest_position") == {"FINISHED"}
    assert armature.data.pose_position == "REST"
    fixed = later_steps(armature, tmp_path / "fixed.fbx")
    assert armature.data.pose_position == "REST"  # the artist's toggle, as they left it
    assert_same_results(plain, fixed)

    curves, curves_fixed = animation_curves(tmp_path / "plain.fbx"), animation_curves(tmp_path / "fixed.fbx")
    assert len(curves_fixed) == len(curves)
    for (times, values), (times_fixed, values_fixed) in zip(curves, curves_fixed, strict=True):
        np.testing.assert_array_equal(times_fixed, times)
        np.testing.assert_allclose(values_fixed, values, rtol=1e-6, atol=1e-5)
    assert ankle_travel_cm(tmp_path / "fixed.fbx") == pytest.approx(travel, abs=0.05)  # the take walks


def test_the_rest_position_is_kept_when_an_export_fails_while_posed(glb, tmp_path, monkeypatch):
    armature = imported(glb)
    with bpy.context.temp_override(active_object=armature, object=armature):
        assert bpy.ops.overanim.bake_foot_ik() == {"FINISHED"}  # animated values: the curves are written
    armature.data.pose_position = "REST"

    def full_disk(path, _root, _version):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(fbx_file, "write", full_disk)
    with bpy.context.temp_override(active_object=armature, object=armature), pytest.raises(
            RuntimeError, match="No space left on device"):
        bpy.ops.overanim.export_fbx(filepath=str(tmp_path / "hero.fbx"))
    assert armature.data.pose_position == "REST"
    assert not list(tmp_path.iterdir())
