"""Live Preview: the masks follow the Region mask fields and, in Weight Paint mode, the weights."""


import bpy
import numpy as np
import pytest

import overanim_addon
from overanim_addon.blender.masks import live, mask_work, mask_write, weight_view
from overanim_addon.blender.masks.live import lifecycle
from overanim_addon.blender.masks.paint import mask_name

from ...real_blender import run_in_window
from ..mask_reads import assert_same, body, legend_colours, read_color, snapshot

HANDLER_LISTS = ("depsgraph_update_pre", "depsgraph_update_post", "undo_post", "redo_post", "save_pre", "save_post",
                 "save_post_fail", "load_post_fail",
                 "load_pre", "load_post", "frame_change_pre", "frame_change_post")


def overanim_bytes():
    """Every OverAnim_ colour attribute of every mesh, as raw bits."""
    out = {}
    for mesh in bpy.data.meshes:
        for attr in mesh.color_attributes:
            if attr.name.startswith("OverAnim_"):
                out[(mesh.name, attr.name)] = read_color(mesh, attr.name).view(np.uint32).copy()
    return out


def handler_lists():
    return {name: list(getattr(bpy.app.handlers, name)) for name in HANDLER_LISTS}


def fresh_paint_bytes():
    assert bpy.ops.overanim.paint_region_masks() == {"FINISHED"}
    return overanim_bytes()


def assert_live_equals_fresh_paint():
    """What Live Preview left is, byte for byte, what a fresh Paint Region Masks writes."""
    live_bytes = overanim_bytes()
    fresh = fresh_paint_bytes()
    assert fresh and fresh.keys() == live_bytes.keys()
    for key in fresh:
        np.testing.assert_array_equal(live_bytes[key], fresh[key], err_msg=str(key))


class Spy:
    """Records the weight reads and the colour writes of the Region masks (wraps, changes nothing)."""

    def __init__(self, monkeypatch):
        self.reads, self.writes = [], []
        read, write = mask_work.region_weights, mask_write._write_color

        def spy_read(mesh_obj, groups_by_key, out=None):
            self.reads.append((mesh_obj.name, tuple(groups_by_key)))
            return read(mesh_obj, groups_by_key, out)

        def spy_write(mesh, name, work, *fills):
            self.writes.append((mesh.name, name))
            return write(mesh, name, work, *fills)

        monkeypatch.setattr(mask_work, "region_weights", spy_read)
        monkeypatch.setattr(mask_write, "_write_color", spy_write)

    def clear(self):
        self.reads.clear()
        self.writes.clear()


def turn_on(armature):
    bpy.context.view_layer.objects.active = armature
    assert bpy.ops.overanim.live_preview() == {"FINISHED"}
    assert armature.overanim.live_preview


def turn_off(armature):
    live.set_live_preview(bpy.context, armature, False)


def step():
    """What Blender does after each change in the UI (a slider step, a brush dab): evaluate."""
    bpy.context.view_layer.update()


def slide(region, **values):
    """A slider step as the UI makes it: set, tag the rig (a button's property change does; a Python
    assignment to an add-on property does not), evaluate."""
    for name, value in values.items():
        setattr(region, name, value)
    region.id_data.update_tag()
    step()


@pytest.fixture
def live_sample(sample):
    """The sample with Live Preview on (conftest's live_preview_off turns it off after the test)."""
    turn_on(sample)
    return sample


def weight_paint(obj):
    bpy.context.view_layer.objects.active = obj
    bpy.ops.object.mode_set(mode="WEIGHT_PAINT")


# -- the mask fields ---------------------------------------------------------------------------------
@pytest.mark.parametrize("mode", ["LINEAR", "SMOOTH_STEP", "POWER"])
def test_slider_changes_give_the_bytes_of_a_fresh_paint_from_the_kept_sums(live_sample, mode, monkeypatch):
    spy = Spy(monkeypatch)
    arm, spine = live_sample.overanim.regions["LeftArm"], live_sample.overanim.regions["Spine"]
    arm.falloff_mode = mode
    before = read_color(body().data, mask_name("LeftArm")).copy()
    # a slider drag, a second Region in between, and a threshold crossing (a hard step and back)
    for zero in (0.05, 0.1, 0.15, 0.2):
        slide(arm, zero_weight=zero)
    slide(spine, full_weight=0.7)
    slide(arm, full_weight=0.1, falloff_exponent=3.0)
    slide(arm, full_weight=0.8)
    assert spy.reads == []  # every repaint came from the kept sums
    assert ("SK_OverAnimSample_Body", mask_name("LeftArm")) in spy.writes
    live_bytes = overanim_bytes()
    assert not np.array_equal(read_color(body().data, mask_name("LeftArm")), before)
    fresh = fresh_paint_bytes()
    assert fresh.keys() == live_bytes.keys()
    for key in fresh:
        np.testing.assert_array_equal(live_bytes[key], fresh[key], err_msg=str(key))


