"""The operator boundary every feature's operators share: ``run()`` raises ``OverAnimError`` or
returns log lines, and the mixins turn both into reports in the artist's language (never a
traceback for a mistake of theirs); a refusing poll() says why the button is greyed."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any

import bpy

from ...core.errors import OverAnimError
from ...core.log import Level, LogLine, has_error
from ...core.messages import Message
from ..i18n import CONTEXT, tip, tr
from .object_data import overanim
from .scene import find_armature, require_armature
from .sessions import Progress, Session
from .typed import MaybeContext, OperatorBase, context_of, window_manager_of, workspace_of

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


def replay(operator: Any, log: Iterable[LogLine]) -> None:
    """Each line of ``log`` as a report of ``operator``, in the artist's language."""
    for level, message in log:
        report(operator, level, message)


def at_boundary(operator: Any, work: Callable[[], Iterable[LogLine] | None],
                failed: Callable[[], None] | None = None) -> OperatorResult:
    """The one operator boundary, for ``execute`` and a modal session alike: run ``work`` and replay
    its log as reports, CANCELLED when the log holds an ERROR, else FINISHED. A refusal on the way
    (``OverAnimError``) calls ``failed`` (to put back what the work began), reports it and cancels.
    A modal step not done yet returns None: the operator keeps running."""
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
    replay(operator, log)
    return {"CANCELLED"} if has_error(log) else {"FINISHED"}


class OverAnimOperatorMixin(OperatorBase):
    """The operator boundary: ``run()`` does the work and may raise ``OverAnimError``; ``execute``
    turns that into an ERROR report and CANCELLED, so an artist never sees a traceback for a
    mistake of theirs. ``run`` returns log lines (level, message) that are replayed as reports."""

    # Our own translation context: Blender's dictionary has no entries in it, so it cannot rename the
    # add-on's terms in the operator's name and button texts ("Apply Scale" stays "Apply Scale").
    bl_translation_context = CONTEXT

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if cls.__doc__ and "bl_description" not in vars(cls):
            # the docstring is the tooltip: one paragraph, or Blender breaks it where the source wraps
            cls.bl_description = " ".join(cls.__doc__.split())

    def run(self, context: bpy.types.Context) -> Iterable[LogLine]:
        raise NotImplementedError

    def execute(self, context: MaybeContext) -> OperatorResult:
        context = context_of(context)
        return at_boundary(self, lambda: tuple(self.run(context)))  # a log: never "still running"


class ArmatureOperatorMixin(OverAnimOperatorMixin):
    """An undoable operator that works on the active armature (or the one deforming the active mesh);
    poll stays cheap, run() calls require_armature for the full explanation."""

    bl_options = {"REGISTER", "UNDO"}

    @classmethod
    def poll(cls, context: MaybeContext) -> bool:
        return poll_armature(cls, context) is not None


class ModalSessionMixin(OverAnimOperatorMixin):
    """A long engine's operator (``sessions.py``), run as a click runs it: the engine's session stepped
    on a timer with a progress bar and a status line; Esc cancels and leaves nothing written. Without a
    window (a script, the background) it calls the engine function itself. The operator gives
    ``_engine`` (the engine function), ``_session`` (the session type it is built on), ``_options``
    (the options from its properties), ``_cancelled`` and ``_progress`` (Messages with done/total) and
    may ``_show`` the result (its redo panel). Every outcome passes ``at_boundary``, as ``execute``'s;
    a finished run is one undo step of its own, Blender's push for an UNDO operator that ends FINISHED
    (tests/real_blender/motion_undo.py checks it in 4.3 and 5.2)."""

    _cancelled: Message
    _progress: str  # a Message template with {done} and {total}
    _running: Session[Any] | None = None
    _timer: Any = None

    @staticmethod
    def _engine(context: bpy.types.Context, armature: bpy.types.Object, options: Any,
                progress: Progress | None = None) -> Any:
        raise NotImplementedError

    @staticmethod
    def _session(context: bpy.types.Context, armature: bpy.types.Object, options: Any) -> Session[Any]:
        raise NotImplementedError

    def _options(self, context: bpy.types.Context) -> Any:
        raise NotImplementedError

    def _show(self, result: Any) -> None:
        """What the operator keeps of the result (the redo panel's fields); nothing by default."""

    def run(self, context: bpy.types.Context) -> Iterable[LogLine]:
        wm = window_manager_of(context)
        begun: list[bool] = []

        def progress(done: int, total: int) -> None:
            if not begun:
                wm.progress_begin(0, total)
                begun.append(True)
            wm.progress_update(done)

        try:
            result = self._engine(context, require_armature(context), self._options(context), progress)
        finally:
            if begun:
                wm.progress_end()
        self._show(result)
        return result.log

    def invoke(self, context: MaybeContext, event: Any) -> OperatorResult:
        context = context_of(context)
        if context.window is None or bpy.app.background:
            return self.execute(context)
        return at_boundary(self, lambda: self._begin(context))

    def _begin(self, context: bpy.types.Context) -> None:
        self._running = session = self._session(context, require_armature(context), self._options(context))
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

    def _stop(self, context: bpy.types.Context, session: Session[Any]) -> None:
        self._end(context)
        session.cancel()

    def modal(self, context: MaybeContext, event: Any) -> OperatorResult:
        context = context_of(context)
        session = self._running
        assert session is not None  # set by _begin before the modal handler exists
        if event.type == "ESC":
            self._stop(context, session)
            report(self, Level.WARNING, self._cancelled)
            return {"CANCELLED"}
        if event.type != "TIMER":
            return {"RUNNING_MODAL"}  # the session owns the window until it ends: no edits under it
        return at_boundary(self, lambda: self._advance(context, session), lambda: self._stop(context, session))

    def _advance(self, context: bpy.types.Context, session: Session[Any]) -> Iterable[LogLine] | None:
        """One timer tick: a step, the progress shown, and at the end the result's log (None before)."""
        finished = session.step(0.05)
        window_manager_of(context).progress_update(session.done)
        workspace_of(context).status_text_set(tr(Message(self._progress, done=session.done, total=session.total)))
        if not finished:
            return None
        self._end(context)
        result = session.finish()
        self._show(result)
        return result.log
