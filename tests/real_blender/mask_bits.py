"""What the add-on's colour attributes hold, bit for bit, for the window scripts that compare a live
repaint with a fresh paint (``RealBlender.shot`` puts this file in front of a script that imports it)."""

import bpy
import numpy as np


def overanim_bits() -> dict:
    """Each mesh's ``OverAnim_`` colour attributes as their float32 bits, by "mesh/attribute"."""
    out = {}
    for mesh in bpy.data.meshes:
        for attr in mesh.color_attributes:
            if attr.name.startswith("OverAnim_"):
                buf = np.empty(len(mesh.vertices) * 4, np.float32)
                attr.data.foreach_get("color", buf)
                out[f"{mesh.name}/{attr.name}"] = buf.view(np.uint32)
    return out
