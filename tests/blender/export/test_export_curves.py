"""Export for Unreal carries the armature's animated OverAnim_* custom properties (the foot-IK bake's
ten values) into the FBX as animated user properties laid out as Unreal's importer reads them; read back
with Blender's own parse_fbx and FBX importer."""

import bpy
import numpy as np
import pytest

from overanim_addon.blender.export import fbx_file, property_curves
from overanim_addon.blender.export.fbx import UNREAL_SETTINGS
from overanim_addon.blender.foot_ik import values
from overanim_addon.blender.foot_ik.bake import baked_values
from overanim_addon.blender.shared.fcurves import fcurves
from overanim_addon.core.foot_ik import VALUE_NAMES

from ..fbx_curves import FRAMES, armature_node, check_curves, evaluated, export
from ..fbx_helpers import child, properties, read, without_creation_time
from ..helpers import benchmark_prints

NAMES = [values.property_name(name) for name in VALUE_NAMES]


@pytest.fixture
def baked(walker):
    with bpy.context.temp_override(active_object=walker, object=walker):
        assert bpy.ops.overanim.bake_foot_ik() == {"FINISHED"}
    return walker


def export_directly(armature, path, animated=True):
    """What Blender's exporter writes with Export for Unreal's settings, nothing added."""
    body = bpy.data.objects["SK_OverAnimSample_Body"]
    with bpy.context.temp_override(selected_objects=[armature, body], active_object=armature, object=armature):
        assert bpy.ops.export_scene.fbx(filepath=str(path), bake_anim=animated, **UNREAL_SETTINGS) == {"FINISHED"}


def test_the_ten_baked_values_reach_the_file_as_animated_user_properties(baked, tmp_path, capfd):
    path = tmp_path / "walk.fbx"
    bpy.context.scene.frame_set(7)
    export(baked, path)
    assert bpy.context.scene.frame_current == 7  # sampled, then put back
    expected = evaluated(baked, NAMES)
    body = expected["OverAnim_FootIK_BodyOffset"]
    assert body[0] == pytest.approx(0.0, abs=0.01) and body.max() > 9.0  # up the step: a curve worth the name
    for name, keys in baked_values(baked).items():  # and what the bake keyed
        np.testing.assert_allclose(keys[:, 1], expected[values.property_name(name)], atol=1e-5)
    for file in (path, tmp_path / "walk_LOD1.fbx"):  # the LOD file carries the armature and its take too
        fbx = read(file)
        armature = armature_node(fbx)
        check_curves(fbx, armature, expected, armature)
        # the measurement stays static: the only animated properties are the transform and the ten
        animated = {prop for kind, _c, parent, prop in fbx.links if kind == b"OP" and parent == armature.props[0]}
        assert animated == {b"Lcl Translation", b"Lcl Rotation", b"Lcl Scaling", *(n.encode() for n in NAMES)}
    assert "10 animated custom properties as animation curves on 'SK_OverAnimSample'" in capfd.readouterr().out
    assert sorted(p.name for p in tmp_path.iterdir()) == ["walk.fbx", "walk_LOD1.fbx"]  # no temporary file left


def test_other_animated_overanim_properties_go_too_and_the_artists_stay_static(walker, tmp_path):
    walker["OverAnim_Stride"], walker["ArtistSwitch"], walker["OverAnim_Driven"] = 0.0, 0.0, 0.0
    for frame, value in ((1, 0.0), (FRAMES, 70.0)):
        walker["OverAnim_Stride"] = walker["ArtistSwitch"] = value
        walker.keyframe_insert('["OverAnim_Stride"]', frame=frame)
        walker.keyframe_insert('["ArtistSwitch"]', frame=frame)
    walker.driver_add('["OverAnim_Driven"]').driver.expression = "frame * 0.5"  # a simple expression: no Python
    path = tmp_path / "stride.fbx"
    export(walker, path, export_lods=False)
    fbx = read(path)
    armature = armature_node(fbx)
    expected = evaluated(walker, ["OverAnim_Stride", "OverAnim_Driven"])
    np.testing.assert_allclose(expected["OverAnim_Driven"], np.arange(1, FRAMES + 1) * 0.5, rtol=1e-6)
    check_curves(fbx, armature, expected, armature)
    assert not fbx.sources(armature.props[0], b"ArtistSwitch")  # written static, as the exporter does
    assert properties(armature)[b"ArtistSwitch"].props[3] == b"A+U"


