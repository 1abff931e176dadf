"""The one shape of a long engine (Bake Foot IK, Analyze Motion): a session checked and set up from
``(context, armature, options)`` (a refusal raises ``OverAnimError`` before anything changes), stepped
a few frames at a time, then finished into the engine's frozen result with its log, or cancelled,
which puts back what the steps changed. Nothing is written before ``finish``.

The engine function is ``run_to_end(XSession(context, armature, options), progress)``: the batch, the
demo and a click without a window call it; the modal operator steps the same session on a timer
(``operators.ModalSessionMixin``), so a click and a script do the same work."""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol, TypeVar

from ...core.errors import OverAnimError

Result = TypeVar("Result", covariant=True)
R = TypeVar("R")
Progress = Callable[[int, int], None]  # (frames done, frames in all)


class Session(Protocol[Result]):
    """A long engine's work in steps (see the module docstring)."""

    @property
    def total(self) -> int: ...

    @property
    def done(self) -> int: ...

    def step(self, seconds: float) -> bool: ...  # True when every step is done

    def finish(self) -> Result: ...  # the engine's result, its log included; writes

    def cancel(self) -> None: ...


def run_to_end(session: Session[R], progress: Progress | None = None) -> R:
    """Step ``session`` to its end (``progress(done, total)`` between steps) and finish it; a refusal on
    the way puts back what the steps changed and raises."""
    try:
        while not session.step(0.1):
            if progress is not None:
                progress(session.done, session.total)
        return session.finish()
    except OverAnimError:
        session.cancel()
        raise
