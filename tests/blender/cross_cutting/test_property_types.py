"""The PropertyGroups' fields as mypy sees them (each class's ``if TYPE_CHECKING:`` block) are the
fields Blender registers, with the Python type Blender gives each: a field added, renamed or
retyped on one side only fails here."""

from __future__ import annotations

import ast
import inspect
import textwrap
from typing import TYPE_CHECKING

import bpy
import pytest

from overanim_addon.blender import properties

# the Python value Blender gives each kind of property
SIMPLE = {"StringProperty": "str", "EnumProperty": "str", "BoolProperty": "bool", "IntProperty": "int",
          "FloatProperty": "float", "FloatVectorProperty": "Sequence[float]"}


def property_groups() -> list[type]:
    found = [properties.OVERANIM_PG_object]
    for feature in properties.FEATURES:
        found += [cls for cls in getattr(feature, "classes", ()) if issubclass(cls, bpy.types.PropertyGroup)]
    return found


def expected_type(prop) -> str:
    kind = prop.function.__name__
    if kind in SIMPLE:
        return SIMPLE[kind]
    target = prop.keywords["type"]
    if kind == "CollectionProperty":
        return f"bpy.types.bpy_prop_collection_idprop[{target.__name__}]"
    assert kind == "PointerProperty", kind
    if issubclass(target, bpy.types.ID):  # a data-block pointer can be empty
        return f"bpy.types.{target.__name__} | None"
    return target.__name__  # a nested PropertyGroup is always there


def registered(cls: type) -> dict[str, str]:
    return {name: expected_type(prop) for name, prop in cls.__annotations__.items() if not name.startswith("__")}


def declared(cls: type) -> dict[str, str]:
    """The Python types the class declares, as written: of its fields declared once
    (``name: Annotated[type, bpy.props...]``, shared/rna_fields.py), else of its ``if TYPE_CHECKING:``
    block (a class whose fields are still gathered from a table: Object.overanim)."""
    tree = ast.parse(textwrap.dedent(inspect.getsource(cls)))
    body = tree.body[0].body
    fields = [node for node in body if isinstance(node, ast.AnnAssign) and isinstance(node.annotation, ast.Subscript)
              and ast.unparse(node.annotation.value) == "Annotated"]
    if fields:
        return {node.target.id: ast.unparse(node.annotation.slice.elts[0]) for node in fields}
    blocks = [node for node in body if isinstance(node, ast.If) and ast.unparse(node.test) == "TYPE_CHECKING"]
    assert len(blocks) == 1, f"{cls.__name__} has no `if TYPE_CHECKING:` block of its fields"
    return {node.target.id: ast.unparse(node.annotation) for node in blocks[0].body if isinstance(node, ast.AnnAssign)}


def test_every_property_group_of_the_features_is_checked():
    names = {cls.__name__ for cls in property_groups()}
    assert {"OVERANIM_PG_object", "OVERANIM_PG_region", "OVERANIM_PG_foot_ik", "OVERANIM_PG_calibration"} <= names
    assert len(names) == len(property_groups()) >= 10


@pytest.mark.parametrize("cls", property_groups(), ids=lambda cls: cls.__name__)
def test_typed_fields_are_the_registered_ones(cls):
    assert declared(cls) == registered(cls)


def test_a_field_missing_from_the_typed_block_is_found():
    class OVERANIM_PG_example(bpy.types.PropertyGroup):
        if TYPE_CHECKING:
            size: float
        __annotations__ = {"size": bpy.props.FloatProperty(), "label": bpy.props.StringProperty()}

    assert declared(OVERANIM_PG_example) == {"size": "float"}
    assert registered(OVERANIM_PG_example) == {"size": "float", "label": "str"}



def test_a_field_declared_once_with_the_wrong_type_is_found():
    from typing import Annotated

    from overanim_addon.blender.shared.rna_fields import rna_fields

    @rna_fields
    class OVERANIM_PG_example(bpy.types.PropertyGroup):
        size: Annotated[int, bpy.props.FloatProperty()]
        label: Annotated[str, bpy.props.StringProperty()]

    assert declared(OVERANIM_PG_example) == {"size": "int", "label": "str"}
    assert registered(OVERANIM_PG_example) == {"size": "float", "label": "str"}


def test_the_calibration_group_has_every_details_ui_field():
    from overanim_addon.blender.calibration.properties import OVERANIM_PG_calibration
    from overanim_addon.core.calibration import FIELDS

    assert list(registered(OVERANIM_PG_calibration)) == [spec.name for spec in FIELDS] + ["motion_basis"]
