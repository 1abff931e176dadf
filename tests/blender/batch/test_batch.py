"""The headless paths as separate processes: scripts/demo.py, and scripts/overanim_batch.py over a
small character library (tests/batch_library.py) with the bpy module and with a real Blender."""

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import bpy
import numpy as np
import pytest

from ... import batch_library as library_builder
from ...batch_support import GUARD, load_report, run_batch, snapshot, statuses, without
from ..helpers import custom_props, fill_disk, script_command

ROOT = Path(__file__).resolve().parents[3]


def run(script, *args, cwd=ROOT):
    return subprocess.run(script_command(script, *args), cwd=cwd, capture_output=True, text=True, timeout=300,
                          env={**os.environ, "PYTHONDONTWRITEBYTECODE": "1"}, check=False)


# -- the demo ----------------------------------------------------------------------------------------
@pytest.fixture(scope="module")
def demo_files(tmp_path_factory):
    out = tmp_path_factory.mktemp("demo")
    result = run("scripts/demo.py", out)
    assert result.returncode == 0, result.stderr + result.stdout
    assert "lod      ok" in result.stdout
    assert "motion: 'SK_OverAnimSample_Walk' frames 1-96, 140.0 cm/s on average" in result.stdout
    assert "contacts: left foot planted " in result.stdout
    rendered = f"picture: {out / 'masks.png'} (the Region masks)" in result.stdout
    # the chroot of the real 4.3 has no EGL: Blender aborts rendering, which costs the picture only
    assert rendered or (bpy.app.binary_path and "no masks.png: Workbench could not render here" in result.stdout)
    drawn = f"picture: {out / 'motion.png'} (the Motion curves)" in result.stdout
    # a real Blender's own Python has no matplotlib: the demo says so and goes on
    assert drawn or (bpy.app.binary_path and "no motion.png: matplotlib is not installed" in result.stdout)
    return out


def test_demo_report_holds_the_walks_per_frame_foot_ik_offsets(demo_files):
    """The sample walks over a step and a slope: its per-frame foot-IK offsets are in the report."""
    footik = load_report(demo_files / "report.json")["files"][0]["armatures"][0]["steps"]["footik"]
    offsets = footik["offsets_cm"]
    assert footik["frames"] == [1, 96] and offsets["frame"] == list(range(1, 97))
    assert max(offsets["body"]) == pytest.approx(footik["per_frame"]["BodyOffset"]["max"], abs=0.01)
    assert footik["per_frame"]["BodyOffset"]["max"] > 10.0  # up the step and onto the slope
    assert all(min(left, right) == 0.0 for left, right in zip(offsets["left"], offsets["right"], strict=True))
    assert footik["per_frame"]["LeftPitch"]["max"] == pytest.approx(10.0, abs=0.1)


def test_demo_report_holds_the_walks_speed_and_contacts(demo_files):
    motion = load_report(demo_files / "report.json")["files"][0]["armatures"][0]["steps"]["motion"]
    assert motion["ok"] and motion["action"] == "SK_OverAnimSample_Walk" and motion["frames"] == [1, 96]
    assert motion["raw"]["average_speed"] == pytest.approx(140.0, abs=0.01)  # 70 cm steps, 1.4 m/s at 24 fps
    assert motion["calibrated"]["average_speed"] == pytest.approx(140.0 / motion["scale"], rel=1e-3)
    assert motion["contacts"]["left"] > 10 and motion["contacts"]["right"] > 10


def test_demo_report_is_a_batch_report_in_cm_with_what_cs_and_ws_mean(demo_files):
    report = load_report(demo_files / "report.json")
    assert report["ok"] and report["units"] == "cm" and "CS = component space" in report["spaces"]
    (entry,) = report["files"]
    assert entry["path"] == "demo.blend" and entry["saved_to"] == str(demo_files / "demo.blend")
    props = entry["armatures"][0]["steps"]["measure"]["properties"]
    assert props["OverAnim_LocomotionRootBone"] == "pelvis"
    floats = [v for v in props.values() if isinstance(v, float)]
    assert floats and all(round(v, 3) == v for v in floats)  # rounded to 0.001 cm
    assert props["OverAnim_CharacterHeightCS"] == 180.0
    assert not list(demo_files.glob("*.blend1")) and not list(demo_files.glob(".*"))


def test_demo_renders_the_region_masks(addon, demo_files):
    if not (demo_files / "masks.png").exists():
        pytest.skip("this Blender cannot render here (no EGL): the demo said so and went on")
    image = bpy.data.images.load(str(demo_files / "masks.png"))
    try:
        assert tuple(image.size) == (360, 480)
        pixels = list(image.pixels)
    finally:
        bpy.data.images.remove(image)
    colours = {tuple(round(c, 1) for c in pixels[i:i + 3]) for i in range(0, len(pixels), 4 * 7)}
    assert len(colours) > 20  # the character in several Region colours over the background


