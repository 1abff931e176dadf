"""Run inside a real Blender (run.sh) by tests/blender/foot_ik/test_foot_ik_real.py: bake foot IK over a
box, save the file, open it again and read back the NLA stack, the artist's action and the
evaluated IK target. Prints one RESULT line of JSON."""

import json
import os
import sys

import bpy

sys.path.insert(0, os.getcwd())
sys.path.insert(0, os.path.join(os.getcwd(), "tests", "blender"))
import overanim_addon

overanim_addon.register()
try:
    import foot_ik_scenes as scenes

    from overanim_addon.blender.foot_ik.bake import baked_values
    from overanim_addon.blender.sample.build import build_sample_character
    from overanim_addon.blender.sample.walk import add_foot_ik_bones

    out: dict = {"version": bpy.app.version_string}
    path = os.path.join(os.getcwd(), sys.argv[sys.argv.index("--") + 1])
    bpy.ops.wm.read_homefile(use_empty=True)
    rig = build_sample_character(bpy.context)
    add_foot_ik_bones(rig)
    artist = scenes.key_artist_action(rig).name
    before = scenes.action_snapshot(bpy.data.actions[artist])
    scenes.plane()
    scenes.box_under(rig, "foot_l", 10.0)
    heads = {}
    for bone in ("ik_foot_l", "ik_foot_r"):
        bpy.context.scene.frame_set(3)
        heads[bone] = (rig.matrix_world @ rig.pose.bones[bone].head).z * scenes.cm()
    bpy.ops.overanim.bake_foot_ik()
    bpy.ops.wm.save_as_mainfile(filepath=path)
    bpy.ops.wm.open_mainfile(filepath=path)

    rig = bpy.data.objects["SK_OverAnimSample"]
    adt = rig.animation_data
    out["tracks"] = [[t.name, [[s.action.name, s.blend_type] for s in t.strips]] for t in adt.nla_tracks]
    out["active_action"] = adt.action.name if adt.action else None
    out["artist_unchanged"] = scenes.action_snapshot(bpy.data.actions[artist]) == before
    bpy.context.scene.frame_set(3)
    out["rise"] = {bone: (rig.matrix_world @ rig.pose.bones[bone].head).z * scenes.cm() - z
                   for bone, z in heads.items()}
    out["left_offset_property"] = rig["OverAnim_FootIK_LeftOffset"]
    out["baked_left_offsets"] = [float(v) for v in baked_values(rig)["LeftOffset"][:, 1]]
    bpy.ops.overanim.remove_foot_ik_bake()
    out["after_remove"] = [[t.name for t in adt.nla_tracks], adt.action.name if adt.action else None]
    print("RESULT " + json.dumps(out))
finally:
    overanim_addon.unregister()
