"""The layering of the code, checked from the source (``ast``, no third-party tool); the
picture is ``docs/architecture.md``, whose layer table :data:`LAYERS` mirrors.

- Every module of ``tournaments``, ``games``, ``accounts`` and ``config`` has a layer, and
  imports only from its own layer or those below (a new module must be placed in the table).
- No import cycle between modules: dependencies point one way. Imports inside functions count
  too, so neither a cycle nor an upward import can hide behind one; only ``if TYPE_CHECKING:``
  imports are left out, since they never run.
- Layer 0 (the engines: ``games.cards``, ``games.cribbage``, ``games.crapette``,
  ``tournaments.standings.engine``, ``tournaments.seating.movement``, and the practice tables
  over them) never imports Django.
- An import inside a function is one of the documented exceptions (:data:`FUNCTION_IMPORTS`).
- Names say what a module holds: no two modules of one package differ only by a trailing "s"
  (``registration`` beside ``registrations``), and no module imports another module's private
  (``_name``) name: a rule two modules share is made public where both can use it.
"""

from __future__ import annotations

import ast
import pathlib

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
PACKAGES = ("tournaments", "games", "accounts", "operations", "common", "config")
#: The apps, and what they share below them: none of these imports ``config``.
APPS = ("tournaments", "games", "accounts", "operations", "common")

