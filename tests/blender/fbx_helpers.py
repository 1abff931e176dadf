"""Reading exported FBX files back in tests, with Blender's own reader (io_scene_fbx.parse_fbx), not
with the add-on's code."""

from __future__ import annotations

import importlib
from dataclasses import dataclass, field

SEPARATOR = b"\x00\x01"
TIMESTAMP_FIELDS = (b"Year", b"Month", b"Day", b"Hour", b"Minute", b"Second", b"Millisecond")


def parse_fbx():
    from overanim_addon.blender.export.fbx import ensure_fbx_exporter

    ensure_fbx_exporter()
    return importlib.import_module("io_scene_fbx.parse_fbx")


def child(elem, id_):
    return next((c for c in elem.elems if c.id == id_), None)


def name_of(elem) -> str:
    return elem.props[1].split(SEPARATOR)[0].decode()


@dataclass
class Fbx:
    """The parts of a parsed file the tests look at."""

    root: object
    objects: list = field(default_factory=list)
    by_id: dict = field(default_factory=dict)
    links: list = field(default_factory=list)  # (kind, child id, parent id, property or None)

    def models(self, name: str) -> list:
        return [o for o in self.objects if o.id == b"Model" and name_of(o) == name]

    def of(self, kind: bytes) -> list:
        return [o for o in self.objects if o.id == kind]

    def sources(self, parent_id: int, prop: bytes | None = None, kind: bytes = b"OP") -> list:
        """Objects connected to ``parent_id`` (through ``prop`` for an OP link)."""
        return [self.by_id[c] for k, c, p, pr in self.links if k == kind and p == parent_id and pr == prop]

    def parents(self, child_id: int, kind: bytes = b"OO") -> list[int]:
        return [p for k, c, p, _pr in self.links if k == kind and c == child_id]


def read(path) -> Fbx:
    root, _version = parse_fbx().parse(str(path))
    objects = child(root, b"Objects").elems
    links = [(c.props[0], c.props[1], c.props[2], c.props[3] if len(c.props) > 3 else None)
             for c in child(root, b"Connections").elems]
    return Fbx(root, objects, {o.props[0]: o for o in objects}, links)


def properties(elem) -> dict[bytes, object]:
    """A node's Properties70 by name: the P element."""
    props = child(elem, b"Properties70")
    return {p.props[0]: p for p in props.elems} if props is not None else {}


def without_creation_time(data: bytes) -> bytes:
    """The file's bytes with the export time (FBXHeaderExtension > CreationTimeStamp) zeroed: the only
    bytes that differ between two exports of the same scene."""
    start = data.index(b"CreationTimeStamp")
    out = bytearray(data)
    for name in TIMESTAMP_FIELDS:
        at = data.index(bytes((len(name),)) + name + b"I", start) + len(name) + 2  # length, name, type code
        out[at:at + 4] = bytes(4)
    return bytes(out)
