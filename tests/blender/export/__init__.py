"""Blender tests of Export for Unreal, read back by outside readers."""
