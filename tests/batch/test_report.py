"""The report: rounding, exit codes, the summary line, the atomic write, merging, the schema file,
and the --settings file. No Blender needed."""

import json
import math
import os
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from overanim_headless import cli, report
from overanim_headless.cli import UsageError, load_settings

from ..batch_support import SCHEMA_PATH, validate

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=5),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=5), inner, max_size=4),
    max_leaves=20)


@given(json_values)
def test_rounding_keeps_the_shape_and_rounds_every_float_to_a_thousandth(value):
    def check(original, result):
        if isinstance(original, float):
            if math.isfinite(original):
                assert result == round(original, 3) and math.copysign(1.0, result) == math.copysign(1.0, result or 1.0)
            else:
                assert result is None  # JSON has no NaN or infinity
        elif isinstance(original, dict):
            assert list(result) == list(original)
            for key in original:
                check(original[key], result[key])
        elif isinstance(original, list):
            assert len(result) == len(original)
            for a, b in zip(original, result, strict=True):
                check(a, b)
        else:
            assert result == original and type(result) is type(original)

    rounded = report.rounded(value)
    check(value, rounded)
    json.dumps(rounded, allow_nan=False)  # always valid JSON


def test_rounding_never_gives_minus_zero():
    assert str(report.rounded(-0.0001)) == "0.0" and report.rounded(1.23456) == 1.235


def files(*statuses):
    return [report.file_entry(f"f{i}.blend", status, error="" if status == report.OK else "why")
            for i, status in enumerate(statuses)]


def finished(*statuses, **top):
    rep = report.new_report(Path("/lib"), jobs=1)
    rep["files"] = files(*statuses)
    rep.update(top)
    return report.finish(rep, 1.0)


@pytest.mark.parametrize(("statuses", "top", "code"), [
    ((), {}, 0),
    (("ok", "ok"), {}, 0),
    (("ok", "failed"), {}, 1),
    (("ok", "crashed", "timeout"), {}, 1),
    (("ok", "failed", "unreadable"), {}, 2),
    (("ok",), {"error": "could not start a worker"}, 2),
    (("ok", "interrupted"), {"interrupted": True}, 130),
])
def test_exit_codes(statuses, top, code):
    rep = finished(*statuses, **top)
    assert report.exit_code(rep) == code and rep["ok"] is (code == 0)
    validate(rep)


def test_the_summary_line_counts_with_plurals():
    assert report.summary_line(finished("ok")) == "1 file: 1 ok"
    assert report.summary_line(finished("ok", "unreadable")) == "2 files: 1 ok, 1 could not be opened"
    line = report.summary_line(finished("ok", "failed", "crashed", "timeout", "unreadable", "unreadable"))
    assert line == "6 files: 1 ok, 3 failed (1 crashed, 1 timed out), 2 could not be opened"
    rep = finished("ok", "interrupted", interrupted=True, not_run=["x.blend", "y.blend"],
                   leftovers=[{"path": "/lib/.x.blend.overanim-save", "bytes": 3, "removed": True, "why": "w"}])
    assert report.summary_line(rep) == ("2 files: 1 ok, 1 interrupted; 2 not run; removed 1 leftover file of an "
                                        "interrupted save")


def test_a_report_write_that_fails_leaves_the_previous_report_and_no_temporary_file(tmp_path, monkeypatch):
    target = tmp_path / "r.json"
    report.write_json(target, {"first": 1})
    os.chmod(target, 0o640)

    def full_disk(*args):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(report.os, "fsync", full_disk)
    with pytest.raises(OSError):
        report.write_json(target, {"second": 2})
    assert json.loads(target.read_text()) == {"first": 1} and os.listdir(tmp_path) == ["r.json"]
    monkeypatch.undo()
    report.write_json(target, {"third": 3})
    assert oct(os.stat(target).st_mode & 0o777) == "0o640"  # the replaced report's mode is kept


def part(root, paths, started="2026-01-01T10:00:00+00:00", duration=10.0, **top):
    rep = report.new_report(Path(root), jobs=2, started=started)
    rep["files"] = [report.file_entry(p, report.OK) for p in paths]
    rep.update(top)
    rep["blender_version"], rep["addon_version"] = top.get("blender_version", "4.5.3"), "0.1.0"
    return report.finish(rep, duration)


def test_merge_re_roots_counts_and_spans_the_parts():
    merged = report.merge([
        part("/lib/chars", ["b.blend", "a/x.blend"]),
        part("/lib", ["props/c.blend"], started="2026-01-01T10:00:05+00:00", duration=20.0, not_run=["z.blend"],
             blender_version="4.3.2"),
    ])
    assert merged["root"] == "/lib"
    assert [f["path"] for f in merged["files"]] == ["chars/a/x.blend", "chars/b.blend", "props/c.blend"]
    assert merged["not_run"] == ["z.blend"] and not merged["ok"]
    assert merged["started"] == "2026-01-01T10:00:00+00:00" and merged["duration_s"] == 25.0
    assert merged["blender_version"] == "4.3.2, 4.5.3" and merged["jobs"] == 2
    assert merged["summary"]["files"] == 3
    validate(merged)


def test_merge_keeps_what_each_part_skipped_and_a_report_without_any_has_no_such_key():
    chars, lib = part("/lib/chars", ["b.blend"]), part("/lib", ["props/c.blend"])
    report.add_skipped(chars, {"pipe.blend": "not a regular file: a named pipe (FIFO)"})
    validate(chars)
    merged = report.merge([chars, lib])
    assert merged["skipped"] == [{"path": "chars/pipe.blend", "why": "not a regular file: a named pipe (FIFO)"}]
    assert merged["ok"] and "; 1 skipped (not a regular file)" in report.summary_line(merged)
    assert "skipped" not in report.merge([lib])
    validate(merged)