def test_demo_draws_the_motion_curves(addon, demo_files):
    if not (demo_files / "motion.png").exists():
        pytest.skip("no matplotlib in this Blender's Python: the demo said so and went on")
    image = bpy.data.images.load(str(demo_files / "motion.png"))
    try:
        assert tuple(image.size) == (800, 500)
        pixels = np.array(image.pixels[:]).reshape(-1, 4)[:, :3]
    finally:
        bpy.data.images.remove(image)
    # the speed (blue), Distance (green) and both feet's contact bars (orange, purple) are drawn
    for colour in ((0.12, 0.47, 0.71), (0.17, 0.63, 0.17), (1.0, 0.5, 0.05), (0.58, 0.4, 0.74)):
        assert (np.abs(pixels - colour).max(axis=1) < 0.03).sum() > 200, colour


def test_demo_help_prints_its_usage_and_makes_no_folder(tmp_path):
    result = run(ROOT / "scripts/demo.py", "--help", cwd=tmp_path)
    assert result.returncode == 0 and "usage:" in result.stdout and "masks.png" in result.stdout
    assert not (tmp_path / "--help").exists() and not (ROOT / "--help").exists()


def test_demo_into_a_file_says_so_and_leaves_it(tmp_path):
    taken = tmp_path / "out"
    taken.write_text("an artist's notes")
    result = run(ROOT / "scripts/demo.py", taken, cwd=tmp_path)
    assert result.returncode == 2 and "Traceback" not in result.stderr, result.stderr
    assert f"scripts/demo.py: cannot write into {taken}" in result.stderr
    assert taken.read_text() == "an artist's notes"


# -- the batch over the library ---------------------------------------------------------------------
@pytest.fixture(scope="module")
def library_run(batch_library, tmp_path_factory):
    """One run over the whole library, read only (no --save): every test below reads its result."""
    before = snapshot(batch_library)
    out = tmp_path_factory.mktemp("run")
    result = run_batch(batch_library, "--report", out / "r.json")
    return result, load_report(out / "r.json"), before


def test_library_report_exit_code_and_statuses(batch_library, library_run):
    result, report, before = library_run
    assert result.returncode == 2, result.stderr  # two files could not be opened
    assert statuses(report) == library_builder.EXPECTED
    assert report["root"] == str(batch_library) and report["jobs"] == 1 and not report["ok"]
    assert report["summary"] == {"files": 6, "ok": 3, "failed": 1, "unreadable": 2, "crashed": 0, "timeout": 0,
                                 "interrupted": 0, "reused": 0}
    assert report["blender_version"] == bpy.app.version_string and report["addon_version"] == "0.1.0"
    files = {f["path"]: f for f in report["files"]}
    assert "Missing DNA block" in files["broken/truncated.blend"]["error"]
    assert "could not open" in files["broken/corrupt.blend"]["error"]
    assert "Region 'Head' is inactive at LOD1" in files["rigs/lod_error.blend"]["error"]
    assert files["props/no_armature.blend"]["notes"][0].startswith("no armature with OverAnim Regions")
    hero = files["rigs/hero.blend"]["armatures"][0]
    assert hero["armature"] == "SK_Hero" and list(hero["steps"]) == ["checks", "measure", "paint", "lod", "compose",
                                                                      "footik", "motion"]
    assert hero["steps"]["footik"] == {"ok": True, "skipped": "no ground"}
    assert hero["steps"]["motion"] == {"ok": True, "skipped": "no animation"}
    villain = files["rigs/sub/villain.blend"]["armatures"][0]
    assert villain["steps"]["compose"] == {"ok": True, "skipped": "no Region names a Delta Shape Key"}
    assert "saved_to" not in hero and snapshot(batch_library) == before  # nothing written but the report


def test_library_progress_lines_and_summary(library_run):
    result = library_run[0]
    lines = result.stderr.splitlines()
    progress = [line for line in lines if line.startswith("[")]
    assert len(progress) == 6 and progress[0].startswith("[1/6] ") and progress[-1].startswith("[6/6] ")
    assert any(line.startswith("[") and "rigs/lod_error.blend failed" in line for line in progress)
    assert "overanim_batch: 6 files: 3 ok, 1 failed, 2 could not be opened; report " in lines[-1]
    assert lines[-1].endswith("exit 2")


def test_jobs_2_gives_the_same_report_as_jobs_1(batch_library, library_run, tmp_path):
    """Two workers, each replaced by a fresh one after two files: the same report but for timings."""
    _, one, _ = library_run
    result = run_batch(batch_library, "--report", tmp_path / "r.json", "--jobs", "2", "--max-files-per-worker", "2")
    assert result.returncode == 2, result.stderr
    two = load_report(tmp_path / "r.json")
    assert two["jobs"] == 2
    assert without(two, "jobs") == without(one, "jobs")


