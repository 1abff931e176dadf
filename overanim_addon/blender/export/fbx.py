"""Export for Unreal: the armature and the meshes it deforms through Blender's FBX exporter, with the
settings Unreal's importer wants and nothing of OverAnim's working data in the file.

What reaches the file:
- the armature with its ``OverAnim_*`` custom properties (measured just before; Unreal imports FBX
  user properties as asset metadata), every bone, no leaf bones; for an armature object named
  "Armature" over a single top bone, whose node Unreal drops, the properties declared on that bone
  too (``property_curves``);
- each deformed mesh with its shape keys and one vertex colour: the packed Region masks
  ``OverAnim_RegionMasks`` when a Region has a mask channel (optionally followed by the artist's
  own colour attributes); without a channel, the artist's colour attributes as Blender would write
  them. Never the preview, the per-Region float masks, the composed shape key, the mask vertex
  groups or the add-on's bookkeeping properties;
- the animation, baked from the evaluated pose every frame of the scene's range, when the rig or its
  meshes are animated; the armature's animated ``OverAnim_*`` custom properties (the foot-IK bake's
  values) as animation curves Unreal imports (``property_curves``: added to the written file).

Blender's exporter writes every colour attribute of a mesh. So that only the chosen ones reach the
file without changing the artist's data, each mesh object is given, for the export call only, a copy
of its mesh with the rest removed (the copy takes the mesh's name, so the FBX names are the
artist's); the original is put back and the copy deleted whatever happens. Meshes of LOD n > 0
(``_LOD<n>``) go to ``<file>_LOD<n>.fbx`` beside the main file, each with the armature: the file per
LOD that Unreal's LOD import expects.

Each file is written beside its target under a temporary name, given its curves there, and renamed
over the target only once every file is complete: a failure leaves the files that were at those
paths untouched and no partial file behind.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType
from typing import Any

import bpy

from ... import safe_files
from ...blender_errors import operator_failure
from ...core.errors import OverAnimError
from ...core.messages import Message
from ..compose.shape_key import COMPOSED
from ..masks import packed
from ..masks.paint import GROUP_PREFIX
from ..regions.region import RegionRow, mesh_masks
from ..shared.finite_keys import require_finite_playback
from ..shared.names import PREFIX
from ..shared.object_data import overanim
from ..shared.scene import deformed_meshes, lod_index, posed
from ..shared.typed import armature_data, mesh_data, pose_of, scene_of, temp_override, view_layer_of
from . import property_curves
from .options import ExportOptions

# Blender's FBX exporter, set up for Unreal's importer (see docs/unreal.md)
UNREAL_SETTINGS: dict[str, Any] = {
    "use_selection": True,  # the armature and its meshes, given through the context
    "object_types": {"ARMATURE", "MESH"},
    "use_custom_props": True,  # the measurement reaches Unreal as asset metadata
    "add_leaf_bones": False,  # Unreal would import them as real bones
    "primary_bone_axis": "Y",
    "secondary_bone_axis": "X",
    "armature_nodetype": "NULL",
    "apply_unit_scale": True,
    "apply_scale_options": "FBX_SCALE_ALL",  # centimetres in the file, object scale 1 in Unreal
    "global_scale": 1.0,
    "axis_forward": "-Z",
    "axis_up": "Y",
    "use_mesh_modifiers": True,
    "mesh_smooth_type": "FACE",  # smoothing groups: Unreal warns without them
    "use_tspace": False,
    "colors_type": "SRGB",  # the stored bytes as they are: the packed masks are not colours
    "prioritize_active_color": True,  # the export copy's active colour is the first layer Unreal reads
    "path_mode": "AUTO",
    "bake_anim_use_all_bones": True,
    "bake_anim_use_nla_strips": False,  # one take: the scene's evaluated animation
    "bake_anim_use_all_actions": False,
    "bake_anim_force_startend_keying": True,
    "bake_anim_step": 1.0,
    "bake_anim_simplify_factor": 0.0,  # every frame as evaluated, no key reduction
}


@dataclass(frozen=True)
class ExportedFile:
    path: Path
    lod: int
    meshes: tuple[str, ...]
    vertices: int


@dataclass(frozen=True)
class ExportContents:
    """What went into the file(s), deeply immutable (tuples, a read-only mapping)."""

    files: tuple[ExportedFile, ...] = ()
    bones: int = 0
    properties: int = 0
    channels: Mapping[str, str] = field(default_factory=dict)  # channel -> Region packed into it
    animated: bool = False
    frames: tuple[int, int] = (0, 0)
    curves: tuple[str, ...] = ()  # animated custom properties written as curves
    curves_on: str = ""  # the node (armature or bone) holding them
    properties_on: str = ""  # the node the OverAnim_* properties were checked onto ("": not read back)
    zero_curves: tuple[str, ...] = ()  # those 0 on every frame (Unreal drops them by default)
    unfiltered: tuple[str, ...] = ()  # linked meshes whose layers could not be filtered

    def __post_init__(self) -> None:
        object.__setattr__(self, "channels", MappingProxyType(dict(self.channels)))


def ensure_fbx_exporter() -> None:
    """Blender's FBX exporter is a bundled add-on: enable it for this session when it is off."""
    if hasattr(bpy.ops.export_scene, "fbx"):
        return
    import addon_utils

    addon_utils.enable("io_scene_fbx", default_set=False)
    if not hasattr(bpy.ops.export_scene, "fbx"):
        raise OverAnimError(Message("Blender's FBX exporter (io_scene_fbx) is not available"))


