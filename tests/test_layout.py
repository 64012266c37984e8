"""Data flows one way: no room of the generator imports a room above it (README, Layout)."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

from generator.i18n.catalogs import ROOT

ORDER = [
    # the card type both engines share
    {"cards"},
    # the engines and their helpers (files written whole, inputs read bounded, paths kept inside,
    # C compiled to WebAssembly for the engines' page modules and their Python bindings)
    {
        "atomic",
        "bounded",
        "cache",
        "jsonlines",
        "paths",
        "patience",
        "sixcard",
        "timelimit",
        "wasmbuild",
    },
    # applications of the engine and its solver: the census, its data and its runners; the
    # tips measured with simple players (generator/strategy.py, on the census's executors)
    {"census", "strategy"},
    {"i18n"},
    {"pages"},
    {"site"},
    {"twopath"},
    {"check"},
    {"cli", "__main__", "project_option"},
]
"""Rooms from the bottom up; a room may import its own level and the levels below."""
KNOWN = {("generator/i18n/catalog_cli.py", "site")}
"""Imports upward that are known and not undone yet: the catalog commands extract the
templates' messages with the site's Jinja environment."""


def room_of(path: Path) -> str:
    parts = path.relative_to(ROOT / "generator").parts
    return parts[0].removesuffix(".py")


def level(room: str) -> int:
    return next(n for n, rooms in enumerate(ORDER) if room in rooms)


def imported_rooms(path: Path) -> set[str]:
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        names = []
        if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("generator"):
            names = [node.module] + [f"{node.module}.{a.name}" for a in node.names]
        elif isinstance(node, ast.Import):
            names = [a.name for a in node.names if a.name.startswith("generator")]
        for name in names:
            parts = name.split(".")
            if len(parts) > 1 and parts[1] in {r for rooms in ORDER for r in rooms}:
                found.add(parts[1])
    return found


def test_no_room_imports_a_room_above_it() -> None:
    upward = []
    for path in sorted((ROOT / "generator").rglob("*.py")):
        here = room_of(path)
        for room in imported_rooms(path):
            if level(room) > level(here):
                upward.append((str(path.relative_to(ROOT)), room))
    assert sorted(set(upward) - KNOWN) == []
    assert set(upward) >= KNOWN, "a known upward import is gone: take it off KNOWN"


def test_the_checker_finds_an_upward_import(tmp_path: Path) -> None:
    module = tmp_path / "m.py"
    module.write_text("def f():\n    from generator.check import run_checks\n", encoding="utf-8")
    assert imported_rooms(module) == {"check"}


def test_the_engine_room_holds_the_rules_and_not_the_census() -> None:
    engine = ROOT / "generator" / "patience"
    assert not (engine / "census.py").exists()
    for path in engine.glob("*.py"):
        assert "census" not in imported_rooms(path), path


# -- no import circle ------------------------------------------------------------------


def import_graph(root: Path) -> dict[str, set[str]]:
    """Each module of the package under ``root`` (``generator.site.build``; a package is its
    ``__init__``) and the package's modules it imports: every import statement of ``generator``
    anywhere in the file (a type-only import and one inside a function count too), each name
    resolved to the module that holds it (``from generator.patience import Card`` is
    ``generator.patience``, ``from generator.twopath import css`` is ``generator.twopath.css``)."""
    modules = {}
    for path in sorted((root / "generator").rglob("*.py")):
        name = ".".join(path.relative_to(root).with_suffix("").parts).removesuffix(".__init__")
        modules[name] = path

    def module_of(name: str) -> str:
        while name and name not in modules:
            name = name.rpartition(".")[0]
        return name

    graph: dict[str, set[str]] = {name: set() for name in modules}
    for name, path in modules.items():
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:  # relative: from the module's package, one level up per dot
                    up = package.split(".")[: len(package.split(".")) - node.level + 1]
                    base = ".".join([*up, *([base] if base else [])])
                names = [f"{base}.{alias.name}" for alias in node.names]
            elif isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            else:
                continue
            for imported in names:
                target = module_of(imported) if imported.split(".")[0] == "generator" else ""
                if target and target != name:
                    graph[name].add(target)
    return graph


def import_knots(graph: dict[str, set[str]]) -> list[list[str]]:
    """Every group of modules that import each other, round a circle or several: each strongly
    connected component of more than one module (Tarjan's algorithm), sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    groups: list[list[str]] = []

    def visit(start: str) -> None:  # depth first, without recursion
        work: list[tuple[str, Iterator[str]]] = [(start, iter(sorted(graph[start])))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            module, targets = work[-1]
            target = next(targets, None)
            if target is not None:
                if target not in index:
                    index[target] = low[target] = len(index)
                    stack.append(target)
                    on_stack.add(target)
                    work.append((target, iter(sorted(graph[target]))))
                elif target in on_stack:
                    low[module] = min(low[module], index[target])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[module])
            if low[module] == index[module]:
                group = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    group.append(member)
                    if member == module:
                        break
                if len(group) > 1:
                    groups.append(sorted(group))

    for module in sorted(graph):
        if module not in index:
            visit(module)
    return sorted(groups)


def circle_through(graph: dict[str, set[str]], group: list[str]) -> list[str]:
    """The shortest path of imports inside ``group`` from its first module back to it."""
    first, members = group[0], set(group)
    paths = {first: [first]}
    todo = [first]
    while todo:
        module = todo.pop(0)
        for target in sorted(graph[module] & members):
            if target == first:
                return [*paths[module], first]
            if target not in paths:
                paths[target] = [*paths[module], target]
                todo.append(target)
    raise AssertionError(f"no circle through {group}")  # pragma: no cover


def test_no_import_circle() -> None:
    graph = import_graph(ROOT)
    knots = import_knots(graph)
    assert knots == [], "modules that import each other:\n" + "\n".join(
        f"{' -> '.join(circle_through(graph, knot))} (the knot: {', '.join(knot)})"
        for knot in knots
    )


def test_the_checker_finds_an_import_circle(tmp_path: Path) -> None:
    package = tmp_path / "generator"
    (package / "engine").mkdir(parents=True)
    (package / "__init__.py").write_text("", encoding="utf-8")
    (package / "engine" / "__init__.py").write_text(
        "from generator.engine.rules import Rules\n", encoding="utf-8"
    )
    (package / "engine" / "errors.py").write_text(
        "from typing import TYPE_CHECKING\n\n"
        "if TYPE_CHECKING:\n    from generator.engine.rules import Reason\n",
        encoding="utf-8",
    )
    (package / "engine" / "rules.py").write_text(
        "from generator.engine import errors\n", encoding="utf-8"
    )
    (package / "top.py").write_text(
        "def f():\n    from generator.engine.rules import Rules\n", encoding="utf-8"
    )
    graph = import_graph(tmp_path)
    assert graph["generator.top"] == {"generator.engine.rules"}
    assert graph["generator.engine"] == {"generator.engine.rules"}
    # a type-only import closes the circle; the package that imports it and the module that
    # imports the package only from a function are outside it
    assert import_knots(graph) == [["generator.engine.errors", "generator.engine.rules"]]
    assert circle_through(graph, ["generator.engine.errors", "generator.engine.rules"]) == [
        "generator.engine.errors",
        "generator.engine.rules",
        "generator.engine.errors",
    ]
    (package / "engine" / "errors.py").write_text("", encoding="utf-8")
    assert import_knots(import_graph(tmp_path)) == []
    # one inside a function and a relative one count too
    (package / "engine" / "errors.py").write_text(
        "def f():\n    from .rules import Rules\n", encoding="utf-8"
    )
    assert import_knots(import_graph(tmp_path)) == [
        ["generator.engine.errors", "generator.engine.rules"]
    ]