def test_merge_of_two_halves_equals_one_run_over_the_whole(batch_library, library_run, tmp_path):
    """As a farm runs chunks: --exit-zero on each, the merge gives the exit code."""
    _, whole, _ = library_run
    assert run_batch(batch_library / "rigs", "--report", tmp_path / "a.json", "--exit-zero").returncode == 0
    result = run_batch(batch_library / "props", batch_library / "broken", "--exit-zero", "--report",
                       tmp_path / "b.json")
    assert result.returncode == 0 and "exit 0 (--exit-zero; the result's code is 2)" in result.stderr
    merge = run_batch("merge", tmp_path / "a.json", tmp_path / "b.json", "--report", tmp_path / "all.json")
    assert merge.returncode == 2, merge.stderr
    merged = load_report(tmp_path / "all.json")
    assert without(merged) == without(whole)


def test_a_fifo_named_blend_is_skipped_at_listing_time_and_named_for_what_it_is(library, tmp_path):
    """Issue 19.6: a FIFO named *.blend in a library blocked its worker until the timeout; named on
    the command line it was called "no such file or folder"."""
    os.mkfifo(library / "props" / "pipe.blend")
    named = library / "named.blend"
    os.mkfifo(named)
    result = run_batch(library / "props", named, "--timeout", "60", "--report", tmp_path / "r.json", timeout=120)
    assert result.returncode == 2, result.stderr  # the one named could not be opened
    report = load_report(tmp_path / "r.json")
    why = "not a regular file: a named pipe (FIFO)"
    assert report["skipped"] == [{"path": "props/pipe.blend", "why": why}]
    files = {f["path"]: f for f in report["files"]}
    assert files["named.blend"]["status"] == "unreadable"
    assert files["named.blend"]["error"] == f"could not open: {why}"
    assert files["props/no_armature.blend"]["status"] == "ok" and report["summary"]["timeout"] == 0
    assert "props/pipe.blend" not in files and "; 1 skipped (not a regular file)" in result.stderr.splitlines()[-1]


def test_the_orchestrating_process_never_imports_bpy(batch_library, library_run, tmp_path):
    """A whole run in a process where importing bpy fails: only its workers import it."""
    if bpy.app.binary_path:
        pytest.skip("inside a real Blender the orchestrator runs in Blender's own process")
    code = GUARD.format(root=str(ROOT)) + (
        f"import runpy\nsys.argv = ['overanim_batch', {str(batch_library)!r}, '--jobs', '2', '--report', "
        f"{str(tmp_path / 'r.json')!r}]\ntry:\n    runpy.run_path({str(ROOT / 'scripts/overanim_batch.py')!r}, "
        "run_name='__main__')\nfinally:\n    print('bpy imported' if 'bpy' in sys.modules else 'no bpy')")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300, check=False)
    assert result.returncode == 2 and result.stdout.strip() == "no bpy", result.stderr
    assert without(load_report(tmp_path / "r.json"), "jobs") == without(library_run[1], "jobs")


def test_output_dir_mirrors_the_tree_and_leaves_the_sources(addon, library, tmp_path):
    before = snapshot(library)
    out = tmp_path / "out"
    result = run_batch(library / "rigs", library / "props", "--output-dir", out, "--report", tmp_path / "r.json")
    assert result.returncode == 1, result.stderr  # lod_error fails its LOD step (and is written all the same)
    report = load_report(tmp_path / "r.json")
    assert report["root"] == str(library)
    written = sorted(p.relative_to(out).as_posix() for p in out.rglob("*") if p.is_file())
    assert written == ["rigs/hero.blend", "rigs/lod_error.blend", "rigs/sub/villain.blend"]  # the prop: nothing to do
    saved = {f["path"]: f.get("saved_to") for f in report["files"]}
    assert saved["rigs/hero.blend"] == str(out / "rigs/hero.blend") and saved["props/no_armature.blend"] is None
    assert snapshot(library) == before
    bpy.ops.wm.open_mainfile(filepath=str(out / "rigs/sub/villain.blend"))
    assert custom_props(bpy.data.objects["SK_Villain"])["OverAnim_CharacterHeightCS"] == pytest.approx(180.0)
    assert "OverAnim_Preview" in bpy.data.objects["SK_Villain_Body"].data.color_attributes


def test_save_keeps_the_artists_ui_and_makes_no_blend1(addon, library, tmp_path):
    hero = library / "rigs/hero.blend"
    old_backup = (library / "rigs/hero.blend1").read_bytes()
    result = run_batch(library / "rigs/hero.blend", "--save", "--report", tmp_path / "r.json")
    assert result.returncode == 0, result.stderr
    assert load_report(tmp_path / "r.json")["files"][0]["saved_to"] == str(hero)
    assert library_builder.artist_ui(hero) == (True, ["WIREFRAME"])  # workspaces and view settings kept
    assert custom_props(bpy.data.objects["SK_Hero"])["OverAnim_LocomotionRootBone"] == "pelvis"
    assert (library / "rigs/hero.blend1").read_bytes() == old_backup  # the artist's own .blend1, untouched
    assert sorted(p.name for p in hero.parent.iterdir()) == ["hero.blend", "hero.blend1", "lod_error.blend", "sub"]


