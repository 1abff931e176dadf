"""Blender tests of Analyze Motion."""
