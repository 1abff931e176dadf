"""Blender tests of Run Checks and its fixes."""