def test_a_field_the_mask_is_not_made_of_repaints_nothing(live_sample, monkeypatch):
    """Only what a Region's mask is made of (its bones, falloff fields and packed channel) repaints:
    its LOD and composition policies, calibration and delta shape key do not."""
    spy = Spy(monkeypatch)
    arm = live_sample.overanim.regions["LeftArm"]
    slide(arm, lod_policy="REQUIRE_COVERAGE", composition_policy="STRONGEST_DELTA", region_ratio=2.0,
          spatial_calibration_mode="ABSOLUTE", authored_distance=12.0, delta_shape_key="Smile",
          is_attachment_dependency=True, measurement_basis="REGION_SPAN")
    assert spy.reads == [] and spy.writes == []
    slide(arm, falloff_mode="LINEAR" if arm.falloff_mode != "LINEAR" else "POWER")
    assert spy.reads == [] and ("SK_OverAnimSample_Body", mask_name("LeftArm")) in spy.writes
    assert ("SK_OverAnimSample_Body", mask_name("Spine")) not in spy.writes
    assert_live_equals_fresh_paint()


def test_a_changed_bone_collection_reads_that_region_again(live_sample, monkeypatch):
    spy = Spy(monkeypatch)
    slide(live_sample.overanim.regions["Head"], bone_collection="Spine")
    assert spy.reads and all(keys == ("Head",) for _, keys in spy.reads)
    assert_live_equals_fresh_paint()
    np.testing.assert_array_equal(read_color(body().data, mask_name("Head")),
                                  read_color(body().data, mask_name("Spine")))


def test_nothing_is_written_while_live_preview_is_off(sample, monkeypatch):
    bpy.ops.overanim.paint_region_masks()
    spy = Spy(monkeypatch)
    slide(sample.overanim.regions["LeftArm"], zero_weight=0.4)
    assert spy.writes == [] and spy.reads == []


# -- the weights in Weight Paint mode ---------------------------------------------------------------
def test_vertex_group_add_in_weight_paint_mode_repaints_exactly_the_affected_regions(live_sample, monkeypatch):
    obj = body()
    weight_paint(obj)
    bpy.context.view_layer.update()
    spy = Spy(monkeypatch)
    head = obj.vertex_groups["head"]
    obj.vertex_groups.active_index = obj.vertex_groups["spine_01"].index  # not the group that changes
    head.add(list(range(0, 400)), 1.0, "REPLACE")
    bpy.context.view_layer.update()
    assert {name for mesh, name in spy.writes} == {mask_name("Head"), "OverAnim_Preview"}
    assert {mesh for mesh, _ in spy.writes} == {obj.name}  # the LOD1 mesh did not change
    spy.clear()
    bpy.context.view_layer.update()  # our own writes: evaluated already, no second repaint
    assert spy.writes == [] and spy.reads == []
    assert_live_equals_fresh_paint()


def test_weight_change_of_a_group_in_no_region_writes_nothing(live_sample, monkeypatch):
    obj = body()
    weight_paint(obj)
    bpy.context.view_layer.update()
    spy = Spy(monkeypatch)
    obj.vertex_groups.new(name="ArtistHelper").add([0, 1, 2], 0.5, "REPLACE")
    bpy.context.view_layer.update()
    assert spy.writes == []


def test_weight_change_outside_weight_paint_mode_is_read_at_the_next_repaint(live_sample, monkeypatch):
    obj = body()
    obj.vertex_groups["upperarm_l"].add(list(range(0, 300)), 0.9, "REPLACE")
    spy = Spy(monkeypatch)
    bpy.context.view_layer.update()
    assert spy.writes == []  # Object Mode: no repaint, the kept sums are marked stale
    slide(live_sample.overanim.regions["Spine"], zero_weight=0.2)
    assert any(mesh == obj.name for mesh, _ in spy.reads)
    assert_live_equals_fresh_paint()