def test_save_keeps_the_active_object_and_its_weight_paint_mode(addon, library, tmp_path):
    """Saved while weight painting the body: the steps work on the armature, and a file saved with
    the armature active reopens with the body out of Weight Paint (Blender keeps a paint mode for
    the active object only)."""
    villain = library / "rigs/sub/villain.blend"
    bpy.ops.wm.open_mainfile(filepath=str(villain))
    bpy.context.view_layer.objects.active = bpy.data.objects["SK_Villain_Body"]
    bpy.ops.object.mode_set(mode="WEIGHT_PAINT")
    bpy.ops.wm.save_mainfile()
    bpy.ops.object.mode_set(mode="OBJECT")
    bpy.ops.wm.read_homefile(use_empty=True)
    result = run_batch(villain, "--save", "--report", tmp_path / "r.json")
    assert result.returncode == 0, result.stderr
    bpy.ops.wm.open_mainfile(filepath=str(villain))
    body = bpy.data.objects["SK_Villain_Body"]
    assert bpy.context.view_layer.objects.active == body and body.mode == "WEIGHT_PAINT"
    assert "OverAnim_CharacterHeightCS" in custom_props(bpy.data.objects["SK_Villain"])
    bpy.ops.object.mode_set(mode="OBJECT")
    bpy.ops.wm.read_homefile(use_empty=True)


def test_backup_keeps_the_replaced_file_as_blend1(library, tmp_path):
    villain = library / "rigs/sub/villain.blend"
    old = villain.read_bytes()
    result = run_batch(villain, "--save", "--backup", "--report", tmp_path / "r.json")
    assert result.returncode == 0, result.stderr
    assert (library / "rigs/sub/villain.blend1").read_bytes() == old and villain.read_bytes() != old
    assert sorted(p.name for p in villain.parent.iterdir()) == ["villain.blend", "villain.blend1"]


def test_save_through_a_symlink_keeps_the_link_and_the_files_relative_paths(addon, library, tmp_path):
    """A library that links a rig in from where it lives: the rig is opened and saved where it lives,
    so its relative paths are written back as they were (opened through the link, Blender rebases
    them from the link's folder onto the real one: '//textures/skin.png' became '//../view/...')."""
    real = library / "rigs/sub/villain.blend"
    bpy.ops.wm.open_mainfile(filepath=str(real))
    image = bpy.data.images.new("Skin", 4, 4)
    image.source, image.filepath, image.use_fake_user = "FILE", "//textures/skin.png", True
    bpy.ops.wm.save_mainfile()
    bpy.ops.wm.read_homefile(use_empty=True)
    (library / "view").mkdir()
    link = library / "view/villain.blend"
    link.symlink_to(real)
    result = run_batch(link, "--save", "--report", tmp_path / "r.json")
    assert result.returncode == 0, result.stderr
    assert load_report(tmp_path / "r.json")["files"][0]["saved_to"] == str(real)
    assert link.is_symlink() and link.resolve() == real
    bpy.ops.wm.open_mainfile(filepath=str(real))
    assert bpy.data.images["Skin"].filepath == "//textures/skin.png"
    assert custom_props(bpy.data.objects["SK_Villain"])["OverAnim_LocomotionRootBone"] == "pelvis"
    bpy.ops.wm.read_homefile(use_empty=True)


def test_relative_paths_are_resolved_once_against_the_real_working_directory(library, tmp_path):
    """Started in A with a stale $PWD naming B, Blender alone would open B's file."""
    a, b = tmp_path / "A", tmp_path / "B"
    a.mkdir()
    shutil.copytree(library / "rigs/sub", b)
    shutil.copy(library / "rigs/sub/villain.blend", a / "char.blend")
    shutil.copy(library / "rigs/sub/villain.blend", b / "char.blend")
    b_before = snapshot(b)
    result = run_batch("char.blend", "--save", "--report", "r.json", cwd=a, env={"PWD": str(b)})
    assert result.returncode == 0, result.stderr
    report = load_report(a / "r.json")
    assert report["root"] == str(a) and report["files"][0]["saved_to"] == str(a / "char.blend")
    assert snapshot(b) == b_before and not (b / "r.json").exists()
    assert (a / "char.blend").read_bytes() != (library / "rigs/sub/villain.blend").read_bytes()


@pytest.mark.parametrize("report_name", ["rigs/hero.blend", "rigs/new.blend"])
def test_a_report_naming_a_blend_file_is_refused(library, report_name):
    before = snapshot(library)
    result = run_batch(library / "rigs", "--report", library / report_name)
    assert result.returncode == 2 and "must not name a .blend file" in result.stderr
    assert snapshot(library) == before


