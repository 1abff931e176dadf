"""The Motion values, described once (core/motion_values.py): each computed as its description says,
and the batch schema's ``motionValues`` written from the descriptions (scripts/write_batch_schema.py)."""

from __future__ import annotations

import json
import re

import numpy as np
import pytest

from overanim_addon.core.motion import motion_curves
from overanim_addon.core.motion_values import MOTION_VALUES, REGION_VALUES, schema, summarize
from scripts.write_batch_schema import SCHEMA, rewritten


def test_the_schema_file_holds_what_the_descriptions_say():
    """A value added without rewriting the schema fails here: run scripts/write_batch_schema.py."""
    text = SCHEMA.read_text(encoding="utf-8")
    assert json.loads(text)["$defs"]["motionValues"] == schema()
    assert rewritten(text, schema()) == text  # the script would change nothing


def test_each_value_is_named_once_and_consistently():
    names = [value.name for value in MOTION_VALUES]
    assert len(set(names)) == len(names) and set(REGION_VALUES) <= set(MOTION_VALUES)
    for value in MOTION_VALUES:
        assert re.fullmatch(r"[A-Z][A-Za-z]+", value.name), value.name  # a property suffix Unreal keeps
        assert value.key == re.sub(r"(?<!^)([A-Z])", r"_\1", value.name).lower()  # the JSON key is its snake_case
        assert value.unit in ("cm", "cm/s", "cm/s²") and value.label and value.description


def test_the_values_of_a_start_stop_path_are_those_of_the_spec():
    """A point that walks 100 cm at 50 cm/s, then stands: the expectations written out here."""
    fps = 10.0
    x = np.concatenate([np.arange(0.0, 101.0, 5.0), np.full(10, 100.0)])  # 5 cm a frame for 20 frames
    points = np.stack([x, np.zeros_like(x), np.zeros_like(x)], axis=1)
    found = summarize(motion_curves(points, fps))
    seconds = (len(x) - 1) / fps
    assert found["distance"] == pytest.approx(100.0)
    assert found["average_speed"] == pytest.approx(100.0 / seconds)
    assert found["max_speed"] == pytest.approx(50.0)
    assert found["max_acceleration"] > 0.0
    assert set(found) == {value.key for value in MOTION_VALUES}
    with pytest.raises(TypeError):
        found["distance"] = 0.0  # type: ignore[index]


def test_the_script_writes_only_the_motion_values(tmp_path):
    text = SCHEMA.read_text(encoding="utf-8")
    grown = {**schema(), "required": [*schema()["required"], "min_speed"]}  # type: ignore[list-item]
    written = rewritten(text, grown)
    assert json.loads(written)["$defs"]["motionValues"]["required"][-1] == "min_speed"
    before, after = text.split('"motionValues"'), written.split('"motionValues"')
    assert before[0] == after[0]  # nothing before it changed
