"""The layering of the code, checked from the source (``ast``, no third-party tool).

- No import cycle between modules of ``tournaments``, ``games``, ``accounts`` and ``config``:
  dependencies point one way (views/API → services of each part → models and ``games``). Imports
  inside functions count too, so a cycle cannot hide behind one; only ``if TYPE_CHECKING:``
  imports are left out, since they never run.
- The rules engine (``games.cards``, ``games.cribbage``, ``games.crapette``)
  and the standings engine (``tournaments.standings.engine``) never import Django.
"""

from __future__ import annotations

import ast
import pathlib

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
PACKAGES = ("tournaments", "games", "accounts", "config")
DJANGO_FREE = ("games.cards", "games.cribbage", "games.crapette", "tournaments.standings.engine")


def _module_files() -> dict[str, pathlib.Path]:
    files = {}
    for package in PACKAGES:
        for path in (ROOT / package).rglob("*.py"):
            if "migrations" in path.parts:
                continue
            parts = list(path.relative_to(ROOT).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts.pop()
            files[".".join(parts)] = path
    return files


MODULES = _module_files()


def _is_type_checking(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _runtime_imports(tree: ast.AST):
    """Every import statement that can run (skips ``if TYPE_CHECKING:`` blocks)."""
    stack = [tree]
    while stack:
        node = stack.pop()
        if isinstance(node, ast.If) and _is_type_checking(node):
            stack.extend(node.orelse)
            continue
        if isinstance(node, ast.Import | ast.ImportFrom):
            yield node
        stack.extend(ast.iter_child_nodes(node))


def imported_names(module: str) -> set[str]:
    """Absolute names of what ``module`` imports: modules, or ``package.attribute``."""
    path = MODULES[module]
    is_package = path.name == "__init__.py"
    names = set()
    for node in _runtime_imports(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
            continue
        if node.level:
            base = module.split(".") if is_package else module.split(".")[:-1]
            base = base[: len(base) - (node.level - 1)]
            origin = ".".join(base + ([node.module] if node.module else []))
        else:
            origin = node.module
        names.update(f"{origin}.{alias.name}" for alias in node.names)
        names.add(origin)
    return names


def dependencies(module: str) -> set[str]:
    """The project's modules that ``module`` needs loaded: ``from pkg import sub`` is ``pkg.sub``."""
    deps = set()
    for name in imported_names(module):
        while name and name not in MODULES:
            name = name.rpartition(".")[0]
        if name and name != module:
            deps.add(name)
    # ``from pkg import sub`` also names ``pkg``: only an edge when an attribute of pkg is used.
    for name in list(deps):
        if any(other.startswith(name + ".") for other in deps) and not _uses_package_attribute(
            module, name
        ):
            deps.discard(name)
    return deps


def _uses_package_attribute(module: str, package: str) -> bool:
    return any(
        name.startswith(package + ".")
        and name not in MODULES
        and name.rpartition(".")[0] == package
        for name in imported_names(module)
    )


def import_cycles() -> list[list[str]]:
    """Strongly connected components of more than one module (Tarjan), as sorted lists."""
    graph = {module: dependencies(module) for module in MODULES}
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    cycles = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for dep in graph[node]:
            if dep not in index:
                visit(dep)
                low[node] = min(low[node], low[dep])
            elif dep in on_stack:
                low[node] = min(low[node], index[dep])
        if low[node] == index[node]:
            component = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                component.append(member)
                if member == node:
                    break
            if len(component) > 1:
                cycles.append(sorted(component))

    for module in sorted(graph):
        if module not in index:
            visit(module)
    return cycles


def test_the_walk_sees_the_project():
    assert {
        "tournaments.models",
        "games.cribbage.game",
        "accounts.links",
        "config.settings",
    } <= set(MODULES)
    assert "tournaments.models" in dependencies("tournaments.results.reporting")


def test_no_import_cycle_between_modules():
    cycles = import_cycles()
    assert not cycles, "import cycles:\n" + "\n".join(" ↔ ".join(c) for c in cycles)


def test_cycle_detection_finds_a_cycle(monkeypatch):
    # the check itself must be able to fail: pretend accounts.roles imports tournaments.models'
    # importer back through a fake edge.
    real = dependencies

    def with_extra_edge(module):
        deps = real(module)
        if module == "tournaments.models":
            deps = deps | {"tournaments.audit"}
        return deps

    monkeypatch.setitem(globals(), "dependencies", with_extra_edge)
    assert "tournaments.audit" in with_extra_edge("tournaments.models")
    assert any({"tournaments.audit", "tournaments.models"} <= set(c) for c in import_cycles())


@pytest.mark.parametrize("module", sorted(m for m in MODULES if m.startswith(DJANGO_FREE)))
def test_engines_do_not_import_django(module):
    django = sorted(
        n for n in imported_names(module) if n.split(".")[0] in ("django", "rest_framework")
    )
    assert not django, f"{module} imports {django}: the engines stay plain Python"
