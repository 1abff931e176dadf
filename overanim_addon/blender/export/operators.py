from __future__ import annotations

from pathlib import Path

import bpy
from bpy_extras.io_utils import ExportHelper

from ...core.errors import OverAnimError
from ...core.messages import Message
from ..shared.operators import ArmatureOperatorMixin
from ..shared.scene import find_armature, require_armature, require_object_mode
from ..shared.typed import scene_of, window_manager_of
from .engine import export_fbx
from .options import from_operator, operator_properties


class OVERANIM_OT_export_fbx(ArmatureOperatorMixin, bpy.types.Operator, ExportHelper):
    """Measure, then export the armature and its meshes as FBX for Unreal: custom properties, the
    packed Region masks as vertex colour, no leaf bones, animation baked when there is any"""

    bl_idname = "overanim.export_fbx"
    bl_label = "Export for Unreal"
    filename_ext = ".fbx"
    filter_glob: bpy.props.StringProperty(default="*.fbx", options={"HIDDEN"})  # type: ignore[valid-type]

    def invoke(self, context, event):
        armature = find_armature(context)  # poll() found one; run() explains anything wrong with it
        assert armature is not None
        folder = Path(bpy.path.abspath("//")) if bpy.data.filepath else Path.home()
        self.filepath = str(folder / f"{bpy.path.clean_name(armature.name)}.fbx")
        window_manager_of(context).fileselect_add(self)
        return {"RUNNING_MODAL"}

    def run(self, context):
        armature = require_armature(context)
        require_object_mode(armature, scene_of(context))  # Edit Mode is refused before a missing file name
        if not self.filepath:
            raise OverAnimError(Message("Choose a file to export to"))
        path = Path(bpy.path.abspath(self.filepath))
        if path.suffix.lower() != ".fbx":
            path = path.with_name(f"{path.name}.fbx")
        return export_fbx(context, armature, from_operator(self, path)).log


# the options' properties, declared with the options themselves (options.py)
OVERANIM_OT_export_fbx.__annotations__ = {**OVERANIM_OT_export_fbx.__annotations__, **operator_properties()}
classes = (OVERANIM_OT_export_fbx,)
register, unregister = bpy.utils.register_classes_factory(classes)
