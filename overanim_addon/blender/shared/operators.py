"""The operator boundary every feature's operators share: ``run()`` raises ``OverAnimError`` or
returns log lines, and the mixins turn both into reports in the artist's language (never a
traceback for a mistake of theirs); a refusing poll() says why the button is greyed."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any, Protocol

import bpy

from ...core.errors import OverAnimError
from ...core.log import Level, LogLine, has_error
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


def at_boundary(operator: Any, work: Callable[[], Iterable[LogLine] | None],
                failed: Callable[[], None] | None = None, errors_are_findings: bool = False,
                clicked: bool = False) -> OperatorResult:
    """The one operator boundary, for ``execute`` and a modal session alike: run ``work`` and replay
    its log as reports, CANCELLED when the log holds an ERROR, else FINISHED. A refusal on the way
    (``OverAnimError``) calls ``failed`` (to put back what the work began), reports it and cancels.
    A modal step not done yet returns None: the operator keeps running. With ``errors_are_findings``
    ERROR lines are results (Run Checks' error findings): the operator finishes, reporting them as
    ERROR when ``clicked`` and as WARNING from a script (bpy.ops raises on an ERROR report)."""
    try:
        lines = work()
        log = None if lines is None else tuple(lines)  # a generator's refusal is raised here, inside
    except OverAnimError as error:
        if failed is not None:
            failed()
        report(operator, Level.ERROR, error.message)
        return {"CANCELLED"}
    if log is None:
        return {"RUNNING_MODAL"}
    for level, message in log:
        scripted_finding = errors_are_findings and not clicked and level == Level.ERROR
        report(operator, Level.WARNING if scripted_finding else level, message)
    return {"CANCELLED"} if has_error(log) and not errors_are_findings else {"FINISHED"}


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

    def run(self, context: bpy.types.Context) -> Iterable[LogLine]:
        raise NotImplementedError

    def execute(self, context: MaybeContext) -> OperatorResult:
        context = context_of(context)
        return at_boundary(self, lambda: tuple(self.run(context)),  # a log: never "still running"
                           errors_are_findings=self.errors_are_findings, clicked=self._clicked)


class ArmatureOperatorMixin(OverAnimOperatorMixin):
    """An undoable operator that works on the active armature (or the one deforming the active mesh);
    poll stays cheap, run() calls require_armature for the full explanation."""

    bl_options = {"REGISTER", "UNDO"}

    @classmethod
    def poll(cls, context: MaybeContext) -> bool:
        return poll_armature(cls, context) is not None


class ModalSession(Protocol):
    """A long piece of work stepped by a modal operator: nothing is written before ``finish``, and
    ``cancel`` puts back what the steps changed."""

    @property
    def total(self) -> int: ...

    @property
    def done(self) -> int: ...

    def step(self, seconds: float) -> bool: ...  # True when every step is done

    def finish(self) -> Any: ...  # the session's result, which the operator's _report_lines turns into a log

    def cancel(self) -> None: ...


class ModalSessionMixin(OverAnimOperatorMixin):
    """A long operator run as a click runs it: a session stepped on a timer with a progress bar and
    a status line, Esc cancels and leaves nothing written. The operator gives ``_start(context)``
    (its ``ModalSession``), ``_report_lines`` (the finished result's log), ``_cancelled`` and
    ``_progress`` (Messages with done/total). Every outcome passes ``at_boundary``, as ``execute``'s."""

    _cancelled: Message
    _progress: str  # a Message template with {done} and {total}
    _session: ModalSession | None = None
    _timer: Any = None

    def _start(self, context: bpy.types.Context) -> ModalSession:
        raise NotImplementedError

    def _report_lines(self, result: Any) -> Iterable[LogLine]:
        raise NotImplementedError

    def invoke(self, context: MaybeContext, event: Any) -> OperatorResult:
        context = context_of(context)
        if context.window is None or bpy.app.background:
            return self.execute(context)
        return at_boundary(self, lambda: self._begin(context))

    def _begin(self, context: bpy.types.Context) -> None:
        self._session = session = self._start(context)
        wm = window_manager_of(context)
        wm.progress_begin(0, session.total)
        self._timer = wm.event_timer_add(0.01, window=context.window)
        wm.modal_handler_add(self)

    def _end(self, context: bpy.types.Context) -> None:
        if self._timer is None:
            return  # ended already
        wm = window_manager_of(context)
        wm.event_timer_remove(self._timer)
        self._timer = None
        wm.progress_end()
        workspace_of(context).status_text_set(None)

    def _stop(self, context: bpy.types.Context, session: ModalSession) -> None:
        self._end(context)
        session.cancel()

    def modal(self, context: MaybeContext, event: Any) -> OperatorResult:
        context = context_of(context)
        session = self._session
        assert session is not None  # set by _begin before the modal handler exists
        if event.type == "ESC":
            self._stop(context, session)
            report(self, Level.WARNING, self._cancelled)
            return {"CANCELLED"}
        if event.type != "TIMER":
            return {"RUNNING_MODAL"}  # the session owns the window until it ends: no edits under it
        return at_boundary(self, lambda: self._advance(context, session), lambda: self._stop(context, session))

    def _advance(self, context: bpy.types.Context, session: ModalSession) -> Iterable[LogLine] | None:
        """One timer tick: a step, the progress shown, and at the end the result's log (None before)."""
        finished = session.step(0.05)
        window_manager_of(context).progress_update(session.done)
        workspace_of(context).status_text_set(tr(Message(self._progress, done=session.done, total=session.total)))
        if not finished:
            return None
        self._end(context)
        return self._report_lines(session.finish())
