"""A skeleton and its geometry, bpy-free. Coordinates are in the armature's own space (component
space), Z up, in centimetres; the ground is the plane Z = 0.

The Blender layer extracts bones and rest-pose vertices into these plain structures; the rules of
what is measured live here so they can be tested without Blender:

- a bone's extent is joint to joint (``Skeleton.end``): from its head to the head of its child (the
  child at its tail when there is one, else the farthest one), because importers invent tails
  (Blender's glTF importer puts a leaf's tail along the joint's own +Y, metres away). Only a leaf
  bone, with no child joint, keeps its own tail, and when the skin it deforms is known, no farther
  from its head than that skin reaches (0 for a leaf that deforms nothing, as Mixamo's ``*_End``);
- a Region's chains: its bones restricted to their own parent links form trees; chain length is the
  greatest sum of joint-to-joint lengths along a root-to-leaf path (the last bone's to its end),
  span length the distance from that path's root head to the end of the farthest leaf of the same
  tree, average bone length the mean joint-to-joint length of the Region's bones; its tip is that
  longest path's last bone.

Where the ground is and how tall the rig stands: ``ground.py``; which bone is the body root:
``body_root.py``; a Region's bounds radius: ``bounding_ball.py``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field

import numpy as np

from .errors import InvalidInputError
from .messages import Message


@dataclass(frozen=True)
class BoneInfo:
    name: str
    parent: str | None
    head: tuple[float, float, float]
    tail: tuple[float, float, float]
    deforms: bool = True

    @property
    def length(self) -> float:
        """Its own length, head to tail (which an importer may have invented: see ``Skeleton.end``)."""
        return float(np.linalg.norm(np.subtract(self.tail, self.head)))


CHILD_AT_TAIL = 1e-3  # of a bone's own length: a child this near its tail continues it
SAME_JOINT = 1e-6  # of the skeleton's size: a child this near a bone's head starts at the same joint


@dataclass(frozen=True)
class BoneEnd:
    """Where a bone ends, joint to joint (see the module docstring)."""

    point: tuple[float, float, float]
    length: float  # from the bone's head to ``point``
    child: str | None  # the child whose head it ends at; None for a leaf (its own tail)
    tail_length: float  # the bone's own length, head to tail
    skin_reach: float | None  # a leaf's: how far its skin reaches from its head; None: no skin known

    @property
    def cut_by_skin(self) -> bool:
        return self.child is None and self.length < self.tail_length * (1.0 - 1e-9)


@dataclass
class Skeleton:
    """Bones in hierarchy order (parents before children, as Blender lists them).

    ``skin``: per bone, the rest points of the vertices it deforms (same space as the bones), read
    for the leaf bones whose length counts; a leaf missing from it deforms nothing. None when no
    mesh is known: a leaf then keeps its whole tail."""

    bones: Sequence[BoneInfo]
    skin: Mapping[str, np.ndarray] | None = None
    by_name: dict[str, BoneInfo] = field(init=False)
    children: dict[str | None, list[str]] = field(init=False)
    _ends: dict[str, BoneEnd] = field(init=False, repr=False)
    _apart: float = field(init=False, repr=False)

    def __post_init__(self) -> None:
        self.by_name = {bone.name: bone for bone in self.bones}
        self.children = {}
        for bone in self.bones:
            self.children.setdefault(bone.parent, []).append(bone.name)
        self._ends = {}
        heads = np.array([b.head for b in self.bones], dtype=np.float64).reshape(-1, 3)
        heads = heads[np.all(np.isfinite(heads), axis=1)]
        self._apart = SAME_JOINT * (float(np.max(np.ptp(heads, axis=0))) if len(heads) else 0.0)

    def require(self, name: str) -> BoneInfo:
        try:
            return self.by_name[name]
        except KeyError:
            raise InvalidInputError(Message("The armature has no bone named '{bone}'", bone=name)) from None

    def descendants(self, name: str) -> list[str]:
        out: list[str] = []
        stack = list(reversed(self.children.get(name, [])))
        while stack:
            current = stack.pop()
            out.append(current)
            stack.extend(reversed(self.children.get(current, [])))
        return out

    def transformed(self, linear: np.ndarray, lift: float = 0.0) -> Skeleton:
        """The same bones (and skin) with every point carried by the 3x3 ``linear``, then raised by
        ``lift`` along Z."""
        m = np.asarray(linear, dtype=np.float64).reshape(3, 3)
        up = np.array([0.0, 0.0, lift])
        joints = np.array([(b.head, b.tail) for b in self.bones], dtype=np.float64).reshape(-1, 3) @ m.T + up
        rows = joints.reshape(-1, 2, 3).tolist()
        skin = None if self.skin is None else {
            name: np.asarray(points, dtype=np.float64).reshape(-1, 3) @ m.T + up for name, points in self.skin.items()}
        return Skeleton([BoneInfo(b.name, b.parent, tuple(head), tuple(tail), b.deforms)
                         for b, (head, tail) in zip(self.bones, rows, strict=True)], skin)

    def end(self, name: str) -> BoneEnd:
        """Where the bone ends, joint to joint (see the module docstring)."""
        found = self._ends.get(name)
        if found is not None:
            return found
        bone = self.by_name[name]
        head, tail = np.asarray(bone.head, dtype=np.float64), np.asarray(bone.tail, dtype=np.float64)
        own = float(np.linalg.norm(tail - head))
        heads = [(k, np.asarray(self.by_name[k].head, dtype=np.float64)) for k in self.children.get(name, [])]
        kids = [(k, h, float(np.linalg.norm(h - head))) for k, h in heads]
        kids = [kid for kid in kids if kid[2] > self._apart]
        if kids:
            at_tail = [kid for kid in kids if float(np.linalg.norm(kid[1] - tail)) <= CHILD_AT_TAIL * own]
            child, point, length = at_tail[0] if at_tail else max(kids, key=lambda kid: kid[2])
            found = BoneEnd((float(point[0]), float(point[1]), float(point[2])), length, child, own, None)
        else:
            reach = None
            if self.skin is not None:
                points = np.asarray(self.skin.get(name, np.zeros((0, 3))), dtype=np.float64).reshape(-1, 3)
                points = points[np.all(np.isfinite(points), axis=1)]
                reach = float(np.max(np.linalg.norm(points - head, axis=1))) if len(points) else 0.0
            length = own if reach is None else min(own, reach)
            end = head + (tail - head) * (length / own) if own > 0.0 else head
            found = BoneEnd((float(end[0]), float(end[1]), float(end[2])), length, None, own, reach)
        self._ends[name] = found
        return found

    def non_finite_bones(self) -> list[str]:
        """Bones whose rest head or tail is NaN or infinite (a script can set them)."""
        return [b.name for b in self.bones if not np.all(np.isfinite(np.array([b.head, b.tail], dtype=np.float64)))]

    def joint_points(self, names: Iterable[str] | None = None) -> np.ndarray:
        """The heads and ends (``end``) of the bones, 2N x 3."""
        bones = self.bones if names is None else [self.by_name[n] for n in names]
        if not bones:
            return np.zeros((0, 3))
        return np.array([p for b in bones for p in (b.head, self.end(b.name).point)], dtype=np.float64)


# -- Region measures -----------------------------------------------------------------------------
@dataclass(frozen=True)
class ChainMeasures:
    span_length: float
    chain_length: float
    average_bone_length: float
    leaves: tuple[tuple[str, BoneEnd], ...] = ()  # the Region's leaf bones (no child joint): their own tails


@dataclass(frozen=True)
class _ChainTree:
    """One tree of a Region's bones (restricted to their own parent links): its root, its longest
    root-to-leaf chain (summed joint-to-joint lengths) and that chain's last bone, and all its leaves."""

    root: str
    longest: float
    tip: str
    leaves: tuple[str, ...]


