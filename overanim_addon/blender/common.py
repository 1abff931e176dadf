"""What every Blender-side feature shares: finding the rig, units, and the operator boundary that
turns domain errors into reports."""

from __future__ import annotations

import contextlib
import math
import re
from collections.abc import Iterator
from typing import Any

import bpy

from ..core.errors import OverAnimError
from ..core.messages import Message
from .i18n import CONTEXT, tip, tr

LOD_SUFFIX = re.compile(r"_LOD(\d+)(?:\.\d+)?$", re.IGNORECASE)


def lod_index(obj: bpy.types.Object) -> int:
    """Unreal's naming: ``Body_LOD2`` is LOD 2, no suffix is LOD 0. Blender's ``.001`` of a copy
    (``Body_LOD2.001``) is not part of the name's meaning."""
    match = LOD_SUFFIX.search(obj.name)
    return int(match.group(1)) if match else 0


def cm_per_unit(scene: bpy.types.Scene) -> float:
    """Centimetres in one Blender unit: scene units x scale_length metres x 100."""
    scale = float(scene.unit_settings.scale_length)
    if not (math.isfinite(scale) and scale > 0.0):
        raise OverAnimError(Message("The scene's Unit Scale ({scale}) is not a positive number", scale=scale))
    return scale * 100.0


def deforms(mesh_obj: bpy.types.Object, armature: bpy.types.Object) -> bool:
    if mesh_obj.type != "MESH":
        return False
    if mesh_obj.parent is armature and mesh_obj.parent_type == "ARMATURE":
        return True
    return any(m.type == "ARMATURE" and m.object is armature for m in mesh_obj.modifiers)


def deformed_meshes(armature: bpy.types.Object, scene: bpy.types.Scene) -> list[bpy.types.Object]:
    """Meshes of the scene that the armature deforms, sorted by name (all LODs)."""
    return sorted((o for o in scene.objects if deforms(o, armature)), key=lambda o: o.name)


def require_object_mode(armature: bpy.types.Object, scene: bpy.types.Scene) -> None:
    """Edit Mode, and Sculpt Mode with Dynamic Topology, keep their changes apart from the object's
    data until left: a read would see the bones or vertices from before, a write would be overwritten
    on leaving."""
    for obj in (armature, *deformed_meshes(armature, scene)):
        mode = held_apart_by(obj)
        if mode == "EDIT":
            raise OverAnimError(Message("'{name}' is in Edit Mode: switch to Object Mode (Tab) first", name=obj.name))
        if mode == "DYNTOPO":
            raise OverAnimError(Message("'{name}' is sculpted with Dynamic Topology: turn it off or leave Sculpt "
                                        "Mode first", name=obj.name))


def held_apart_by(obj: bpy.types.Object) -> str | None:
    """The mode that keeps the object's changes apart from its data until left: 'EDIT' (Edit Mode),
    'DYNTOPO' (Sculpt Mode with Dynamic Topology), or None."""
    if obj.data is not None and getattr(obj.data, "is_editmode", False):
        return "EDIT"
    if obj.use_dynamic_topology_sculpting:
        return "DYNTOPO"
    return None


@contextlib.contextmanager
def posed(armature: bpy.types.Object) -> Iterator[None]:
    """The rig in its pose while inside, whatever the artist's Pose/Rest Position toggle shows, and
    the toggle exactly as it was afterwards (errors included). Measuring reads the rest data
    directly; probing, baking and exporting read the pose, so the toggle must not decide it."""
    data = armature.data
    shown = data.pose_position
    if shown == "POSE":
        yield
        return
    view_layer = bpy.context.view_layer
    data.pose_position = "POSE"
    view_layer.update()  # the pose bones' matrices are the evaluated ones: evaluate them posed
    try:
        yield
    finally:
        data.pose_position = shown
        view_layer.update()


def find_armature(context: bpy.types.Context) -> bpy.types.Object | None:
    """The active armature, or the armature deforming the active mesh (cheap: for poll())."""
    obj = context.active_object
    if obj is None:
        return None
    if obj.type == "ARMATURE":
        return obj
    if obj.type == "MESH":
        if obj.parent is not None and obj.parent.type == "ARMATURE" and obj.parent_type == "ARMATURE":
            return obj.parent
        for mod in obj.modifiers:
            if mod.type == "ARMATURE" and mod.object is not None:
                return mod.object
    return None


def refuse_poll(cls: Any, message: Message) -> bool:
    """poll()'s False with the reason: Blender shows it in the greyed button's tooltip, in F3 and in
    the error of a script's call. Translated only when shown (poll runs on every redraw)."""
    cls.poll_message_set(tip, message)
    return False


def poll_armature(cls: Any, context: bpy.types.Context) -> bpy.types.Object | None:
    """find_armature for a poll(): None after saying why there is none."""
    armature = find_armature(context)
    if armature is None:
        obj = context.active_object
        refuse_poll(cls, Message("Select an armature, or a mesh deformed by one") if obj is None else
                    Message("'{name}' is neither an armature nor a mesh deformed by one: select one", name=obj.name))
    return armature


