"""The operator boundary every feature's operators share: ``run()`` raises ``OverAnimError`` or
returns log lines, and the mixins turn both into reports in the artist's language (never a
traceback for a mistake of theirs); a refusing poll() says why the button is greyed."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Any

import bpy

from ...core.errors import OverAnimError
from ...core.messages import Message
from ..i18n import CONTEXT, tip, tr
from .scene import find_armature
from .typed import MaybeContext, OperatorBase, context_of, overanim, window_manager_of, workspace_of

if TYPE_CHECKING:
    from .typed import OperatorResult


def refuse_poll(cls: Any, message: Message) -> bool:
    """poll()'s False with the reason: Blender shows it in the greyed button's tooltip, in F3 and in
    the error of a script's call. Translated only when shown (poll runs on every redraw)."""
    cls.poll_message_set(tip, message)
    return False


def poll_armature(cls: Any, context: MaybeContext) -> bpy.types.Object | None:
    """find_armature for a poll(): None after saying why there is none."""
    context = context_of(context)
    armature = find_armature(context)
    if armature is None:
        obj = context.active_object
        refuse_poll(cls, Message("Select an armature, or a mesh deformed by one") if obj is None else
                    Message("'{name}' is neither an armature nor a mesh deformed by one: select one", name=obj.name))
    return armature


def poll_armature_with(cls: Any, context: MaybeContext, ready: Callable[[bpy.types.Object], Any],
                       refusal: Callable[[str], Message]) -> bool:
    """poll() of an operator that needs the armature in some state: ``ready(armature)``, else False
    with ``refusal(armature name)`` (or why there is no armature)."""
    armature = poll_armature(cls, context)
    if armature is None:
        return False
    return True if ready(armature) else refuse_poll(cls, refusal(armature.name))


def poll_regions(cls: Any, context: MaybeContext) -> bool:
    """poll() of what works on the Regions: an armature with at least one, or why not."""
    return poll_armature_with(cls, context, lambda armature: overanim(armature).regions, lambda name: Message(
        "'{name}' has no Regions yet: add one with + in the Regions panel", name=name))


def report(operator: Any, level: str, message: str) -> None:
    """One report of an operator, in the artist's language. Every report the add-on makes passes
    here (the boundary below), so the tests can check that each is a Message with its translations."""
    operator.report({level}, tr(message))


class OverAnimOperatorMixin(OperatorBase):
    """The operator boundary: ``run()`` does the work and may raise ``OverAnimError``; ``execute``
    turns that into an ERROR report and CANCELLED, so an artist never sees a traceback for a
    mistake of theirs. ``run`` returns log lines (level, message) that are replayed as reports."""

    # Our own translation context: Blender's dictionary has no entries in it, so it cannot rename the
    # add-on's terms in the operator's name and button texts ("Apply Scale" stays "Apply Scale").
    bl_translation_context = CONTEXT
    # True where ERROR lines of the log are results (Run Checks' error findings), not a failure: the
    # operator FINISHES, and reports them as ERROR (the panel's level) when clicked; from a script,
    # where an ERROR report raises RuntimeError from bpy.ops, as WARNING
    errors_are_findings = False
    _clicked = False

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if cls.__doc__ and "bl_description" not in vars(cls):
            # the docstring is the tooltip: one paragraph, or Blender breaks it where the source wraps
            cls.bl_description = " ".join(cls.__doc__.split())

    def run(self, context: bpy.types.Context) -> Iterator[tuple[str, str]] | list[tuple[str, str]]:
        raise NotImplementedError

    def execute(self, context: MaybeContext) -> OperatorResult:
        context = context_of(context)
        try:
            log = list(self.run(context))
        except OverAnimError as error:
            report(self, "ERROR", error.message)
            return {"CANCELLED"}
        for level, message in log:
            scripted_finding = self.errors_are_findings and not self._clicked and level == "ERROR"
            report(self, "WARNING" if scripted_finding else level, message)
        if not self.errors_are_findings and any(level == "ERROR" for level, _ in log):
            return {"CANCELLED"}
        return {"FINISHED"}


class ArmatureOperatorMixin(OverAnimOperatorMixin):
    """An undoable operator that works on the active armature (or the one deforming the active mesh);
    poll stays cheap, run() calls require_armature for the full explanation."""

    bl_options = {"REGISTER", "UNDO"}

    @classmethod
    def poll(cls, context: MaybeContext) -> bool:
        return poll_armature(cls, context) is not None


class ModalSessionMixin(OperatorBase):
    """A long operator run as a click runs it: a session stepped on a timer with a progress bar and
    a status line, Esc cancels and leaves nothing written. The operator gives ``_start(context)``
    (the session: ``total``, ``done``, ``step(seconds)``, ``finish()``, ``cancel()``), ``_report_lines``
    (the finished result's log), ``_cancelled`` and ``_progress`` (Messages with done/total)."""

    _cancelled: Message
    _progress: str  # a Message template with {done} and {total}

    def invoke(self, context: MaybeContext, event: Any) -> OperatorResult:
        context = context_of(context)
        if context.window is None or bpy.app.background:
            return self.execute(context)
        try:
            self._session = self._start(context)  # type: ignore[attr-defined]
        except OverAnimError as error:
            report(self, "ERROR", error.message)
            return {"CANCELLED"}
        wm = window_manager_of(context)
        wm.progress_begin(0, self._session.total)
        self._timer = wm.event_timer_add(0.01, window=context.window)
        wm.modal_handler_add(self)
        return {"RUNNING_MODAL"}

    def _end(self, context: bpy.types.Context) -> None:
        wm = window_manager_of(context)
        wm.event_timer_remove(self._timer)
        wm.progress_end()
        workspace_of(context).status_text_set(None)

    def modal(self, context: MaybeContext, event: Any) -> OperatorResult:
        context = context_of(context)
        session = self._session
        if event.type == "ESC":
            self._end(context)
            session.cancel()
            report(self, "WARNING", self._cancelled)
            return {"CANCELLED"}
        if event.type != "TIMER":
            return {"RUNNING_MODAL"}  # the session owns the window until it ends: no edits under it
        try:
            finished = session.step(0.05)
        except OverAnimError as error:
            self._end(context)
            session.cancel()
            report(self, "ERROR", error.message)
            return {"CANCELLED"}
        window_manager_of(context).progress_update(session.done)
        workspace_of(context).status_text_set(tr(Message(self._progress, done=session.done, total=session.total)))
        if not finished:
            return {"RUNNING_MODAL"}
        self._end(context)
        try:
            result = session.finish()
        except OverAnimError as error:
            session.cancel()
            report(self, "ERROR", error.message)
            return {"CANCELLED"}
        for level, message in self._report_lines(result):  # type: ignore[attr-defined]
            report(self, level, message)
        return {"FINISHED"}
