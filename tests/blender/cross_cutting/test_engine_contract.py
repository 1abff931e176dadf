"""The one engine contract (docs/architecture.md): every feature's engine is
``engine(context, armature, options) -> ...Result``, a frozen dataclass whose ``log`` is a tuple of
``(Level, Message)`` lines; and one operator boundary replays that log for ``execute`` and for a
modal session alike, cancelling on an ERROR."""

from __future__ import annotations

import dataclasses
import importlib
import inspect
import types
import typing
from pathlib import Path

import bpy
import pytest

import overanim_addon
from overanim_addon.core.log import Level, Log
from overanim_addon.core.messages import Message

BLENDER = Path(overanim_addon.__file__).parent / "blender"
# every feature with an engine module, found in the packages, never listed by hand
FEATURES = sorted(str(path.parent.relative_to(BLENDER)).replace("/", ".") for path in BLENDER.rglob("engine.py"))
# report texts from the add-on's catalogue (the reports fixture fails a report without its ko_KR entry)
DONE, ODD, BAD, NO = "Calibration set to the studio defaults", "No animation", "Not measured yet", "Not checked yet"
REFUSED, CANCELLED_ = "Bake Foot IK cancelled: nothing was written", "Not measured yet"


def engine_module(feature):
    return importlib.import_module(f"overanim_addon.blender.{feature}.engine")


def engine_functions(module):
    """The module's public functions of the engine's shape: ``(context, armature, options, ...)`` returning
    a ``...Result`` (helpers beside it, a session builder or ``ensure_measured``, are not engines)."""
    def returns_a_result(function):
        hint = inspect.signature(function).return_annotation
        return (hint.__name__ if isinstance(hint, type) else str(hint)).endswith("Result")

    return [function for name, function in vars(module).items()
            if inspect.isfunction(function) and function.__module__ == module.__name__ and not name.startswith("_")
            and list(inspect.signature(function).parameters)[:3] == ["context", "armature", "options"]
            and returns_a_result(function)]


def engine(feature):
    """The one engine function of ``feature``'s engine module."""
    found = engine_functions(engine_module(feature))
    assert len(found) == 1, (feature, [f.__name__ for f in found])
    return found[0]


def test_the_engines_are_found_in_the_packages():
    """Every feature that works on a rig has an engine module; a new one is found without a list."""
    assert {"checks", "measure", "masks", "lod", "compose", "export", "foot_ik", "motion", "transfer"} <= set(FEATURES)


def without_none(hint):
    """``X | None`` read as ``X``: an options argument may default to its defaults."""
    if isinstance(hint, types.UnionType) or typing.get_origin(hint) is typing.Union:
        (hint,) = [arg for arg in typing.get_args(hint) if arg is not type(None)]
    return hint


def is_frozen_dataclass(cls) -> bool:
    return isinstance(cls, type) and dataclasses.is_dataclass(cls) and cls.__dataclass_params__.frozen


@pytest.mark.parametrize("feature", FEATURES)
def test_every_engine_takes_context_armature_options_and_returns_a_frozen_result_with_a_log(addon, feature):
    function = engine(feature)
    name = function.__name__
    parameters = list(inspect.signature(function).parameters.values())
    assert [p.name for p in parameters[:3]] == ["context", "armature", "options"], name
    assert all(p.kind is p.POSITIONAL_OR_KEYWORD for p in parameters[:3]), name
    # anything more (a progress callback) is optional: a caller passes the three
    assert all(p.default is not p.empty for p in parameters[3:]), name
    hints = typing.get_type_hints(function)
    assert is_frozen_dataclass(without_none(hints["options"])), hints["options"]
    result = hints["return"]
    assert is_frozen_dataclass(result) and result.__name__.endswith("Result"), result
    assert "log" in {f.name for f in dataclasses.fields(result)}
    assert typing.get_type_hints(result)["log"] == Log  # tuple[tuple[Level, Message], ...]
    # names in pairs, both found in the feature's engine module: XOptions and XResult
    options = without_none(hints["options"])
    assert options.__name__.removesuffix("Options") == result.__name__.removesuffix("Result"), (options, result)
    module = engine_module(feature)
    assert getattr(module, options.__name__) is options and getattr(module, result.__name__) is result