def test_no_repaint_on_frame_changes_or_playback_steps(live_sample, monkeypatch):
    bone = live_sample.pose.bones["upperarm_l"]
    for frame, angle in ((1, 0.0), (20, 1.0)):
        bone.rotation_mode = "XYZ"
        bone.rotation_euler.x = angle
        bone.keyframe_insert("rotation_euler", frame=frame)
    weight_paint(body())
    bpy.context.view_layer.update()
    spy = Spy(monkeypatch)
    for frame in range(1, 21):
        bpy.context.scene.frame_set(frame)
    assert spy.reads == [] and spy.writes == []


def test_a_stroke_changes_the_active_group_and_what_the_paint_options_add(live_sample):
    obj, tools = body(), bpy.context.scene.tool_settings
    obj.vertex_groups.active_index = obj.vertex_groups["upperarm_l"].index
    tools.use_auto_normalize = tools.use_multipaint = False
    obj.data.use_mirror_x = False
    assert live.regions_a_stroke_changes(obj, live_sample, tools) == {"LeftArm"}
    obj.data.use_mirror_x = True  # X-mirror paints upperarm_r too (mirrored vertex groups)
    assert live.regions_a_stroke_changes(obj, live_sample, tools) == {"LeftArm", "RightArm"}
    obj.data.use_mirror_x = False
    tools.use_multipaint = True
    selectable = live_sample.pose.bones if "select" in bpy.types.PoseBone.bl_rna.properties else live_sample.data.bones
    for bone in selectable:  # selection moved from Bone to PoseBone in 5.0
        bone.select = bone.name == "head"
    assert live.regions_a_stroke_changes(obj, live_sample, tools) == {"LeftArm", "Head"}
    tools.use_auto_normalize = True  # rebalances every deforming group
    assert live.regions_a_stroke_changes(obj, live_sample, tools) is None
    tools.use_auto_normalize = tools.use_multipaint = False


# -- handlers, views and the artist's data -----------------------------------------------------------
def test_handlers_are_installed_only_while_on_and_gone_after_turning_off(sample):
    before = handler_lists()
    turn_on(sample)
    assert lifecycle._on_depsgraph_update_pre in bpy.app.handlers.depsgraph_update_pre
    assert lifecycle._on_depsgraph_update_post in bpy.app.handlers.depsgraph_update_post
    assert lifecycle._on_undo in bpy.app.handlers.undo_post
    assert bpy.ops.overanim.live_preview() == {"FINISHED"}  # the same button turns it off
    assert not sample.overanim.live_preview
    assert handler_lists() == before


def test_loading_a_file_removes_the_handlers_and_a_file_saved_with_it_on_installs_them(sample, tmp_path):
    before = handler_lists()
    turn_on(sample)
    path = str(tmp_path / "live.blend")
    bpy.ops.wm.save_as_mainfile(filepath=path)
    bpy.ops.wm.read_homefile(use_empty=True)
    assert handler_lists() == before
    bpy.ops.wm.open_mainfile(filepath=path)
    assert lifecycle._on_depsgraph_update_post in bpy.app.handlers.depsgraph_update_post
    rig = bpy.data.objects["SK_OverAnimSample"]
    slide(rig.overanim.regions["LeftArm"], zero_weight=0.35)  # live in the reopened file
    assert_live_equals_fresh_paint()
    turn_off(rig)
    assert handler_lists() == before


def test_handlers_are_gone_after_unregister(sample):
    overanim_addon.unregister()
    try:
        without_addon = handler_lists()
        overanim_addon.register()
        turn_on(bpy.data.objects["SK_OverAnimSample"])
        assert lifecycle._on_depsgraph_update_post in bpy.app.handlers.depsgraph_update_post
        overanim_addon.unregister()
        assert handler_lists() == without_addon
    finally:
        overanim_addon.register()


def test_weight_overlay_is_lowered_while_on_and_restored(sample):
    spaces = list(weight_view._view_spaces())
    spaces[0].overlay.weight_paint_mode_opacity = 0.8
    originals = [s.overlay.weight_paint_mode_opacity for s in spaces]
    turn_on(sample)
    assert all(s.overlay.weight_paint_mode_opacity == pytest.approx(weight_view.PREVIEW_OVERLAY_OPACITY)
               for s in spaces)
    spaces[1].overlay.weight_paint_mode_opacity = 0.6  # the artist's own change while on is kept
    turn_off(sample)
    expected = [originals[0], 0.6, *originals[2:]]
    assert [s.overlay.weight_paint_mode_opacity for s in spaces] == pytest.approx(expected)


