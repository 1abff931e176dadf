"""The add-on's layers, read from its source: what several features share lives in
``blender/shared/`` (and the core), in one place, and depends on no feature."""

import ast
from pathlib import Path

ADDON = Path(__file__).resolve().parents[1] / "overanim_addon"
BLENDER = ADDON / "blender"
SHARED = BLENDER / "shared"
# the Blender side's packages that are not a feature
NOT_FEATURES = {"shared", "translations", "__pycache__"}
FEATURES = {p.name for p in BLENDER.iterdir() if p.is_dir() and p.name not in NOT_FEATURES}


def imported_modules(path: Path) -> set[str]:
    """Every module ``path`` imports, as a dotted name inside the add-on (relative imports resolved)."""
    package = path.relative_to(ADDON.parent).with_suffix("").parts[:-1]
    found = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.ImportFrom):
            base = list(package[:len(package) - node.level + 1]) if node.level else []
            module = [*base, *(node.module.split(".") if node.module else [])]
            found.add(".".join(module))
            found |= {".".join([*module, alias.name]) for alias in node.names}
        elif isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
    return found


def test_there_are_features_and_shared_modules():
    assert {"foot_ik", "measure", "export", "checks", "motion"} <= FEATURES
    assert len(list(SHARED.glob("*.py"))) >= 4


def test_what_the_features_share_depends_on_no_feature():
    offenders = sorted(f"{path.name} imports {module}" for path in SHARED.glob("*.py")
                       for module in imported_modules(path)
                       if module.split(".")[:2] == ["overanim_addon", "blender"] and len(module.split(".")) > 2
                       and module.split(".")[2] in FEATURES)
    assert not offenders


def test_the_overanim_prefix_is_defined_once():
    """``OverAnim_``, which every name the add-on writes starts with, is one constant that the features
    import (foot IK, export and motion used to take it from Measure, which defined it beside the masks)."""
    defined = sorted(str(path.relative_to(ADDON)) for path in ADDON.rglob("*.py")
                     for node in ast.walk(ast.parse(path.read_text()))
                     if isinstance(node, ast.Assign) and isinstance(node.value, ast.Constant)
                     and node.value.value == "OverAnim_")
    assert defined == ["blender/shared/names.py"]


def test_every_shared_module_serves_several_features():
    """shared/ holds what features share, not one feature's helpers."""
    users = {path.stem: set() for path in SHARED.glob("*.py") if path.stem != "__init__"}
    for path in BLENDER.rglob("*.py"):
        feature = path.relative_to(BLENDER).parts[0]
        if feature not in FEATURES:
            continue
        for module in imported_modules(path):
            parts = module.split(".")
            if parts[:3] == ["overanim_addon", "blender", "shared"] and len(parts) > 3 and parts[3] in users:
                users[parts[3]].add(feature)
    assert {name: sorted(found) for name, found in users.items() if len(found) < 2} == {}


def test_no_feature_reaches_into_another_features_private_names():
    """A feature uses another through its public names (an engine, a data helper, a drawing
    function); a ``_name`` is its own feature's business."""
    offenders = []
    for path in BLENDER.rglob("*.py"):
        if "__pycache__" in path.parts or path.parent == BLENDER:
            continue
        own = path.relative_to(BLENDER).parts[0]
        for module in imported_modules(path):
            parts = module.split(".")
            if parts[:2] == ["overanim_addon", "blender"] and len(parts) > 3 and parts[2] in FEATURES \
                    and parts[2] != own and any(p.startswith("_") and p != "__init__" for p in parts[3:]):
                offenders.append(f"{path.relative_to(BLENDER)} imports {module}")
    assert not offenders
