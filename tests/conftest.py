"""Test-wide set-up. Blender must not write to the developer's own config: point its user
resources at a throw-away folder before anything imports bpy."""

import os
import tempfile

os.environ.setdefault("BLENDER_USER_RESOURCES", tempfile.mkdtemp(prefix="overanim-blender-user-"))

try:
    from hypothesis import HealthCheck, settings
except ImportError:  # the real-blender tool's Python without hypothesis: its property tests fail to import
    pass
else:
    # No test here is timed (speed is the benchmarks' business): on a loaded CI machine a slow first
    # draw or example must not fail a property test.
    settings.register_profile("overanim", deadline=None, suppress_health_check=[HealthCheck.too_slow])
    settings.load_profile("overanim")