def test_the_artists_data_is_untouched(live_sample):
    obj = body()
    artist = obj.data.color_attributes.new("ArtistPaint", "BYTE_COLOR", "CORNER")
    obj.data.color_attributes.active_color = artist
    before = snapshot(obj)
    regions = live_sample.overanim.regions
    slide(regions["LeftArm"], zero_weight=0.3)
    slide(regions["Head"], falloff_mode="POWER")
    weight_paint(obj)
    step()
    slide(regions["Spine"], full_weight=0.5)
    bpy.ops.object.mode_set(mode="OBJECT")
    turn_off(live_sample)
    assert_same(before, snapshot(obj))
    assert obj.data.color_attributes["OverAnim_Preview"] is not None


def test_a_weight_change_still_pending_at_a_slider_change_is_not_lost(live_sample):
    # no view-layer update between the two: the slider's own writes must not hide the weight change
    obj = body()
    weight_paint(obj)
    bpy.context.view_layer.update()
    obj.vertex_groups["head"].add(list(range(0, 400)), 1.0, "REPLACE")
    slide(live_sample.overanim.regions["Spine"], full_weight=0.6)
    assert_live_equals_fresh_paint()


def test_turning_it_on_paints_and_sets_the_legend(sample):
    turn_on(sample)
    assert body().data.color_attributes.active_color.name == "OverAnim_Preview"
    colours = legend_colours()
    assert len(colours) == len(sample.overanim.regions)
    turn_off(sample)


def test_it_cannot_be_turned_on_without_regions_and_changes_nothing(sample):
    sample.overanim.regions.clear()
    before = handler_lists()
    with pytest.raises(RuntimeError, match="no Regions to paint"):
        bpy.ops.overanim.live_preview()
    assert not sample.overanim.live_preview and handler_lists() == before


def test_a_file_saved_while_on_keeps_the_artists_overlay_opacity(sample, tmp_path):
    space = next(weight_view._view_spaces())
    space.overlay.weight_paint_mode_opacity = 0.8
    turn_on(sample)
    path = str(tmp_path / "saved_on.blend")
    bpy.ops.wm.save_as_mainfile(filepath=path)
    assert space.overlay.weight_paint_mode_opacity == pytest.approx(weight_view.PREVIEW_OVERLAY_OPACITY)  # again
    bpy.ops.wm.open_mainfile(filepath=path)
    turn_off(bpy.data.objects["SK_OverAnimSample"])  # the file had it on
    assert next(weight_view._view_spaces()).overlay.weight_paint_mode_opacity == pytest.approx(0.8)


def test_a_file_that_fails_to_load_leaves_it_on_in_the_open_file(sample, tmp_path):
    """Blender calls load_pre before it finds a file unreadable (load_post_fail, not load_post, after):
    the file still open keeps Live Preview on, so its handlers and the lowered overlay must come back."""
    turn_on(sample)
    installed = handler_lists()
    good = tmp_path / "good.blend"
    bpy.ops.wm.save_as_mainfile(filepath=str(good), copy=True)
    broken = tmp_path / "broken.blend"
    broken.write_bytes(good.read_bytes()[:200])  # a .blend header, then nothing
    with pytest.raises(RuntimeError, match=r"broken\.blend"):
        bpy.ops.wm.open_mainfile(filepath=str(broken))
    assert bpy.data.objects["SK_OverAnimSample"].overanim.live_preview
    assert handler_lists() == installed
    assert next(weight_view._view_spaces()).overlay.weight_paint_mode_opacity == pytest.approx(
        weight_view.PREVIEW_OVERLAY_OPACITY)
    slide(sample.overanim.regions["LeftArm"], zero_weight=0.35)  # still live
    assert_live_equals_fresh_paint()
    turn_off(sample)


def test_a_failed_save_lowers_the_overlay_again(sample, tmp_path):
    turn_on(sample)
    with pytest.raises(RuntimeError, match="Cannot open file"):
        bpy.ops.wm.save_as_mainfile(filepath=str(tmp_path / "no such folder" / "x.blend"))
    assert next(weight_view._view_spaces()).overlay.weight_paint_mode_opacity == pytest.approx(
        weight_view.PREVIEW_OVERLAY_OPACITY)
    turn_off(sample)


