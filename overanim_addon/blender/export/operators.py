from __future__ import annotations

from pathlib import Path

import bpy
from bpy_extras.io_utils import ExportHelper

from ...core.errors import OverAnimError
from ...core.messages import Message
from ..foot_ik.export_clip import CLIP_ITEMS, LEGS
from ..i18n import CONTEXT
from ..shared.operators import ArmatureOperatorMixin
from ..shared.scene import find_armature, require_armature, require_object_mode
from ..shared.typed import scene_of, window_manager_of
from .engine import ExportOptions, export_fbx


class OVERANIM_OT_export_fbx(ArmatureOperatorMixin, bpy.types.Operator, ExportHelper):
    """Measure, then export the armature and its meshes as FBX for Unreal: custom properties, the
    packed Region masks as vertex colour, no leaf bones, animation baked when there is any"""

    bl_idname = "overanim.export_fbx"
    bl_label = "Export for Unreal"
    filename_ext = ".fbx"
    filter_glob: bpy.props.StringProperty(default="*.fbx", options={"HIDDEN"})  # type: ignore[valid-type]
    export_lods: bpy.props.BoolProperty(  # type: ignore[valid-type]
        name="LODs as Separate Files", translation_context=CONTEXT, default=True,
        description="Write the meshes of each _LOD<n> into <file>_LOD<n>.fbx (with the armature), as "
        "Unreal's LOD import expects; off: LOD0 only",
    )
    packed_only: bpy.props.BoolProperty(  # type: ignore[valid-type]
        name="Region Masks Only", translation_context=CONTEXT, default=True,
        description="When OverAnim_RegionMasks exists, write it as the only vertex colour; off: your own "
        "colour attributes follow it (Unreal reads the first)",
    )
    deform_bones_only: bpy.props.BoolProperty(  # type: ignore[valid-type]
        name="Deform Bones Only", translation_context=CONTEXT, default=False,
        description="Leave out bones without Deform (control bones); the rig's root stays when it has children",
    )
    foot_ik: bpy.props.EnumProperty(  # type: ignore[valid-type]
        name="Foot IK", translation_context=CONTEXT, items=CLIP_ITEMS, default=LEGS,
        description="With a Foot IK bake: what the clip carries, never both (Unreal's foot IK would lift the "
        "feet the bake put on the ground again)",
    )

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
        return export_fbx(context, armature, ExportOptions(path, export_lods=self.export_lods,
                                                           packed_only=self.packed_only,
                                                           deform_bones_only=self.deform_bones_only,
                                                           foot_ik=self.foot_ik)).log


classes = (OVERANIM_OT_export_fbx,)
register, unregister = bpy.utils.register_classes_factory(classes)