def test_usage_errors_are_exit_2_before_any_work(library, tmp_path):
    settings = tmp_path / "s.json"
    settings.write_text(json.dumps({"reference_character_height": -3}))
    cases = {
        (): "the following arguments are required",
        (library, "--report", tmp_path / "r.json", "--steps", "measure,dance"): "unknown step 'dance'",
        (library, "--report", tmp_path / "r.json", "--save", "--output-dir", tmp_path): "not allowed with",
        (library, "--report", tmp_path / "r.json", "--jobs", "0"): "--jobs must be at least 1",
        (library, "--report", tmp_path / "r.json", "--settings", settings): "must be at least 1",
        (library, "--report", tmp_path / "r.json", "--output-dir", library): "would overwrite the sources",
        (library, "--report", tmp_path / "r.json", "--blender", tmp_path / "no-blender"): "no such program",
        (library, "--report", tmp_path / "r.json", "--blender", tmp_path): "no such program",  # a folder
        # a file where the output folder would be: every save would fail, after all the work
        (library, "--report", tmp_path / "r.json", "--output-dir", settings / "out"): f"{settings} is a file",
    }
    studio = tmp_path / "studio.json"
    studio.write_text('{"reference_character_height": 170}')
    cases[(library / "rigs/hero.blend", "--settings", studio, "--report", studio)] = "is the --settings file"
    for args, message in cases.items():
        result = run_batch(*args)
        assert result.returncode == 2 and message in result.stderr, (args, result.stderr)
    assert not (tmp_path / "r.json").exists()
    assert studio.read_text() == '{"reference_character_height": 170}'


def test_output_dir_never_overwrites_another_input(library, tmp_path):
    """An input inside --output-dir, named on the command line (the search skips that folder), sits
    exactly where another input's result would go."""
    inside = library / "out/rigs/hero.blend"
    inside.parent.mkdir(parents=True)
    shutil.copy(library / "rigs/sub/villain.blend", inside)
    before = snapshot(library)
    result = run_batch(library / "rigs/hero.blend", inside, "--output-dir", library / "out", "--report",
                       tmp_path / "r.json")
    assert result.returncode == 2, result.stderr
    assert "would overwrite the sources: the input out/rigs/hero.blend" in result.stderr
    assert snapshot(library) == before


def test_steps_and_settings_for_armatures_without_calibration(addon, library, tmp_path):
    from overanim_addon.blender.sample.build import build_sample_character

    bpy.ops.wm.read_homefile(use_empty=True)
    armature = build_sample_character(bpy.context, "SK_Plain")
    armature.overanim.calibration.property_unset("locomotion_root_bone")  # as a rig that never had OverAnim set up
    bpy.ops.wm.save_as_mainfile(filepath=str(library / "plain.blend"))
    settings = tmp_path / "studio.json"
    settings.write_text(json.dumps({"calibration": {"ReferenceCharacterHeight": 90.0}}))
    result = run_batch(library / "plain.blend", library / "rigs/hero.blend", "--steps", "lod,measure", "--settings",
                       settings, "--report", tmp_path / "r.json")
    assert result.returncode == 0, result.stderr
    report = load_report(tmp_path / "r.json")
    assert report["steps"] == ["measure", "lod"]
    files = {f["path"]: f for f in report["files"]}
    plain, hero = files["plain.blend"], files["rigs/hero.blend"]
    assert plain["notes"] == ["calibration from the settings file (they had none): SK_Plain"]
    assert list(plain["armatures"][0]["steps"]) == ["measure", "lod"]
    assert plain["armatures"][0]["steps"]["measure"]["properties"]["OverAnim_CharacterScaleCS"] == 2.0  # 180 / 90
    assert hero["notes"] == []  # its calibration was set: the settings file does not apply
    assert hero["armatures"][0]["steps"]["measure"]["properties"]["OverAnim_CharacterScaleCS"] == 1.0


def test_a_file_saved_in_edit_mode_is_taken_out_of_it_and_says_so(addon, library, tmp_path):
    saved = library / "edit.blend"
    bpy.ops.wm.open_mainfile(filepath=str(library / "rigs/sub/villain.blend"))
    body = bpy.data.objects["SK_Villain_Body"]
    bpy.context.view_layer.objects.active = body
    bpy.ops.object.mode_set(mode="EDIT")
    bpy.ops.wm.save_as_mainfile(filepath=str(saved))
    bpy.ops.object.mode_set(mode="OBJECT")
    result = run_batch(saved, library / "nope.blend", "--report", tmp_path / "r.json")
    assert result.returncode == 2, result.stderr + result.stdout  # the missing file; the other goes on
    entry, missing = load_report(tmp_path / "r.json")["files"]
    assert entry["notes"] == ["saved in Edit Mode, switched to Object Mode: SK_Villain_Body"]
    assert entry["armatures"][0]["ok"] and entry["status"] == "ok"
    assert missing["path"] == "nope.blend" and missing["error"] == "could not open: no such file or folder"
    progress = [line for line in result.stderr.splitlines() if line.startswith("[")]  # one line per file
    assert progress[0] == "[1/2] nope.blend could not be opened 0.0 s: no such file or folder"
    assert progress[1].startswith("[2/2] edit.blend ok") and len(progress) == 2