# The layer of each module, as in docs/architecture.md ("the rule of dependencies"). A name
# ending in ``.*`` is a package with everything under it; any other name is that module only,
# so a new module of a service package must be placed here (the front doors take theirs).
LAYERS: dict[int, tuple[str, ...]] = {
    # 0 plain Python: the engines, and the practice tables over them
    0: (
        "games",
        "games.cards",
        "games.cribbage.*",
        "games.crapette.*",
        "games.play.cribbage.table",
        "games.play.crapette.table",
        "tournaments.standings.engine.*",
        "tournaments.seating.movement.*",
        "tournaments.ratings.engine",
    ),
    # 1 the base: models, errors, audit, outbox, caching, the event's rule facts, accounts,
    #   settings
    1: (
        "tournaments",
        "tournaments.models.*",
        "tournaments.errors",
        "tournaments.words",
        "tournaments.audit",
        "tournaments.outbox",
        "tournaments.publishing.caching",
        "tournaments.publishing.heads",
        "tournaments.publishing.league_tables",
        "tournaments.events.options",
        "tournaments.events.presets",
        "games.models",
        "games.spoken",
        "games.card_input",
        "accounts",
        "accounts.models",
        "accounts.links",
        "accounts.roles",
        "accounts.throttle",
        "accounts.api_throttles",
        "accounts.unlock",
        "accounts.login_guard",
        "common",
        "common.addresses",
        "common.redis_cache",
        "common.announced_name",
        "common.api_input",
        "config",
        "config.celery",
        "config.env",
        "config.home",
        "config.version",
        "config.settings",
        "operations.backup_seal",
        "common.private_links",
        "operations.logs.report_filter",
        "config.formats.*",
        "operations",
        "operations.exposure",
        "operations.health",
        "operations.health.heartbeat",
        "operations.logs",
        "operations.logs.error_reports",
        "operations.logs.masks",
        "operations.logs.gunicorn_logger",
        "operations.hall",
        "operations.hall.suspend",
        "operations.hall.mdns",
        "operations.hall.network",
        "operations.hall.console",
    ),
    # 2 the event and its people
    2: (
        "tournaments.events",
        "tournaments.events.names",
        "tournaments.events.creation",
        "tournaments.events.teams",
        "tournaments.events.csv_import",
        "tournaments.events.lookalikes",
        "tournaments.events.settings",
        "tournaments.events.officials",
        "tournaments.events.invitations",
        "tournaments.events.captain_links",
        "tournaments.events.team_edit",
        "tournaments.events.check_in",
        "tournaments.events.public_registration",
        "tournaments.events.team_limit",
        "tournaments.events.member_check",
        "tournaments.events.registration_doors",
        "tournaments.events.drafts",
        "tournaments.events.late_teams",
        "tournaments.events.comeback",
        "tournaments.events.signup_mail",
        "tournaments.leagues.players",
        "tournaments.selectors",
        "tournaments.ratings.current",
        "tournaments.ratings.writer",
    ),
    # 3 standings
    3: (
        "tournaments.standings",
        "tournaments.standings.service",
        "tournaments.standings.bracket_places",
        "tournaments.standings.playoff_words",
    ),
    # 4 per-event services, and the practice games' store and services
    4: (
        "tournaments.seating",
        "tournaments.seating.rounds",
        "tournaments.ratings",
        "tournaments.ratings.service",
        "tournaments.ratings.upgrade",
        "tournaments.ratings.incremental",
        "tournaments.seating.by_hand",
        "tournaments.results.*",
        "tournaments.publishing",
        "tournaments.publishing.exports",
        "tournaments.publishing.printing",
        "tournaments.publishing.print_jobs",
        "tournaments.publishing.charts",
        "tournaments.publishing.compression",
        "tournaments.publishing.whole_pages",
        "tournaments.events.closing",
        "tournaments.events.consolation",
        "games.play",
        "games.play.store",
        "games.play.limits",
        "games.play.cribbage",
        "games.play.cribbage.service",
        "games.play.crapette",
        "games.play.crapette.service",
    ),
    # 5 the wide services
    5: (
        "tournaments.leagues",
        "tournaments.leagues.seasons",
        "tournaments.leagues.season_standings",
        "tournaments.leagues.season_page",
        "tournaments.leagues.season_rules",
        "tournaments.leagues.guests",
        "tournaments.leagues.season_export",
        "tournaments.leagues.player_record",
        "tournaments.leagues.honours",
        "tournaments.archives.*",
        "operations.housekeeping",
        "tournaments.events.deletion",  # keeps the deleted event's archive
    ),
    # 6 front doors and workers: pages, API, forms, commands, tasks, URLs, app configs
    6: (
        "tournaments.views.*",
        "tournaments.api.*",
        "tournaments.management.*",
        "tournaments.templatetags.*",
        "tournaments.tasks",
        "tournaments.forms",
        "tournaments.menus",
        "tournaments.admin",
        "tournaments.apps",
        "tournaments.urls",
        "tournaments.api_urls",
        "operations.hall.watch",
        "games.views",
        "games.api",
        "games.forms",
        "games.apps",
        "games.urls",
        "games.api_urls",
        "games.play.urls",
        "games.play.api_urls",
        "games.play.api_base",
        "games.tasks",
        "games.management.*",
        "games.play.cribbage.views",
        "games.play.cribbage.api",
        "games.play.cribbage.forms",
        "games.play.cribbage.display",
        "games.play.cribbage.words",
        "games.play.crapette.views",
        "games.play.crapette.api",
        "games.play.crapette.display",
        "games.play.crapette.words",
        "games.play.crapette.checker_words",
        "accounts.views",
        "accounts.forms",
        "accounts.urls",
        "accounts.admin",
        "accounts.apps",
        "accounts.management.*",
        "operations.apps",
        "operations.urls",
        "operations.tasks",
        "operations.faults",
        "operations.backups",
        "operations.hall.automatic_backups",
        "operations.health.views",
        "operations.health.service_status",
        "operations.management.*",
        "config.urls",
        "config.api_urls",
        "operations.private_answers",
        "config.wsgi",
        "config.asgi",
    ),
}
# The only imports inside a function (module → what it imports there), each for a reason the
# architecture doc gives.
FUNCTION_IMPORTS = {
    # Django's documented place to connect signal receivers: tasks imports the models, which
    # are not ready while the app registry loads.
    ("tournaments.apps", "tournaments.tasks"),
    # The same for the players' stamp of the cached league tables (publishing.league_tables).
    ("tournaments.apps", "tournaments.publishing.league_tables"),
    # Sentry starts once Django is set up (settings must not import the apps), only when
    # SENTRY_DSN is set: sentry-sdk's integrations patch Django and Celery on import.
    ("operations.apps", "operations.logs.error_reports"),
}


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


def _names(module: str, node: ast.Import | ast.ImportFrom) -> set[str]:
    """Absolute names one import statement of ``module`` brings in."""
    if isinstance(node, ast.Import):
        return {alias.name for alias in node.names}
    if node.level:
        is_package = MODULES[module].name == "__init__.py"
        base = module.split(".") if is_package else module.split(".")[:-1]
        base = base[: len(base) - (node.level - 1)]
        origin = ".".join(base + ([node.module] if node.module else []))
    else:
        origin = node.module
    return {f"{origin}.{alias.name}" for alias in node.names}


