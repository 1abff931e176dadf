"""paint_region_masks, the masks' engine, called as the pipeline calls it (nothing selected)."""

from __future__ import annotations

import bpy

from overanim_addon.blender.masks.engine import PaintOptions, paint_region_masks

from ..engine_calls import operator_reports, said, templates


def test_paint_region_masks_paints_every_mesh_and_shows_the_preview(unselected, capfd):
    outcome = paint_region_masks(bpy.context, unselected, PaintOptions(write_vertex_groups=True))
    meshes = [o for o in bpy.context.scene.objects if o.type == "MESH" and o.parent is unselected]
    assert outcome.stats.meshes == len(meshes) and outcome.stats.regions == len(unselected.overanim.regions)
    assert outcome.stats.vertices == sum(len(m.data.vertices) for m in meshes)
    assert unselected.overanim.masks_painted
    head = next(r for r in unselected.overanim.regions)
    assert all(f"OverAnim_MaskGroup_{head.name}" in m.vertex_groups for m in meshes)  # the option was followed
    assert templates(outcome.log)[0] == ("INFO", "Painted {masks} on {meshes} ({vertices})")
    assert operator_reports(unselected, bpy.ops.overanim.paint_region_masks, capfd) == said(outcome.log)