def is_animated(armature: bpy.types.Object, meshes: Sequence[bpy.types.Object]) -> bool:
    """Keys, NLA strips or drivers on the rig, its meshes or their shape keys, or a bone constraint
    that follows an animated object."""

    def animated(data) -> bool:
        anim = getattr(data, "animation_data", None)
        return anim is not None and (anim.action is not None or len(anim.nla_tracks) > 0 or len(anim.drivers) > 0)

    owners = [armature, *meshes, *(mesh_data(m).shape_keys for m in meshes if mesh_data(m).shape_keys is not None)]
    if any(animated(owner) for owner in owners):
        return True
    return any(animated(getattr(constraint, "target", None))
               for bone in pose_of(armature).bones for constraint in bone.constraints)


def refresh_packed_masks(armature: bpy.types.Object, meshes: Sequence[bpy.types.Object]) -> dict[str, str]:
    """Write ``OverAnim_RegionMasks`` from the current masks (no preview, no per-Region layers), so the
    file holds what the Regions say now. Returns channel -> Region."""
    channels = packed.channel_table(armature)
    if not channels:
        return channels
    packed_regions = set(channels.values())
    table = [RegionRow.of(armature, region)
             for region in overanim(armature).regions if region.name in packed_regions]
    computed = [(mesh_obj, mesh_masks(mesh_obj, table)) for mesh_obj in meshes]  # all first, then write
    for mesh_obj, masks in computed:
        if mesh_data(mesh_obj).library is None and len(mesh_data(mesh_obj).vertices):
            packed.write_packed(mesh_data(mesh_obj), masks, channels)
    return channels


def _export_copy(mesh_obj: bpy.types.Object, options: ExportOptions, channels: bool) -> bpy.types.Mesh:
    """A copy of the object's mesh holding what the file should get (see the module docstring).
    ``channels``: a Region has a mask channel; without one, an ``OverAnim_RegionMasks`` left by an
    earlier paint is stale and stays out like the rest of ours."""
    copy: bpy.types.Mesh = mesh_data(mesh_obj).copy()
    colors = copy.color_attributes
    has_packed = channels and packed.PACKED in colors
    for name in [a.name for a in colors]:
        ours = name.startswith(PREFIX) and not (has_packed and name == packed.PACKED)
        if ours or (has_packed and options.packed_only and name != packed.PACKED):
            colors.remove(colors[name])
    if has_packed:
        colors.active_color_name = colors.default_color_name = packed.PACKED
    for key in [k for k in copy.keys() if k.startswith(PREFIX)]:  # noqa: SIM118 (ID properties)
        del copy[key]
    return copy