def test_a_recovery_file_with_the_overlay_lowered_gets_the_default_back(sample, tmp_path):
    """Blender writes its recovery files (quit.blend, auto-save) without the save handlers, so they
    keep the lowered overlay with Live Preview on: turning it off there must not keep it lowered."""
    turn_on(sample)
    for space in weight_view._view_spaces():
        assert space.overlay.weight_paint_mode_opacity == pytest.approx(weight_view.PREVIEW_OVERLAY_OPACITY)
    path = str(tmp_path / "quit.blend")
    live.remove()  # no save handlers, as for Blender's own recovery writes; restore() would run in save_pre
    for space in weight_view._view_spaces():
        space.overlay.weight_paint_mode_opacity = weight_view.PREVIEW_OVERLAY_OPACITY
    bpy.ops.wm.save_as_mainfile(filepath=path)
    bpy.ops.wm.open_mainfile(filepath=path)
    assert lifecycle._on_depsgraph_update_post in bpy.app.handlers.depsgraph_update_post
    turn_off(bpy.data.objects["SK_OverAnimSample"])
    default = bpy.types.View3DOverlay.bl_rna.properties["weight_paint_mode_opacity"].default
    assert [s.overlay.weight_paint_mode_opacity for s in weight_view._view_spaces()] == pytest.approx(
        [default] * len(list(weight_view._view_spaces())))


def test_clear_preview_turns_live_preview_off(live_sample, monkeypatch):
    assert bpy.ops.overanim.clear_region_preview() == {"FINISHED"}
    assert not live_sample.overanim.live_preview
    assert lifecycle._on_depsgraph_update_post not in bpy.app.handlers.depsgraph_update_post
    spy = Spy(monkeypatch)
    slide(live_sample.overanim.regions["LeftArm"], zero_weight=0.5)
    assert spy.writes == [] and not [a for a in body().data.attributes if a.name.startswith("OverAnim_")]


@pytest.mark.real_blender
def test_live_preview_changes_undo_and_the_next_live_repaint_is_a_fresh_paint(tmp_path, real_binary):
    out = run_in_window(real_binary, "live_undo.py", "overanim_live_undo.json", tmp_path, seconds=2)
    assert out["changed_by_the_slider"]
    assert out["undone_zero_weight"] == pytest.approx(0.3)
    assert out["undone_masks_are_those_at_0_3"]
    assert out["after_undo_is_a_fresh_paint"]
    assert out["live_handler_installed"]
    assert out["toggle_undone"] == {"on": False, "handlers": 0, "opacity": 1.0}  # the artist's overlay back
    assert out["toggle_redone"] == {"on": True, "handlers": 1, "opacity": 0.35}


@pytest.mark.real_blender
def test_a_real_brush_stroke_repaints_its_region_as_it_goes_and_ends_as_a_fresh_paint(tmp_path, real_binary):
    out = run_in_window(real_binary, "live_stroke.py", "overanim_live_stroke.json", tmp_path, seconds=15)
    during = [r for r in out["repaints"] if "PAINT_OT_weight_paint" in r["modal"]]
    assert len(during) >= 3  # the stroke's dabs, each repainted while the brush was down
    body = "SK_OverAnimSample_Body"
    for repaint in during:  # only the Region of the painted group is read again
        assert repaint["reread"] == {body: ["LeftArm"]}
        assert repaint["written"] in ({}, {body: ["LeftArm"]})
    assert any(r["written"] for r in during)
    assert out["changed"] == [f"{body}/OverAnim_Mask_LeftArm", f"{body}/OverAnim_Preview"]
    assert out["fresh_paint_equal"]


@pytest.mark.real_blender
def test_a_real_mouse_drag_of_zero_weight_repaints_as_it_goes_and_ends_as_a_fresh_paint(tmp_path, real_binary):
    """Issue 31, window finding 13: the sidebar's Zero Weight slider found under the pointer (the button
    Blender says is hovered), pressed, dragged right a pixel at a time and released, all through the X
    server. Each step repaints at once, at the value the slider has then, reading no weight again (a
    policy change re-reads nothing); the masks after the release are a fresh paint's, bit for bit."""
    out = run_in_window(real_binary, "live_drag.py", "overanim_live_drag.json", tmp_path, seconds=40)
    assert out.get("found_at"), out["hovered"][-10:]
    during = [r for r in out["repaints"] if r["phase"] == "dragging"]
    values = [r["value"] for r in during]
    assert len(during) >= 5 and values == sorted(set(values)), values  # a new value at each repaint, rising
    assert out["start_value"] == 0.0 < values[0] and out["end_value"] >= values[-1]
    meshes = {"SK_OverAnimSample_Body", "SK_OverAnimSample_Body_LOD1"}
    for repaint in out["repaints"]:
        assert repaint["reread"] == {}
        assert set(repaint["written"]) <= meshes and all(r == ["LeftArm"] for r in repaint["written"].values())
    assert out["changed"] == sorted(f"{mesh}/{attr}" for mesh in meshes
                                    for attr in ("OverAnim_Mask_LeftArm", "OverAnim_Preview"))
    assert out["fresh_paint_equal"]