def test_a_file_saved_sculpting_with_dynamic_topology_is_taken_out_of_it_and_says_so(addon, library, tmp_path):
    """Such a file reopens in it, even headless, and every step refuses it (its BMesh would replace
    what a step writes); saving wrote the sculpt into the mesh, so leaving it changes nothing."""
    saved = library / "sculpt.blend"
    bpy.ops.wm.open_mainfile(filepath=str(library / "rigs/sub/villain.blend"))
    body = bpy.data.objects["SK_Villain_Body"]
    bpy.context.view_layer.objects.active = body
    bpy.ops.object.mode_set(mode="SCULPT")
    bpy.ops.sculpt.dynamic_topology_toggle()
    bpy.ops.wm.save_as_mainfile(filepath=str(saved))
    bpy.ops.wm.read_homefile(use_empty=True)
    result = run_batch(saved, "--report", tmp_path / "r.json")
    assert result.returncode == 0, result.stderr + result.stdout
    (entry,) = load_report(tmp_path / "r.json")["files"]
    assert entry["notes"] == ["saved sculpting with Dynamic Topology, switched to Object Mode: SK_Villain_Body"]
    assert entry["armatures"][0]["ok"] and entry["status"] == "ok"


def test_a_shot_file_that_links_its_rig_skips_it_and_names_a_missing_library(addon, library, tmp_path):
    """A studio's shot files link their rigs: a linked rig is read-only there and its results belong
    in its own file, so it is skipped, saying where it comes from, instead of failing every shot
    file; a library that is gone is said, not passed over as 'nothing to do'."""
    gone = library / "gone.blend"
    shutil.copy(library / "rigs/sub/villain.blend", gone)
    bpy.ops.wm.read_homefile(use_empty=True)
    for source, name in ((library / "rigs/hero.blend", "SK_Hero"), (gone, "SK_Villain")):
        with bpy.data.libraries.load(str(source), link=True, relative=True) as (_source, target):
            target.objects = [name]
        bpy.context.scene.collection.objects.link(target.objects[0])
    shot = library / "shots/sh010.blend"
    shot.parent.mkdir()
    bpy.ops.wm.save_as_mainfile(filepath=str(shot))
    bpy.ops.wm.read_homefile(use_empty=True)
    gone.unlink()
    before = snapshot(library)
    result = run_batch(shot, "--save", "--all-armatures", "--report", tmp_path / "r.json")
    assert result.returncode == 0, result.stderr
    entry = load_report(tmp_path / "r.json")["files"][0]
    assert entry["status"] == "ok" and entry["armatures"] == [] and "saved_to" not in entry
    assert entry["notes"] == [
        "library //../gone.blend is missing: what it links is not in this file, nor in its results",
        "skipped: 'SK_Hero' is linked from a library and read-only: make it local or a library override first "
        "(its library: //../rigs/hero.blend)",
        "not saved: nothing was changed"]
    assert snapshot(library) == before


def test_a_shot_file_with_a_library_override_of_its_rig_skips_it_too(rig, tmp_path):
    """Bake and Measure work on an editable override (issue 19.7), but the batch's results would
    not stay in a shot file (linked meshes, custom properties its library lacks): skipped, by name."""
    from ..helpers import overridden_copy

    name = overridden_copy(rig, tmp_path).name
    shot = tmp_path / "sh010.blend"
    bpy.ops.wm.save_as_mainfile(filepath=str(shot))
    bpy.ops.wm.read_homefile(use_empty=True)
    result = run_batch(shot, "--all-armatures", "--report", tmp_path / "r.json")
    assert result.returncode == 0, result.stderr
    entry = load_report(tmp_path / "r.json")["files"][0]
    assert entry["armatures"] == []
    assert f"skipped: '{name}' is a library override with its armature data linked" in entry["notes"][0]


def test_a_file_from_a_newer_blender_is_reported_and_never_saved_over(addon, library, tmp_path):
    """The version in the header says 9.9: the file opens with a warning, and --save refuses."""
    newer = library / "rigs/newer.blend"
    bpy.ops.wm.open_mainfile(filepath=str(library / "rigs/sub/villain.blend"))
    bpy.ops.wm.save_as_mainfile(filepath=str(newer), compress=False)  # 5.0 compresses by default
    bpy.ops.wm.read_homefile(use_empty=True)
    data = bytearray(newer.read_bytes())
    if data.startswith(b"BLENDER17-01v"):  # the header of Blender 5.0 and later: "v0500"
        data[13:17] = b"0909"
    else:  # "BLENDER-v405"
        assert data[:9] in (b"BLENDER-v", b"BLENDER_v"), data[:20]
        data[9:12] = b"909"
    newer.write_bytes(bytes(data))
    result = run_batch(newer, "--save", "--report", tmp_path / "r.json")
    assert result.returncode == 1, result.stderr
    entry = load_report(tmp_path / "r.json")["files"][0]
    assert entry["status"] == "failed" and entry["error"].startswith("not saved: written by a newer Blender (9.9)")
    assert "saved_to" not in entry and newer.read_bytes() == bytes(data)
    assert any(n.startswith("written by Blender 9.9, newer than this Blender") for n in entry["notes"])
    result = run_batch(newer, "--report", tmp_path / "r2.json")  # without --save it is a note only
    assert result.returncode == 0 and load_report(tmp_path / "r2.json")["files"][0]["ok"]


def needs_the_bpy_module():
    if bpy.app.binary_path:
        pytest.skip("a file-size limit kills a Blender binary (SIGXFSZ) instead of failing its write")


