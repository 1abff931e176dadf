"""What the mask, LOD, composition, export and Live Preview tests read from a painted mesh, and the
spec's formulas written out independently of the add-on (the falloff, the two composition policies)."""

import bpy
import numpy as np

from ..layout_recorder import draw_panel


def legend_colours() -> set[tuple[float, ...]]:
    """The distinct colours of the Region Masks panel's legend, as drawn."""
    layout = draw_panel(bpy.types.OVERANIM_PT_region_masks, bpy.context)
    return {tuple(round(c, 3) for c in call.kwargs["color"]) for call in layout.of("template_node_socket")}


def body():
    return bpy.data.objects["SK_OverAnimSample_Body"]


def read_color(mesh, name):
    attr = mesh.color_attributes[name]
    out = np.empty(len(mesh.vertices) * 4, np.float32)
    attr.data.foreach_get("color", out)
    return out.reshape(-1, 4)


def naive_region_weight(obj, bones):
    """The slow, obvious reference: a per-vertex loop over the vertex groups."""
    indices = {obj.vertex_groups[b].index for b in bones if b in obj.vertex_groups}
    return np.array([min(1.0, sum(g.weight for g in v.groups if g.group in indices)) for v in obj.data.vertices])


def spec_mask(weight, mode="SMOOTH_STEP", zero=0.0, full=1.0, exponent=1.0):
    """The spec's falloff, written out here (not the add-on's RegionMaskPolicy): t is the weight
    remapped from Zero Weight..Full Weight onto 0..1, then shaped by the Falloff Mode (the spec's
    defaults: SmoothStep from 0 to 1)."""
    t = np.clip((np.asarray(weight, np.float64) - zero) / (full - zero), 0.0, 1.0)
    return {"LINEAR": t, "SMOOTH_STEP": t * t * (3.0 - 2.0 * t), "POWER": t ** exponent}[mode]


def spec_composition(policy, deltas, limit):
    """The spec's two policies per vertex, a loop over vertices (not the add-on's vectorised code):
    the single longest delta (the first Region on a tie), or the sum shortened to ``limit``."""
    out = np.zeros(deltas.shape[1:])
    for v in range(deltas.shape[1]):
        lengths = np.linalg.norm(deltas[:, v], axis=1)
        if policy == "STRONGEST_DELTA":
            out[v] = deltas[int(np.argmax(lengths)), v]
        else:
            total = deltas[:, v].sum(axis=0)
            length = np.linalg.norm(total)
            out[v] = total * (limit[v] / length) if length > limit[v] else total
    return out


def snapshot(obj):
    """Everything of the artist's on a mesh object that is not OverAnim_: attributes, groups, keys."""
    mesh = obj.data
    state = {}
    for attr in mesh.attributes:
        if attr.name.startswith("OverAnim_") or attr.name.startswith("."):
            continue
        width = {"FLOAT_VECTOR": 3, "FLOAT_COLOR": 4, "BYTE_COLOR": 4, "FLOAT2": 2, "QUATERNION": 4,
                 "INT32_2D": 2}.get(attr.data_type, 1)
        field = {"FLOAT_VECTOR": "vector", "FLOAT_COLOR": "color", "BYTE_COLOR": "color",
                 "FLOAT2": "vector", "INT32_2D": "value", "QUATERNION": "value"}.get(attr.data_type, "value")
        dtype = np.int32 if attr.data_type in ("INT", "INT8", "INT32_2D", "BOOLEAN") else np.float32
        if attr.data_type == "BOOLEAN":
            dtype = bool
        buf = np.empty(len(attr.data) * width, dtype)
        attr.data.foreach_get(field, buf)
        state[f"attr:{attr.name}:{attr.domain}"] = buf
    for group in obj.vertex_groups:
        if not group.name.startswith("OverAnim_"):
            state[f"group:{group.name}"] = naive_region_weight(obj, [group.name])
    if mesh.shape_keys:
        for key in mesh.shape_keys.key_blocks:
            if not key.name.startswith("OverAnim_"):
                co = np.empty(len(key.data) * 3, np.float32)
                key.data.foreach_get("co", co)
                state[f"key:{key.name}:{key.value}"] = co
    state["modifiers"] = [m.name for m in obj.modifiers]
    return state


def assert_same(a, b):
    assert a.keys() == b.keys()
    for key in a:
        assert np.array_equal(a[key], b[key]), key


# -- the 3D Views' shading ------------------------------------------------------------------------------
def views():
    """(screen, area index, space) of every 3D View of the file, inactive spaces included."""
    return [(screen.name, index, space) for screen in bpy.data.screens for index, area in enumerate(screen.areas)
            for space in area.spaces if space.type == "VIEW_3D"]


def colour_types():
    return {(screen, index): space.shading.color_type for screen, index, space in views()}
