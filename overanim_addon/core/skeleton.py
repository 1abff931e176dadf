"""Measuring a skeleton and its geometry, bpy-free. Coordinates are in the armature's own space
(component space), Z up, in centimetres; the ground is the plane Z = 0.

The Blender layer extracts bones and rest-pose vertices into these plain structures; the rules of
what is measured live here so they can be tested without Blender:

- character height: the highest point (vertices, else bone heads/tails) above the ground;
- body root (when Locomotion Root Bone is None): the first bone named like a pelvis/hips
  (``pelvis``, ``hips``, ``hip`` after prefixes such as ``mixamorig:`` or ``DEF-``), else the first
  bone, in hierarchy order, with two or more leg-like child chains (a chain whose lowest joint is
  below half of the bone's own height);
- locomotion height: the height of the locomotion root bone's head above the ground;
- ground probe radius: half the hip-joint height of the tallest leg (the head height of the first
  bone of each leg-like child chain of the body root). The footstep-IK walkthrough starts its foot
  probe a quarter of the capsule (about half a leg) above the ground; for Unreal's mannequin this
  comes to about 45 cm, beside the spec's 42 cm reference;
- a Region's chains: its bones restricted to their own parent links form trees; chain length is the
  greatest sum of bone lengths along a root-to-leaf path, span length the distance from that path's
  root head to the tail of the farthest leaf of the same tree, average bone length the mean length
  of the Region's bones; its tip is the tail of that longest path's last bone;
- bounds radius: the radius of an (approximately minimal) bounding sphere of the Region's points.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
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

    @property
    def length(self) -> float:
        return float(np.linalg.norm(np.subtract(self.tail, self.head)))


@dataclass
class Skeleton:
    """Bones in hierarchy order (parents before children, as Blender lists them)."""

    bones: Sequence[BoneInfo]
    by_name: dict[str, BoneInfo] = field(init=False)
    children: dict[str | None, list[str]] = field(init=False)

    def __post_init__(self) -> None:
        self.by_name = {bone.name: bone for bone in self.bones}
        self.children = {}
        for bone in self.bones:
            self.children.setdefault(bone.parent, []).append(bone.name)

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

    def transformed(self, linear: np.ndarray) -> Skeleton:
        """The same bones with every head and tail carried by the 3x3 ``linear``."""
        m = np.asarray(linear, dtype=np.float64).reshape(3, 3)
        joints = np.array([(b.head, b.tail) for b in self.bones], dtype=np.float64).reshape(-1, 3) @ m.T
        rows = joints.reshape(-1, 2, 3).tolist()
        return Skeleton([BoneInfo(b.name, b.parent, (head[0], head[1], head[2]), (tail[0], tail[1], tail[2]))
                         for b, (head, tail) in zip(self.bones, rows, strict=True)])

    def non_finite_bones(self) -> list[str]:
        """Bones whose rest head or tail is NaN or infinite (a script can set them)."""
        return [b.name for b in self.bones if not np.all(np.isfinite(np.array([b.head, b.tail], dtype=np.float64)))]

    def joint_points(self, names: Iterable[str] | None = None) -> np.ndarray:
        bones = self.bones if names is None else [self.by_name[n] for n in names]
        if not bones:
            return np.zeros((0, 3))
        return np.array([p for b in bones for p in (b.head, b.tail)], dtype=np.float64)


# -- whole-character measures --------------------------------------------------------------------
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
        lowest = min(min(skeleton.by_name[n].head[2], skeleton.by_name[n].tail[2]) for n in chain)
        if lowest < threshold:
            legs.append(child)
    return legs


def find_body_root(skeleton: Skeleton) -> str:
    """The automatic locomotion root (see the module docstring for the rule)."""
    for bone in skeleton.bones:
        if _is_root_name(bone.name):
            return bone.name
    for bone in skeleton.bones:
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


@dataclass(frozen=True)
class _ChainTree:
    """One tree of a Region's bones (restricted to their own parent links): its root, its longest
    root-to-leaf chain (summed bone lengths) and that chain's last bone, and all its leaves."""

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
    best: _ChainTree | None = None
    for root in roots:
        # depth-first over this tree: (bone, chain length so far)
        longest, tip, leaves = -1.0, root, []
        stack = [(root, skeleton.by_name[root].length)]
        while stack:
            name, length = stack.pop()
            kids = sub_children[name]
            if not kids:
                leaves.append(name)
                if length > longest:
                    longest, tip = length, name
            stack.extend((k, length + skeleton.by_name[k].length) for k in kids)
        if best is None or longest > best.longest:
            best = _ChainTree(root, longest, tip, tuple(leaves))
    assert best is not None  # names is not empty: it has a root
    return best


def region_chain_measures(skeleton: Skeleton, bone_names: Iterable[str]) -> ChainMeasures:
    names = [n for n in dict.fromkeys(bone_names)]
    if not names:
        return ChainMeasures(0.0, 0.0, 0.0)
    tree = _longest_tree(skeleton, names)
    root_head = np.asarray(skeleton.by_name[tree.root].head)
    span = max(float(np.linalg.norm(np.asarray(skeleton.by_name[leaf].tail) - root_head)) for leaf in tree.leaves)
    average = float(np.mean([skeleton.by_name[n].length for n in names]))
    return ChainMeasures(span_length=span, chain_length=max(tree.longest, 0.0), average_bone_length=average)


def region_tip(skeleton: Skeleton, bone_names: Iterable[str]) -> str:
    """The last bone of the Region's longest chain (the one chain length is measured along): its tail
    is the Region's tip, e.g. the hand of an arm Region."""
    names = [n for n in dict.fromkeys(bone_names)]
    if not names:
        raise InvalidInputError(Message("A Region without bones has no tip"))
    return _longest_tree(skeleton, names).tip


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
