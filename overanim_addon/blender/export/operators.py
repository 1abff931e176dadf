from __future__ import annotations

from pathlib import Path

import bpy
from bpy_extras.io_utils import ExportHelper

from ...core.errors import OverAnimError
from ...core.messages import Message, plural
from ..i18n import CONTEXT
from ..masks.packed import PACKED
from ..measure.operators import measure_and_store
from ..shared.operators import ArmatureOperatorMixin
from ..shared.scene import find_armature, require_armature, require_object_mode
from . import shape_keys, summary
from .fbx import ExportResult, export_for_unreal, export_targets, object_mode, refuse_unwritable
from .shape_keys import modifiers_dropping_shape_keys


def report_lines(armature: bpy.types.Object, result: ExportResult) -> list[tuple[str, str]]:
    """What went into the file(s), the summary last (Blender's status bar shows the last report)."""
    log: list[tuple[str, str]] = []
    for exported in result.files:
        log.append(("INFO", Message("{file}: '{armature}' ({bones}) and {meshes}{names}", file=exported.path.name,
                                    armature=armature.name, bones=plural(result.bones, "{n} bone", "{n} bones"),
                                    meshes=plural(len(exported.meshes), "{n} mesh", "{n} meshes"),
                                    names=f" ({', '.join(exported.meshes)})" if exported.meshes else "")))
    if result.channels:
        packing = ", ".join(f"{channel} {region}" for channel, region in sorted(
            result.channels.items(), key=lambda item: "RGBA".index(item[0])))
        log.append(("INFO", Message("Vertex colour: {attribute} ({packing})", attribute=PACKED, packing=packing)))
    else:
        log.append(("INFO", Message("Vertex colour: no Region has a mask channel; OverAnim's colour layers left out")))
    log.append(("INFO", plural(result.properties, "{n} OverAnim custom property, measured just now",
                               "{n} OverAnim custom properties, measured just now")))
    if result.animated:
        log.append(("INFO", Message("Animation: frames {start}-{end}, baked from the evaluated pose",
                                    start=result.frames[0], end=result.frames[1])))
        if result.curves:
            log.append(("INFO", plural(len(result.curves),
                                       "{n} animated custom property as an animation curve on '{node}'",
                                       "{n} animated custom properties as animation curves on '{node}'",
                                       node=result.curves_on)))
            if result.zero_curves:
                log.append(("INFO", Message(
                    "{n} of these curves stay 0 on every frame ({names}): Unreal's importer leaves them out while "
                    "'Do not import curves with only 0 values' is on (its default); turn it off in the animation "
                    "import options to keep them", n=len(result.zero_curves), names=", ".join(result.zero_curves))))
    else:
        log.append(("INFO", Message("No animation")))
    for exported in result.files:
        for name in exported.meshes:
            mesh_obj = bpy.data.objects.get(name)
            modifiers = modifiers_dropping_shape_keys(mesh_obj) if mesh_obj is not None else []
            if mesh_obj is not None and modifiers:
                log.append(("WARNING", shape_keys.report_message(mesh_obj, modifiers)))
    for name in result.unfiltered:
        log.append(("WARNING", Message("'{name}' is linked: its colour layers went into the file unfiltered",
                                       name=name)))
    extra = len(result.files) - 1
    log.append(("INFO", Message("Exported {file} for Unreal{lods}", file=str(result.files[0].path),
                                lods=plural(extra, " (+{n} LOD file)", " (+{n} LOD files)") if extra else "")))
    return log


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

    def invoke(self, context, event):
        armature = find_armature(context)  # poll() found one; run() explains anything wrong with it
        folder = Path(bpy.path.abspath("//")) if bpy.data.filepath else Path.home()
        self.filepath = str(folder / f"{bpy.path.clean_name(armature.name)}.fbx")
        context.window_manager.fileselect_add(self)
        return {"RUNNING_MODAL"}

    def run(self, context):
        armature = require_armature(context)
        require_object_mode(armature, context.scene)
        if not self.filepath:
            raise OverAnimError(Message("Choose a file to export to"))
        path = Path(bpy.path.abspath(self.filepath))
        if path.suffix.lower() != ".fbx":
            path = path.with_name(f"{path.name}.fbx")
        refuse_unwritable(export_targets(armature, context.scene, path, self.export_lods))  # before measuring
        with object_mode(context):  # measured and written as in Object Mode; the artist's mode comes back
            log = measure_and_store(context, armature, for_export=True, side=True)
            errors = [message for level, message in log if level == "ERROR"]
            if errors:  # the metadata would be stale or wrong: nothing is written
                raise OverAnimError(errors[0])
            try:
                result = export_for_unreal(context, armature, path, export_lods=self.export_lods,
                                           packed_only=self.packed_only, deform_bones_only=self.deform_bones_only)
            except OSError as error:
                raise OverAnimError(Message("Could not write {path}: {reason}", path=str(path),
                                            reason=error.strerror or str(error))) from error
        summary.store(armature, result)
        # what the measurement found (its summary, last, is said by "measured just now")
        return [*log[:-1], *report_lines(armature, result)]


classes = (OVERANIM_OT_export_fbx,)
register, unregister = bpy.utils.register_classes_factory(classes)
