"""docs/api-map.md says where each spec name lives: every Python name it gives must exist where it
says, with the parameters it lists, and every C++ name of the spec page must be in it."""

from __future__ import annotations

import importlib
import inspect
import re
from pathlib import Path

import pytest

import overanim_addon.core as core
from overanim_addon.core.calibration import FIELDS

ROOT = Path(__file__).resolve().parents[2]
API_MAP = (ROOT / "docs" / "api-map.md").read_text(encoding="utf-8")
SPEC = (ROOT.parent / "shared" / "spec" / "overanim-region-calibration-types.en.txt")
TABLE = API_MAP.split("| C++ (spec) | Python | module |")[1].split("\n\n")[0]


def rows() -> list[tuple[str, str, str]]:
    out = []
    for line in TABLE.strip().splitlines()[1:]:
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        assert len(cells) == 3, line
        out.append((cells[0], cells[1], cells[2].strip("`")))
    return out


def resolve(module, dotted: str):
    target = module
    for part in dotted.split("."):
        target = getattr(target, part)
    return target


def python_names(cell: str) -> list[tuple[str, list[str]]]:
    """(dotted name, parameter names it lists) for each code span of a Python cell."""
    found = []
    for code in re.findall(r"`([^`]+)`", cell):
        head = re.match(r"[A-Za-z_][\w.]*", code)
        if head is None:
            continue
        args = re.search(r"\(([^)]*)\)", code)
        params = [a.strip().lstrip("*").split("=")[0].strip() for a in args.group(1).split(",")] if args else []
        found.append((head.group(0), [p for p in params if p and p not in ("...", "…")]))
    return found


def resolve_in(module_name: str, dotted: str):
    """``dotted`` in ``overanim_addon.core.<module_name>``; a leading module name or a full module path
    is taken as written."""
    if dotted.startswith("overanim_addon."):
        return importlib.import_module(dotted)
    parts = dotted.split(".")
    if parts[0] == module_name:
        parts = parts[1:]
    return resolve(importlib.import_module(f"overanim_addon.core.{module_name}"), ".".join(parts))


ALIASES = "OverAnimProportion::FCalibration"  # the namespace's aliases live in core.proportion only


@pytest.mark.parametrize(("cpp", "python", "module"), rows(), ids=[r[0][:40] for r in rows()])
def test_each_python_name_exists_with_the_parameters_it_lists(cpp, python, module):
    if "`enable_automatic_calibration`" in python:
        return  # the fields of CalibrationSettings: test_the_calibration_fields_row_names_every_field
    listed: set[str] = set()
    for dotted, params in python_names(python):
        if re.fullmatch(r"\w+\.[A-Z_]+", dotted) and " / " in python:
            continue  # an enum member list: test_enum_members_listed_exist
        if dotted in listed:
            continue  # a parameter named again in the explanation: `limit`
        listed.update(params)
        target = resolve_in(module, dotted)
        if not cpp.startswith("(") and ALIASES not in cpp and not dotted.startswith("overanim_addon."):
            head = dotted.split(".")[0]
            assert getattr(core, head, None) is resolve_in(module, head), (
                f"{head} is a spec name: api-map says it is importable from overanim_addon.core")
        if params and callable(target):
            signature = inspect.signature(target)
            for name in params:
                assert name in signature.parameters, (dotted, name, list(signature.parameters))


def test_enum_members_listed_exist():
    for _cpp, python, module in rows():
        for code in re.findall(r"`([^`]+)`", python):
            match = re.match(r"(\w+)\.([A-Z_]+(?: / [A-Z_]+)+)", code)
            if match:
                enum = getattr(importlib.import_module(f"overanim_addon.core.{module}"), match.group(1))
                members = [m.strip() for m in match.group(2).split("/")]
                assert members == [m.name for m in enum], code


def test_the_calibration_fields_row_names_every_field():
    row = next(r for r in rows() if "bEnableAutomaticCalibration" in r[0])
    assert re.findall(r"`(\w+)`", row[0]) == [f.cpp for f in FIELDS]
    fields = set(inspect.signature(core.CalibrationSettings).parameters)
    snake = [name for name in re.findall(r"`(\w+)`", row[1]) if name.islower()]
    assert snake and set(snake) <= fields


@pytest.mark.skipif(not SPEC.exists(), reason="the spec folder is beside the project in the workspace")
def test_every_cpp_name_of_the_spec_page_is_in_the_map():
    text = SPEC.read_text(encoding="utf-8")
    names = set(re.findall(r"\b(?:EOverAnim|FOverAnim)\w+", text)) - {"FOverAnimSignal"}  # another page's type
    names |= {"RequiresCoverage", "ResolveMeasurementScale", "ResolveCharacterScale", "ResolveOptionalMeasurementScale",
              "IsValid", "TryResolveScale", "GetOffsetReferenceLength", "GetFocalReferenceRadius",
              "BuildMeasurementScales", "ResolveSpatialDistance", "FCalibration", "FCharacter", "FRegion",
              "FMotionScales"}
    for name in names:
        assert re.search(rf"\b{name}\b", TABLE), name
