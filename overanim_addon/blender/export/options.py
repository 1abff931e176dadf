"""Export for Unreal's options, each declared once: a field of the frozen ``ExportOptions`` the engine
and ``fbx.export_for_unreal`` read, carrying the operator property that shows it in the file browser
(``Annotated[type, bpy.props.X(...)]``). The operator takes its properties from here
(``operator_properties``) and builds the options from what the artist set (``from_operator``), so an
option added here reaches the file browser, the engine and the exporter without another signature."""

from __future__ import annotations

import dataclasses
import typing
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Any

import bpy

from ..i18n import CONTEXT


@dataclass(frozen=True)
class ExportOptions:
    path: Path  # the main file, absolute; LOD files go beside it (the file browser's own field)
    export_lods: Annotated[bool, bpy.props.BoolProperty(
        name="LODs as Separate Files", translation_context=CONTEXT, default=True,
        description="Write the meshes of each _LOD<n> into <file>_LOD<n>.fbx (with the armature), as "
        "Unreal's LOD import expects; off: LOD0 only")] = True
    packed_only: Annotated[bool, bpy.props.BoolProperty(
        name="Region Masks Only", translation_context=CONTEXT, default=True,
        description="When OverAnim_RegionMasks exists, write it as the only vertex colour; off: your own "
        "colour attributes follow it (Unreal reads the first)")] = True
    deform_bones_only: Annotated[bool, bpy.props.BoolProperty(
        name="Deform Bones Only", translation_context=CONTEXT, default=False,
        description="Leave out bones without Deform (control bones); the rig's root stays when it has "
        "children")] = False


def _declared() -> dict[str, Any]:
    """Field name -> its operator property, for every option but the path."""
    hints = typing.get_type_hints(ExportOptions, include_extras=True)
    return {name: typing.get_args(hint)[1] for name, hint in hints.items()
            if typing.get_origin(hint) is Annotated}


def operator_properties() -> dict[str, Any]:
    """The operator's annotations for the options (Blender registers the properties from them)."""
    return _declared()


def from_operator(operator: Any, path: Path) -> ExportOptions:
    """The options the artist set on the operator, for the file at ``path``."""
    return ExportOptions(path, **{name: getattr(operator, name) for name in _declared()})


# every field but the path is shown (a field without its property would never reach the artist), with
# the default the engine takes when a script leaves it out
assert {f.name: f.default for f in dataclasses.fields(ExportOptions) if f.name != "path"} == \
    {name: prop.keywords["default"] for name, prop in _declared().items()}