def test_a_failed_save_is_reported_and_the_other_files_go_on(library, tmp_path):
    """A full disk: writes past 64 kB fail (EFBIG); the rigs are larger (145 kB compressed by 5.0), the
    report is smaller."""
    needs_the_bpy_module()
    before = snapshot(library)
    result = run_batch(library / "rigs", "--save", "--report", tmp_path / "r.json",
                       file_size_limit=64_000)
    assert result.returncode == 1, result.stderr
    report = load_report(tmp_path / "r.json")
    assert [f["status"] for f in report["files"]] == ["failed", "failed", "failed"]
    assert all(f["error"].startswith("could not save ") and "saved_to" not in f for f in report["files"])
    assert snapshot(library) == before  # every file as it was, no temporary file left


def test_a_full_disk_is_called_so_and_the_file_stays_as_it_was(library, small_disk, tmp_path):
    """A real full disk (ENOSPC): Blender's own message for it varies (\"No such file or directory\"
    on 4.3, \"Failed to write blendfile\" on 5.3)."""
    disk = small_disk(1024)  # the rig (about 180 kB) and a little more
    hero = disk / "hero.blend"
    shutil.copy(library / "rigs/hero.blend", hero)
    fill_disk(disk)
    before = snapshot(disk)
    result = run_batch(hero, "--save", "--report", tmp_path / "r.json")
    assert result.returncode == 1, result.stderr
    entry = load_report(tmp_path / "r.json")["files"][0]
    assert entry["error"] == f"could not save hero.blend: the disk is full ({disk})" and "saved_to" not in entry
    assert snapshot(disk) == before  # no temporary file left


def test_read_only_files_and_folders_are_not_saved_over(library, tmp_path):
    hero, villain = library / "rigs/hero.blend", library / "rigs/sub/villain.blend"
    hero.chmod(0o444)
    before = snapshot(library)
    result = run_batch(hero, "--save", "--report", tmp_path / "r.json")
    assert result.returncode == 1, result.stderr
    assert load_report(tmp_path / "r.json")["files"][0]["error"] == "not saved: hero.blend is read-only"
    assert snapshot(library) == before
    # a folder marked read-only for everyone (root, who ignores the mark, must honour it too)
    folder = villain.parent
    folder.chmod(0o555)
    try:
        result = run_batch(villain, "--save", "--report", tmp_path / "r1.json")
    finally:
        folder.chmod(0o755)
    assert result.returncode == 1, result.stderr
    assert load_report(tmp_path / "r1.json")["files"][0]["error"] == f"not saved: the folder {folder} is read-only"
    assert snapshot(library) == before
    # a folder nobody may write into (chattr +i binds root as well)
    if not shutil.which("chattr") or subprocess.run(["chattr", "+i", str(folder)], capture_output=True,
                                                     check=False).returncode != 0:
        pytest.skip("chattr +i is not available here: the read-only folder is not tested")
    try:
        result = run_batch(villain, "--save", "--report", tmp_path / "r2.json")
    finally:
        subprocess.run(["chattr", "-i", str(folder)], check=True)
    assert result.returncode == 1, result.stderr
    entry = load_report(tmp_path / "r2.json")["files"][0]
    assert entry["error"] == f"not saved: the folder {folder} is read-only" and "saved_to" not in entry
    assert snapshot(library) == before


def test_report_write_failures_exit_and_never_leave_an_empty_report(library, tmp_path):
    reports = tmp_path / "reports"
    reports.mkdir()
    blocked = reports / "a-file"
    blocked.write_text("not a folder")
    result = run_batch(library / "rigs/sub", "--report", blocked / "r.json", timeout=120)
    assert result.returncode == 2 and "cannot write there" in result.stderr  # refused before any work
    old = reports / "r.json"
    old.write_text('{"previous": true}')
    needs_the_bpy_module()
    result = run_batch(library / "rigs", "--report", old, file_size_limit=2_000, timeout=120)
    assert result.returncode == 2 and "could not write the report" in result.stderr  # a full disk, at the end
    assert old.read_text() == '{"previous": true}' and sorted(p.name for p in reports.iterdir()) == ["a-file", "r.json"]


def test_a_file_with_python_drivers_does_not_hang_the_run(addon, library, tmp_path):
    """A scripted driver (auto-run off) hangs a bpy process at exit: the worker loads an empty file
    before exiting, and a stuck worker would be stopped after its grace."""
    bpy.ops.wm.open_mainfile(filepath=str(library / "rigs/sub/villain.blend"))
    try:
        driver = bpy.data.objects["SK_Villain"].driver_add("location", 2).driver
        driver.type, driver.expression = "SCRIPTED", "__import__('math').sin(frame)"
        bpy.ops.wm.save_as_mainfile(filepath=str(library / "rigs/driven.blend"))
    finally:
        bpy.ops.wm.read_homefile(use_empty=True)  # this process would hang at exit too
    result = run_batch(library / "rigs/driven.blend", "--report", tmp_path / "r.json", timeout=120)
    assert result.returncode == 0, result.stderr
    entry = load_report(tmp_path / "r.json")["files"][0]
    assert "the file has Python drivers or scripts; they were not run (auto-run is off)" in entry["notes"]


