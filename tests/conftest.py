"""Test-wide set-up. Blender must not write to the developer's own config: point its user
resources at a throw-away folder before anything imports bpy."""

import os
import tempfile

os.environ.setdefault("BLENDER_USER_RESOURCES", tempfile.mkdtemp(prefix="overanim-blender-user-"))
