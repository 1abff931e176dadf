"""Blender tests of + Sample."""