def _longest_tree(skeleton: Skeleton, names: Sequence[str]) -> _ChainTree:
    """The tree holding the Region's longest chain (the first such tree in the rig's order)."""
    for name in names:
        skeleton.require(name)
    in_region = set(names)
    sub_children: dict[str, list[str]] = {n: [] for n in names}
    roots = []
    for name in names:
        parent = skeleton.by_name[name].parent
        if parent is not None and parent in in_region:
            sub_children[parent].append(name)
        else:
            roots.append(name)

    def head(name: str) -> np.ndarray:
        return np.asarray(skeleton.by_name[name].head, dtype=np.float64)

    best: _ChainTree | None = None
    for root in roots:
        # depth-first over this tree: (bone, length from the root's head to this bone's head)
        longest, tip, leaves = -1.0, root, []
        stack = [(root, 0.0)]
        while stack:
            name, before = stack.pop()
            kids = sub_children[name]
            if not kids:  # the path's last bone: to its own end (its child joint outside, or its tail)
                leaves.append(name)
                length = before + skeleton.end(name).length
                if length > longest:
                    longest, tip = length, name
            stack.extend((k, before + float(np.linalg.norm(head(k) - head(name)))) for k in kids)
        if best is None or longest > best.longest:
            best = _ChainTree(root, longest, tip, tuple(leaves))
    assert best is not None  # names is not empty: it has a root
    return best


def region_chain_measures(skeleton: Skeleton, bone_names: Iterable[str]) -> ChainMeasures:
    names = [n for n in dict.fromkeys(bone_names)]
    if not names:
        return ChainMeasures(0.0, 0.0, 0.0)
    tree = _longest_tree(skeleton, names)
    root_head = np.asarray(skeleton.by_name[tree.root].head, dtype=np.float64)
    span = max(float(np.linalg.norm(np.asarray(skeleton.end(leaf).point) - root_head)) for leaf in tree.leaves)
    average = float(np.mean([skeleton.end(n).length for n in names]))
    leaves = tuple((n, skeleton.end(n)) for n in names if skeleton.end(n).child is None)
    return ChainMeasures(span_length=span, chain_length=max(tree.longest, 0.0), average_bone_length=average,
                         leaves=leaves)


def region_tip(skeleton: Skeleton, bone_names: Iterable[str]) -> str:
    """The last bone of the Region's longest chain (the one chain length is measured along): its end
    is the Region's tip, e.g. the hand of an arm Region."""
    names = [n for n in dict.fromkeys(bone_names)]
    if not names:
        raise InvalidInputError(Message("A Region without bones has no tip"))
    return _longest_tree(skeleton, names).tip


@dataclass(frozen=True)
class TipPoint:
    """A Region's tip as a point that moves with the pose: ``fraction`` of the way from ``bone``'s
    head to its tail; ``bone`` is the tip bone itself, or its child when the tip bone ends at that
    child's head (fraction 0)."""

    tip: str  # the last bone of the Region's longest chain
    bone: str
    fraction: float


def region_tip_point(skeleton: Skeleton, bone_names: Iterable[str]) -> TipPoint:
    """Where the Region's tip bone ends, joint to joint (``Skeleton.end``): a posed point to follow
    rather than the bone's own tail, which an importer may have put metres away."""
    tip = region_tip(skeleton, bone_names)
    end = skeleton.end(tip)
    if end.child is not None:
        return TipPoint(tip, end.child, 0.0)
    return TipPoint(tip, tip, end.length / end.tail_length if end.tail_length > 0.0 else 0.0)
