"""A NumPy view of a mesh attribute's own array, to write it without an intermediate buffer.

``foreach_set`` copies a whole buffer into the attribute and converts item by item where the
Python property is not the stored type (a byte colour's ``color_srgb``). Reaching an item of ``Attribute.data`` makes
Blender give the mesh its own copy of the array first when it shares it (implicit sharing with the
evaluated mesh or an undo step), exactly as ``foreach_set`` does, so writing into that array
changes this attribute of this mesh alone. The view is made only when the items lie in one array
of the expected item size (else None: write through ``foreach_set``), and it must be used at once:
a later change of the mesh may move or free the array.
"""

from __future__ import annotations

import ctypes

import bpy
import numpy as np


def attribute_array(attribute: bpy.types.FloatColorAttribute | bpy.types.ByteColorAttribute, dtype: type[np.generic],
                    width: int) -> np.ndarray | None:
    """(items, width) array of ``dtype`` over the attribute's own data, or None."""
    data = attribute.data
    count = len(data)
    size = np.dtype(dtype).itemsize * width
    if count == 0:
        return None
    start = data[0].as_pointer()  # makes the array the mesh's own, as foreach_set would
    if not start or data[count - 1].as_pointer() - start != size * (count - 1):
        return None
    return np.frombuffer((ctypes.c_char * (size * count)).from_address(start), dtype=dtype).reshape(count, width)