def lines_are_levels_and_messages(log) -> bool:
    return isinstance(log, tuple) and all(
        isinstance(line, tuple) and len(line) == 2 and type(line[0]) is Level and isinstance(line[1], Message)
        for line in log)


def mutable_parts(value, where: str = "result") -> list[str]:
    """Where in ``value`` something could be changed in place: the test's own walk through frozen
    dataclasses, tuples, read-only mappings and arrays. A reference to Blender data (the action an
    engine wrote) is Blender's, as the engine's result says; it is not the result's to freeze."""
    import enum
    from pathlib import Path

    import numpy as np

    if value is None or isinstance(value, str | bytes | int | float | complex | enum.Enum | Path | np.generic):
        return []  # a Message is a str
    if isinstance(value, bpy.types.bpy_struct):
        return []
    if isinstance(value, np.ndarray):
        return [f"{where} (a writeable array)"] if value.flags.writeable else []
    if isinstance(value, tuple | frozenset):
        return [part for i, item in enumerate(value) for part in mutable_parts(item, f"{where}[{i}]")]
    if isinstance(value, types.MappingProxyType):
        return [part for key, item in value.items() for part in mutable_parts(item, f"{where}[{key!r}]")]
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        if not type(value).__dataclass_params__.frozen:
            return [f"{where} (a {type(value).__name__} that is not frozen)"]
        return [part for f in dataclasses.fields(value) for part in mutable_parts(getattr(value, f.name),
                                                                                   f"{where}.{f.name}")]
    return [f"{where} (a {type(value).__name__})"]


def options_type(function):
    return without_none(typing.get_type_hints(function)["options"])


def test_each_engine_run_on_the_sample_returns_that_shape(walker, tmp_path):
    """Every engine found, run for real on the walking sample (nothing selected: an engine is told its
    armature), Transfer onto a smaller copy of it: the log holds Level members, never bare strings, and
    Messages; the result cannot be changed afterwards. Options are each engine's defaults but where a
    run needs a value (a file to write, a short range, a source); a new engine runs with its defaults."""
    from overanim_addon.blender.sample.build import add_sample_deltas

    from ..foot_ik_scenes import plane
    from ..transfer_scenes import scaled_copy

    bpy.context.scene.frame_end = 12
    plane()
    add_sample_deltas(walker)
    smaller = scaled_copy(walker, 0.8, "Smaller")
    needs = {"export": {"path": tmp_path / "hero.fbx", "export_lods": False},
             "foot_ik": {"frame_start": 1, "frame_end": 2},
             "transfer": {"source": walker, "action": walker.animation_data.action}}  # the bake pushes it down
    onto = {"transfer": smaller}
    bpy.context.view_layer.objects.active = None
    mutable = {}
    for feature in FEATURES:
        function = engine(feature)
        outcome = function(bpy.context, onto.get(feature, walker), options_type(function)(**needs.get(feature, {})))
        assert lines_are_levels_and_messages(outcome.log) and outcome.log, (feature, outcome.log)
        with pytest.raises(dataclasses.FrozenInstanceError):
            outcome.log = ()
        mutable[feature] = mutable_parts(outcome)
    assert mutable == {feature: [] for feature in FEATURES}


class Reports:
    """What an operator's ``report`` receives: the boundary only needs that method of it."""

    def __init__(self):
        self.said = []

    def report(self, levels, text):
        self.said.append((*levels, str(text)))


