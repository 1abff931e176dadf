"""A binary FBX file as a tree of elements, read and written with the modules that ship with Blender's
own FBX add-on: ``io_scene_fbx.parse_fbx`` reads, ``io_scene_fbx.encode_bin`` (the writer the exporter
itself uses) writes. Both are the same on 4.2, 4.3, 4.5 and 5.0. A file the exporter wrote, read and
written again unchanged, comes back byte for byte (tested), so an edit changes only what it edits.

An element is what the FBX format has: an id (``b"Model"``), a list of typed values (``types`` holds
one FBX type code per value: ``b"L"`` int64, ``b"S"`` string, ``b"d"`` float64 array...) and child
elements. An object's name is stored as ``name \\x00\\x01 class`` (``b"root\\x00\\x01Model"``).
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

NAME_SEPARATOR = b"\x00\x01"


@dataclass
class Element:
    id: bytes
    props: list[Any] = field(default_factory=list)
    types: bytearray = field(default_factory=bytearray)
    children: list[Element] = field(default_factory=list)

    def child(self, id_: bytes) -> Element | None:
        return next((c for c in self.children if c.id == id_), None)

    def all(self, id_: bytes) -> list[Element]:
        return [c for c in self.children if c.id == id_]

    @classmethod
    def of(cls, id_: bytes, types: bytes, *props: Any, children: list[Element] | None = None) -> Element:
        """``Element.of(b"C", b"SLL", b"OO", child_id, parent_id)``: one type code per value."""
        assert len(types) == len(props)
        return cls(id_, list(props), bytearray(types), children or [])


def name_class(name: bytes, cls: bytes) -> bytes:
    return name + NAME_SEPARATOR + cls


def object_name(elem: Element) -> bytes:
    """The name part of an object element's ``name \\x00\\x01 class`` (its second value)."""
    return bytes(elem.props[1]).split(NAME_SEPARATOR)[0]


def _module(name: str) -> Any:
    return importlib.import_module(f"io_scene_fbx.{name}")  # the exporter is enabled by then


def _element(parsed: Any) -> Element:
    return Element(parsed.id, list(parsed.props), bytearray(parsed.props_type), [_element(c) for c in parsed.elems])


def read(path: Path) -> tuple[Element, int]:
    """The root element (id ``b""``; its children are the file's top-level elements) and the FBX version."""
    root, version = _module("parse_fbx").parse(str(path))
    return _element(root), version


# FBX type code -> the encode_bin.FBXElem method that appends a value of that type
_ADDERS = {b"B": "add_bool", b"C": "add_char", b"Z": "add_int8", b"Y": "add_int16", b"I": "add_int32",
           b"L": "add_int64", b"F": "add_float32", b"D": "add_float64", b"R": "add_bytes", b"S": "add_string",
           b"i": "add_int32_array", b"l": "add_int64_array", b"f": "add_float32_array",
           b"d": "add_float64_array", b"b": "add_bool_array", b"c": "add_byte_array"}
_ARRAY_DTYPES = {b"i": np.int32, b"l": np.int64, b"f": np.float32, b"d": np.float64}


def _encoded(encode_bin: Any, elem: Element) -> Any:
    out = encode_bin.FBXElem(elem.id)
    for code, value in zip(elem.types, elem.props, strict=True):
        kind = bytes((code,))
        if isinstance(value, np.ndarray):  # our own arrays: the exact dtype the writer asks for
            value = np.ascontiguousarray(value, dtype=_ARRAY_DTYPES[kind])
        getattr(out, _ADDERS[kind])(value)
    out.elems.extend(_encoded(encode_bin, c) for c in elem.children)
    return out


def write(path: Path, root: Element, version: int) -> None:
    encode_bin = _module("encode_bin")
    with encode_bin.FBXElem.enable_multithreading_cm():  # array compression in threads, as the exporter does
        tree = _encoded(encode_bin, root)
    encode_bin.write(str(path), tree, version)
