"""A PropertyGroup's fields declared once: ``name: Annotated[PythonType, bpy.props.X(...)]``. mypy
reads the Python type (what Blender gives back on an instance), Blender the property: ``rna_fields``
leaves it only the property in ``__annotations__``, which is what Blender registers.

(fake-bpy-module types ``bpy.props.X()`` as a deferred property, not as the value an instance
holds, so a plain ``name: bpy.props.X()`` would give mypy the wrong type and need an ignore.)"""

from __future__ import annotations

import ast
import inspect
import sys
import typing
from typing import Any, TypeVar

Group = TypeVar("Group", bound=type)


def _property(annotation: Any, namespace: dict[str, Any], name: str) -> Any:
    """The property of one ``Annotated[type, property]``: from the string ``from __future__ import
    annotations`` leaves (only the property is evaluated: the type may name what exists for mypy
    only), or from the evaluated annotation."""
    if not isinstance(annotation, str):
        return typing.get_args(annotation)[1]
    node = ast.parse(annotation, mode="eval").body
    if not (isinstance(node, ast.Subscript) and isinstance(node.value, ast.Name) and node.value.id == "Annotated"
            and isinstance(node.slice, ast.Tuple) and len(node.slice.elts) == 2):
        raise TypeError(f"field '{name}' is not declared as Annotated[type, bpy.props...]: {annotation}")
    return eval(compile(ast.Expression(node.slice.elts[1]), "<field>", "eval"), namespace)


def rna_fields(cls: Group) -> Group:
    """Class decorator: each ``Annotated[type, property]`` field of the class becomes its property,
    as Blender expects to find it when the class is registered."""
    namespace = vars(sys.modules[cls.__module__])
    cls.__annotations__ = {name: _property(annotation, namespace, name)
                           for name, annotation in inspect.get_annotations(cls).items()}
    return cls