def poll_regions(cls: Any, context: bpy.types.Context) -> bool:
    """poll() of what works on the Regions: an armature with at least one, or why not."""
    armature = poll_armature(cls, context)
    if armature is None:
        return False
    if not armature.overanim.regions:
        return refuse_poll(cls, Message("'{name}' has no Regions yet: add one with + in the Regions panel",
                                        name=armature.name))
    return True


def read_only_reason(armature: bpy.types.Object) -> Message | None:
    """Why this file cannot write the armature object (it is linked from a library, or a library
    override that is not editable), or None when it can. An editable override can be written (its
    data stays linked: what changes the data says so itself, overrides.linked_data_reason)."""
    if armature.library is not None:
        return Message("'{name}' is linked from a library and read-only: make it local or a library override first",
                       name=armature.name)
    if armature.override_library is not None and armature.override_library.is_system_override:
        return Message("'{name}' is a non-editable library override: make it editable first", name=armature.name)
    return None


def require_armature(context: bpy.types.Context, *, writable: bool = True) -> bpy.types.Object:
    """Like find_armature, but explains what is wrong instead of returning None."""
    armature = find_armature(context)
    if armature is None:
        raise OverAnimError(Message("Select an armature, or a mesh deformed by one"))
    if len(armature.data.bones) == 0:
        raise OverAnimError(Message("Armature '{name}' has no bones", name=armature.name))
    read_only = read_only_reason(armature) if writable else None
    if read_only is not None:
        raise OverAnimError(read_only)
    if not armature.visible_get():
        raise OverAnimError(Message("'{name}' is hidden or disabled in the viewport: unhide it first",
                                   name=armature.name))
    return armature


def report(operator: Any, level: str, message: str) -> None:
    """One report of an operator, in the artist's language. Every report the add-on makes passes
    here (the boundary below), so the tests can check that each is a Message with its translations."""
    operator.report({level}, tr(message))


class OverAnimOperatorMixin:
    """The operator boundary: ``run()`` does the work and may raise ``OverAnimError``; ``execute``
    turns that into an ERROR report and CANCELLED, so an artist never sees a traceback for a
    mistake of theirs. ``run`` returns log lines (level, message) that are replayed as reports."""

    # Our own translation context: Blender's dictionary has no entries in it, so it cannot rename the
    # add-on's terms in the operator's name and button texts ("Apply Scale" stays "Apply Scale").
    bl_translation_context = CONTEXT

    def run(self, context: bpy.types.Context) -> Iterator[tuple[str, str]] | list[tuple[str, str]]:
        raise NotImplementedError

    def execute(self, context: bpy.types.Context) -> set[str]:
        try:
            log = list(self.run(context))
        except OverAnimError as error:
            report(self, "ERROR", error.message)
            return {"CANCELLED"}
        for level, message in log:
            report(self, level, message)
        if any(level == "ERROR" for level, _ in log):
            return {"CANCELLED"}
        return {"FINISHED"}


class ArmatureOperatorMixin(OverAnimOperatorMixin):
    """An undoable operator that works on the active armature (or the one deforming the active mesh);
    poll stays cheap, run() calls require_armature for the full explanation."""

    bl_options = {"REGISTER", "UNDO"}

    @classmethod
    def poll(cls, context: bpy.types.Context) -> bool:
        return poll_armature(cls, context) is not None


class ModalSessionMixin:
    """A long operator run as a click runs it: a session stepped on a timer with a progress bar and
    a status line, Esc cancels and leaves nothing written. The operator gives ``_start(context)``
    (the session: ``total``, ``done``, ``step(seconds)``, ``finish()``, ``cancel()``), ``_report_lines``
    (the finished result's log), ``_cancelled`` and ``_progress`` (Messages with done/total)."""

    _cancelled: Message
    _progress: str  # a Message template with {done} and {total}

    def invoke(self, context: bpy.types.Context, event: Any) -> set[str]:
        if context.window is None or bpy.app.background:
            return self.execute(context)  # type: ignore[attr-defined]
        try:
            self._session = self._start(context)  # type: ignore[attr-defined]
        except OverAnimError as error:
            report(self, "ERROR", error.message)
            return {"CANCELLED"}
        wm = context.window_manager
        wm.progress_begin(0, self._session.total)
        self._timer = wm.event_timer_add(0.01, window=context.window)
        wm.modal_handler_add(self)
        return {"RUNNING_MODAL"}

    def _end(self, context: bpy.types.Context) -> None:
        wm = context.window_manager
        wm.event_timer_remove(self._timer)
        wm.progress_end()
        context.workspace.status_text_set(None)

    def modal(self, context: bpy.types.Context, event: Any) -> set[str]:
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
        context.window_manager.progress_update(session.done)
        context.workspace.status_text_set(tr(Message(self._progress, done=session.done, total=session.total)))
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
