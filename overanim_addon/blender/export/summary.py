"""The last export in short, kept on the armature for the panel: where the files went, what they
hold. The report has the details; this is what an artist checks afterwards at a glance."""

from __future__ import annotations

import json
from pathlib import Path

import bpy

from ...core.messages import Message, from_data, plural, to_data
from ..i18n import CONTEXT, tr
from ..shared.text_wrap import wrap_path, wrapped_label
from ..shared.typed import overanim
from .fbx import ExportContents


def store(armature: bpy.types.Object, result: ExportContents) -> None:
    """Keep the summary of ``result`` as JSON (messages as data: drawn in the artist's language)."""
    packing = ", ".join(f"{channel} {region}" for channel, region in sorted(
        result.channels.items(), key=lambda item: "RGBA".index(item[0])))
    meshes = sum(len(exported.meshes) for exported in result.files)
    lines = [Message("{bones} and {meshes}", bones=plural(result.bones, "{n} bone", "{n} bones"),
                     meshes=plural(meshes, "{n} mesh", "{n} meshes")),
             plural(result.properties, "{n} property", "{n} properties"),
             Message("Region masks in {packing}", packing=packing) if packing else Message("No Region mask channel")]
    if result.animated and result.curves:
        lines.append(Message("Frames {start}-{end}, {curves}", start=result.frames[0], end=result.frames[1],
                             curves=plural(len(result.curves), "{n} property curve", "{n} property curves")))
    elif result.animated:
        lines.append(Message("Frames {start}-{end}", start=result.frames[0], end=result.frames[1]))
    else:
        lines.append(Message("No animation"))
    overanim(armature).last_export = json.dumps({"path": str(result.files[0].path), "lods": len(result.files) - 1,
                                                "lines": [to_data(line) for line in lines]})


def draw(layout: bpy.types.UILayout, context: bpy.types.Context, armature: bpy.types.Object) -> None:
    """The box of the last export, when there was one."""
    if not overanim(armature).last_export:
        return
    summary = json.loads(overanim(armature).last_export)
    box = layout.box().column(align=True)
    box.label(text="Last Export", text_ctxt=CONTEXT)
    # the whole path, broken after its folders: the folder is what the artist looks for next
    wrapped_label(box, context, str(Path(summary["path"])), icon="FILE", wrap=wrap_path)
    lods = summary["lods"]
    if lods:
        wrapped_label(box, context, tr(plural(lods, " (+{n} LOD file)", " (+{n} LOD files)")).strip(), icon="BLANK1")
    for line in summary["lines"]:
        wrapped_label(box, context, tr(from_data(line)), icon="BLANK1")