def _strip_object_level(mesh_obj: bpy.types.Object) -> None:
    """What of ours lives in object-level lists of the (swapped-in) copy: the composed shape key and
    the mask vertex groups. Both are the copy's, so the artist's mesh keeps them."""
    keys = mesh_data(mesh_obj).shape_keys
    if keys is not None and COMPOSED in keys.key_blocks:
        mesh_obj.shape_key_remove(keys.key_blocks[COMPOSED])
    for group in [g for g in mesh_obj.vertex_groups if g.name.startswith(GROUP_PREFIX)]:
        mesh_obj.vertex_groups.remove(group)


@contextlib.contextmanager
def export_meshes(meshes: Sequence[bpy.types.Object], options: ExportOptions, channels: bool,
                  unfiltered: list[str]) -> Iterator[None]:
    """While inside, each mesh object holds its export copy under the mesh's own name."""
    swapped: list[tuple[bpy.types.Object, bpy.types.Mesh]] = []  # (object, its own mesh)
    copies: dict[int, tuple[bpy.types.Mesh, bpy.types.Mesh, str]] = {}  # per mesh: (copy, mesh, its name)
    try:
        for mesh_obj in meshes:
            original = mesh_data(mesh_obj)
            if mesh_obj.library is not None or original.library is not None:
                unfiltered.append(mesh_obj.name)  # a linked object or mesh cannot be swapped or renamed
                continue
            if original.as_pointer() not in copies:  # one copy per mesh, shared like the mesh
                name = original.name
                copy = _export_copy(mesh_obj, options, channels)
                copies[original.as_pointer()] = (copy, original, name)
                # a name of its own (Blender makes it unique): appended to a name of 63 bytes, a
                # suffix would be cut off again and the copy would get "<name>.001"
                original.name = ".OverAnim_export_original"
                copy.name = name
            swapped.append((mesh_obj, original))
            mesh_obj.data = copies[original.as_pointer()][0]
            _strip_object_level(mesh_obj)
        yield
    finally:
        for mesh_obj, original in swapped:
            mesh_obj.data = original
        for copy, original, name in copies.values():
            bpy.data.meshes.remove(copy)
            original.name = name


@contextlib.contextmanager
def object_mode(context: bpy.types.Context) -> Iterator[None]:
    """The active object in Object Mode while inside, then back in its mode: a mesh in a paint or
    sculpt mode must not have its data swapped, and Blender's exporter, which leaves such a mode
    itself, fails to under the context override that gives it the rig."""
    obj = view_layer_of(context).objects.active
    mode = obj.mode if obj is not None else "OBJECT"
    if mode != "OBJECT":
        bpy.ops.object.mode_set(mode="OBJECT")
    try:
        yield
    finally:
        if mode != "OBJECT" and view_layer_of(context).objects.active is obj:
            bpy.ops.object.mode_set(mode=mode)


def lod_path(path: Path, lod: int) -> Path:
    return path if lod == 0 else path.with_name(f"{path.stem}_LOD{lod}{path.suffix}")


def export_targets(armature: bpy.types.Object, scene: bpy.types.Scene, path: Path,
                   export_lods: bool) -> dict[int, Path]:
    """LOD -> the file an export to ``path`` writes it to: ``path`` for the first and, with
    ``export_lods``, one file per LOD n > 0."""
    lods = sorted({lod_index(mesh_obj) for mesh_obj in deformed_meshes(armature, scene)}) or [0]
    return {lod: lod_path(path, lod) for lod in (lods if export_lods else lods[:1])}


def refuse_unwritable(targets: dict[int, Path]) -> list[Path]:
    """Before anything is measured or written: a target the artist made read-only is not replaced.
    Returns the temporary files of killed exports it removed from the targets' folders."""
    try:
        return safe_files.check_targets(list(targets.values()))
    except safe_files.WriteError as error:
        raise OverAnimError(Message("Not exported: {reason}", reason=error.message)) from None


