"""The LOD coverage check: is every Region present at each LOD its policy asks for."""

from __future__ import annotations

import bpy

from ...core.messages import Message, plural
from ..overrides import refill
from ..shared.operators import OverAnimOperatorMixin, poll_regions
from ..shared.scene import require_armature
from . import lod as lod_module


class OVERANIM_OT_check_lod_coverage(OverAnimOperatorMixin, bpy.types.Operator):
    """Check that every Region is present at each LOD (_LOD<n> meshes) as its LOD Policy asks"""

    bl_idname = "overanim.check_lod_coverage"
    bl_label = "Check LOD Coverage"
    bl_options = {"REGISTER", "UNDO"}

    @classmethod
    def poll(cls, context: bpy.types.Context) -> bool:
        return poll_regions(cls, context)

    def run(self, context):
        armature = require_armature(context)
        rows = lod_module.coverage(context, armature)
        for item, row in zip(refill(armature.overanim.lod_rows, len(rows), "region"), rows, strict=True):
            item.region, item.lod, item.covered = row.region, row.lod, row.covered
            item.attachment_dependency, item.verdict = row.attachment_dependency, row.verdict.name
        log = []
        for row in rows:
            if row.verdict.name == "ERROR":
                log.append(("ERROR", Message("Region '{region}' is inactive at LOD{lod} (an attachment dependency)",
                                             region=row.region, lod=row.lod) if row.attachment_dependency else
                            Message("Region '{region}' is inactive at LOD{lod} (RequireCoverage)",
                                    region=row.region, lod=row.lod)))
            elif row.verdict.name == "WARNING":
                log.append(("WARNING", Message("Region '{region}' is inactive at LOD{lod}", region=row.region,
                                               lod=row.lod)))
        if not log:
            log.append(("INFO", plural(len(rows), "The {n} Region/LOD pair is fine",
                                       "All {n} Region/LOD pairs are fine")))
        return log


classes = (OVERANIM_OT_check_lod_coverage,)
register, unregister = bpy.utils.register_classes_factory(classes)
