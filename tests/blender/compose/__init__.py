"""Compose Region Deltas: the Regions' delta shape keys composed into OverAnim_Composed."""
