"""Small helpers shared by the Blender tests."""


def custom_props(obj) -> dict:
    """The OverAnim_ custom properties of an ID (IDs are not iterable: use keys())."""
    return {k: obj[k] for k in obj.keys() if k.startswith("OverAnim_")}  # noqa: SIM118


def script_command(script, *args) -> list[str]:
    """The command that runs one of our headless scripts the way this process runs Blender: plain
    Python with the bpy module, or, inside a real Blender binary (whose sys.executable is a Python
    without bpy), ``blender --background --python script -- args``."""
    import sys

    import bpy

    if bpy.app.binary_path:
        return [bpy.app.binary_path, "--background", "--factory-startup", "--python-exit-code", "1",
                "--python", str(script), "--", *map(str, args)]
    return [sys.executable, str(script), *map(str, args)]
