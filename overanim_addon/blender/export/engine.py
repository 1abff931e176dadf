"""``export_fbx(context, armature, options) -> ExportResult``: measure, then write the FBX file(s)
for Unreal (``fbx.export_for_unreal``), keep the panel's short summary, and say what went into the
files. Export for Unreal and scripts call this; it never calls an OverAnim operator."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import bpy

from ...core.errors import OverAnimError
from ...core.log import Level, Log, LogLine, has_error
from ...core.messages import Message, plural
from ..masks.packed import PACKED
from ..measure.engine import MeasureOptions, measure_proportions
from ..shared import shape_keys
from ..shared.finite_keys import require_finite_animation
from ..shared.scene import require_object_mode, require_usable
from ..shared.shape_keys import modifiers_dropping_shape_keys
from ..shared.typed import scene_of
from . import summary
from .fbx import ExportContents, export_for_unreal, export_targets, object_mode, refuse_unwritable
from .options import ExportOptions

__all__ = ["ExportOptions", "ExportResult", "export_fbx", "report_lines"]


@dataclass(frozen=True)
class ExportResult:
    result: ExportContents  # what went into the file(s)
    log: Log = ()  # (level, Message), the summary last


def report_lines(armature: bpy.types.Object, result: ExportContents) -> list[LogLine]:
    """What went into the file(s), the summary last (Blender's status bar shows the last report)."""
    log: list[LogLine] = []
    for exported in result.files:
        log.append((Level.INFO, Message("{file}: '{armature}' ({bones}) and {meshes}{names}", file=exported.path.name,
                                        armature=armature.name, bones=plural(result.bones, "{n} bone", "{n} bones"),
                                        meshes=plural(len(exported.meshes), "{n} mesh", "{n} meshes"),
                                        names=f" ({', '.join(exported.meshes)})" if exported.meshes else "")))
    if result.channels:
        packing = ", ".join(f"{channel} {region}" for channel, region in sorted(
            result.channels.items(), key=lambda item: "RGBA".index(item[0])))
        log.append((Level.INFO, Message("Vertex colour: {attribute} ({packing})", attribute=PACKED, packing=packing)))
    else:
        log.append((Level.INFO,
                    Message("Vertex colour: no Region has a mask channel; OverAnim's colour layers left out")))
    log.append((Level.INFO, plural(result.properties, "{n} OverAnim custom property, measured just now",
                                   "{n} OverAnim custom properties, measured just now")))
    log.extend(_root_lines(armature, result))
    if result.animated:
        log.append((Level.INFO, Message("Animation: frames {start}-{end}, baked from the evaluated pose",
                                        start=result.frames[0], end=result.frames[1])))
        if result.curves:
            log.append((Level.INFO, plural(len(result.curves),
                                           "{n} animated custom property as an animation curve on '{node}'",
                                           "{n} animated custom properties as animation curves on '{node}'",
                                           node=result.curves_on)))
            if result.zero_curves:
                log.append((Level.INFO, Message(
                    "{n} of these curves stay 0 on every frame ({names}): Unreal's importer leaves them out while "
                    "'Do not import curves with only 0 values' is on (its default); turn it off in the animation "
                    "import options to keep them", n=len(result.zero_curves), names=", ".join(result.zero_curves))))
    else:
        log.append((Level.INFO, Message("No animation")))
    for exported in result.files:
        for name in exported.meshes:
            mesh_obj = bpy.data.objects.get(name)
            modifiers = modifiers_dropping_shape_keys(mesh_obj) if mesh_obj is not None else []
            if mesh_obj is not None and modifiers:
                log.append((Level.WARNING, shape_keys.report_message(mesh_obj, modifiers)))
    for name in result.unfiltered:
        log.append((Level.WARNING, Message("'{name}' is linked: its colour layers went into the file unfiltered",
                                           name=name)))
    extra = len(result.files) - 1
    log.append((Level.INFO, Message("Exported {file} for Unreal{lods}", file=str(result.files[0].path),
                                    lods=plural(extra, " (+{n} LOD file)", " (+{n} LOD files)") if extra else "")))
    return log


def _root_lines(armature: bpy.types.Object, result: ExportContents) -> list[LogLine]:
    """Where the measurement is when Unreal drops the armature's node (named "Armature", docs/unreal.md)."""
    if not result.properties_on:
        return []
    if armature.name.lower() != "armature":  # its own node is the skeleton's root: nothing is dropped
        return []
    if result.properties_on != armature.name:
        return [(Level.INFO, Message(
            "Unreal drops the node '{armature}': the OverAnim custom properties are declared on '{node}', "
            "the skeleton's root there, too", armature=armature.name, node=result.properties_on))]
    return [(Level.WARNING, Message(
        "'{armature}' has several top bones under a node named Armature: Unreal's FBX importer drops that node "
        "and refuses several root bones, Interchange keeps it with the OverAnim custom properties; rename the "
        "armature object to make it the one root bone everywhere", armature=armature.name))]


def export_fbx(context: bpy.types.Context, armature: bpy.types.Object, options: ExportOptions) -> ExportResult:
    """Everything checked first (the rig, the targets, a fresh measurement); raises OverAnimError
    having written no file when something refuses the export."""
    require_usable(armature)
    require_object_mode(armature, scene_of(context))
    require_finite_animation(armature)  # a NaN or infinite key never enters the file's curves (issue 31)
    path = options.path
    removed = refuse_unwritable(export_targets(armature, scene_of(context), path, options.export_lods))  # first
    with object_mode(context):  # measured and written as in Object Mode; the artist's mode comes back
        log = measure_proportions(context, armature, MeasureOptions(for_export=True, side=True)).log
        if has_error(log):  # the metadata would be stale or wrong: nothing is written
            raise OverAnimError(next(message for level, message in log if level == Level.ERROR))
        try:
            result = export_for_unreal(context, armature, options)
        except OSError as error:
            raise OverAnimError(Message("Could not write {path}: {reason}", path=str(path),
                                        reason=error.strerror or str(error))) from error
    summary.store(armature, result)
    # what the measurement found (its summary, last, is said by "measured just now")
    return ExportResult(result, (*_leftovers(removed), *log[:-1], *report_lines(armature, result)))


def _leftovers(removed: list[Path]) -> tuple[LogLine, ...]:
    """What the export took away first: the temporary files that killed exports left (issue 25)."""
    if not removed:
        return ()
    return ((Level.INFO, plural(len(removed), "Removed {n} temporary file an interrupted export left in {folder}",
                                "Removed {n} temporary files interrupted exports left in {folder}",
                                folder=str(removed[0].parent))),)
