"""Blender tests of the headless batch run with Blender (its bpy-free half: tests/batch)."""
