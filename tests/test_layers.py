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



# -- no circles: features import each other only downward ---------------------------------------------
def module_file(name: str, addon: Path = ADDON) -> Path | None:
    """The file of the add-on's dotted module ``name`` (a package: its ``__init__.py``), or None."""
    parts = name.split(".")
    if parts[0] != addon.name:
        return None
    base = addon.parent.joinpath(*parts)
    for path in (base.with_suffix(".py"), base / "__init__.py"):
        if path.is_file():
            return path
    return None


def dotted(path: Path, addon: Path = ADDON) -> str:
    parts = path.relative_to(addon.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def module_imports(path: Path, addon: Path = ADDON) -> set[str]:
    """The add-on's modules ``path`` imports anywhere in it: at module level, under
    ``TYPE_CHECKING`` and inside functions alike. ``from package import name`` imports the module
    ``package.name`` when there is one (as Python loads it), else ``package``."""
    own = dotted(path, addon)
    package = own.split(".") if path.name == "__init__.py" else own.split(".")[:-1]
    found = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.ImportFrom):
            base = package[:len(package) - node.level + 1] if node.level else []
            module = ".".join([*base, *(node.module.split(".") if node.module else [])])
            for alias in node.names:
                found.add(f"{module}.{alias.name}" if module_file(f"{module}.{alias.name}", addon) else module)
        elif isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
    return {name for name in found if module_file(name, addon) is not None}


def module_graph(addon: Path = ADDON) -> dict[str, set[str]]:
    """Each module of the add-on -> the add-on's modules it imports."""
    return {dotted(path, addon): module_imports(path, addon) for path in addon.rglob("*.py")
            if "__pycache__" not in path.parts}


def feature_graph(modules: dict[str, set[str]], features: set[str] = FEATURES) -> dict[str, set[str]]:
    """Each feature -> the other features its modules import."""
    def feature(name: str) -> str | None:
        parts = name.split(".")
        return parts[2] if parts[1:2] == ["blender"] and len(parts) > 2 and parts[2] in features else None

    graph: dict[str, set[str]] = {name: set() for name in features}
    for module, imported in modules.items():
        own = feature(module)
        if own is not None:
            graph[own] |= {other for other in map(feature, imported) if other is not None and other != own}
    return graph


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected parts of ``graph`` with more than one node (Tarjan's): each holds a circle."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        for other in sorted(graph.get(node, ())):
            if other not in index:
                visit(other)
                low[node] = min(low[node], low[other])
            elif other in stack:
                low[node] = min(low[node], index[other])
        if low[node] == index[node]:
            part = [stack.pop()]
            while part[-1] != node:
                part.append(stack.pop())
            if len(part) > 1:
                found.append(sorted(part))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


def test_no_module_of_the_add_on_imports_itself_back():
    """No circle of imports between the add-on's modules, those under ``TYPE_CHECKING`` and inside
    functions included (a lazy import is no way around one)."""
    assert circles(module_graph()) == []


def test_features_import_each_other_only_downward():
    """The features, each one a node, import each other without a circle: there is an order in
    which each imports only features before it. The Region domain (regions/) imports none."""
    graph = feature_graph(module_graph())
    assert circles(graph) == []
    assert graph["regions"] == set()


def test_a_circle_is_found_at_module_level_and_under_type_checking(tmp_path):
    addon = tmp_path / ADDON.name
    for folder in ("blender/masks", "blender/lod", "blender/compose"):
        (addon / folder).mkdir(parents=True)
    for folder in ("", "blender", "blender/masks", "blender/lod", "blender/compose"):
        (addon / folder / "__init__.py").write_text("")
    (addon / "blender/masks/paint.py").write_text("from ..lod import coverage\n")
    (addon / "blender/lod/coverage.py").write_text(
        "from typing import TYPE_CHECKING\n\nif TYPE_CHECKING:\n    from ..masks.paint import paint\n")
    (addon / "blender/compose/deltas.py").write_text("def clear():\n    from .. import masks\n")
    (addon / "blender/masks/ui.py").write_text("from ..compose.deltas import clear\n")
    modules = module_graph(addon)
    assert circles(modules) == [[f"{ADDON.name}.blender.lod.coverage", f"{ADDON.name}.blender.masks.paint"]]
    assert circles(feature_graph(modules, {"masks", "lod", "compose"})) == [["compose", "lod", "masks"]]