def test_merge_refuses_a_file_twice_and_what_is_not_a_report(tmp_path):
    with pytest.raises(report.ReportError, match=r"chars/b\.blend is in part 1 and in part 2"):
        report.merge([part("/lib/chars", ["b.blend"]), part("/lib", ["chars/b.blend"])])
    (tmp_path / "other.json").write_text(json.dumps({"schema": "overanim-batch/2"}))  # before the result cache's keys
    with pytest.raises(report.ReportError, match="not an overanim-batch/3 report"):
        report.load(tmp_path / "other.json")
    (tmp_path / "broken.json").write_text("{")
    with pytest.raises(report.ReportError, match="not a readable JSON report"):
        report.load(tmp_path / "broken.json")


@pytest.mark.parametrize(("change", "message"), [
    (lambda r: r.pop("root"), "root"),
    (lambda r: r.update(root="relative/lib"), "root"),
    (lambda r: r.update(started="yesterday"), "started"),
    (lambda r: r.update(started="2026-01-01T10:00:00"), "started"),  # no time zone: cannot be ordered
    (lambda r: r.update(duration_s="long"), "duration_s"),
    (lambda r: r.update(jobs=True), "jobs"),
    (lambda r: r.update(files=None), "files"),
    (lambda r: r["files"][0].pop("path"), "files"),
    (lambda r: r["files"][0].update(status="weird"), "files"),
    (lambda r: r["files"][0].pop("key"), "files"),
    (lambda r: r["files"][0].update(reused="yes"), "files"),
    (lambda r: r.update(not_run=[3]), "not_run"),
    (lambda r: r.update(leftovers=[{"path": "/lib/x.blend@"}]), "leftovers"),
    (lambda r: r.update(interrupted="no"), "interrupted"),
    (lambda r: r.update(error=["why"]), "error"),
], ids=["no-root", "relative-root", "started", "no-time-zone", "duration", "jobs", "files", "no-path", "status",
        "no-key", "reused", "not-run", "leftovers", "interrupted", "error"])
def test_merge_refuses_a_part_that_names_the_schema_but_is_not_one(tmp_path, change, message):
    """A hand-edited or truncated-then-patched part: a clear refusal and exit 2, never a traceback
    with exit 1 (which would read as "a step failed")."""
    good = part("/lib/chars", ["b.blend"])
    broken = json.loads(json.dumps(good))
    change(broken)
    report.write_json(tmp_path / "good.json", good)
    report.write_json(tmp_path / "broken.json", broken)
    with pytest.raises(report.ReportError, match=rf"broken\.json: not an overanim-batch/3 report: .*{message}"):
        report.load(tmp_path / "broken.json")
    assert cli.main(["merge", str(tmp_path / "good.json"), str(tmp_path / "broken.json"), "--report",
                     str(tmp_path / "all.json")]) == 2
    assert not (tmp_path / "all.json").exists()


def test_an_internal_error_exits_2_not_1_which_reads_as_a_step_failed(monkeypatch, capsys):
    def bug(options):
        raise KeyError("a bug")

    monkeypatch.setattr(cli, "plan", bug)
    assert cli.main(["/lib", "--report", "/tmp/r.json"]) == 2
    assert "KeyError: 'a bug'" in capsys.readouterr().err


def test_the_schema_file_is_a_valid_schema_that_rejects_inconsistent_reports():
    import jsonschema  # required: see batch_support.validate
    schema = json.loads(SCHEMA_PATH.read_text())
    jsonschema.Draft202012Validator.check_schema(schema)
    good = finished("ok", "failed")
    validate(good)
    bad = [
        {**good, "schema": "overanim-batch/1"},  # the previous version
        {**good, "files": [{**good["files"][0], "ok": False}]},  # status ok but not ok
        {**good, "files": [{k: v for k, v in good["files"][1].items() if k != "error"}]},  # failed without why
        {**good, "units": "m"},
        {**good, "steps": ["measure", "dance"]},
        {**good, "files": [{**good["files"][0], "armatures": [
            {"armature": "A", "ok": True, "steps": {"paint": {"ok": True, "skipped": "x", "error": "y"}}}]}]},
    ]
    for report_ in bad:
        with pytest.raises(AssertionError):
            validate(report_)


def test_settings_files_take_the_panels_names_or_the_specs_and_are_checked(tmp_path):
    def load(data):
        path = tmp_path / "s.json"
        path.write_text(json.dumps(data))
        return load_settings(path)

    values = load({"reference_character_height": 170, "MaximumCharacterScale": 3})
    assert values["reference_character_height"] == 170.0 and values["maximum_character_scale"] == 3.0
    assert values["reference_locomotion_height"] == 90.0  # the spec's default for what is not given
    assert load({"calibration": {"locomotion_root_bone": "hips"}})["locomotion_root_bone"] == "hips"  # JSON export
    for data, message in [({"height": 1}, "unknown field 'height'"),
                          ({"reference_character_height": "tall"}, "must be a number"),
                          ({"enable_automatic_calibration": 1}, "must be bool"),
                          ({"minimum_character_scale": 5}, "must be at most 1"),
                          ([1, 2], "expected a JSON object")]:
        with pytest.raises(UsageError, match=message):
            load(data)
    (tmp_path / "nan.json").write_text('{"reference_character_height": NaN}')
    with pytest.raises(UsageError, match="must be a number"):
        load_settings(tmp_path / "nan.json")