def test_an_armature_named_armature_carries_the_curves_on_its_single_root_bone(baked, tmp_path, capfd):
    """Unreal drops a top-level node named "Armature" from Blender files: the rig's root bone is the
    skeleton's root then, so the curves go there."""
    baked.name = "Armature"
    path = tmp_path / "hero.fbx"
    export(baked, path, export_lods=False)
    fbx = read(path)
    armature, (root,) = armature_node(fbx, "Armature"), fbx.models("root")
    check_curves(fbx, root, evaluated(baked, NAMES), armature)
    for name in NAMES:
        assert not fbx.sources(armature.props[0], name.encode())
    assert "10 animated custom properties as animation curves on 'root'" in capfd.readouterr().out
    assert len(imported(path)["bones"]) == len(fbx.of(b"Model")) - 2  # Blender still reads it: all the bones


def imported(path):
    """What Blender's importer makes of a file: bones, meshes, the armature's properties, its animation."""
    bpy.ops.wm.read_homefile(use_empty=True)
    assert bpy.ops.import_scene.fbx(filepath=str(path)) == {"FINISHED"}
    rig = next(o for o in bpy.data.objects if o.type == "ARMATURE")
    action = rig.animation_data.action
    return {
        "bones": [(b.name, b.parent.name if b.parent else "", tuple(map(tuple, b.matrix_local)))
                  for b in rig.data.bones],
        "meshes": sorted((o.name, len(o.data.vertices), tuple(k.name for k in o.data.shape_keys.key_blocks)
                          if o.data.shape_keys else ()) for o in bpy.data.objects if o.type == "MESH"),
        "properties": {k: rig[k] for k in rig.keys() if k.startswith("OverAnim_")},  # noqa: SIM118
        "animation": sorted((c.data_path, c.array_index, tuple(k.co[:] for k in c.keyframe_points))
                            for c in fcurves(action)),
    }


def test_the_curves_are_all_the_post_processing_adds(baked, tmp_path):
    """Blender's exporter's file and the same with the curves added: every element of the first is in
    the second unchanged, the additions are ten curve nodes, ten curves, their thirty links and the
    counts; Blender's importer makes the same scene of both."""
    exported, processed = tmp_path / "exported.fbx", tmp_path / "processed.fbx"
    export_directly(baked, exported)
    root, version = fbx_file.read(exported)
    fbx_file.write(tmp_path / "again.fbx", root, version)
    assert (tmp_path / "again.fbx").read_bytes() == exported.read_bytes()  # the reader/writer round trip is exact
    names = property_curves.animated_properties(baked)
    assert names == NAMES
    curves = property_curves.sample(bpy.context, baked, names, 1, FRAMES)
    assert property_curves.add_to_file(exported, processed, baked.name, curves) == baked.name
    before, after = read(exported), read(processed)
    for elem, again in zip(before.root.elems, after.root.elems, strict=True):
        if elem.id not in (b"Objects", b"Connections", b"Definitions"):
            assert elem == again, elem.id
    assert after.objects[:len(before.objects)] == before.objects
    added = after.objects[len(before.objects):]
    assert [o.id for o in added] == [b"AnimationCurveNode", b"AnimationCurve"] * len(NAMES)
    assert after.links[:len(before.links)] == before.links and len(after.links) == len(before.links) + 3 * len(NAMES)
    counts = [{d.props[0]: child(d, b"Count").props[0] for d in child(f.root, b"Definitions").elems
               if d.id == b"ObjectType"} for f in (before, after)]
    assert {kind: counts[1][kind] - counts[0][kind] for kind in counts[0]} == {
        kind: len(NAMES) if kind in (b"AnimationCurveNode", b"AnimationCurve") else 0 for kind in counts[0]}
    assert imported(processed) == imported(exported)


@pytest.mark.parametrize("animated", [False, True], ids=["still", "walking"])
def test_without_animated_properties_the_file_is_the_exporters_own(walker, tmp_path, animated):
    """No foot-IK bake, nothing of ours animated: no post-processing, the exporter's bytes (but the
    export time it writes into the file)."""
    if not animated:
        walker.animation_data_clear()
    out = tmp_path / "out"
    export(walker, out / "hero.fbx", export_lods=False)
    export_directly(walker, tmp_path / "direct.fbx", animated=animated)
    ours, direct = (out / "hero.fbx").read_bytes(), (tmp_path / "direct.fbx").read_bytes()
    assert without_creation_time(ours) == without_creation_time(direct)
    assert [p.name for p in out.iterdir()] == ["hero.fbx"]
    assert (not read(out / "hero.fbx").of(b"AnimationStack")) == (not animated)


