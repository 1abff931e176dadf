from __future__ import annotations

from typing import TYPE_CHECKING

import bpy

from ...core.log import Level, LogLine
from ...core.messages import Message
from ..i18n import CONTEXT, tip
from ..shared.operators import ArmatureOperatorMixin, at_boundary, replay
from ..shared.scene import require_armature, require_object_mode
from ..shared.typed import MaybeContext, context_of, scene_of

if TYPE_CHECKING:
    from ..shared.typed import OperatorResult
from .engine import ChecksOptions, check_rig
from .fixes import FIXES


class OVERANIM_OT_run_checks(ArmatureOperatorMixin, bpy.types.Operator):
    """Check the rig before measuring: scale, pose, locomotion root, unit scale, Regions"""

    bl_idname = "overanim.run_checks"
    bl_label = "Run Checks"
    _clicked = False

    def invoke(self, context, event):
        self._clicked = True  # a click: its error findings are reported as errors (see execute)
        return self.execute(context)

    def execute(self, context: MaybeContext) -> OperatorResult:
        """Error findings are Run Checks' result, not a failure: it FINISHES (the findings are stored, the
        step is undoable) and reports them as ERROR (the panel's level) when clicked; from a script, where
        an ERROR report makes bpy.ops raise, as WARNING. A refusal cancels, as at every boundary."""
        context = context_of(context)
        findings: list[LogLine] = []

        def check() -> tuple[LogLine, ...]:
            findings.extend(self.run(context))
            return ()  # reported below, whatever their levels

        outcome = at_boundary(self, check)
        if outcome == {"FINISHED"}:
            error = Level.ERROR if self._clicked else Level.WARNING
            replay(self, [(error if level is Level.ERROR else level, message) for level, message in findings])
        return outcome

    def run(self, context):
        return check_rig(context, require_armature(context), ChecksOptions()).log


class FixOperatorMixin(ArmatureOperatorMixin):
    """Apply the fix ``self.fix`` (a key of FIXES), then check again."""

    fix: str

    def run(self, context):
        armature = require_armature(context)
        require_object_mode(armature, scene_of(context))
        fix = FIXES[self.fix]
        changed = fix.apply(context, armature)
        said = changed if changed is not None else Message("{fix}: done", fix=fix.label)
        return [(Level.INFO, said), *check_rig(context, armature, ChecksOptions()).log[-1:]]


class OVERANIM_OT_fix_check(FixOperatorMixin, bpy.types.Operator):
    """Apply the safe one-click fix of a check, then check again"""

    bl_idname = "overanim.fix_check"
    bl_label = "Fix"

    fix: bpy.props.EnumProperty(  # type: ignore[valid-type]
        name="Fix", translation_context=CONTEXT, items=[(key, fix.label, "") for key, fix in FIXES.items()]
    )

    @classmethod
    def description(cls, context, properties):
        # Blender shows what this returns as it is: translated here
        fix = FIXES[properties.fix]
        return tip(Message(fix.tooltip) if fix.tooltip else Message("{fix}, then run the checks again", fix=fix.label))


def fix_operator(key: str) -> str:
    """The idname of the operator the Checks panel draws for a fix: named after it, so Blender's
    redo panel and undo history say "Apply Scale" where fix_check (for scripts) says "Fix"."""
    return f"overanim.fix_{key}"


FIX_OPERATORS = tuple(
    type(f"OVERANIM_OT_fix_{key}", (FixOperatorMixin, bpy.types.Operator),
         {"bl_idname": fix_operator(key), "bl_label": fix.label, "fix": key, "__doc__": fix.description()})
    for key, fix in FIXES.items()
)
classes = (OVERANIM_OT_run_checks, OVERANIM_OT_fix_check, *FIX_OPERATORS)
register, unregister = bpy.utils.register_classes_factory(classes)
