"""Live Preview's change detection: what one depsgraph update changed that the Region masks must
follow, found once for all the live armatures (what is done about it is ``lifecycle``'s).

- Before the update is evaluated, what the Regions' masks are made of (``field_changes``, by
  ``shared/region.py: region_mask``, which the paint computes from too). An armature in Edit Mode,
  or one deforming a mesh in Edit Mode or sculpted with Dynamic Topology, is not compared until that
  mode is left, so what changed meanwhile is seen then.
- After it, the meshes (``weight_changes``): in Weight Paint mode, the Regions whose vertex groups
  may have changed. During a brush stroke or a gradient (a modal weight-paint operator is running)
  those of the active group, its mirrored twin with X-mirror on, the selected bones' groups with
  Multi-Paint on, and every group with Auto Normalize on; for any other change (a Weights menu
  operator, ``VertexGroup.add`` from a script, anything else) Blender does not say which groups
  changed, so every Region of that mesh. Any other change of a deformed mesh (Edit Mode, a script in
  Object Mode) makes its kept sums stale.

The changed meshes, the modal operators and the painted groups are looked up once per update, and
each live armature's Region bones once, however many armatures and meshes share the update.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, cast

import bpy

from ...regions.region import RegionMask, region_bones, region_mask, regions_of
from ...shared.scene import deformed_meshes, deforms, held_apart_by
from ...shared.typed import armature_data, mesh_data, pose_of, window_manager_of

# modal operators that paint the active group (plus the mirror, Multi-Paint and Auto Normalize)
STROKE_OPERATORS = frozenset({"PAINT_OT_weight_paint", "PAINT_OT_weight_gradient"})


def mask_fields(armature: bpy.types.Object) -> tuple[RegionMask, ...]:
    """What the armature's Region masks are made of (``region_mask``), the bones of their
    collections included (a bone assigned, unassigned or renamed, a collection removed)."""
    return tuple(region_mask(armature, region) for region in regions_of(armature))


def field_changes(armatures: Iterable[bpy.types.Object], seen: Mapping[str, tuple],
                  scene: bpy.types.Scene) -> list[tuple[bpy.types.Object, tuple, tuple[bpy.types.Object, ...]]]:
    """(armature, its mask fields now, the meshes it deforms) for each armature whose fields differ
    from those ``seen`` (by armature name) at its last repaint and that can be painted now; the
    meshes, found by a walk of the scene, are handed to the repaint."""
    changed = []
    for armature in armatures:
        if armature_data(armature).is_editmode:  # bones come and go while editing: compared once Edit Mode is left
            continue
        fields = mask_fields(armature)
        if seen.get(armature.name) == fields:
            continue
        meshes = tuple(deformed_meshes(armature, scene))
        if any(held_apart_by(mesh_obj) for mesh_obj in meshes):
            continue  # a mesh being edited cannot be painted: left unseen, so leaving the mode repaints
        changed.append((armature, fields, meshes))
    return changed


def updated_armatures(objects: Iterable[bpy.types.Object]) -> list[bpy.types.Object]:
    """The armatures whose flag an update that changed ``objects`` (``shared/updates``) may have
    carried: those it changed, and those deforming a mesh object it changed outside Object Mode
    (Weight Paint entered, a weight changed)."""
    found: dict[int, bpy.types.Object] = {}
    for obj in objects:
        if obj.type == "ARMATURE":
            found[obj.session_uid] = obj
        elif obj.type == "MESH" and obj.mode != "OBJECT":  # a paint mode entered: where live weights matter
            for armature in deforming(obj):
                found[armature.session_uid] = armature
    return list(found.values())


def deforming(mesh_obj: bpy.types.Object) -> list[bpy.types.Object]:
    """The armatures deforming ``mesh_obj`` (its Armature modifiers', its armature parent)."""
    found = [cast(bpy.types.ArmatureModifier, m).object for m in mesh_obj.modifiers if m.type == "ARMATURE"]
    if mesh_obj.parent_type == "ARMATURE":
        found.append(mesh_obj.parent)
    return [armature for armature in found if armature is not None and armature.type == "ARMATURE"]


@dataclass
class WeightChanges:
    """What one update changed of the meshes the live armatures deform."""

    stale: list[bpy.types.Mesh] = field(default_factory=list)  # changed outside Weight Paint mode
    # armature name -> mesh object name -> the Regions whose sums may have changed there (None: all)
    reread: dict[str, dict[str, set[str] | None]] = field(default_factory=dict)


def weight_changes(context: bpy.types.Context, scene: bpy.types.Scene, depsgraph: bpy.types.Depsgraph,
                   armatures: Iterable[bpy.types.Object], ignored: Collection[int] = ()) -> WeightChanges:
    """The meshes ``depsgraph`` updated (but those whose session_uid is in ``ignored``: our own
    writes), as the live ``armatures`` must follow them."""
    found = WeightChanges()
    if not depsgraph.id_type_updated("MESH"):  # a flag Blender keeps: no walk of the updates
        return found
    changed = {cast(bpy.types.Mesh, update.id.original).session_uid for update in depsgraph.updates
               if isinstance(update.id, bpy.types.Mesh)}.difference(ignored)
    if not changed:
        return found
    # the mesh objects are updated with their data: found among the updates, not by a walk of the scene
    meshes = list({o.session_uid: o for o in (cast(bpy.types.Object, update.id.original) for update in depsgraph.updates
                                              if isinstance(update.id, bpy.types.Object))
                   if o.type == "MESH" and mesh_data(o).session_uid in changed}.values())
    stroke = stroke_running(context)
    painted = {o.name: _painted_groups(o, scene.tool_settings) for o in meshes if stroke and o.mode == "WEIGHT_PAINT"}
    stale: dict[int, bpy.types.Mesh] = {}
    for armature in armatures:
        deformed = [o for o in meshes if deforms(o, armature)]
        if not deformed:
            continue
        bones: dict[str, set[str]] | None = None  # the armature's Region bones, read when a stroke needs them
        reread = found.reread[armature.name] = {}
        for mesh_obj in deformed:
            if mesh_obj.mode != "WEIGHT_PAINT":
                stale[mesh_data(mesh_obj).session_uid] = mesh_data(mesh_obj)
            elif not stroke:
                reread[mesh_obj.name] = None
            else:
                if bones is None:
                    bones = _region_bones(armature)
                reread[mesh_obj.name] = _regions_painted(painted[mesh_obj.name], armature, scene.tool_settings, bones)
    found.stale = list(stale.values())
    return found


def regions_a_stroke_changes(mesh_obj: bpy.types.Object, armature: bpy.types.Object,
                             tool_settings: bpy.types.ToolSettings) -> set[str] | None:
    """The Regions whose groups a weight-paint stroke or gradient on ``mesh_obj`` may change
    (None: all of them, under Auto Normalize)."""
    return _regions_painted(_painted_groups(mesh_obj, tool_settings), armature, tool_settings,
                            _region_bones(armature))


def _painted_groups(mesh_obj: bpy.types.Object, tool_settings: bpy.types.ToolSettings) -> set[str] | None:
    """The vertex groups of ``mesh_obj`` a stroke paints, but the selected bones' of Multi-Paint
    (those are the armature's): the active group and its mirrored twin (None: all, Auto Normalize)."""
    if tool_settings.use_auto_normalize:  # rebalances every deforming group the brush touches
        return None
    groups = set()
    if mesh_obj.vertex_groups.active is not None:
        groups.add(mesh_obj.vertex_groups.active.name)
    mesh = mesh_data(mesh_obj)
    if mesh.use_mirror_vertex_groups and (mesh.use_mirror_x or mesh.use_mirror_y or mesh.use_mirror_z):
        groups |= {bpy.utils.flip_name(name) for name in groups}
    return groups


def _regions_painted(groups: set[str] | None, armature: bpy.types.Object, tool_settings: bpy.types.ToolSettings,
                     bones: Mapping[str, set[str]]) -> set[str] | None:
    if groups is None:
        return None
    if tool_settings.use_multipaint:  # paints the selected bones' groups together
        groups = groups | selected_bones(armature)
    return {region for region, its_bones in bones.items() if groups & its_bones}


def _region_bones(armature: bpy.types.Object) -> dict[str, set[str]]:
    """Region name -> its bones (a name two Regions share, which Paint refuses, has both's)."""
    bones: dict[str, set[str]] = {}
    for region in regions_of(armature):
        bones.setdefault(region.name, set()).update(region_bones(armature, region))
    return bones


def selected_bones(armature: bpy.types.Object) -> set[str]:
    """Selection lives on Bone up to 4.5 and on PoseBone from 5.0."""
    if "select" in bpy.types.PoseBone.bl_rna.properties:
        return {bone.name for bone in pose_of(armature).bones if bone.select}
    bones: Any = armature_data(armature).bones  # Bone.select: up to 4.5 (not in the 5.x stubs)
    return {bone.name for bone in bones if bone.select}


def stroke_running(context: bpy.types.Context) -> bool:
    """Whether a weight-paint stroke or gradient is under way in some window."""
    return any(op.bl_idname in STROKE_OPERATORS
               for window in window_manager_of(context).windows for op in window.modal_operators)
