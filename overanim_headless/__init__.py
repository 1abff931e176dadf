"""OverAnim without its UI: the batch behind scripts/overanim_batch.py (``cli``, ``orchestrator``,
``worker``, ``report``, ``files``, ``saving``) and ``session``, which the worker, the demo and the
benchmarks use to run the add-on under bpy.

Only ``worker``'s and ``session``'s functions and the save in ``saving`` use bpy, and they import it
when called: the orchestrating process never imports bpy (a process that imported it cannot fork or
spawn bpy workers), it only starts workers that do."""