def test_the_boundary_cancels_on_an_error_line_and_on_a_refusal_and_finishes_otherwise():
    from overanim_addon.blender.shared.operators import at_boundary
    from overanim_addon.core.errors import OverAnimError

    fine, failing = Reports(), Reports()
    assert at_boundary(fine, lambda: [(Level.INFO, Message(DONE))]) == {"FINISHED"}
    assert at_boundary(failing, lambda: [(Level.WARNING, Message(ODD)), (Level.ERROR, Message(BAD))]) == \
        {"CANCELLED"}
    assert fine.said == [("INFO", DONE)] and failing.said == [("WARNING", ODD), ("ERROR", BAD)]
    undone, refused = [], Reports()

    def refuse():
        raise OverAnimError(Message(NO))

    assert at_boundary(refused, refuse, lambda: undone.append(True)) == {"CANCELLED"}
    assert refused.said == [("ERROR", NO)] and undone == [True]
    assert at_boundary(Reports(), lambda: None) == {"RUNNING_MODAL"}  # a modal step not done yet

    def lines_then_refusal():  # a run() written as a generator refuses while its log is read
        yield Level.INFO, Message(DONE)
        refuse()

    late = Reports()
    assert at_boundary(late, lines_then_refusal) == {"CANCELLED"} and late.said == [("ERROR", NO)]


class Finished:
    """What a session's finish gives: the engine's result, with its log."""

    def __init__(self, log):
        self.log = log


class Session:
    """A long engine's session of two steps whose result's log is given; ``refuse``: its finish
    refuses (raises) instead."""

    def __init__(self, log, refuse=False):
        self.total, self.done, self.log, self.refuse, self.cancelled = 2, 0, log, refuse, False

    def step(self, seconds):
        self.done += 1
        return self.done == self.total

    def finish(self):
        from overanim_addon.core.errors import OverAnimError

        if self.refuse:
            raise OverAnimError(Message(REFUSED))
        return Finished(tuple(self.log))

    def cancel(self):
        self.cancelled = True


def modal_operator(log, refuse_at_finish=False):
    from overanim_addon.blender.shared.operators import ModalSessionMixin

    class Operator(ModalSessionMixin, Reports):
        _cancelled = Message(CANCELLED_)
        _progress = "{done} of {total}"

    operator = Operator()
    operator._running = Session(log, refuse_at_finish)
    return operator


@pytest.mark.parametrize(("log", "refuse", "expected", "cancelled"), [
    ((Level.INFO, DONE), False, {"FINISHED"}, False),
    ((Level.ERROR, BAD), False, {"CANCELLED"}, False),  # as execute: an ERROR in the log cancels
    ((Level.INFO, DONE), True, {"CANCELLED"}, True),  # a refusal puts back what the session did
])
def test_a_modal_session_ends_at_the_same_boundary_as_execute(addon, log, refuse, expected, cancelled):
    operator = modal_operator([(log[0], Message(log[1]))], refuse)
    tick = types.SimpleNamespace(type="TIMER")
    assert operator.modal(bpy.context, tick) == {"RUNNING_MODAL"}
    assert operator.modal(bpy.context, tick) == expected
    assert operator._running.cancelled == cancelled
    assert operator.said == ([("ERROR", REFUSED)] if refuse else [(log[0], log[1])])


def test_esc_cancels_a_modal_session_and_says_so(addon):
    operator = modal_operator([(Level.INFO, Message(DONE))])
    assert operator.modal(bpy.context, types.SimpleNamespace(type="ESC")) == {"CANCELLED"}
    assert operator._running.cancelled and operator.said == [("WARNING", CANCELLED_)]


def test_no_log_line_is_written_with_a_bare_string_level():
    """A level is a ``Level`` member (core/log.py), never "INFO"/"WARNING"/"ERROR" typed out: a
    misspelt string would pass for a level nobody checks."""
    import ast
    from pathlib import Path

    import overanim_addon

    bare = []  # ``return "INFO", message`` is such a tuple too
    levels = {level.value for level in Level}
    for path in sorted(Path(overanim_addon.__file__).parent.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Tuple) and len(node.elts) == 2 and isinstance(node.elts[0], ast.Constant) \
                    and node.elts[0].value in levels:
                bare.append(f"{path.name}:{node.lineno}")
    assert not bare
