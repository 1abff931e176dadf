"""The bone map's buttons: set one row (which source bone a target bone follows), forget the rows
set by hand, and save or load the map as a preset file."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import bpy
from bpy_extras.io_utils import ExportHelper, ImportHelper

from ...core.errors import OverAnimError
from ...core.log import Level
from ...core.messages import Message
from ..i18n import CONTEXT
from ..shared.object_data import overanim
from ..shared.operators import ArmatureOperatorMixin, poll_armature_with
from ..shared.scene import find_armature, require_armature
from ..shared.typed import armature_data, window_manager_of
from .map_rows import read_preset, saved_map, set_row, shown_map, write_preset

PARENT = "__parent__"  # the enum item of a row that follows its parent (an enum identifier cannot be "")


def _source_bones(self: Any, context: bpy.types.Context) -> list[tuple[str, str, str]]:
    armature = context.active_object
    source = overanim(armature).transfer.source if armature is not None and armature.type == "ARMATURE" else None
    items = [(PARENT, "(follow its parent)", "The bone keeps its rest pose under its parent")]
    if source is not None and source.type == "ARMATURE":
        items += [(b.name, b.name, "") for b in armature_data(source).bones]
    _source_bones.items = items  # type: ignore[attr-defined]  # Blender needs the list kept alive
    return items


def _source(target: bpy.types.Object) -> bpy.types.Object:
    source = overanim(target).transfer.source
    if source is None or source.type != "ARMATURE":
        raise OverAnimError(Message("Set Source first: the bone map pairs its bones with this armature's"))
    return source


class OVERANIM_OT_transfer_map_row(ArmatureOperatorMixin, bpy.types.Operator):
    """Choose the source bone this bone follows in the transfer (kept on this armature)"""

    bl_idname = "overanim.transfer_map_row"
    bl_label = "Set Bone Map Row"
    bl_property = "source_bone"
    bone: bpy.props.StringProperty(name="Bone", translation_context=CONTEXT,  # type: ignore[valid-type]
                                   description="The bone of this armature whose row is set")
    source_bone: bpy.props.EnumProperty(  # type: ignore[valid-type]
        name="Source Bone", translation_context=CONTEXT, items=_source_bones,
        description="The bone of the source armature it follows")

    def invoke(self, context, event):
        context.window_manager.invoke_search_popup(self)
        return {"RUNNING_MODAL"}

    def run(self, context):
        target = require_armature(context)
        source = _source(target)
        if self.bone not in armature_data(target).bones:
            raise OverAnimError(Message("The armature has no bone named '{bone}'", bone=self.bone))
        followed = "" if self.source_bone == PARENT else self.source_bone
        set_row(target, self.bone, followed)
        return [(Level.INFO, Message("'{bone}' follows '{source_bone}' of '{source}'", bone=self.bone,
                                     source_bone=followed or Message("its parent"), source=source.name))]


class OVERANIM_OT_transfer_map_reset(ArmatureOperatorMixin, bpy.types.Operator):
    """Forget the bone map rows set by hand on this armature: the map is found again from the names and
    the hierarchy"""

    bl_idname = "overanim.transfer_map_reset"
    bl_label = "Reset Bone Map"

    @classmethod
    def poll(cls, context: Any) -> bool:
        return poll_armature_with(cls, context, lambda armature: overanim(armature).transfer.bone_map,
                                  lambda name: Message("'{name}' has no bone map rows set by hand to forget",
                                                       name=name))

    def run(self, context):
        target = require_armature(context)
        count = len(saved_map(target) or {})
        overanim(target).transfer.bone_map = ""
        return [(Level.INFO, Message("Forgot {count} rows set by hand", count=count))]


class OVERANIM_OT_transfer_map_save(ArmatureOperatorMixin, bpy.types.Operator, ExportHelper):
    """Save the bone map (every row, found or set) as a preset file to load onto other characters"""

    bl_idname = "overanim.transfer_map_save"
    bl_label = "Save Bone Map Preset"
    bl_options = {"REGISTER"}  # writes a file, changes nothing in the scene
    filename_ext = ".json"
    filter_glob: bpy.props.StringProperty(default="*.json", options={"HIDDEN"})  # type: ignore[valid-type]

    def invoke(self, context, event):
        target = find_armature(context)
        assert target is not None  # poll() found one
        self.filepath = f"{bpy.path.clean_name(target.name)}_bone_map.json"
        window_manager_of(context).fileselect_add(self)
        return {"RUNNING_MODAL"}

    def run(self, context):
        target = require_armature(context, writable=False)
        bone_map = shown_map(_source(target), target)
        if bone_map is None:
            raise OverAnimError(Message("No bone map between '{source}' and '{target}' to save",
                                        source=_source(target).name, target=target.name))
        written = write_preset(self.filepath, bone_map)
        return [(Level.INFO, Message("Saved the bone map to '{path}'", path=str(written)))]


class OVERANIM_OT_transfer_map_load(ArmatureOperatorMixin, bpy.types.Operator, ImportHelper):
    """Load a bone map preset onto this armature: its rows are kept here and used by the next transfer"""

    bl_idname = "overanim.transfer_map_load"
    bl_label = "Load Bone Map Preset"
    filename_ext = ".json"
    filepath: bpy.props.StringProperty(subtype="FILE_PATH", options={"SKIP_SAVE"})  # type: ignore[valid-type]
    filter_glob: bpy.props.StringProperty(default="*.json", options={"HIDDEN"})  # type: ignore[valid-type]

    def invoke(self, context, event):
        window_manager_of(context).fileselect_add(self)
        return {"RUNNING_MODAL"}

    def run(self, context):
        target = require_armature(context)
        rows = read_preset(self.filepath)
        bones = armature_data(target).bones
        kept = {bone: source for bone, source in rows.items() if bone in bones}
        for bone, source in kept.items():
            set_row(target, bone, source)
        log = [(Level.INFO, Message("Loaded {count} bone map rows from '{path}'", count=len(kept),
                                    path=Path(self.filepath).name))]
        if len(kept) < len(rows):
            log.append((Level.WARNING, Message("{count} rows name bones this armature lacks: left out",
                                               count=len(rows) - len(kept))))
        return log


classes = (OVERANIM_OT_transfer_map_row, OVERANIM_OT_transfer_map_reset, OVERANIM_OT_transfer_map_save,
           OVERANIM_OT_transfer_map_load)
register, unregister = bpy.utils.register_classes_factory(classes)
