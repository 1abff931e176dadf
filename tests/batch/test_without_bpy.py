"""The batch's orchestrator, report and file handling never import bpy (a process that imported it
cannot fork or spawn bpy workers): they import and work in a Python that has no bpy at all."""

import json
import subprocess
import sys
from pathlib import Path

from ..batch_support import GUARD

ROOT = Path(__file__).resolve().parents[2]


def probe(code: str) -> subprocess.CompletedProcess:
    script = GUARD.format(root=str(ROOT)) + code
    return subprocess.run([sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True, check=False)


def test_the_batch_modules_import_without_bpy():
    out = probe("import overanim_headless.cli, overanim_headless.orchestrator, overanim_headless.report, "
                "overanim_headless.files, overanim_headless.saving, overanim_headless.worker, "
                "overanim_headless.session, overanim_addon.steps\n"
                "assert 'bpy' not in sys.modules\nprint('ok')")
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "ok"


def test_merge_and_usage_errors_run_without_bpy(tmp_path):
    from overanim_headless import report

    for name, root in (("a.json", tmp_path / "lib/chars"), ("b.json", tmp_path / "lib")):
        part = report.new_report(root, jobs=1)
        part["files"].append(report.file_entry(f"{name[0]}.blend", report.OK))
        report.write_json(tmp_path / name, report.finish(part, 1.0))
    out = probe(f"from overanim_headless.cli import main\n"
                f"print(main(['merge', {str(tmp_path / 'a.json')!r}, {str(tmp_path / 'b.json')!r}, "
                f"'--report', {str(tmp_path / 'all.json')!r}]))\n"
                f"print(main([{str(tmp_path)!r}, '--report', 'r.json', '--steps', 'nope']))\n"
                "assert 'bpy' not in sys.modules")
    assert out.returncode == 0, out.stderr
    assert out.stdout.split() == ["0", "2"]
    merged = json.loads((tmp_path / "all.json").read_text())
    assert [f["path"] for f in merged["files"]] == ["b.blend", "chars/a.blend"]


def test_without_bpy_and_without_blender_the_batch_says_what_to_do(tmp_path):
    (tmp_path / "x.blend").write_bytes(b"BLENDER")
    out = probe("import importlib.util\nimportlib.util.find_spec = lambda name, *a: None\n"
                f"from overanim_headless.cli import main\nprint(main([{str(tmp_path)!r}, '--report', "
                f"{str(tmp_path / 'r.json')!r}]))")
    assert out.returncode == 0, out.stderr
    assert out.stdout.split()[-1] == "2" and "has no bpy module" in out.stderr and "--blender" in out.stderr