def imported_names(module: str) -> set[str]:
    """Absolute names of what ``module`` imports: modules, or ``package.attribute``."""
    path = MODULES[module]
    names = set()
    for node in _runtime_imports(ast.parse(path.read_text(), str(path))):
        names.update(_names(module, node))
        if isinstance(node, ast.ImportFrom):
            names.add(next(iter(_names(module, node))).rpartition(".")[0])
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


def layer_of(module: str) -> int | None:
    """The module's layer in :data:`LAYERS` (the most specific entry), or None if unplaced."""
    found, depth = None, -1
    for layer, entries in LAYERS.items():
        for entry in entries:
            package = entry.removesuffix(".*")
            matches = module == package or (
                entry.endswith(".*") and module.startswith(package + ".")
            )
            if matches and package.count(".") > depth:
                found, depth = layer, package.count(".")
    return found


def layer_violations() -> list[str]:
    """Each import of a module from a higher layer than its own, as "a (n) → b (m)"."""
    found = []
    for module in sorted(MODULES):
        own = layer_of(module)
        for dep in sorted(dependencies(module)):
            theirs = layer_of(dep)
            if own is not None and theirs is not None and theirs > own:
                found.append(f"{module} ({own}) → {dep} ({theirs})")
    return found


def function_imports(module: str) -> set[tuple[str, str]]:
    """(module, imported name) of each import written inside a function of ``module``."""
    path = MODULES[module]
    found = set()
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            for inner in _runtime_imports(node):
                found.update((module, name) for name in _names(module, inner))
    return found


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


def plural_twins(modules) -> list[tuple[str, str]]:
    """Pairs of modules of one package whose names differ only by a trailing "s"."""
    names = set(modules)
    return sorted((name, name + "s") for name in names if name + "s" in names)


def _is_private(name: str) -> bool:
    return name.startswith("_") and not name.startswith("__")


def _project_origin(module: str, node: ast.ImportFrom) -> str | None:
    """The project module an ``from … import`` reads from, or None (the standard library, a
    third-party package)."""
    origin = next(iter(_names(module, node))).rpartition(".")[0] if node.level else node.module
    return origin if origin and origin.split(".")[0] in PACKAGES else None


def private_imports(module: str, source: str | None = None) -> list[str]:
    """Each private name ``module`` takes from another project module: ``from m import _name``,
    or ``m._name`` on a project module it imported, as "module → m._name"."""
    tree = ast.parse(source if source is not None else MODULES[module].read_text())
    found, imported = [], {}  # local name -> the project module it stands for
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and (origin := _project_origin(module, node)):
            for alias in node.names:
                if _is_private(alias.name):
                    found.append(f"{module} → {origin}.{alias.name}")
                imported[alias.asname or alias.name] = f"{origin}.{alias.name}"
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.split(".")[0] in PACKAGES:
                    local = alias.asname or alias.name.partition(".")[0]
                    imported[local] = alias.name if alias.asname else local
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.Attribute)
            and _is_private(node.attr)
            and isinstance(node.value, ast.Name)
            and imported.get(node.value.id) in MODULES
        ):
            found.append(f"{module} → {imported[node.value.id]}.{node.attr}")
    return sorted(set(found))