# -- the masks benchmark ----------------------------------------------------------------------------
def test_benchmark_runs_and_prints_every_figure():
    """The benchmark is not a timed test; this only checks that it runs and reports all it promises."""
    result = run("benchmarks/benchmark_masks.py", "--grid", "24", "--repeat", "2")
    assert result.returncode == 0, result.stderr + result.stdout
    out = result.stdout
    assert "576 vertices, 4-bone Region" in out
    for line in ("own work", "bulk read of the four groups", "back to back", "via bpy.ops", "packed in channel R",
                 "with the mask group", "own work per phase", "falloff", "grey RGBA fill", "preview colours",
                 "Blender unsharing", "the rest: Python",
                 "after a slider change", "weights changed", "a full paint in that state", "first evaluation",
                 "re-evaluation after a setting", "unmodified object", "the modifier's own re-evaluation",
                 "Armature modifier re-evaluating", "the frame an artist sees", "a whole slider step",
                 "naive per-vertex Python loop", "Targets:"):
        assert line in out, f"missing {line!r} in:\n{out}"


# -- the real Blender binary ------------------------------------------------------------------------
@pytest.fixture
def real_blender_work(real_binary):
    """A folder inside the checkout (run.sh mounts only that), removed afterwards."""
    work = ROOT / "out" / f"real-blender-test-{real_binary.version}"
    shutil.rmtree(work, ignore_errors=True)
    yield work
    shutil.rmtree(work, ignore_errors=True)


@pytest.mark.real_blender
def test_demo_and_batch_through_a_real_blender_binary(batch_library, real_blender_work, real_binary):
    """A real Blender (4.3, 5.2) runs the orchestrator, and its workers are Blender binaries: the demo,
    a library it built itself, and the files this bpy wrote (newer, as old or older than that Blender)."""
    run_real_blender, real = real_binary.run_script, real_binary.version_tuple
    work = real_blender_work
    result = run_real_blender("scripts/demo.py", work / "demo")
    assert result.returncode == 0, result.stdout[-2000:] + result.stderr[-2000:]
    assert load_report(work / "demo/report.json")["ok"]
    result = run_real_blender("tests/batch_library.py", work / "library")
    assert result.returncode == 0, result.stdout[-2000:] + result.stderr[-2000:]
    before = snapshot(work / "library")
    result = run_real_blender("scripts/overanim_batch.py", work / "library", "--jobs", "2", "--report", work / "r.json")
    assert result.returncode == 2, result.stdout[-2000:] + result.stderr[-2000:]
    report = load_report(work / "r.json")
    assert statuses(report) == library_builder.EXPECTED and report["blender_version"].startswith(real_binary.version)
    assert snapshot(work / "library") == before
    shutil.copytree(batch_library / "rigs", work / "this-bpy")
    before = snapshot(work / "this-bpy")
    result = run_real_blender("scripts/overanim_batch.py", work / "this-bpy", "--save", "--report", work / "n.json")
    report = load_report(work / "n.json")
    if bpy.app.version >= (5, 0, 0) > (*real, 0):  # 4.x cannot read 5.0's file format at all
        assert result.returncode == 2 and set(statuses(report).values()) == {"unreadable"}
        assert all("may be from a newer version of Blender" in f["error"] for f in report["files"])
        assert snapshot(work / "this-bpy") == before
    elif bpy.app.version[:2] > real:  # files newer than that Blender: never saved over
        assert result.returncode == 1, result.stdout[-2000:] + result.stderr[-2000:]
        version = ".".join(map(str, bpy.app.version[:2]))
        assert all(f["error"].startswith(f"not saved: written by a newer Blender ({version})") for f in report["files"])
        assert snapshot(work / "this-bpy") == before
    else:  # as old or older: saved in that Blender's format, the failing LOD step reported
        assert result.returncode == 1, result.stdout[-2000:] + result.stderr[-2000:]
        assert statuses(report) == {"hero.blend": "ok", "lod_error.blend": "failed", "sub/villain.blend": "ok"}
        assert all(f["saved_to"] for f in report["files"])


def test_the_batch_benchmark_runs_and_prints_every_figure():
    """Not a timed test: it only checks that the benchmark runs and reports all it promises."""
    if bpy.app.binary_path:
        pytest.skip("the batch benchmark runs with a Python that has the bpy module")
    result = run("benchmarks/benchmark_batch.py", "--rigs", "1", "--repeat", "1", "--studio-repeat", "0")
    assert result.returncode == 0, result.stderr + result.stdout
    assert result.stdout.startswith("1 sample rig (")
    for line in ("one process per file", "one worker per file in one run", "one worker for all files", "--jobs 2",
                 "sample rigs: 1 files,", "files/min with --jobs 1", "--jobs 2 takes"):
        assert line in result.stdout, f"missing {line!r} in:\n{result.stdout}"
