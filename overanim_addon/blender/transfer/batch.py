"""Transfer in bulk (the batch's ``transfer`` step): each clip file of ``--clips`` brought into the
character's file as artists bring it (a BVH through Blender's BVH importer; a .blend's armatures
appended with their actions), transferred onto the armature by the same engine as the button, and
taken out again; the result actions stay. The report holds each clip's outcome and its numbers."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import Any

import bpy

from ...core.errors import OverAnimError
from ...core.log import Level
from ..i18n import tr
from ..shared.typed import scene_of
from .engine import TransferOptions, transfer_action

CLIP_SUFFIXES = (".bvh", ".blend")


def _brought_in(context: bpy.types.Context, path: Path) -> list[bpy.types.Object]:
    """The clip's armatures, linked into the scene (the caller removes them)."""
    before = set(bpy.data.objects)
    if path.suffix.lower() == ".bvh":
        bpy.ops.import_anim.bvh(filepath=str(path))
    else:
        libraries: Any = bpy.data.libraries  # the stubs type load() as returning None: it is a context manager
        with libraries.load(str(path), link=False) as (source, data):
            data.objects = list(source.objects)
        for obj in data.objects:
            if obj is not None and obj.type == "ARMATURE":
                scene_of(context).collection.objects.link(obj)
    return [o for o in bpy.data.objects if o not in before and o.type == "ARMATURE"
            and o.animation_data is not None and o.animation_data.action is not None]


def _removed(objects: Iterable[bpy.types.Object]) -> None:
    for obj in list(bpy.data.objects):
        if obj in set(objects) or (obj.parent is not None and obj.parent in set(objects)):
            data = obj.data
            bpy.data.objects.remove(obj)
            if isinstance(data, bpy.types.Armature) and data.users == 0:
                bpy.data.armatures.remove(data)


def _one(context: bpy.types.Context, armature: bpy.types.Object, source: bpy.types.Object) -> dict[str, Any]:
    clip: Any = source.animation_data.action if source.animation_data is not None else None
    try:
        result = transfer_action(context, armature, TransferOptions(source=source))
    except OverAnimError as error:
        return {"ok": False, "error": tr(error.message), "clip_action": clip.name}
    entry: dict[str, Any] = {"ok": True, "clip_action": clip.name, "action": result.action.name,
                             "retargeted": result.bone_map is not None,
                             "warnings": [tr(m) for level, m in result.log if level == Level.WARNING]}
    if result.quality is not None:
        q = result.quality
        entry["quality"] = {"direction_error_deg": {k: round(v, 2) for k, v in q.chain_errors.items()},
                            "within_18_deg": {k: round(v, 3) for k, v in q.chain_within.items()},
                            "slide_cm": {k: round(v, 3) for k, v in q.slides.items()},
                            "planted_as_source": {k: round(v, 3) for k, v in q.agreement.items()},
                            "stride_ratio": round(q.stride_ratio, 4), "leg_ratio": round(q.leg_ratio, 4)}
    return entry


def transfer_clips(context: bpy.types.Context, armature: bpy.types.Object, clips: Iterable[str]) -> dict[str, Any]:
    """Every clip onto ``armature``: {"ok", "error" when not ok, "clips": [per clip and source armature]}."""
    entries: list[dict[str, Any]] = []
    for clip in clips:
        path = Path(clip)
        try:
            sources = _brought_in(context, path)
        except (RuntimeError, OSError) as error:
            entries.append({"clip": path.name, "ok": False, "error": f"could not read: {error}"})
            continue
        try:
            if not sources:
                entries.append({"clip": path.name, "ok": False, "error": "no animated armature in the clip"})
            entries += [{"clip": path.name, "source": source.name, **_one(context, armature, source)}
                        for source in sources]
        finally:
            _removed(sources)
    failed = [f"{e['clip']}: {e['error']}" for e in entries if not e["ok"]]
    return {"ok": not failed, **({"error": "; ".join(failed)} if failed else {}), "clips": entries}
