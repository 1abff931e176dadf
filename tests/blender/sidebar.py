"""The sidebar as the panel tests read it: its default width and the main panel's sub-panels in order."""

import bpy

DEFAULT_SIDEBAR = 291  # the sidebar's width in a 1600x1000 window at UI scale 1 (Blender 4.3)


# the sub-panels of the main panel top to bottom, as they were drawn when the registration order decided it
SIDEBAR = ["OVERANIM_PT_checks", "OVERANIM_PT_results", "OVERANIM_PT_calibration", "OVERANIM_PT_region_masks",
           "OVERANIM_PT_regions", "OVERANIM_PT_foot_ik", "OVERANIM_PT_motion"]


def registered_panels():
    return [cls for cls in bpy.types.Panel.__subclasses__()
            if cls.__module__.startswith("overanim_addon.") and cls.is_registered]


def sidebar_order(panels):
    """The sub-panels of the main panel in the order Blender draws them: by bl_order, a tie in the
    order given (Blender's: registration)."""
    ours = [cls for cls in panels if getattr(cls, "bl_parent_id", "") == "OVERANIM_PT_main"]
    return [cls.__name__ for cls in sorted(ours, key=lambda cls: getattr(cls, "bl_order", 0))]
