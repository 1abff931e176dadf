"""Blender tests of Measure Proportions."""
