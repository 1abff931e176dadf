"""What several feature folders use, on the same rules, in one place: the operator boundary
(``operators``), the scene queries (``scene``), the names OverAnim writes (``names``), F-curves
across Blender versions (``fcurves``), the character's ground reference and the NLA tracks a
feature keys its own curves on. Nothing here imports a feature."""
