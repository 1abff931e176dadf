"""The headless batch behind scripts/overanim_batch.py. Everything here but ``worker`` and the save
in ``saving`` is bpy-free: the orchestrating process never imports bpy (a process that imported it
cannot fork or spawn bpy workers), it only starts workers that do."""
