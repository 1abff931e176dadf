"""Blender tests of what every feature shares: registration, the panel,
translations, undo, bad input, the engine contract, real characters from other tools."""
