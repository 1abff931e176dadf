"""Bulk vertex-group reads. Vertex groups have no bulk accessor in the Python API, and a per-vertex
loop costs about a second per million vertices. Geometry Nodes can read vertex groups as named
attributes in C: a throw-away object that shares the mesh, carries one node group that sums each
Region's groups into a float attribute, is evaluated, read with ``foreach_get``, and removed again.
The original object, its modifier stack and its mesh are never changed, and the weights come from
the original mesh even when the artist's own modifiers change the topology."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import bpy
import numpy as np

TEMP_NAME = "OverAnim_tmp_weights"


def _build_node_group(groups_by_key: Mapping[str, Sequence[str]]) -> bpy.types.NodeTree:
    tree = bpy.data.node_groups.new(TEMP_NAME, "GeometryNodeTree")
    tree.interface.new_socket("Geometry", in_out="INPUT", socket_type="NodeSocketGeometry")
    tree.interface.new_socket("Geometry", in_out="OUTPUT", socket_type="NodeSocketGeometry")
    geometry = tree.nodes.new("NodeGroupInput").outputs[0]
    for index, groups in enumerate(groups_by_key.values()):
        total = None
        for group in groups:
            read = tree.nodes.new("GeometryNodeInputNamedAttribute")
            read.data_type = "FLOAT"
            read.inputs["Name"].default_value = group
            if total is None:
                total = read.outputs["Attribute"]
                continue
            add = tree.nodes.new("ShaderNodeMath")
            add.operation = "ADD"
            tree.links.new(total, add.inputs[0])
            tree.links.new(read.outputs["Attribute"], add.inputs[1])
            total = add.outputs[0]
        clamp = tree.nodes.new("ShaderNodeMath")  # the Region weight is the sum clamped to 0..1
        clamp.operation = "ADD"
        clamp.use_clamp = True
        clamp.inputs[1].default_value = 0.0
        if total is not None:
            tree.links.new(total, clamp.inputs[0])
        else:
            clamp.inputs[0].default_value = 0.0
        store = tree.nodes.new("GeometryNodeStoreNamedAttribute")
        store.data_type = "FLOAT"
        store.domain = "POINT"
        store.inputs["Name"].default_value = f"{TEMP_NAME}_{index}"
        tree.links.new(geometry, store.inputs["Geometry"])
        tree.links.new(clamp.outputs[0], store.inputs["Value"])
        geometry = store.outputs[0]
    tree.links.new(geometry, tree.nodes.new("NodeGroupOutput").inputs[0])
    return tree


def region_weights(
    mesh_obj: bpy.types.Object, groups_by_key: Mapping[str, Sequence[str]]
) -> dict[str, np.ndarray]:
    """For each key, the per-vertex sum of the named vertex groups' weights, clamped to 0..1
    (float32, one value per vertex of the original mesh). Missing groups count as weight 0."""
    mesh = mesh_obj.data
    count = len(mesh.vertices)
    existing = {group.name for group in mesh_obj.vertex_groups}
    wanted = {key: [g for g in groups if g in existing] for key, groups in groups_by_key.items()}
    result = {key: np.zeros(count, np.float32) for key in groups_by_key}
    if count == 0 or not any(wanted.values()):
        return result

    tree = _build_node_group(wanted)
    temp = bpy.data.objects.new(TEMP_NAME, mesh)
    # A scene of its own: evaluating it touches nothing of the artist's scene (no re-evaluation of
    # their modifier stacks, which on a million vertices costs more than the read itself).
    scene = bpy.data.scenes.new(TEMP_NAME)
    try:
        # vertex-group names live on the mesh (since Blender 3.0), so the temp object sees them as is
        scene.collection.objects.link(temp)
        temp.modifiers.new(TEMP_NAME, "NODES").node_group = tree
        with bpy.context.temp_override(scene=scene, view_layer=scene.view_layers[0]):
            depsgraph = bpy.context.evaluated_depsgraph_get()
            depsgraph.update()
            evaluated = temp.evaluated_get(depsgraph).data
            for index, key in enumerate(wanted):
                evaluated.attributes[f"{TEMP_NAME}_{index}"].data.foreach_get("value", result[key])
    finally:
        bpy.data.objects.remove(temp)
        bpy.data.scenes.remove(scene)
        bpy.data.node_groups.remove(tree)
    return result
