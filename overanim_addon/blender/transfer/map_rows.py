"""The bone map as the artist keeps it: the rows they set by hand, saved on the target (its Transfer
settings, so the next transfer onto it uses them) and as a preset file (JSON) to use on other
characters; and the map the panel shows (found, with those rows on top), read once per change."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import bpy

from ...core.bone_map import BoneMap
from ...core.errors import OverAnimError
from ...core.messages import Message
from ...safe_files import WriteError, check_targets, owned_sibling, remove, replace_all
from ..shared.object_data import overanim
from ..shared.typed import armature_data, scene_of
from .rigs import found_map, read_rig

PRESET_FORMAT = "OverAnim bone map"
PRESET_VERSION = 1
_shown: dict[tuple[Any, ...], tuple[BoneMap | None, dict[str, str]]] = {}  # the panel's map, by what it reads


def saved_map(target: bpy.types.Object) -> dict[str, str] | None:
    """The rows kept on ``target`` (target bone -> source bone, "" to follow its parent), None when none."""
    text = overanim(target).transfer.bone_map
    if not text:
        return None
    try:
        rows = json.loads(text)
    except ValueError:
        return None
    return {str(k): str(v) for k, v in rows.items()} if isinstance(rows, dict) else None


def set_row(target: bpy.types.Object, bone: str, source_bone: str | None) -> None:
    """Keep the row ``bone`` <- ``source_bone`` on the target ("" follows its parent; None forgets the row)."""
    rows = saved_map(target) or {}
    if source_bone is None:
        rows.pop(bone, None)
    else:
        rows[bone] = source_bone
    overanim(target).transfer.bone_map = json.dumps(rows, sort_keys=True) if rows else ""


def _shown_entry(source: bpy.types.Object, target: bpy.types.Object) -> tuple[BoneMap | None, dict[str, str]]:
    key: tuple[Any, ...] = (source.name, target.name, overanim(target).transfer.bone_map,
                            len(armature_data(source).bones), len(armature_data(target).bones),
                            tuple(source.matrix_world.translation[:]), tuple(target.matrix_world.translation[:]))
    if key not in _shown:
        if len(_shown) > 16:
            _shown.clear()
        scene = scene_of(bpy.context)
        target_rig = read_rig(target, scene)
        controls = dict(target_rig.controls.controls) if target_rig.controls is not None else {}
        _shown[key] = (found_map(read_rig(source, scene), target_rig, saved_map(target)), controls)
    return _shown[key]


def shown_map(source: bpy.types.Object, target: bpy.types.Object) -> BoneMap | None:
    """The map the next transfer would use (found, the kept rows on top); cached by what it reads."""
    return _shown_entry(source, target)[0]


def shown_controls(source: bpy.types.Object, target: bpy.types.Object) -> dict[str, str]:
    """A generated Rigify target's body bone -> the control the transfer keys for it (else empty)."""
    return _shown_entry(source, target)[1]


def write_preset(path: str, bone_map: BoneMap) -> Path:
    """The whole map (every row, found or set) as a preset file, replaced all or nothing."""
    target = Path(bpy.path.abspath(path))
    if target.suffix.lower() != ".json":
        target = target.with_suffix(".json")
    document = {"format": PRESET_FORMAT, "version": PRESET_VERSION, "source_profile": bone_map.source_profile,
                "target_profile": bone_map.target_profile,
                "rows": [{"chain": r.chain, "target": r.target, "source": r.source, "role": r.role}
                         for r in bone_map.rows]}
    check_targets([target])
    temporary = owned_sibling(target)
    try:
        temporary.write_text(json.dumps(document, indent=2) + "\n", encoding="utf-8")
        replace_all([(temporary, target)])
    except OSError as error:
        remove(temporary)
        raise WriteError(Message("Could not write the bone map preset '{path}': {reason}", path=str(target),
                                 reason=error.strerror or str(error))) from None
    return target


def read_preset(path: str) -> dict[str, str]:
    """The rows of a preset file (target bone -> source bone), or OverAnimError saying what is wrong."""
    file = Path(bpy.path.abspath(path))
    try:
        document = json.loads(file.read_text(encoding="utf-8"))
    except (OSError, ValueError) as error:
        raise OverAnimError(Message("Could not read the bone map preset '{path}': {reason}", path=str(file),
                                    reason=str(error))) from None
    rows = document.get("rows") if isinstance(document, dict) else None
    if not (isinstance(document, dict) and document.get("format") == PRESET_FORMAT and isinstance(rows, list)):
        raise OverAnimError(Message("'{path}' is not an OverAnim bone map preset", path=str(file)))
    return {str(r["target"]): str(r.get("source", "")) for r in rows if isinstance(r, dict) and "target" in r}
