"""Measuring a skeleton and its geometry, bpy-free. Coordinates are in the armature's own space
(component space), Z up, in centimetres; the ground is the plane Z = 0.

The Blender layer extracts bones and rest-pose vertices into these plain structures; the rules of
what is measured live here so they can be tested without Blender:

- a bone's extent is joint to joint (``Skeleton.end``): from its head to the head of its child (the
  child at its tail when there is one, else the farthest one), because importers invent tails
  (Blender's glTF importer puts a leaf's tail along the joint's own +Y, metres away). Only a leaf
  bone, with no child joint, keeps its own tail, and when the skin it deforms is known, no farther
  from its head than that skin reaches (0 for a leaf that deforms nothing, as Mixamo's ``*_End``);
- character height: the highest point (vertices, else bone heads and ends) above the ground;
- body root (when Locomotion Root Bone is None): searched first among the deforming bones, then
  among a Rigify rig's ``ORG-`` skeleton (the metarig's bones, whose hierarchy the ``DEF-`` bones
  lack), then among all bones, so that a control (Rigify's ``hips``) never wins over the skeleton:
  in each, the first bone named like a pelvis/hips (``pelvis``, ``hips``, ``hip`` after prefixes
  such as ``mixamorig:`` or ``DEF-``), else the first bone, in hierarchy order, with two or more
  leg-like child chains (a chain whose lowest joint is below half of the bone's own height);
- locomotion height: the height of the locomotion root bone's head above the ground;
- ground probe radius: half the hip-joint height of the tallest leg (the head height of the first
  bone of each leg-like child chain of the body root). The footstep-IK walkthrough starts its foot
  probe a quarter of the capsule (about half a leg) above the ground; for Unreal's mannequin this
  comes to about 45 cm, beside the spec's 42 cm reference;
- a Region's chains: its bones restricted to their own parent links form trees; chain length is the
  greatest sum of joint-to-joint lengths along a root-to-leaf path (the last bone's to its end),
  span length the distance from that path's root head to the end of the farthest leaf of the same
  tree, average bone length the mean joint-to-joint length of the Region's bones; its tip is that
  longest path's last bone;
- bounds radius: the radius of an (approximately minimal) bounding sphere of the Region's points.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field

import numpy as np

from .errors import InvalidInputError
from .messages import Message

_ROOT_NAME = re.compile(r"(?:^|[^a-z])(pelvis|hips?)$")
_NAME_PREFIX = re.compile(r"^(mixamorig\d*:|def[-_]|org[-_]|bip\d*[ _]|c_)", re.IGNORECASE)


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


# -- whole-character measures --------------------------------------------------------------------
BELOW_FRACTION = 0.2  # a rig reaching this share of its size below its origin does not stand on it
# of the rig's height: a bone this low is at ground level (the Checks' locomotion root, the ground reference)
GROUND_LEVEL_FRACTION = 0.003


@dataclass(frozen=True)
class Hang:
    """A rig reaching more than BELOW_FRACTION of its size below its origin along up (cm)."""

    depth: float  # how far below the origin its lowest point is
    above: float  # how far above the origin its highest point is (0 when it is all below)

    @property
    def upside_down(self) -> bool:
        """Nearly all of it below its origin: it stands on its head rather than hangs from a joint."""
        return self.above <= BELOW_FRACTION * (self.depth + self.above)


def hang(z: np.ndarray) -> Hang | None:
    """How the points (their heights ``z``) hang below the origin; None for a rig standing on its
    origin (feet a little below it are fine)."""
    values = np.asarray(z, dtype=np.float64).reshape(-1)
    values = values[np.isfinite(values)]
    if not values.size:
        return None
    top, bottom = float(values.max()), float(values.min())
    if -bottom <= BELOW_FRACTION * (top - bottom):
        return None
    return Hang(-bottom, max(top, 0.0))


def measuring_ground(z: np.ndarray) -> float:
    """How far below the origin the ground is measured from: 0 (the plane through the origin) for a
    rig standing on it or upside down (which the Checks refuse), its lowest point for a rig that
    hangs from its origin (a BVH rest pose hangs from a Hips joint at the origin)."""
    found = hang(z)
    return found.depth if found is not None and not found.upside_down else 0.0


def rig_points(skeleton: Skeleton, vertices: np.ndarray) -> np.ndarray:
    """The rig's extent: its bones' heads and ends, and the vertices (in the same space)."""
    return np.concatenate([skeleton.joint_points(), np.asarray(vertices, dtype=np.float64).reshape(-1, 3)])


def character_height(points: np.ndarray) -> float:
    """Highest point above the ground (Z = 0). Non-finite points are ignored; 0 if none."""
    z = np.asarray(points, dtype=np.float64).reshape(-1, 3)[:, 2]
    z = z[np.isfinite(z)]
    return float(max(z.max(), 0.0)) if z.size else 0.0


def _is_root_name(name: str) -> bool:
    return bool(_ROOT_NAME.search(_NAME_PREFIX.sub("", name).lower()))


def leg_chains(skeleton: Skeleton, bone_name: str) -> list[str]:
    """The child bones of ``bone_name`` that start leg-like chains (reaching below half its height)."""
    bone = skeleton.by_name[bone_name]
    threshold = bone.head[2] * 0.5
    legs = []
    for child in skeleton.children.get(bone_name, []):
        chain = [child, *skeleton.descendants(child)]
        lowest = min(min(skeleton.by_name[n].head[2], skeleton.end(n).point[2]) for n in chain)
        if lowest < threshold:
            legs.append(child)
    return legs


def _root_candidates(skeleton: Skeleton) -> list[list[BoneInfo]]:
    """Where the body root is searched, in order: the deforming bones, a Rigify rig's ``ORG-``
    skeleton, every bone (each once, the first place it is in)."""
    tiers = [[b for b in skeleton.bones if b.deforms],
             [b for b in skeleton.bones if b.name.lower().startswith(("org-", "org_"))], list(skeleton.bones)]
    seen: set[str] = set()
    out = []
    for tier in tiers:
        fresh = [b for b in tier if b.name not in seen]
        seen.update(b.name for b in fresh)
        if fresh:
            out.append(fresh)
    return out


def find_body_root(skeleton: Skeleton) -> str:
    """The automatic locomotion root (see the module docstring for the rule)."""
    for tier in _root_candidates(skeleton):
        for bone in tier:
            if _is_root_name(bone.name):
                return bone.name
        for bone in tier:
            if len(leg_chains(skeleton, bone.name)) >= 2:
                return bone.name
    raise InvalidInputError(Message(
        "No body root found (no bone named pelvis/hips and no bone with two legs below it): "
        "set Locomotion Root Bone"
    ))


def locomotion_height(skeleton: Skeleton, root: str) -> float:
    return float(skeleton.require(root).head[2])


def ground_probe_radius(skeleton: Skeleton, root: str, legs: Sequence[str] | None = None) -> float:
    """Half the hip-joint height (the head of the first bone of each leg-like chain under ``root``)
    of the tallest leg; 0 when it has no legs. ``legs`` gives chains found on another frame of the
    same skeleton (measuring finds them upright, then reads their heights in both spaces)."""
    found = leg_chains(skeleton, root) if legs is None else legs
    return max((float(skeleton.by_name[leg].head[2]) for leg in found), default=0.0) * 0.5


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


# 13 directions (axes, face and corner diagonals): their extreme points seed the sphere
_DIRECTIONS = np.array(
    [[1, 0, 0], [0, 1, 0], [0, 0, 1], [1, 1, 0], [1, -1, 0], [1, 0, 1], [1, 0, -1], [0, 1, 1], [0, 1, -1],
     [1, 1, 1], [1, 1, -1], [1, -1, 1], [-1, 1, 1]], dtype=np.float64
)


def _ball_on_boundary(boundary: list[np.ndarray]) -> tuple[np.ndarray, float]:
    """Centre and squared radius of the smallest sphere through 1 to 4 points (its centre lies in
    their affine hull: 2 q_i . c = |q_i|^2 with q_i = p_i - p_0). Degenerate sets (collinear,
    coplanar four) take the least-squares centre; the radius reaches the farthest of them, so the
    sphere still holds every boundary point."""
    p0 = boundary[0]
    if len(boundary) == 1:
        return p0, 0.0
    q = np.array([point - p0 for point in boundary[1:]])
    lam = np.linalg.lstsq(2.0 * (q @ q.T), (q * q).sum(axis=1), rcond=None)[0]
    centre = p0 + lam @ q
    return centre, max(float(((point - centre) ** 2).sum()) for point in boundary)


def _minimal_ball(points: np.ndarray) -> np.ndarray:
    """Centre of the minimal enclosing sphere of a small point set: Welzl's algorithm with the
    move-to-front heuristic (Gärtner). The recursion is never deeper than the four support points."""
    span2 = float(((points.max(axis=0) - points.min(axis=0)) ** 2).sum())
    slack = 1e-12 * span2 + 1e-300  # "outside" by more than float noise at the set's own scale
    order = list(points)

    def ball(n: int, boundary: list[np.ndarray]) -> tuple[np.ndarray | None, float]:
        centre, r2 = _ball_on_boundary(boundary) if boundary else (None, -1.0)
        if len(boundary) == 4:
            return centre, r2
        for i in range(n):
            point = order[i]
            if centre is None or float(((point - centre) ** 2).sum()) > r2 + slack:
                centre, r2 = ball(i, [*boundary, point])
                order.insert(0, order.pop(i))
        return centre, r2

    centre, _ = ball(len(order), [])
    return centre if centre is not None else points[0]


def bounding_sphere_radius(points: np.ndarray) -> float:
    """Radius of the minimal bounding sphere (0 for fewer than two points).

    The exact minimal sphere is fitted on a small "core set" (the extreme points along 13
    directions); the farthest point still outside it joins the core set and the fit repeats, one
    full pass over all points per round. When no point is outside, the core's minimal sphere is
    the minimal sphere of all points. The radius always encloses every point (it is the farthest
    point's distance from the centre) and changes continuously with the points.
    """
    p = np.asarray(points, dtype=np.float64).reshape(-1, 3)
    p = p[np.all(np.isfinite(p), axis=1)]
    if len(p) < 2:
        return 0.0
    core: list[int] = []
    for direction in _DIRECTIONS:
        projection = p @ direction
        core += [int(np.argmax(projection)), int(np.argmin(projection))]
    core = list(dict.fromkeys(core))
    radius = 0.0
    for _ in range(32):
        centre = _minimal_ball(p[core])
        d2 = ((p - centre) ** 2).sum(axis=1)
        far = int(np.argmax(d2))
        radius = float(np.sqrt(d2[far]))
        core_radius = float(np.sqrt(((p[core] - centre) ** 2).sum(axis=1).max()))
        if radius <= core_radius * (1.0 + 1e-9) or far in core:
            break
        core.append(far)
    # the bounding box's own sphere encloses everything too: never return more than it
    box_centre = (p.min(axis=0) + p.max(axis=0)) * 0.5
    return min(radius, float(np.sqrt(((p - box_centre) ** 2).sum(axis=1).max())))
