from __future__ import annotations

import bpy

from ...core.log import Level
from ...core.messages import Message, plural
from ..calibration.preferences import studio_defaults
from ..calibration.properties import apply_settings
from ..shared.object_data import overanim
from ..shared.operators import OverAnimOperatorMixin, refuse_poll
from ..shared.typed import MaybeContext, context_of, scene_of
from .build import add_sample_deltas, build_sample_character
from .walk import add_sample_walk, walk_extent

WALK_FRAMES = 96  # four strides, as in the demo


class OVERANIM_OT_build_sample_character(OverAnimOperatorMixin, bpy.types.Operator):
    """Add a small sample humanoid to try OverAnim on: Unreal bone names with IK foot bones, Regions,
    LOD0 and LOD1 meshes, two Region delta shape keys, and a walk over steps and slopes (the scene plays
    its frames); placed beside whatever stands at the 3D cursor"""

    bl_idname = "overanim.build_sample_character"
    bl_label = "Add Sample Character"
    bl_options = {"REGISTER", "UNDO"}

    @classmethod
    def poll(cls, context: MaybeContext) -> bool:
        context = context_of(context)
        if context.mode != "OBJECT":
            return refuse_poll(cls, Message("The sample is added in Object Mode: switch to it first"))
        return True

    def run(self, context):
        # room for the walk and its terrain too: every panel button has something to work on, Foot IK included
        # with the walk's IK foot bones already: no Edit Mode, so no editmode_toggle in the Info log (skeleton.py)
        armature = build_sample_character(context, extent=walk_extent(scene_of(context), WALK_FRAMES), foot_ik=True)
        add_sample_deltas(armature)  # so Compose Region Deltas works on it too
        terrain = add_sample_walk(context, armature, WALK_FRAMES)
        apply_settings(overanim(armature).calibration, studio_defaults(context))
        scene = scene_of(context)
        return [(Level.INFO, Message("Added '{name}' with {regions}, walking over '{terrain}' (the scene now plays "
                                     "frames {start}-{end})", name=armature.name,
                                     regions=plural(len(overanim(armature).regions), "{n} Region", "{n} Regions"),
                                     terrain=terrain.name, start=scene.frame_start, end=scene.frame_end))]


classes = (OVERANIM_OT_build_sample_character,)
register, unregister = bpy.utils.register_classes_factory(classes)