def test_the_walk_sees_the_project():
    assert {
        "tournaments.models",
        "games.cribbage.game",
        "accounts.links",
        "config.settings",
        "operations.backups",
        "common.api_input",
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


def test_every_module_has_a_layer():
    unplaced = sorted(m for m in MODULES if layer_of(m) is None)
    assert not unplaced, (
        "modules without a layer (place them in LAYERS, as in docs/architecture.md): "
        + ", ".join(unplaced)
    )


def test_no_module_imports_from_a_higher_layer():
    violations = layer_violations()
    assert not violations, "imports from a higher layer:\n" + "\n".join(violations)


def test_the_layer_check_finds_an_upward_import(monkeypatch):
    # the check itself must be able to fail: a service importing a view, a model a service.
    real = dependencies

    def with_extra_edges(module):
        extra = {
            "tournaments.results.reporting": {"tournaments.views.public"},
            "tournaments.models": {"tournaments.standings.service"},
        }
        return real(module) | extra.get(module, set())

    monkeypatch.setitem(globals(), "dependencies", with_extra_edges)
    assert set(layer_violations()) == {
        "tournaments.results.reporting (4) → tournaments.views.public (6)",
        "tournaments.models (1) → tournaments.standings.service (3)",
    }


def test_the_layers_place_the_engines_at_the_bottom_and_the_doors_at_the_top():
    assert layer_of("tournaments.seating.movement.swiss") == 0
    assert layer_of("tournaments.standings.engine") == 0
    assert layer_of("games.cribbage.game") == 0
    assert layer_of("tournaments.standings.service") == 3
    assert layer_of("tournaments.views.organizer") == 6
    assert layer_of("tournaments.results.sheets") == 4
    assert layer_of("tournaments.no_such_module") is None  # a new module must be placed


@pytest.mark.parametrize("module", sorted(m for m in MODULES if layer_of(m) == 0))
def test_engines_do_not_import_django(module):
    django = sorted(
        n for n in imported_names(module) if n.split(".")[0] in ("django", "rest_framework")
    )
    assert not django, f"{module} imports {django}: the engines stay plain Python"


def test_the_engines_named_in_the_doc_are_checked():
    engines = {m for m in MODULES if layer_of(m) == 0}
    for name in (
        "games.cards",
        "games.cribbage.game",
        "games.crapette.state",
        "tournaments.standings.engine.compute",
        "tournaments.seating.movement.swiss",
    ):
        assert name in engines


def test_imports_inside_functions_are_the_documented_exceptions():
    found = set().union(*(function_imports(m) for m in MODULES))
    assert found == FUNCTION_IMPORTS, (
        "imports inside functions (move them to the top of the module, or document the "
        f"reason in docs/architecture.md and FUNCTION_IMPORTS): {sorted(found - FUNCTION_IMPORTS)}"
    )


def config_crossings() -> list[str]:
    """Imports across the line between ``config`` (settings, URLs, entry points) and the apps:
    config may import only itself and ``common``; the apps and ``common`` never import config."""
    found = []
    for module in sorted(MODULES):
        top = module.split(".")[0]
        for dep in sorted(dependencies(module)):
            other = dep.split(".")[0]
            config_reaches_out = top == "config" and other not in ("config", "common")
            if config_reaches_out or (top in APPS and other == "config"):
                found.append(f"{module} → {dep}")
    return found


def test_config_holds_configuration_and_the_apps_never_import_it():
    crossings = config_crossings()
    assert not crossings, "imports across config's line:\n" + "\n".join(crossings)


def test_the_config_check_finds_a_crossing(monkeypatch):
    real = dependencies

    def with_extra_edges(module):
        extra = {"accounts.links": {"config.settings"}, "config.urls": {"operations.backups"}}
        return real(module) | extra.get(module, set())

    monkeypatch.setitem(globals(), "dependencies", with_extra_edges)
    assert set(config_crossings()) == {
        "accounts.links → config.settings",
        "config.urls → operations.backups",
    }


def test_no_two_modules_of_a_package_differ_by_a_plural():
    by_package: dict[str, list[str]] = {}
    for module in MODULES:
        package, _, name = module.rpartition(".")
        by_package.setdefault(package, []).append(name)
    twins = [
        f"{package}: {one} / {two}"
        for package, names in sorted(by_package.items())
        for one, two in plural_twins(names)
    ]
    assert not twins, "modules named apart by one letter (name them for what they hold):\n" + (
        "\n".join(twins)
    )


def test_plural_twins_are_found():
    # the check itself must be able to fail: the pair issue 48 renamed away
    assert plural_twins(["registration", "registrations", "public", "captain"]) == [
        ("registration", "registrations")
    ]
    assert plural_twins(["public_registration", "registration_desk", "teams"]) == []


def test_no_module_imports_another_modules_private_name():
    found = [hit for module in sorted(MODULES) for hit in private_imports(module)]
    assert not found, "private names imported from another module (make them public):\n" + (
        "\n".join(found)
    )


def test_private_imports_are_found():
    # the check itself must be able to fail: both spellings, in a module of the project
    module = "tournaments.events.public_registration"
    source = (
        "from tournaments.events.names import _label, check_name\n"
        "from tournaments.results import reporting\n"
        "from django.db import models\n"
        "x = reporting._snapshot(None)\n"
        "y = models._private_thing\n"
        "z = __name__\n"
    )
    assert private_imports(module, source) == [
        f"{module} → tournaments.events.names._label",
        f"{module} → tournaments.results.reporting._snapshot",
    ]
    assert private_imports(module, "from .names import _label\n") == [
        f"{module} → tournaments.events.names._label"
    ]
