"""Small helpers shared by the Blender tests."""


def custom_props(obj) -> dict:
    """The OverAnim_ custom properties of an ID (IDs are not iterable: use keys())."""
    return {k: obj[k] for k in obj.keys() if k.startswith("OverAnim_")}  # noqa: SIM118
