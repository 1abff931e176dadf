"""Blender tests of Region masks, the preview and Live Preview."""
