"""Live Preview's lifecycle: the switch, the handlers and what they do with a change.

While ``Object.overanim.live_preview`` is on for an armature (``set_live_preview``, the Live Preview
operator), a change that ``changes`` finds repaints the Regions it concerns from the sums kept by
the last read (``paint.repaint``), so every step of a slider drag or of a brush stroke shows; a mesh
changed otherwise has its kept sums marked stale, and undo or redo marks all of them: the next
repaint reads them again.

How, with no property ``update`` callback: a Python callback on a PropertyGroup makes the PyPI bpy
4.2 module crash when its process exits (even after unregistering), so the mask fields are watched
from ``depsgraph_update_pre``, which Blender calls after any property change and before evaluating
it. There a Region's fields are compared with those last seen, and a repaint writes its attributes
in time to be evaluated with the change itself (one re-evaluation of the deformed meshes per slider
step, not two). ``depsgraph_update_post`` then sees the changed meshes: those written by our own
repaint (when no mesh was changed before it) are skipped, so nothing loops, and writes made inside
it are evaluated by Blender without calling it again. If a mesh was already changed when the fields
changed, the repaint waits for ``depsgraph_update_post`` to read that change first.

Frame changes and playback call neither handler. A repaint after any sequence of these is bit for
bit what a fresh Paint Region Masks writes. The flag is the switch, whoever sets it (the button, a
script, the Python console): ``sync`` turns Live Preview fully on (a paint, as the button) for an
armature whose flag is on and that it has not seen on, and fully off for one seen on whose flag is
off (or that is gone). With no update callback nothing hears the flag itself, so ``sync`` runs where
Blender calls in anyway, and looks only where a flag can have changed: after each update, at the
armatures ``depsgraph.updates`` lists (those the update changed, and those deforming a mesh it
changed outside Object Mode; a button's change tags its rig) besides the live ones (``_watch``); in
a window, every half second at the active object (a console line makes no update; Blender's message
bus does not report the add-on's own properties); and everywhere after a file loads (or fails to),
after undo and redo (which turn it on and off too, and restore the masks with it, so their flags are
taken as they are) and when the add-on is enabled. So an update costs nothing that grows with the
scene while no armature is live: ``_watch`` reads only what changed, and the other handlers and the
lowered weight overlay exist only while some armature is on, their work that of the live armatures
(held by reference: a name look-up in ``bpy.data`` is a walk).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from contextlib import suppress
from typing import cast

import bpy
from bpy.app.handlers import persistent

from ....core.errors import OverAnimError
from ...shared.object_data import overanim
from ...shared.scene import deformed_meshes
from ...shared.typed import mesh_data, scene_of, view_layer_of
from ...shared.updates import follow, unfollow
from .. import paint, shading, weight_view
from . import changes

# armature name -> why its last live repaint could not run (a Message; the panel draws it with tr)
errors: dict[str, str] = {}
_fields_seen: dict[str, tuple] = {}  # armature name -> its Regions' mask fields at the last repaint
_objects: dict[str, bpy.types.Object] = {}  # the live armatures by name (a look-up in bpy.data is a walk)
_deferred: set[str] = set()  # armatures whose field change waits for the post handler
_own: set[int] = set()  # session_uid of the meshes the pre handler just wrote, no other change pending
_stuck: set[str] = set()  # armatures refused by ``sync`` whose flag cannot be written back off (linked)
_ignore_updates = False
_loading = False  # between load_pre and load_post: the flags are the next file's, adopted at load_post
_just_on: set[str] = set()  # armatures ``_watch`` painted in full in this update: post has nothing to add
_syncing = False  # sync() at work: the view-layer update of an armature it turns on calls it again
POLL_SECONDS = 0.5  # how soon a window follows a flag set from the console


def _mesh_pending(context: bpy.types.Context) -> bool:
    """Whether a mesh changed since the view layer was last evaluated (a view layer has a depsgraph)."""
    return cast(bpy.types.Depsgraph, view_layer_of(context).depsgraph).id_type_updated("MESH")


def live_armatures() -> list[bpy.types.Object]:
    """Every armature of the file whose flag is on (a walk of the file: not for every update)."""
    return [o for o in bpy.data.objects if o.type == "ARMATURE" and overanim(o).live_preview]


def _known() -> list[bpy.types.Object] | None:
    """The armatures Live Preview is on for; None when one was deleted or renamed since."""
    found = []
    for name, armature in _objects.items():
        try:
            if armature.name != name:
                return None
        except ReferenceError:  # removed: Blender invalidates an ID's one Python object
            return None
        found.append(armature)
    return found


def _paint_keeping_error(armature: bpy.types.Object, paint: Callable[..., object], *args: object,
                         **options: object) -> object:
    """Paint or repaint, keeping a domain error for the panel instead of raising into Blender. The
    handlers ignore the updates meanwhile: the weight read evaluates a scene of its own, which
    calls them too."""
    global _ignore_updates
    ignoring, _ignore_updates = _ignore_updates, True
    try:
        result = paint(*args, **options)
    except OverAnimError as error:
        errors[armature.name] = error.message
        return None
    finally:
        _ignore_updates = ignoring
    errors.pop(armature.name, None)
    return result


def set_live_preview(context: bpy.types.Context, armature: bpy.types.Object, on: bool) -> None:
    """Turn Live Preview on (a full paint, which the kept sums start from; raises OverAnimError and
    changes nothing when it cannot paint) or off (the masks stay as painted)."""
    global _ignore_updates
    errors.pop(armature.name, None)
    if on:
        mesh_pending = _mesh_pending(context)
        if mesh_pending:  # evaluated first, so the update after our paint is ours alone
            _update_view_layer(context)
        _ignore_updates = True
        try:
            paint.paint(context, armature)
        finally:
            _ignore_updates = False
        overanim(armature).masks_painted = True  # as after Paint Region Masks: the legend, the views
        shading.show_attribute_colors()
        overanim(armature).live_preview = True
        _fields_seen[armature.name] = changes.mask_fields(armature)
        _objects[armature.name] = armature
        install()
        weight_view.show_preview()
        _ignore_updates = True
        try:  # the paint's own update, now: left for later it would mark the kept sums stale
            _update_view_layer(context)
        finally:
            _ignore_updates = False
        return
    overanim(armature).live_preview = False
    _forget(armature.name, context)


def _forget(name: str, context: bpy.types.Context) -> None:
    """Live Preview off for the armature called ``name`` (its flag is off already, or it is gone)."""
    errors.pop(name, None)
    _fields_seen.pop(name, None)
    _deferred.discard(name)
    armature = _objects.pop(name, None)
    try:
        alive = armature is not None and armature.name == name
    except ReferenceError:
        alive = False
    if alive and armature is not None:
        for mesh_obj in deformed_meshes(armature, scene_of(context)):
            paint.invalidate(mesh_data(mesh_obj))
    else:  # deleted or renamed: whose sums nobody watches any more is not known
        paint.invalidate()
    if not _fields_seen:
        remove()


def _update_view_layer(context: bpy.types.Context) -> None:
    with suppress(RuntimeError):  # called while a depsgraph evaluates: the update comes with it
        view_layer_of(context).update()


@persistent
def _on_depsgraph_update_pre(*_args: object) -> None:
    """While some armature is live: its Regions compared and repainted before the update is evaluated.
    An update that changed nothing of theirs costs their compare and no more: Blender gives this
    handler no list of what changed (reading the view layer's ``depsgraph.updates`` walks it), and a
    flag turned off is carried by ``_watch`` after the update that changed its rig."""
    if _ignore_updates or _loading:
        return
    armatures = _known()
    if armatures is None:  # a live armature deleted or renamed since: forgotten or followed first
        sync(())
        armatures = _known()
    if not armatures:
        return
    _own.clear()
    context = bpy.context
    changed = changes.field_changes(armatures, _fields_seen, scene_of(context))
    if not changed:
        return
    if not all(overanim(armature).live_preview for armature, _fields, _meshes in changed):
        sync(())  # a live flag turned off from a script: carried through before this update is evaluated
        changed = [change for change in changed if change[0].name in _fields_seen]
    mesh_pending = _mesh_pending(context)
    for armature, fields, deformed in changed:
        _fields_seen[armature.name] = fields
        if mesh_pending:  # that change may be weights the kept sums do not have yet: post reads it first
            _deferred.add(armature.name)
            continue
        # the masks just compared are the paint's description: not read again
        meshes: list[bpy.types.Object] = []
        _paint_keeping_error(armature, paint.repaint, context, armature, masks=fields, written_meshes=meshes,
                             meshes=deformed)
        _own.update(mesh_data(mesh_obj).session_uid for mesh_obj in meshes)


def _on_depsgraph_update_post(scene: bpy.types.Scene, depsgraph: bpy.types.Depsgraph) -> None:
    if _ignore_updates:
        return
    if not _deferred and not depsgraph.id_type_updated("MESH"):  # a flag Blender keeps: no mesh to follow
        _own.clear()
        _just_on.clear()
        return
    context = bpy.context
    armatures = _known() or []
    found = changes.weight_changes(context, scene, depsgraph, armatures, _own)
    _own.clear()
    for mesh in found.stale:
        paint.invalidate(mesh)
    for armature in armatures:
        reread = found.reread.get(armature.name, {})
        deferred = armature.name in _deferred
        _deferred.discard(armature.name)
        if armature.name in _just_on:  # painted in full after this very update: nothing to follow
            continue
        if deferred or any(regions is None or regions for regions in reread.values()):
            # written inside the handler: Blender evaluates it without calling the handler again
            _paint_keeping_error(armature, paint.repaint, context, armature, reread)
    _just_on.clear()


def _watch(objects: list[bpy.types.Object]) -> None:
    """Followed while the add-on is on (``shared/updates``), and all an update costs while nothing is
    live: a flag set on an armature the update changed (a button's change tags its rig; a mode switch
    or a weight change, its mesh)."""
    if _ignore_updates or _loading:
        return
    _just_on.clear()
    candidates = changes.updated_armatures(objects)
    if any(overanim(armature).live_preview != (armature.name in _fields_seen) for armature in candidates):
        before = set(_fields_seen)
        sync(candidates)
        _just_on.update(set(_fields_seen) - before)


def sync(candidates: Iterable[bpy.types.Object] | None = None) -> None:
    """Live Preview as the flags say: turned fully on for each armature whose flag is on and that
    is not yet (its turning on refused: the flag goes back off and ``errors`` says why), off for each
    that is on and whose flag is not (or that is gone); the handlers and the weight overlay are
    there while some armature is on. Looks at the live armatures and ``candidates`` (an update's);
    None: at every armature of the file (a walk: a file loaded, an undo step, the flag's message)."""
    global _syncing
    if _syncing:  # turning one on updates the view layer, which runs the handlers (and so this) again
        return
    _syncing = True
    try:
        _turn_on_and_off(candidates)
    finally:
        _syncing = False
    if _fields_seen and not _installed():
        install()
        weight_view.show_preview()
    elif not _fields_seen and _installed():
        remove()


def _wanted(candidates: Iterable[bpy.types.Object] | None) -> dict[str, bpy.types.Object]:
    """Name -> armature, of the live ones and ``candidates``, whose flag is on (None, or a live one
    deleted or renamed since: of every armature of the file)."""
    known = None if candidates is None else _known()
    if known is None or candidates is None:
        return {armature.name: armature for armature in live_armatures()}
    return {armature.name: armature for armature in (*known, *candidates)
            if armature.type == "ARMATURE" and overanim(armature).live_preview}


def _turn_on_and_off(candidates: Iterable[bpy.types.Object] | None) -> None:
    """sync()'s work on the flags: on for each newly flagged armature, off for each no longer flagged."""
    context = bpy.context
    candidates = None if candidates is None else list(candidates)
    wanted = _wanted(candidates)
    for name in [name for name in _fields_seen if name not in wanted]:
        _forget(name, context)
    if candidates is None:
        _stuck.intersection_update(wanted)
    else:
        _stuck.difference_update(armature.name for armature in candidates if armature.name not in wanted)
    for name, armature in wanted.items():
        if name in _fields_seen or name in _stuck:
            continue
        try:
            set_live_preview(context, armature, True)
        except OverAnimError as error:
            _refuse(armature, error)


def _refuse(armature: bpy.types.Object, error: OverAnimError) -> None:
    """A flag set where Live Preview cannot start goes back off, as the button would have left it."""
    errors[armature.name] = error.message
    try:
        overanim(armature).live_preview = False
    except (AttributeError, RuntimeError, TypeError):  # not writable here (linked): not tried again
        _stuck.add(armature.name)


def poll() -> float:
    """The timer of a window: a line in the Python console makes no update, so every half second the
    active object's flag and the live armatures' are looked at (never a walk of the file: the bpy
    module and --background run no timers; there an update that changes the rig or its mesh, a file
    load or undo carries the flag). Persistent: a file load must not drop it (a timer dropped by a
    load made bpy 4.5 hang at exit)."""
    if not _loading:
        active = _active_armature()
        if _fields_seen or any(overanim(armature).live_preview for armature in active):
            sync(active)
    return POLL_SECONDS


def _active_armature() -> list[bpy.types.Object]:
    view_layer = getattr(bpy.context, "view_layer", None)
    active = view_layer.objects.active if view_layer is not None else None
    return [active] if active is not None and active.type == "ARMATURE" else []


@persistent
def _on_undo(*_args: object) -> None:
    """Always installed: undo and redo also turn Live Preview on and off (its button is one step)."""
    before = set(_fields_seen)
    paint.invalidate()
    _adopt()  # an undone field change is not one to repaint: undo restored the masks too
    _views_follow(before)
    sync()


def _views_follow(before: set[str]) -> None:
    """Undo does not roll the views back (UI data): a Live Preview it brings back (Clear Preview
    undone) shows in the views, so its ticked box and the view agree; one it takes away leaves the
    views as Clear Preview does (back once no rig shows a preview)."""
    now = set(_fields_seen)
    if now - before:
        shading.show_attribute_colors()
    elif before - now and not any(overanim(o).masks_painted for o in bpy.data.objects if o.type == "ARMATURE"):
        shading.restore_colors()


def _adopt() -> None:
    """Take the flags as they are (a loaded file, an undo step): their masks match their fields."""
    _fields_seen.clear()
    _objects.clear()
    _deferred.clear()
    for armature in live_armatures():
        _fields_seen[armature.name] = changes.mask_fields(armature)
        _objects[armature.name] = armature


def _on_save_pre(*_args: object) -> None:
    weight_view.restore()  # the file keeps the artist's overlay opacity


def _on_save_post(*_args: object) -> None:
    weight_view.show_preview()


LIVE_HANDLERS = (
    ("depsgraph_update_pre", _on_depsgraph_update_pre),
    ("depsgraph_update_post", _on_depsgraph_update_post),
    ("save_pre", _on_save_pre),
    ("save_post", _on_save_post),
    ("save_post_fail", _on_save_post),  # a failed save (a missing folder) still ran save_pre
)


def _same(function: object, ours: object) -> bool:
    # by name, so a handler left by an earlier copy of this module (add-on reloaded) goes as well
    return (getattr(function, "__module__", None) == __name__
            and getattr(function, "__name__", None) == getattr(ours, "__name__", None))


def _installed() -> bool:
    return any(_same(f, _on_depsgraph_update_post) for f in bpy.app.handlers.depsgraph_update_post)


def install() -> None:
    for name, function in LIVE_HANDLERS:
        handlers = getattr(bpy.app.handlers, name)
        if not any(_same(f, function) for f in handlers):
            handlers.append(function)


def _remove_handlers(table: tuple) -> None:
    for name, function in table:
        handlers = getattr(bpy.app.handlers, name)
        for f in [f for f in handlers if _same(f, function)]:
            handlers.remove(f)


def remove() -> None:
    _remove_handlers(LIVE_HANDLERS)
    weight_view.restore()
    _fields_seen.clear()
    _objects.clear()
    _deferred.clear()
    _own.clear()


@persistent
def _on_load_pre(*_args: object) -> None:
    global _loading
    _loading = True
    remove()
    paint.forget()
    errors.clear()
    _stuck.clear()


@persistent
def _on_load_post(*_args: object) -> None:
    global _loading
    _loading = False
    _adopt()  # as saved: the masks in the file match its fields and weights
    sync()


# a file found unreadable (load_post_fail) ran load_pre too: the open file stays, and its flags say again
FILE_HANDLERS = (("load_pre", _on_load_pre), ("load_post", _on_load_post), ("load_post_fail", _on_load_post),
                 ("undo_post", _on_undo), ("redo_post", _on_undo))


def register() -> None:
    for name, function in FILE_HANDLERS:
        getattr(bpy.app.handlers, name).append(function)
    follow(_watch)
    # later, for the add-on enabled on a file that has Live Preview on (bpy.data is not readable while
    # register runs): once over the whole file, then the cheap poll
    bpy.app.timers.register(_first_look, first_interval=0.0, persistent=True)


def _first_look() -> None:
    """Once (returns None): the whole file, then the poll."""
    if not _loading:
        sync()
    if not bpy.app.timers.is_registered(poll):
        bpy.app.timers.register(poll, first_interval=POLL_SECONDS, persistent=True)


def unregister() -> None:
    for timer in (_first_look, poll):
        if bpy.app.timers.is_registered(timer):
            bpy.app.timers.unregister(timer)
    remove()
    _remove_handlers(FILE_HANDLERS)
    unfollow(_watch)
    paint.forget()
    errors.clear()
