"""The Flamenco job type (deploy/flamenco/overanim-batch.js): Node's own tests of its chunking and
command lines, and the same commands checked against the batch's real command line and file search.
Skipped, saying so, only where Node.js is not installed."""

import json
import shutil
import subprocess
from pathlib import Path
from types import SimpleNamespace

import pytest

from overanim_headless import cli
from overanim_headless.files import select

ROOT = Path(__file__).resolve().parents[2]
STUB = ROOT / "tests/flamenco/flamenco_stub.mjs"
NODE = shutil.which("node")
pytestmark = pytest.mark.skipif(NODE is None, reason="Node.js is not installed: the Flamenco job type is not tested")


def node(*args):
    result = subprocess.run([NODE, *map(str, args)], cwd=ROOT, capture_output=True, text=True, timeout=120, check=False)
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-3000:]
    return result.stdout


def test_the_job_type_passes_its_node_tests():
    out = node("--test", ROOT / "tests/flamenco/")
    assert "# fail 0" in out and "# pass 7" in out


def test_every_compiled_command_is_a_valid_batch_command_line(tmp_path):
    settings = {"library": "/farm/lib", "files": "a.blend\nb/c.blend\nd.blend", "chunk_size": 2,
                "steps": "checks,measure", "write": "output-dir", "output_dir": "/farm/out", "backup": True,
                "all_armatures": True, "settings_file": "/farm/s.json", "timeout": 90, "report_dir": "/farm/r",
                "batch_script": "/farm/overanim/scripts/overanim_batch.py"}
    tasks = json.loads(node(STUB, json.dumps(settings)))
    runs = [t["commands"][0]["parameters"]["args"] for t in tasks]
    runs = [args[args.index("--") + 1:] for args in runs]
    chunks = [cli._parser().parse_args(args) for args in runs[:-1]]
    assert [c.paths for c in chunks] == [["/farm/lib/a.blend", "/farm/lib/b/c.blend"], ["/farm/lib/d.blend"]]
    for index, chunk in enumerate(chunks, start=1):
        assert chunk.report == f"/farm/r/chunks/chunk-00{index}.json" and chunk.root == "/farm/lib"
        assert (chunk.output_dir, chunk.steps, chunk.timeout, chunk.settings) == ("/farm/out", "checks,measure", 90,
                                                                                  "/farm/s.json")
        assert chunk.backup and chunk.all_armatures and chunk.exit_zero and not chunk.save
    assert runs[-1][0] == "merge"
    merge = cli._merge_parser().parse_args(runs[-1][1:])
    assert merge.parts == [c.report for c in chunks] and merge.report == "/farm/r/overanim-batch.json"


def test_the_submission_lists_the_files_the_batch_would_find(tmp_path):
    """The hidden "files" setting is evaluated by the submitting Blender: the same files, by the
    batch's rules, as the batch's own search of that folder."""
    names = ["hero.blend", "chars/B.BLEND", "a-b/x.blend", "a/x.blend", "chars/a/c.blend", "x.blend1", "y.blend@",
             ".y.blend.overanim-save", ".hidden/h.blend", "chars/.h/i.blend", ".dot.blend", "notes.txt"]
    for name in names:
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_bytes(b"BLENDER")
    for link in ("a/hero-link.blend", "zz/latest.blend"):  # one file through three paths: listed once, as the
        (tmp_path / link).parent.mkdir(exist_ok=True)  # batch takes it (two chunks would save it at once)
        (tmp_path / link).symlink_to(tmp_path / "hero.blend")
    job_type = json.loads(node(STUB, "--job-type"))
    expression = next(s["eval"] for s in job_type["settings"] if s["key"] == "files")
    listed = eval(expression, {}, {"abspath": lambda p: Path(p).absolute(), "Path": Path,
                                   "settings": SimpleNamespace(library=str(tmp_path))})
    selection = select([tmp_path])
    assert listed.split("\n") == [selection.relative(p) for p in selection.files]
    assert "a/hero-link.blend" in listed.split("\n") and "hero.blend" not in listed.split("\n")


def test_the_job_types_default_steps_are_every_step_of_the_pipeline():
    from overanim_addon.steps import STEP_NAMES

    source = (ROOT / "deploy/flamenco/overanim-batch.js").read_text()
    assert f'const STEPS = "{",".join(STEP_NAMES)}";' in source