@pytest.mark.parametrize("failure", ["disk full while writing", "a bone property in the way",
                                     "a bone property in the way, nothing animated"])
def test_a_failure_adding_the_curves_leaves_the_previous_files(baked, tmp_path, monkeypatch, failure):
    previous = {"hero.fbx": b"the previous export", "hero_LOD1.fbx": b"its LOD1"}
    for name, data in previous.items():
        (tmp_path / name).write_bytes(data)
    if failure == "disk full while writing":
        def full_disk(path, _root, _version):
            path.write_bytes(b"Kaydara FBX Binary  \x00\x1a\x00half")
            raise OSError(28, "No space left on device")

        monkeypatch.setattr(fbx_file, "write", full_disk)
        message = r"Not exported: could not write hero.fbx: the disk is full \(.*\); the files there are as they were"
    elif failure == "a bone property in the way":
        baked.name = "Armature"  # the curves would go onto the root bone, which has a property of that name
        baked.pose.bones["root"]["OverAnim_FootIK_BodyOffset"] = 1.0
        message = "Bone 'root' has a custom property 'OverAnim_FootIK_BodyOffset' of its own"
    else:  # no curve: the static measurement alone would be declared on the root bone
        baked.animation_data_clear()
        baked.name = "Armature"
        baked.pose.bones["root"]["OverAnim_CharacterHeightWS"] = 1.0
        message = "Bone 'root' has a custom property 'OverAnim_CharacterHeightWS' of its own"
    with bpy.context.temp_override(active_object=baked, object=baked), pytest.raises(RuntimeError, match=message):
        bpy.ops.overanim.export_fbx(filepath=str(tmp_path / "hero.fbx"))
    assert {p.name: p.read_bytes() for p in tmp_path.iterdir()} == previous


def test_the_benchmark_runs_and_prints_every_figure():
    """The benchmark is not a timed test; this only checks that it runs and reports all it promises."""
    benchmark_prints("benchmark_export_curves.py", ["--frames", "6", "--repeat", "1"],
                     ("6 frames, 10 animated properties", "exporter alone (baseline)", "sampling the properties",
                      "adding the curves to the file", "reading the file", "writing it unchanged", "to the baseline"))


def test_the_files_get_the_permissions_files_are_written_with(baked, tmp_path):
    """Written under temporary names and renamed: a new file is created as any (umask), a file
    written over keeps its own permissions."""
    import os

    (tmp_path / "hero.fbx").write_bytes(b"previous")
    os.chmod(tmp_path / "hero.fbx", 0o640)
    plain = tmp_path / "plain"
    plain.write_bytes(b"")
    export(baked, tmp_path / "hero.fbx")
    assert (tmp_path / "hero.fbx").stat().st_mode & 0o777 == 0o640
    assert (tmp_path / "hero_LOD1.fbx").stat().st_mode & 0o777 == plain.stat().st_mode & 0o777


def test_curves_that_stay_zero_are_named_with_how_to_keep_them_in_unreal(baked, tmp_path, capfd):
    """Issue 19.10: Unreal's importer drops a curve that is 0 on every frame by default (*Do not import
    curves with only 0 values*); the report counted them with the rest and said nothing."""
    expected = evaluated(baked, NAMES)
    zero = [name for name in NAMES if not np.any(np.abs(expected[name].astype(np.float32)) > 1e-8)]
    assert 0 < len(zero) < len(NAMES)  # the walk has some of each
    capfd.readouterr()
    export(baked, tmp_path / "walk.fbx", export_lods=False)
    lines = [line for line in capfd.readouterr().out.splitlines() if "stay 0 on every frame" in line]
    assert len(lines) == 1 and f"{len(zero)} of these curves stay 0 on every frame ({', '.join(zero)})" in lines[0]
    assert "Do not import curves with only 0 values" in lines[0]
    assert property_curves.all_zero(property_curves.sample(bpy.context, baked, NAMES, 1, FRAMES)) == zero
