"""Blender tests of Transfer Action."""