@pytest.mark.real_blender
def test_a_view_split_off_while_on_gets_the_artists_overlay_back_too(tmp_path, real_binary):
    out = run_in_window(real_binary, "live_views.py", "overanim_live_views.json", tmp_path, seconds=1)
    assert len(out["split_while_on"]) == len(out["artist"]) + 1
    assert set(out["split_while_on"]) == {weight_view.PREVIEW_OVERLAY_OPACITY}  # the copy is lowered too
    assert out["off"] == [1.0] * len(out["split_while_on"])


def test_the_packed_masks_follow_too(sample, monkeypatch):
    regions = sample.overanim.regions
    regions["LeftArm"].mask_channel, regions["Head"].mask_channel = "R", "G"
    turn_on(sample)
    assert "OverAnim_RegionMasks" in body().data.color_attributes
    slide(regions["LeftArm"], zero_weight=0.3)
    slide(regions["Spine"], mask_channel="B")  # a channel given while live: packed at once
    slide(regions["Head"], mask_channel="NONE")
    assert_live_equals_fresh_paint()
    turn_off(sample)


def test_a_bone_assigned_to_a_regions_collection_repaints_it(live_sample, monkeypatch):
    spy = Spy(monkeypatch)
    live_sample.data.collections_all["Head"].assign(live_sample.data.bones["upperarm_l"])
    live_sample.data.update_tag()  # as the Assign button does (a Python call tags nothing)
    step()
    assert {name for _mesh, name in spy.writes} == {mask_name("Head"), "OverAnim_Preview"}
    assert_live_equals_fresh_paint()


def test_a_removed_bone_collection_shows_its_error_at_once(live_sample):
    live_sample.data.collections.remove(live_sample.data.collections_all["Head"])
    live_sample.data.update_tag()
    step()
    assert "bone collection 'Head' was not found" in live.errors[live_sample.name]


def test_in_armature_edit_mode_it_waits_and_repaints_on_leaving(live_sample, monkeypatch):
    spy = Spy(monkeypatch)
    bpy.context.view_layer.objects.active = live_sample
    bpy.ops.object.mode_set(mode="EDIT")
    slide(live_sample.overanim.regions["LeftArm"], zero_weight=0.3)
    assert spy.writes == [] and live_sample.name not in live.errors  # no "in Edit Mode" error while editing
    bpy.ops.object.mode_set(mode="OBJECT")
    step()
    assert ("SK_OverAnimSample_Body", mask_name("LeftArm")) in spy.writes
    assert_live_equals_fresh_paint()


@pytest.mark.parametrize("mode", ["EDIT", "SCULPT"])
def test_in_mesh_edit_mode_it_waits_and_repaints_on_leaving(live_sample, monkeypatch, mode):
    """A field changed while a deformed mesh is in Edit Mode or sculpted with Dynamic Topology (the
    panel shows for that mesh) is not lost: no error meanwhile, and leaving the mode (new vertices
    too) repaints as a fresh paint."""
    spy = Spy(monkeypatch)
    bpy.context.view_layer.objects.active = body()
    bpy.ops.object.mode_set(mode=mode)
    if mode == "SCULPT":
        bpy.ops.sculpt.dynamic_topology_toggle()
    slide(live_sample.overanim.regions["LeftArm"], zero_weight=0.3)
    assert spy.writes == [] and live_sample.name not in live.errors
    if mode == "EDIT":
        bpy.ops.mesh.select_all(action="SELECT")
        bpy.ops.mesh.subdivide()
    bpy.ops.object.mode_set(mode="OBJECT")
    step()
    assert ("SK_OverAnimSample_Body", mask_name("LeftArm")) in spy.writes
    assert live_sample.name not in live.errors
    assert_live_equals_fresh_paint()


def run_handlers(name):
    """What Blender does after an undo or a redo step (the bpy module has no undo stack)."""
    for handler in list(getattr(bpy.app.handlers, name)):
        handler(bpy.context.scene, None)


