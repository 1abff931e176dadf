"""Which meshes lose their shape keys in the file. Blender's FBX exporter, with the modifiers applied
(``use_mesh_modifiers``, as Export for Unreal sets it), exports a mesh that has an active modifier
other than the Armature one as the evaluated mesh, which has no shape keys: no morph target of that
mesh reaches the file, and the exporter says nothing (io_scene_fbx ``fbx_data_from_scene``: a
modifier counts when it shows in the viewport or the render, Subdivision Surface too unless
``use_subsurf`` is on, which Export for Unreal leaves off). The Checks and the export report say so,
with the two ways out: apply the modifiers to the shape keys, or turn them off to export the shape
keys without them.
"""

from __future__ import annotations

import bpy

from ...core.messages import Message, plural
from .typed import mesh_data


def exported_shape_keys(mesh_obj: bpy.types.Object) -> int:
    """Shape keys the exporter writes as morph targets (all but the Basis)."""
    keys = mesh_data(mesh_obj).shape_keys
    return max(0, len(keys.key_blocks) - 1) if keys is not None else 0


def modifiers_dropping_shape_keys(mesh_obj: bpy.types.Object) -> list[str]:
    """The modifiers for which the exporter writes none of the mesh's shape keys (empty when it has
    none to lose)."""
    if mesh_obj.type != "MESH" or not exported_shape_keys(mesh_obj):
        return []
    return [mod.name for mod in mesh_obj.modifiers
            if mod.type != "ARMATURE" and (mod.show_viewport or mod.show_render)]


def _names(modifiers: list[str]) -> str:
    return ", ".join(f"'{name}'" for name in modifiers)


def check_message(mesh_obj: bpy.types.Object, modifiers: list[str]) -> Message:
    return Message("'{mesh}' has {keys} and modifiers that change its geometry ({modifiers}): the FBX exporter "
                   "applies them and then writes none of its shape keys, so Unreal gets no morph targets; apply the "
                   "modifiers to the shape keys, or turn them off (viewport and render) to export the shape keys "
                   "without them", mesh=mesh_obj.name, modifiers=_names(modifiers),
                   keys=plural(exported_shape_keys(mesh_obj), "{n} shape key", "{n} shape keys"))


def report_message(mesh_obj: bpy.types.Object, modifiers: list[str]) -> Message:
    return Message("'{mesh}': no morph targets written: the FBX exporter applied its modifiers ({modifiers}) and "
                   "left out its {keys}; apply the modifiers to the shape keys, or turn them off to export the shape "
                   "keys without them", mesh=mesh_obj.name, modifiers=_names(modifiers),
                   keys=plural(exported_shape_keys(mesh_obj), "{n} shape key", "{n} shape keys"))
