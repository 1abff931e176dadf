"""``Object.overanim`` as mypy sees it: the group of every feature's fields that
``blender/properties.py`` attaches to each Object at register time.

Apart from ``typed.py`` because it is the one view that knows every feature: the type is imported
for mypy only, and nothing that ``blender/properties.py`` imports (the features' properties, the
Region domain, ``overrides``) imports this module, so the type's imports close no circle."""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

import bpy

if TYPE_CHECKING:
    from ..properties import OVERANIM_PG_object


def overanim(obj: bpy.types.Object) -> OVERANIM_PG_object:
    """The add-on's data on the object (blender/properties.py registers it on every Object)."""
    return cast("OVERANIM_PG_object", obj.overanim)  # type: ignore[attr-defined]