def test_undoing_it_on_puts_the_handlers_and_the_overlay_back_and_redo_brings_them(sample):
    before, opacity = handler_lists(), next(weight_view._view_spaces()).overlay.weight_paint_mode_opacity
    turn_on(sample)
    sample.overanim.live_preview = False  # what undoing the button restores
    run_handlers("undo_post")
    assert handler_lists() == before
    assert next(weight_view._view_spaces()).overlay.weight_paint_mode_opacity == pytest.approx(opacity)
    sample.overanim.live_preview = True  # redo
    run_handlers("redo_post")
    assert lifecycle._on_depsgraph_update_post in bpy.app.handlers.depsgraph_update_post
    assert next(weight_view._view_spaces()).overlay.weight_paint_mode_opacity == pytest.approx(
        weight_view.PREVIEW_OVERLAY_OPACITY)
    slide(sample.overanim.regions["LeftArm"], zero_weight=0.35)  # live again
    assert_live_equals_fresh_paint()
    turn_off(sample)


def test_deleting_the_live_rig_removes_the_handlers(sample):
    before = handler_lists()
    turn_on(sample)
    bpy.data.objects.remove(sample)
    step()  # the deletion's own update: no timer needed (the bpy module runs none)
    assert handler_lists() == before


def test_enabling_the_addon_on_a_file_with_it_on_installs_the_handlers(sample):
    turn_on(sample)
    overanim_addon.unregister()
    try:
        assert not [f for f in bpy.app.handlers.depsgraph_update_post if "overanim" in f.__module__]
    finally:
        overanim_addon.register()
    # once Blender is ready (bpy.data is restricted in register)
    assert bpy.app.timers.is_registered(lifecycle._first_look)
    lifecycle._first_look()
    assert lifecycle._on_depsgraph_update_post in bpy.app.handlers.depsgraph_update_post
    turn_off(bpy.data.objects["SK_OverAnimSample"])


# -- the property set from Python (a script, the console) is the button ------------------------------
def lowered(space):
    return space.overlay.weight_paint_mode_opacity == pytest.approx(weight_view.PREVIEW_OVERLAY_OPACITY)


def test_the_property_set_from_a_script_turns_it_fully_on_and_off(sample, monkeypatch):
    """Issue 19.4: ``live_preview = True`` from Python showed the toggle on and installed nothing, and
    ``= False`` left the handlers and the lowered overlay. The next update of the file (here entering
    Weight Paint mode, then a weight change) carries the flag through, as the button would."""
    before, space = handler_lists(), next(weight_view._view_spaces())
    opacity = space.overlay.weight_paint_mode_opacity
    sample.overanim.live_preview = True
    obj = body()
    weight_paint(obj)
    step()
    assert lifecycle._on_depsgraph_update_post in bpy.app.handlers.depsgraph_update_post
    assert sample.overanim.masks_painted and obj.data.color_attributes.active_color.name == "OverAnim_Preview"
    assert lowered(space)
    spy = Spy(monkeypatch)
    obj.vertex_groups["head"].add(list(range(0, 400)), 1.0, "REPLACE")
    step()
    assert {name for _mesh, name in spy.writes} == {mask_name("Head"), "OverAnim_Preview"}  # followed
    assert_live_equals_fresh_paint()
    sample.overanim.live_preview = False
    spy.clear()
    obj.vertex_groups["head"].add(list(range(0, 400)), 0.2, "REPLACE")
    step()
    assert spy.writes == [] and handler_lists() == before
    assert space.overlay.weight_paint_mode_opacity == pytest.approx(opacity)
    bpy.ops.object.mode_set(mode="OBJECT")


def flag_message():
    """What a window does every half second: its timer looks at the active object's flag (the bpy
    module runs no timers: its tick is called here as Blender would)."""
    bpy.context.view_layer.objects.active = bpy.data.objects["SK_OverAnimSample"]
    live.poll()


def test_in_a_window_the_flag_is_followed_without_waiting_for_an_update(sample):
    """A line in the Python console changes nothing Blender evaluates: in a window a timer carries
    the flag of the active object through."""
    before, space = handler_lists(), next(weight_view._view_spaces())
    sample.overanim.live_preview = True
    flag_message()
    assert lifecycle._on_depsgraph_update_post in bpy.app.handlers.depsgraph_update_post and lowered(space)
    assert_live_equals_fresh_paint()
    sample.overanim.live_preview = False
    flag_message()
    assert handler_lists() == before and not lowered(space)


def test_a_flag_set_where_it_cannot_turn_on_goes_back_off_and_says_why(sample):
    sample.overanim.regions.clear()
    before = handler_lists()
    sample.overanim.live_preview = True
    flag_message()
    assert not sample.overanim.live_preview and handler_lists() == before
    assert "no Regions to paint" in live.errors[sample.name]
    step()  # not tried again on every update
    assert not sample.overanim.live_preview


