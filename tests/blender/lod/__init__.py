"""Check LOD Coverage: each Region's coverage per LOD and its policy's verdict."""
