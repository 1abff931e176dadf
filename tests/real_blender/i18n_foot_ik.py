"""The scene for a real-window screenshot of Foot IK in Korean (issue 18: 4.3 and 5.2), for shot.sh:

    REAL_BLENDER_VERSION=4.3 ../shared/tools/real-blender/shot.sh overanim_addon out/ko-foot-ik-4.3.png \\
        tests/real_blender/i18n_foot_ik.py
    REAL_BLENDER_VERSION=5.2 ../shared/tools/real-blender/shot.sh overanim_addon out/ko-foot-ik-5.2.png \\
        tests/real_blender/i18n_foot_ik.py

Blender in ko_KR; the sample (IK foot bones, a walk over its terrain) baked, so the panel shows the
values line ("body offset은 ... (bake됨)"); a second bake refused for a solo NLA track
(tests/real_blender/i18n.py asserts that refusal reads Korean); Forward Axis set away from the toes,
so the panel shows its note and Detect Forward Axis. The other sub-panels are registered again
closed (their bl_order keeps their place), so Foot IK fits in the sidebar shot. Pass the package
folder (not a zip): this imports it as ``overanim_addon``.
"""

import bpy

view = bpy.context.preferences.view
view.language = "ko_KR"
view.use_translate_interface = view.use_translate_tooltips = view.use_translate_reports = True

bpy.ops.overanim.build_sample_character()
rig = bpy.context.active_object
bpy.ops.overanim.bake_foot_ik()
solo = rig.animation_data.nla_tracks.new()
solo.name, solo.is_solo = "Solo", True
try:
    bpy.ops.overanim.bake_foot_ik()
except RuntimeError as error:  # the refusal, in Korean
    print(error)
solo.is_solo = False
rig.overanim.foot_ik.forward_axis = "+X"

for panel in [cls for cls in bpy.types.Panel.__subclasses__()
              if getattr(cls, "bl_parent_id", "") == "OVERANIM_PT_main" and cls.__name__ != "OVERANIM_PT_foot_ik"
              and hasattr(bpy.types, cls.__name__)]:
    bpy.utils.unregister_class(panel)
    panel.bl_options = {*getattr(panel, "bl_options", ()), "DEFAULT_CLOSED"}
    bpy.utils.register_class(panel)
