"""Test-wide set-up. Blender must not write to the developer's own config: point its user
resources at a throw-away folder before anything imports bpy."""

import os
import tempfile

import pytest

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


_exit_status = 0


def pytest_sessionfinish(session, exitstatus):
    global _exit_status
    _exit_status = int(exitstatus)


@pytest.hookimpl(trylast=True)  # after every other plugin has written what it writes at the end
def pytest_unconfigure(config):
    """In the bpy module, leave without running C++ static destructors once pytest has reported: after
    the whole suite, bpy 4.5's exit deadlocked in a file-closing thread's destructor
    (GlobalState::~GlobalState in bpy/__init__.so, both threads waiting on one condition variable).
    How scripts exit is tested in subprocesses (tests/blender/cross_cutting/test_exit.py), not by this process."""
    import sys

    bpy = sys.modules.get("bpy")
    if bpy is None or getattr(bpy.app, "binary_path", ""):
        return  # no bpy here, or inside a real Blender, which exits the usual way after pytest.main
    sys.stdout.flush()
    sys.stderr.flush()
    os._exit(_exit_status)