class Staging:
    """Files written under temporary names beside their targets (same folder: the rename is atomic)
    and renamed over them together, all or none, by ``commit``; leaving the ``with`` block deletes
    every temporary file still there, so an error leaves the targets as they were and nothing
    half-written."""

    def __init__(self) -> None:
        self.temporary: list[Path] = []
        self.latest: dict[Path, Path] = {}  # target -> its newest temporary file

    def __enter__(self) -> Staging:
        return self

    def __exit__(self, *_exc: object) -> None:
        safe_files.remove(*self.temporary)

    def new(self, target: Path) -> Path:
        """A new empty temporary file for ``target``; the newest one is what ``commit`` puts there.
        Created as any new file is (``mkstemp`` would make it readable by its owner only)."""
        while True:
            path = safe_files.owned_sibling(target)
            try:
                path.open("xb").close()
                break
            except FileExistsError:
                continue
        self.temporary.append(path)
        self.latest[target] = path
        return path

    def commit(self) -> None:
        try:
            safe_files.replace_all([(path, target) for target, path in self.latest.items()])
        except safe_files.WriteError as error:
            raise OverAnimError(_not_exported(error.message)) from None


def _not_exported(reason: str) -> Message:
    return Message("Not exported: {reason}; the files there are as they were", reason=reason)


def _write_error(target: Path, error: OSError | RuntimeError) -> OverAnimError:
    """A write into ``target``'s temporary file failed: Blender's exporter raises RuntimeError with
    its whole traceback as the text, of which the artist gets the reason (``operator_failure``)."""
    said = error.strerror if isinstance(error, OSError) and error.strerror else operator_failure(error) or repr(error)
    reason = safe_files.full_disk_reason(error, target.parent) or said
    return OverAnimError(_not_exported(Message("could not write {file}: {reason}", file=target.name, reason=reason)))


def export_for_unreal(context: bpy.types.Context, armature: bpy.types.Object, options: ExportOptions) -> ExportContents:
    """Write the FBX file(s) as ``options`` say; the measurement must be current (the engine measures first)."""
    ensure_fbx_exporter()
    path, scene = options.path, scene_of(context)
    meshes = deformed_meshes(armature, scene)
    channels = refresh_packed_masks(armature, meshes)
    animated, frames = is_animated(armature, meshes), (scene.frame_start, scene.frame_end)
    by_lod: dict[int, list[bpy.types.Object]] = {}
    for mesh_obj in meshes:
        by_lod.setdefault(lod_index(mesh_obj), []).append(mesh_obj)
    targets = export_targets(armature, scene, path, options.export_lods)
    refuse_unwritable(targets)
    names = property_curves.animated_properties(armature) if animated else []
    path.parent.mkdir(parents=True, exist_ok=True)
    files: list[ExportedFile] = []
    unfiltered: list[str] = []
    written_curves: dict[str, Any] = {}  # what the property curves went into the files as
    # the take is the pose as it plays, whatever the Pose/Rest toggle shows (the exporter itself
    # writes the meshes and the bind pose from the rest)
    with posed(armature), Staging() as staging:
        if animated:  # a driver or modifier can pose a bone at infinity with its keys finite: no inf in the take
            require_finite_playback(scene, armature, range(frames[0], frames[1] + 1))
        curves = property_curves.sample(context, armature, names, *frames) if names else None
        for lod, target in targets.items():
            group = by_lod.get(lod, [])
            try:
                written = staging.new(target)
                with export_meshes(group, options, bool(channels), unfiltered), \
                        temp_override(context, selected_objects=[armature, *group], active_object=armature,
                                      object=armature):
                    bpy.ops.export_scene.fbx(filepath=str(written), bake_anim=animated,
                                             use_armature_deform_only=options.deform_bones_only, **UNREAL_SETTINGS)
                if curves is not None or property_curves.may_drop(armature.name):  # else: Blender's file as is
                    written_curves["properties_on"] = property_curves.add_to_file(written, staging.new(target),
                                                                                  armature.name, curves)
                if curves is not None:
                    written_curves.update(curves_on=written_curves["properties_on"], curves=tuple(names),
                                          zero_curves=tuple(property_curves.all_zero(curves)))
            except (OSError, RuntimeError) as error:
                raise _write_error(target, error) from error
            files.append(ExportedFile(target, lod, tuple(m.name for m in group),
                                      sum(len(mesh_data(m).vertices) for m in group)))
        staging.commit()
    return ExportContents(files=tuple(files), bones=len(armature_data(armature).bones),
                          properties=sum(1 for key in armature.keys() if key.startswith(PREFIX)),  # noqa: SIM118
                          channels=channels, animated=animated, frames=frames, unfiltered=tuple(unfiltered),
                          **written_curves)
