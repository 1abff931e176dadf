"""Blender tests of Probe Ground and Bake Foot IK."""
