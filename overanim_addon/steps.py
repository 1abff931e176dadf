"""The steps of the headless pipeline, by name, in the order they run. bpy-free: the batch's
orchestrator checks ``--steps`` against this before any Blender starts; the Blender side
(``blender/pipeline.py``) has one row per name."""

from __future__ import annotations

STEPS: dict[str, str] = {
    "checks": "pre-flight checks (scale, pose, locomotion root, unit scale, Regions)",
    "measure": "Measure Proportions (the OverAnim_ custom properties)",
    "paint": "Paint Region Masks",
    "lod": "LOD coverage of every Region",
    "compose": "Compose Region Deltas",
    "footik": "foot IK bake on the file's ground",
    "motion": "Analyze Motion: each armature's clip in cm, cm/s and reference-character units",
    "transfer": "Transfer Action: each clip of --clips (BVH, or a .blend's animated armatures) onto each armature, "
                "retargeted across skeletons, feet planted, with its quality in numbers",
}
STEP_NAMES: tuple[str, ...] = tuple(STEPS)


def parse_steps(text: str) -> tuple[str, ...]:
    """``"measure,paint"`` -> the named steps in pipeline order; ValueError names an unknown one."""
    names = [name.strip() for name in text.split(",") if name.strip()]
    unknown = [name for name in names if name not in STEPS]
    if unknown or not names:
        raise ValueError(f"unknown step {', '.join(map(repr, unknown))}" if unknown else "no step named")
    return tuple(name for name in STEP_NAMES if name in names)