def test_a_script_turning_on_a_second_rig_paints_it_in_full(sample):
    turn_on(sample)
    bpy.ops.object.select_all(action="DESELECT")
    from overanim_addon.blender.sample.build import build_sample_character
    second = build_sample_character(bpy.context)
    second.location.x = 3.0
    second.overanim.live_preview = True
    second.update_tag()
    step()
    assert second.overanim.masks_painted
    assert_live_equals_fresh_paint()
    for armature in (sample, second):
        turn_off(armature)


# -- change detection: one look at an update for every live rig (issue 18.2) -------------------------
def second_rig(first):
    from overanim_addon.blender.sample.build import build_sample_character

    bpy.ops.object.select_all(action="DESELECT")
    second = build_sample_character(bpy.context)
    second.location.x = 3.0
    turn_on(second)
    bpy.context.view_layer.objects.active = first
    return second


def test_a_field_change_is_found_for_the_rig_it_belongs_to(live_sample):
    from overanim_addon.blender.masks.live import changes
    from overanim_addon.blender.shared.scene import deformed_meshes

    second = second_rig(live_sample)
    assert changes.field_changes(live.live_armatures(), lifecycle._fields_seen, bpy.context.scene) == []
    second.overanim.regions["LeftArm"].zero_weight = 0.25
    found = changes.field_changes(live.live_armatures(), lifecycle._fields_seen, bpy.context.scene)
    assert [(armature.name, fields) for armature, fields, _meshes in found] == [(second.name,
                                                                                 changes.mask_fields(second))]
    assert [[m.name for m in meshes] for _armature, _fields, meshes in found] == [
        [m.name for m in deformed_meshes(second, bpy.context.scene)]]  # found once, handed to the repaint
    second.update_tag()
    step()
    assert changes.field_changes(live.live_armatures(), lifecycle._fields_seen, bpy.context.scene) == []
    assert_live_equals_fresh_paint()
    turn_off(second)


def test_a_stroke_is_sorted_out_once_and_handed_to_the_rig_that_deforms_the_mesh(live_sample, monkeypatch):
    from overanim_addon.blender.masks.live import changes

    second = second_rig(live_sample)
    obj, tools = body(), bpy.context.scene.tool_settings
    tools.use_auto_normalize = tools.use_multipaint = False
    obj.data.use_mirror_x = False
    weight_paint(obj)
    step()
    obj.vertex_groups.active_index = obj.vertex_groups["head"].index
    monkeypatch.setattr(changes, "stroke_running", lambda context: True)  # as while the brush is down
    bones_read, region_bones = [], changes.region_bones
    monkeypatch.setattr(changes, "region_bones", lambda rig, region: bones_read.append(rig.name) or
                        region_bones(rig, region))
    seen = []

    def record(scene, depsgraph):
        bones_read.clear()
        seen.append(changes.weight_changes(bpy.context, scene, depsgraph, live.live_armatures(), ()))
        seen.append(list(bones_read))

    bpy.app.handlers.depsgraph_update_post.insert(0, record)
    try:
        obj.vertex_groups["head"].add(list(range(0, 400)), 1.0, "REPLACE")
        step()
    finally:
        bpy.app.handlers.depsgraph_update_post.remove(record)
    found, read = seen[0], seen[1]
    assert found.reread == {live_sample.name: {obj.name: {"Head"}}} and found.stale == []
    assert read == [live_sample.name] * len(live_sample.overanim.regions)  # each Region's bones once, one rig
    bpy.ops.object.mode_set(mode="OBJECT")
    assert_live_equals_fresh_paint()
    turn_off(second)


def test_duplicating_a_live_rig_turns_the_copy_on_without_a_traceback(live_sample, capfd):
    """Found in a real-window walkthrough: Shift+D on a rig with Live Preview on printed RecursionError
    tracebacks. The copy inherits the flag; turning it on updated the view layer, whose handler
    turned it on again, and again."""
    bpy.ops.object.select_all(action="DESELECT")
    for obj in (live_sample, *live_sample.children):
        obj.select_set(True)
    bpy.context.view_layer.objects.active = live_sample
    capfd.readouterr()
    bpy.ops.object.duplicate()
    copy = bpy.context.view_layer.objects.active
    bpy.context.view_layer.update()
    err = capfd.readouterr().err
    assert "Traceback" not in err and "RecursionError" not in err, err[-2000:]
    assert copy is not live_sample and copy.overanim.live_preview
    assert {live_sample, copy} <= set(live.live_armatures()) and not live.errors
