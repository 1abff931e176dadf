"""Bulk vertex-group reads. Vertex groups have no bulk accessor in the Python API, and a per-vertex
loop costs about a second per million vertices. Geometry Nodes can read vertex groups as named
attributes in C: throw-away objects that share the mesh carry one small node group that sums up to
``WIDTH`` named groups into a float attribute; they are evaluated together, read with
``foreach_get`` and removed again. The original object, its modifier stack and its mesh are never
changed, and the weights come from the original mesh even when the artist's own modifiers change
the topology.

Linear in the number of Regions: Blender re-checks a whole node tree each time Python adds a node
or a link, so a tree that grows with the Regions takes quadratic time to build (seconds at 200
Regions). The node group here has a fixed size; the group names reach it as modifier inputs, one
object per ``WIDTH`` groups of a key, all evaluated in one depsgraph update.

The node groups are kept between reads, one per width (they do not depend on the names), so a live
repaint does not build one (about a millisecond). Kept groups have no users: Blender does not save
them, and the leading dot of their name keeps them out of its data-block menus. A key read by one
object is clamped by its node group and read straight into the caller's buffer; a key spread over
several objects is summed and clamped here.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, cast

import bpy
import numpy as np

from ..compat import set_modifier_input
from .typed import has_property, mesh_data, temp_override

TEMP_NAME = "OverAnim_tmp_weights"
OUTPUT = f"{TEMP_NAME}_sum"
WIDTH = 8  # at most this many group names per node group (a key with more takes several objects)
TREE_NAME = ".OverAnim_weights"
TREE_WIDTH = "OverAnim_width"  # on a kept node group: how many names it sums
UNCLAMPED = 2.0**100  # the Limit input of a part of a sum: the sum of weights never reaches it


def _build_node_group(width: int) -> bpy.types.NodeTree:
    """The node group (Geometry, ``width`` names, Limit) -> geometry with OUTPUT = the sum of the
    named float attributes (0 for an empty or missing name), at most Limit (weights are never
    negative, so a Limit of 1 is the clamp to 0..1)."""
    tree = bpy.data.node_groups.new(TREE_NAME, "GeometryNodeTree")
    tree[TREE_WIDTH] = width
    # fake-bpy-module types nodes.new() as a bare Node (no data_type, operation...) and new_socket()
    # as taking 'DEFAULT' only: the tree is built untyped
    interface: Any = tree.interface
    nodes: Any = tree.nodes
    interface.new_socket("Geometry", in_out="INPUT", socket_type="NodeSocketGeometry")
    for i in range(width):
        interface.new_socket(f"Name {i}", in_out="INPUT", socket_type="NodeSocketString")
    interface.new_socket("Limit", in_out="INPUT", socket_type="NodeSocketFloat")
    interface.new_socket("Geometry", in_out="OUTPUT", socket_type="NodeSocketGeometry")
    group_input = nodes.new("NodeGroupInput")
    total = None
    for index in range(width):
        read = nodes.new("GeometryNodeInputNamedAttribute")
        read.data_type = "FLOAT"
        tree.links.new(group_input.outputs[index + 1], read.inputs["Name"])
        if total is None:
            total = read.outputs["Attribute"]
            continue
        add = nodes.new("ShaderNodeMath")
        add.operation = "ADD"
        tree.links.new(total, add.inputs[0])
        tree.links.new(read.outputs["Attribute"], add.inputs[1])
        total = add.outputs[0]
    limit = nodes.new("ShaderNodeMath")
    limit.operation = "MINIMUM"
    tree.links.new(total, limit.inputs[0])
    tree.links.new(group_input.outputs[width + 1], limit.inputs[1])
    store = nodes.new("GeometryNodeStoreNamedAttribute")
    store.data_type = "FLOAT"
    store.domain = "POINT"
    store.inputs["Name"].default_value = OUTPUT
    tree.links.new(group_input.outputs[0], store.inputs["Geometry"])
    tree.links.new(limit.outputs[0], store.inputs["Value"])
    tree.links.new(store.outputs[0], nodes.new("NodeGroupOutput").inputs[0])
    return tree


def _interface(tree: bpy.types.NodeTree) -> bpy.types.NodeTreeInterface:
    return cast(bpy.types.NodeTreeInterface, tree.interface)  # a node group always has one


def _node_group(width: int) -> tuple[bpy.types.NodeTree, list[str], str]:
    """The kept node group of this width, built when there is none (looked up in bpy.data on every
    read, so an undo or a purge that removed it is no trouble), with the identifiers of its name
    inputs and of its Limit input."""
    tree = next((t for t in bpy.data.node_groups if t.name.startswith(TREE_NAME) and t.get(TREE_WIDTH) == width),
                None)
    if tree is None:
        tree = _build_node_group(width)
    sockets = [cast(bpy.types.NodeTreeInterfaceSocket, item) for item in _interface(tree).items_tree
               if getattr(item, "in_out", None) == "INPUT"]  # a panel has no in_out
    inputs = [socket.identifier for socket in sockets if socket.socket_type != "NodeSocketGeometry"]
    return tree, inputs[:width], inputs[width]


def forget_node_groups() -> None:
    """Remove the kept node groups (Clear, another file, the add-on unregistered)."""
    ours = [t for t in bpy.data.node_groups if t.name.startswith(TREE_NAME) and has_property(t, TREE_WIDTH)]
    if ours:
        bpy.data.batch_remove(ours)


def _aliased_copy(mesh_obj: bpy.types.Object, groups: set[str]) -> tuple[bpy.types.Object, dict[str, str]]:
    """An object on a copy of the mesh whose wanted vertex groups carry plain names of ours.

    A Named Attribute node finds a built-in or existing attribute before a vertex group of the same
    name (a bone called ``position``, ``sharp_face``, ``material_index``, ``.select_vert`` or
    ``UVMap`` would read that attribute), so groups are read under aliases. The copy shares every
    array with the artist's mesh (Blender's implicit sharing): only its group names differ."""
    copy = mesh_data(mesh_obj).copy()
    holder = bpy.data.objects.new(TEMP_NAME, copy)  # vertex-group names are reached through an object
    alias = {}
    for index, group in enumerate(holder.vertex_groups):
        if group.name in groups:
            alias[group.name] = f"{TEMP_NAME}_g{index}"
            group.name = alias[group.name]
    # Blender copies a mesh's list of attributes for every object it evaluates; with the masks of
    # many Regions painted, that list grows with the Regions and the reads would cost Regions x
    # Regions. The copy keeps only the attributes Blender requires (``attributes.remove`` also
    # removes a vertex group of the same name: those names are kept).
    _strip_attributes(copy, {group.name for group in holder.vertex_groups})
    return holder, alias


def _strip_attributes(mesh: bpy.types.Mesh, keep: set[str]) -> None:
    """Remove the attributes Blender does not require, but those named in ``keep``.

    By index, the last first: looking an attribute up by name (``attributes[name]``, ``get``, ``in``)
    makes Blender give the mesh its own copy of the attribute's array, while an index or an
    iteration shares it. Removing an attribute leaves the indices before it alone; a UV map takes
    its helper layers with it."""
    attributes = mesh.attributes
    doomed = [(index, a.name) for index, a in enumerate(attributes) if not a.is_required and a.name not in keep]
    for index, name in reversed(doomed):
        attribute = attributes[index] if index < len(attributes) else None
        if attribute is None or attribute.name != name:
            attribute = next((a for a in attributes if a.name == name), None)
        if attribute is not None:
            attributes.remove(attribute)


def _add_readers(scene: bpy.types.Scene, copy: bpy.types.Mesh, wanted: Mapping[str, Sequence[str]],
                 alias: Mapping[str, str], readers: list[tuple[str, bpy.types.Object]]) -> None:
    """One object in ``scene`` per key and part of at most WIDTH groups, each summing its part with
    a node group; appended to ``readers`` as made, so the caller removes them even if one fails."""
    # each object gets the node group of its own number of names: an unused name input still costs
    # a pass over the vertices, so a narrow Region must not pay for a wide one
    trees: dict[int, tuple[bpy.types.NodeTree, list[str], str]] = {}
    for key, groups in wanted.items():
        for start in range(0, len(groups), WIDTH):
            part = groups[start:start + WIDTH]
            if len(part) not in trees:
                trees[len(part)] = _node_group(len(part))
            tree, sockets, limit = trees[len(part)]
            reader = bpy.data.objects.new(f"{TEMP_NAME}_{len(readers)}", copy)
            scene.collection.objects.link(reader)
            modifier = cast(bpy.types.NodesModifier, reader.modifiers.new(TEMP_NAME, "NODES"))
            modifier.node_group = tree
            for socket, group in zip(sockets, part, strict=True):
                set_modifier_input(modifier, socket, alias[group])
            set_modifier_input(modifier, limit, 1.0 if len(groups) <= WIDTH else UNCLAMPED)
            readers.append((key, reader))


def region_weights(
    mesh_obj: bpy.types.Object, groups_by_key: Mapping[str, Sequence[str]],
    out: Mapping[str, np.ndarray] | None = None,
) -> dict[str, np.ndarray]:
    """For each key, the per-vertex sum of the named vertex groups' weights, clamped to 0..1
    (float32, one value per vertex of the original mesh). Missing groups count as weight 0.
    ``out`` gives a contiguous float32 buffer per key to fill instead of new arrays."""
    count = len(mesh_data(mesh_obj).vertices)
    existing = {group.name for group in mesh_obj.vertex_groups}
    wanted = {key: [g for g in dict.fromkeys(groups) if g in existing] for key, groups in groups_by_key.items()}
    result = {key: np.empty(count, np.float32) if out is None else out[key] for key in groups_by_key}
    for key, groups in wanted.items():
        if count == 0 or len(groups) > WIDTH or not groups:
            result[key].fill(0.0)  # read in parts (summed below), or nothing to read
    if count == 0 or not any(wanted.values()):
        return result

    holder, alias = _aliased_copy(mesh_obj, {g for groups in wanted.values() for g in groups})
    copy = mesh_data(holder)
    # A scene of its own: evaluating it touches nothing of the artist's scene (no re-evaluation of
    # their modifier stacks, which on a million vertices costs more than the read itself).
    scene = bpy.data.scenes.new(TEMP_NAME)
    readers: list[tuple[str, bpy.types.Object]] = []
    try:
        _add_readers(scene, copy, wanted, alias, readers)
        with temp_override(bpy.context, scene=scene, view_layer=scene.view_layers[0]):
            depsgraph = bpy.context.evaluated_depsgraph_get()
            depsgraph.update()
            summand = None
            for key, reader in readers:
                output = mesh_data(reader.evaluated_get(depsgraph)).attributes[OUTPUT]
                data = cast(bpy.types.FloatAttribute, output).data
                if len(wanted[key]) <= WIDTH:
                    data.foreach_get("value", result[key])  # one part, clamped by the node group
                    continue
                summand = np.empty(count, np.float32) if summand is None else summand
                data.foreach_get("value", summand)
                result[key] += summand
    finally:
        # one pass over the file's users: removing the objects one by one is quadratic
        bpy.data.batch_remove([reader for _, reader in readers] + [holder, copy, scene])
    for key, groups in wanted.items():
        if len(groups) > WIDTH:
            np.clip(result[key], 0.0, 1.0, out=result[key])  # the Region weight is the sum clamped to 0..1
    return result
