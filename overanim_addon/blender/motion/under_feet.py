"""The ground under each foot, for its contacts: where the scene has ground (the objects Foot IK
probes: its Ground collection, else every visible object but the character's own; ``shared.ground``),
a foot's height is measured above the ground straight below its foot point, so a foot planted on a
step or a slope reads as planted. Without ground, and on a frame whose ray meets none, the height is
above the ground reference, as before (``MotionSession`` falls back per frame and the report counts
those frames).

One ray per foot per frame, cast while the frame is sampled (ground that moves is where it stands
at that frame), into trees built once per analysis."""

from __future__ import annotations

import math
from enum import StrEnum

import bpy
import numpy as np
from mathutils import Matrix, Vector

from ...core.log import Level, LogLine
from ...core.messages import Message, plural
from ...core.skeleton import TipPoint
from ..shared.ground import Ground, ground_objects, left_out_characters
from ..shared.object_data import overanim
from ..shared.typed import scene_of

# of the character height: the ray starts this far above the foot point (a foot sunk into a step
# still finds the step's top) and reaches this far below it (a swing over a ditch still finds ground)
RAY_ABOVE = 0.25
RAY_BELOW = 1.0


class ContactRule(StrEnum):
    """What a foot's contact height is measured above (the batch report's ``contacts.rule``)."""

    GROUND = "ground"  # the ground under the foot
    GROUND_REFERENCE = "ground_reference"  # the ground reference (no ground in the scene)


class UnderFeet:
    """The ground's height under each foot (world cm per frame and foot, NaN where the ray met none),
    recorded frame by frame from the sampled pose."""

    def __init__(self, context: bpy.types.Context, armature: bpy.types.Object, feet: dict[str, TipPoint],
                 rows: dict[str, int], frames: int, height_ws: float, cm: float) -> None:
        self.collection = overanim(armature).foot_ik.ground_collection
        objects = ground_objects(scene_of(context), armature, self.collection)
        probed = bool(objects and feet) and math.isfinite(height_ws) and height_ws > 0.0  # no tree without feet
        self.ground = Ground(objects, context.evaluated_depsgraph_get()) if probed else None
        # the characters' parts passed over, said beside the rule (issue 31: a floor a rig carries, a mesh
        # whose Armature modifier names no armature); a Ground collection is taken as it is
        self.left_out = left_out_characters(scene_of(context), armature) if self.collection is None else None
        self.none_probed = not objects
        self.sides = list(feet)
        # each foot's head row, and the row and fraction of the bone where it ends (its TipPoint)
        self._joints = [(rows[f.tip], rows[f.bone], f.fraction) for f in feet.values()]
        self._above, self._length = RAY_ABOVE * height_ws / cm, (RAY_ABOVE + RAY_BELOW) * height_ws / cm
        self.cm = cm
        self.z = np.full((frames, len(self.sides)), np.nan)

    @property
    def rule(self) -> ContactRule:
        found = self.ground is not None and not self.ground.empty and bool(self.sides)
        return ContactRule.GROUND if found else ContactRule.GROUND_REFERENCE

    def record(self, i: int, world: Matrix, heads: np.ndarray, tails: np.ndarray) -> None:
        """Cast one ray under each foot's lower joint (its head or where it ends, as the contacts take
        it) at sample ``i``; ``heads``/``tails``: every pose bone's, armature space."""
        if self.rule is not ContactRule.GROUND:
            return
        assert self.ground is not None
        self.ground.refresh()  # the ground that moves, where it is at this frame
        for k, (head_row, bone_row, fraction) in enumerate(self._joints):
            head = world @ Vector(heads[head_row])
            end = world @ Vector(heads[bone_row] + (tails[bone_row] - heads[bone_row]) * fraction)
            low = end if end.z < head.z else head
            top = low.z + self._above
            hit = self.ground.cast_down(Vector((low.x, low.y, top)), self._length)
            if hit is not None:
                self.z[i, k] = (top - hit[0]) * self.cm

    def heights(self, reference: np.ndarray) -> dict[str, np.ndarray]:
        """Per foot, what its height is measured above at each frame (world cm): the ground under it,
        or where the ray met none (or without ground) the ground reference's height ``reference``."""
        return {side: np.where(np.isnan(self.z[:, k]), reference, self.z[:, k]) for k, side in enumerate(self.sides)}

    def log(self, first_frame: int) -> list[LogLine]:
        """Which rule the contacts used and, per foot, the frames whose ray met no ground."""
        if not self.sides:
            return []
        if self.rule is not ContactRule.GROUND:
            where = Message("collection '{name}'", name=self.collection.name) if self.collection else \
                Message("the scene")
            if self.left_out is not None and self.none_probed:
                return [(Level.INFO, Message("Foot contacts: height above the ground reference (no ground in the "
                                             "scene: {others})", others=self.left_out))]
            return [(Level.INFO, Message("Foot contacts: height above the ground reference (no ground in {where}: no "
                                         "mesh, curve or instance but the character's own)", where=where))]
        names = ", ".join(f"'{name}'" for name in self.ground.names[:3]) if self.ground else ""
        more = Message(" and {count} more", count=len(self.ground.names) - 3) \
            if self.ground and len(self.ground.names) > 3 else ""
        log: list[LogLine] = [(Level.INFO, Message("Foot contacts: height above the ground under each foot "
                                                   "({names}{more})", names=names, more=more))]
        if self.left_out is not None:
            log.append((Level.INFO, Message("Not ground: {others}", others=self.left_out)))
        for k, side in enumerate(self.sides):
            missed = np.flatnonzero(np.isnan(self.z[:, k]))
            if len(missed):
                log.append((Level.WARNING, plural(len(missed), *MISSED[side], frame=first_frame + int(missed[0]))))
        return log


# per side (a language puts "left foot" where its grammar wants it): one frame, several frames
MISSED = {
    "Left": ("Left foot: no ground under it on {n} frame (frame {frame}): its contact height there is above the "
             "ground reference",
             "Left foot: no ground under it on {n} frames (from frame {frame}): its contact height there is above "
             "the ground reference"),
    "Right": ("Right foot: no ground under it on {n} frame (frame {frame}): its contact height there is above the "
              "ground reference",
              "Right foot: no ground under it on {n} frames (from frame {frame}): its contact height there is above "
              "the ground reference"),
}
